import TminusViewModel
import Foundation
import Testing
import TminusCore
import TminusImage
import TminusRender
@testable import TminusTerminal
import TminusTestSupport

/// curses is one set of globals per process: every test that opens a screen runs inside this
/// suite, one at a time (`.serialized` reaches the suites nested in it).
@Suite("curses", .serialized)
struct CursesTests {}

/// The ncurses backend on a real curses screen writing to a file: what ends up on the screen
/// as curses sees it, and that a frame with nothing new sends nothing.
extension CursesTests {
    @Suite("Off-screen terminal")
    struct OffscreenTerminalTests {
        @Test func theScreenShowsTheGrid() throws {
            let terminal = try OffscreenTerminal(width: 30, height: 4)
            var grid = Grid(size: Size(width: 30, height: 4))
            grid.put("Falcon 9 打 e\u{301} ░▀▄ ★", x: 1, y: 0, style: Style(foreground: .theme.upcoming, attributes: .bold))
            grid.put("UPCOMING", x: 20, y: 1, style: Style(background: .theme.selectionBackground))
            grid.put("last", x: 26, y: 3)
            terminal.draw(grid)
            #expect(terminal.screenText() == grid.text)
            let cells = terminal.screenCells()
            #expect(cells[0][1].isBold && !cells[1][20].isBold)
            #expect(cells[0][1].pair > 0 && cells[1][20].pair > 0 && cells[0][1].pair != cells[1][20].pair)
            #expect(cells[2][0].pair == 0, "blank cells in the default colours")
        }

        @Test func aFrameWithNothingNewSendsNothing() throws {
            let terminal = try OffscreenTerminal(width: 80, height: 24)
            var grid = Grid(size: Size(width: 80, height: 24))
            grid.put("Starlink 4-36 (v1.5)", x: 2, y: 3, style: .bold)
            terminal.draw(grid)
            let before = terminal.bytesWritten
            #expect(before > 0)
            terminal.draw(grid)
            #expect(terminal.bytesWritten == before)
        }

        /// With a pixel protocol, a frame's pictures go out after curses' text, into the same
        /// output (the bench counts them): once, not again for an unchanged frame, and again
        /// after `invalidate` (a resize's repaint wipes them).
        @Test func pixelPicturesAreWrittenAfterTheTextAndCounted() throws {
            let graphics = TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20)
            let terminal = try OffscreenTerminal(width: 40, height: 12, graphics: graphics)
            var grid = Grid(size: Size(width: 40, height: 12))
            grid.put("Falcon 9", x: 0, y: 0)
            let image = PicturePresenterTests.solid(20, 40)
            grid.place(PicturePlacement(id: 5, image: image, x: 3, y: 2, columns: 2, rows: 2),
                       symbols: GlyphPicture(columns: 2, rows: 2, cells: Array(repeating: .blank, count: 4)))
            terminal.draw(grid)
            let first = terminal.bytesWritten
            let sent = String(decoding: terminal.written(from: 0), as: UTF8.self)
            #expect(terminal.pictureBytesWritten > 0)
            #expect(sent.contains("Falcon 9"))
            #expect(sent.hasSuffix("\u{1B}7\u{1B}[3;4H" + String(decoding: Sixel.encode(PicturePresenterTests.solid(20, 36)), as: UTF8.self) + "\u{1B}8"))
            terminal.draw(grid)
            #expect(terminal.bytesWritten == first)
            let pictures = terminal.pictureBytesWritten
            terminal.invalidate()
            terminal.draw(grid)
            #expect(terminal.pictureBytesWritten == 2 * pictures)
        }

        /// Frames drawn one after another (only their changed cells written) leave curses' screen
        /// exactly as drawing the last frame from scratch does: wide characters, cut ones, cells
        /// restyled, orphaned continuations, a grid wider than the terminal.
        @Test(arguments: [(gridWidth: 40, seed: 1), (40, 2), (40, 3), (43, 4)])
        func incrementalFramesEndAsAFullRepaint(gridWidth: Int, seed: UInt64) throws {
            var random = SeededGenerator(seed: seed)
            let height = 8
            let incremental = try OffscreenTerminal(width: 40, height: height)
            let reference = try OffscreenTerminal(width: 40, height: height)
            let pieces = ["hello", "打字", "😀", "e\u{301}", "❤️", "‹›", "▀▄", "x", "  ", "👨‍👩‍👧", "Falcon 9 Block 5"]
            let styles: [Style] = [.plain, .bold, .dim, Style(foreground: .theme.upcoming, attributes: .bold),
                                   Style(background: .theme.selectionBackground), Style(foreground: Color(196), background: Color(21))]
            var grid = Grid(size: Size(width: gridWidth, height: height))
            for frame in 0..<400 {
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let x = Int.random(in: -2..<gridWidth, using: &random), y = Int.random(in: 0..<height, using: &random)
                    let style = styles.randomElement(using: &random)!
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0...4: grid.put(pieces.randomElement(using: &random)!, x: x, y: y, style: style)
                    case 5, 6: grid.restyle(x: x, y: y, width: Int.random(in: 1...20, using: &random)) { _ in style }
                    case 7: grid.fill(x: x, y: y, width: Int.random(in: 1...12, using: &random), height: 2, style: style)
                    case 8: grid[max(0, x), y] = Cell(" ", style: style, isContinuation: true)  // no wide character before it
                    default: grid[max(0, x), y] = Cell("打", style: style)  // no room kept for its second column
                    }
                }
                incremental.draw(grid)
                reference.invalidate()
                reference.draw(grid)
                let got = incremental.screenCells(), want = reference.screenCells()
                #expect(got == want, "seed \(seed), frame \(frame): rows \((0..<height).filter { got[$0] != want[$0] })")
                if got != want { break }
            }
        }

        /// The backend's fast path for a cell hands ncurses exactly what `CellGlyph` decides:
        /// one scalar, a scalar with combining marks (kitty's placeholders among them), too
        /// many marks, tails with a width, widths the grid and ncurses disagree on.
        @Test func theBackendsFastPathWritesWhatCellGlyphDecides() throws {
            _ = try OffscreenTerminal(width: 4, height: 1)  // the UTF-8 locale ncurses measures in
            let characters: [Character] = [
                "a", " ", "░", "打", "★", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}", "a\u{301}\u{302}\u{303}\u{304}\u{305}",
                "打\u{301}", "😀", "❤️", "👨‍👩‍👧", "🇫🇷", "\u{7}", "\u{10EEEE}",
                Character(KittyPlaceholder.cell(row: 0, column: 0, imageID: 42)),
                Character(KittyPlaceholder.cell(row: 296, column: 295, imageID: 7)),
                Character(KittyPlaceholder.cell(row: 3, column: 9, imageID: 0xFF00_0001)),
            ]
            for character in characters {
                for wide in [false, true] {
                    var text: [wchar_t] = [0x41]
                    let columns = NcursesBackend.appendGlyph(of: Cell(character), wide: wide, room: 2, to: &text)
                    let want = CellGlyph.scalars(for: character, columns: wide ? 2 : 1, width: NcursesBackend.cursesWidth)
                    #expect(columns == (wide ? 2 : 1))
                    #expect(text.dropFirst().map { UInt32(bitPattern: $0) } == want.map(\.value),
                            "\(character.unicodeScalars.map { String($0.value, radix: 16) }), wide: \(wide)")
                }
            }
        }

        /// kitty's Unicode placeholders reach the terminal whole: U+10EEEE and its row, column
        /// (and, for an id above 24 bits, high-byte) diacritics, in the cell's colour, each
        /// cell one column. Pinned byte for byte: the diacritics are what kitty reads.
        @Test func kittyPlaceholderCellsReachTheTerminalWithTheirDiacritics() throws {
            let terminal = try OffscreenTerminal(width: 12, height: 3)
            var grid = Grid(size: Size(width: 12, height: 3))
            grid.put("ab", x: 0, y: 0)
            for row in 0..<2 {
                for column in 0..<2 {
                    grid[2 + column, row] = Cell(Character(KittyPlaceholder.cell(row: row, column: column, imageID: 42)),
                                                 style: Style(foreground: Color(42)))
                    grid[6 + column, row] = Cell(Character(KittyPlaceholder.cell(row: row, column: column, imageID: 33_554_474)),
                                                 style: Style(foreground: Color(42)))
                }
            }
            grid.put("z", x: 8, y: 0)
            terminal.draw(grid)
            let sent = String(decoding: terminal.written(from: 0), as: UTF8.self)
            let reset = "\u{1B}[39m\u{1B}(B\u{1B}[m", colour = "\u{1B}[38;5;42m"
            #expect(sent.hasSuffix("\u{1B}[H\u{1B}[2Jab"
                + colour + "\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}" + reset + "  "
                + colour + "\u{10EEEE}\u{0305}\u{0305}\u{030E}\u{10EEEE}\u{0305}\u{030D}\u{030E}" + reset + "z"
                + "\u{1B}[2;3H"
                + colour + "\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}" + reset + "  "
                + colour + "\u{10EEEE}\u{030D}\u{0305}\u{030E}\u{10EEEE}\u{030D}\u{030D}\u{030E}" + reset),
                    "\(sent.debugDescription)")
            let cells = terminal.screenCells()
            #expect(cells[1][3].text == "\u{10EEEE}\u{030D}\u{030D}")
            #expect(cells[1][7].text == "\u{10EEEE}\u{030D}\u{030D}\u{030E}")
            #expect(cells[0][8].text == "z", "each placeholder is one column")
        }
    }
}

/// Bytes sent to a 200x60 xterm-256color for the changes that happen all the time. ncurses
/// sends only what changed, so these are exact and repeatable: a figure above its budget is a
/// regression (a repaint of unchanged cells, an erase, a second update).
extension CursesTests {
    @Suite("Bytes per change at 200x60")
    struct BytesPerChangeTests {
        static let width = 200, height = 60

        /// Launches with every column filled, names and pads varying from row to row.
        static func launches(_ count: Int) -> [Launch] {
            let names = ["Starlink 4-36 (v1.5)", "CRS-26", "Galaxy 33 (15R) & 34 (12R)", "Hotbird 13F", "O3b mPower 1,2",
                         "SES-18 & SES-19", "USSF-44", "Eutelsat 10B", "Transporter-6", "Crew-6", "ViaSat-3 Americas"]
            let pads = [Launchpad(id: "pad-slc40", name: "CCSFS SLC 40"), Launchpad(id: "pad-39a", name: "KSC LC 39A"),
                        Launchpad(id: "pad-slc4e", name: "VAFB SLC 4E")]
            return Sample.launches(count, upcoming: true).enumerated().map { i, launch in
                var launch = launch
                launch.name = "\(names[i % names.count]) \(i / names.count + 1)"
                launch.launchpad = .object(pads[(i / 2) % pads.count])
                launch.links.patchSmall = URL(string: "https://example.com/patches/\(i).png")
                return launch
            }
        }

        /// A view model showing 300 launches (rows with patch boxes when `pictures`), and a
        /// terminal that has drawn its first frame.
        func setUp(pictures: Bool) async throws -> (Harness, OffscreenTerminal) {
            let loader = PictureLoader { _ in .failure(.download("test: no network")) }
            let h = await Harness(source: ScriptedSource(upcoming: Self.launches(300), pageSize: 300),
                                  width: Self.width, height: Self.height, pictures: pictures ? loader : nil).started()
            let terminal = try OffscreenTerminal(width: Self.width, height: Self.height)
            terminal.draw(frame(h))
            return (h, terminal)
        }

        func frame(_ h: Harness) -> Grid { Renderer.render(h.state, size: Size(width: Self.width, height: Self.height)) }

        /// Bytes for each of `times` repetitions of `change`, each from where the last one left.
        func bytes(_ h: Harness, _ terminal: OffscreenTerminal, times: Int, _ change: () async -> Void) async -> [Int] {
            var counts: [Int] = []
            for _ in 0..<times {
                await change()
                let before = terminal.bytesWritten
                terminal.draw(frame(h))
                counts.append(terminal.bytesWritten - before)
            }
            return counts
        }

        /// At 200x60 the detail draws the countdown in big digits (five rows each): a second
        /// sends the cells of the digits that changed: 50–180 bytes (a one-line clock took under 100).
        @Test func aBigCountdownTickSendsOnlyTheDigitsThatChanged() async throws {
            let (h, terminal) = try await setUp(pictures: true)
            await h.press(.down, .enter)
            terminal.draw(frame(h))
            let counts = await bytes(h, terminal, times: 70) {
                h.clock.advance(by: 1)
                h.viewModel.handle(.tick)
            }
            // 70 ticks from T-02d 00:00:00: every digit but the first turns on the first tick
            // (T-01d 23:59:59); then seconds, the tens of seconds and a minute rolling over.
            #expect(counts[0] > 0 && counts[0] < 400, "\(counts)")
            #expect(counts.dropFirst().allSatisfy { $0 > 0 && $0 < 200 }, "\(counts)")
        }

        @Test(arguments: [false, true])
        func aOneRowMoveSendsOnlyTheTwoRows(pictures: Bool) async throws {
            let (h, terminal) = try await setUp(pictures: pictures)
            let counts = await bytes(h, terminal, times: 20) { await h.press(.down) }
            // The selected row is a tab of the band in the margin (issue 28): a move sends the
            // two tabs (≈40 bytes; a row of pictures is three lines tall). Before, a band across
            // the width re-sent both rows' text (750–890 bytes). At 200 columns the preview
            // follows the selection: its name, facts and big-digit clock (≈190 bytes), and with
            // pictures the rows of its patch box and description that differ.
            let budget = pictures ? 2300 : 400
            #expect(counts.allSatisfy { $0 < budget }, "\(counts)")
            withKnownIssue("the issue's target is 200 bytes; the preview's own change is ≈190 of them") {
                #expect(counts.allSatisfy { $0 < 200 }, "\(counts)")
            }
        }

        @Test(arguments: [false, true])
        func aPageDownSendsUnder8000Bytes(pictures: Bool) async throws {
            let (h, terminal) = try await setUp(pictures: pictures)
            let counts = await bytes(h, terminal, times: 4) { await h.press(.pageDown) }
            #expect(counts.allSatisfy { $0 > 0 && $0 < 8000 }, "\(counts)")
        }

        /// `j` on the last row scrolls the list a row: ncurses moves the lines with a scrolling
        /// region instead of sending them again.
        @Test func scrollingARowSendsLittle() async throws {
            let (h, terminal) = try await setUp(pictures: false)
            for _ in 0..<(h.state.visibleLaunchRows - 1) { await h.press(.down) }
            terminal.draw(frame(h))
            let counts = await bytes(h, terminal, times: 10) { await h.press(.down) }
            // ≈1250: the scroll itself, and the preview of the newly selected launch; ≈1650 since
            // the rows have a SITE column at 200 columns (issue 25).
            #expect(counts.allSatisfy { $0 < 1850 }, "\(counts)")
        }

        /// With sixel pictures on, curses moves no lines: a scroll region carries the pixels of
        /// the rows it moves into rows that are not theirs (the preview's picture left a band
        /// under its box). The scrolled rows are sent whole instead. Without pixels it scrolls.
        @Test(arguments: [false, true])
        func withPixelPicturesCursesScrollsNoLines(pixels: Bool) async throws {
            let (h, _) = try await setUp(pictures: false)
            let graphics = pixels ? TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20) : .symbols
            let terminal = try OffscreenTerminal(width: Self.width, height: Self.height, graphics: graphics)
            for _ in 0..<(h.state.visibleLaunchRows - 1) { await h.press(.down) }
            terminal.draw(frame(h))
            let start = terminal.bytesWritten
            _ = await bytes(h, terminal, times: 5) { await h.press(.down) }
            let sent = String(decoding: terminal.written(from: start), as: UTF8.self)
            let scrolls = sent.ranges(of: /\x1B\[\d+;\d+r|\x1B\[\d*[ST]|\x1BM|\x1BD/).count
            #expect(pixels ? scrolls == 0 : scrolls > 0, "\(scrolls) scroll sequences")
            // Either way the screen ends as the last frame.
            #expect(terminal.screenText() == frame(h).text)
        }
    }
}

