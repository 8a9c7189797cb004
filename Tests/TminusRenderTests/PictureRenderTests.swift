import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Pictures on screen: chafa's cells in their colours; on pixel terminals blank or kitty
/// placeholder cells with a placement; glyph art in the same box otherwise.
@Suite("Picture rendering")
struct PictureRenderTests {
    let size = Size(width: 80, height: 24)

    /// Two cells: ▀ red over blue in palette indices, ▄ green (RGB) over nothing.
    static let glyphs = GlyphPicture(columns: 2, rows: 1, cells: [
        GlyphCell("▀", foreground: .index(196), background: .index(21)),
        GlyphCell("▄", foreground: .rgb(0, 255, 0)),
    ])

    @Test func chafasCellsKeepTheirGlyphsAndColours() {
        var grid = Grid(size: Size(width: 4, height: 2))
        grid.draw(Self.glyphs, rows: 0..<1, x: 1, y: 1)
        #expect(grid[1, 1].character == "▀")
        #expect(grid[1, 1].style.foreground == Color(196))
        #expect(grid[1, 1].style.background == Color(21))
        #expect(grid[2, 1].character == "▄")
        #expect(grid[2, 1].style.foreground == .rgb(0, 255, 0))
        #expect(grid[2, 1].style.background == .default, "no colour: the screen's background shows")
        #expect(grid[0, 1] == Cell.blank && grid[3, 1] == Cell.blank && grid[1, 0] == Cell.blank, "nothing outside the box")
        #expect(grid.placements.isEmpty)
    }

    /// A state at 80x24 whose `key` picture is ready for its look, drawn the way `graphics` says.
    func state(_ graphics: TerminalGraphics, key: PictureKey) -> AppState {
        var state = AppState(now: Sample.reference, sourceNames: ["test"], timeZone: .gmt)
        state.graphics = graphics
        let request = state.pictureRequest(key)
        state.pictures[request] = .ready(PictureSpy.solid(for: request))
        return state
    }

    /// `PictureView.draw` into a frame (which records the box), read back as cells.
    static func drawPicture(_ key: PictureKey?, context: RenderContext, x: Int, y: Int, columns: Int, rows: Int,
                            placeholder: [String], into grid: inout Grid) {
        var frame = Frame(grid: grid)
        PictureView.draw(key, context: context, x: x, y: y, columns: columns, rows: rows, placeholder: placeholder, into: &frame)
        grid = frame.grid
    }

    static let key = PictureKey(url: URL(string: "https://example.com/patch.png")!, columns: 6, rows: 3)

    @Test func onASixelTerminalTheBoxIsBlankUnderAPlacement() {
        let state = state(TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20), key: Self.key)
        let context = RenderContext(state, layout: state.layout)
        var grid = Grid(size: size, fill: Cell("x"))
        Self.drawPicture(Self.key, context: context, x: 3, y: 2, columns: 6, rows: 3, placeholder: ["?"], into: &grid)
        #expect((2..<5).allSatisfy { y in (3..<9).allSatisfy { grid[$0, y] == Cell.blank } }, "the box is blank")
        #expect(grid[2, 2].character == "x" && grid[9, 2].character == "x")
        #expect(grid.placements.count == 1)
        let placement = grid.placements[0]
        #expect(placement.x == 3 && placement.y == 2 && placement.columns == 6 && placement.rows == 3)
        #expect(placement.visibleRows == 0..<3)
        #expect(placement.image.width == 60 && placement.image.height == 60, "the box's pixels")
        #expect(placement.id != 0 && placement.id <= 0xFF_FFFF)
        // The same picture in the same box next frame: the same id.
        var again = Grid(size: size)
        Self.drawPicture(Self.key, context: context, x: 3, y: 2, columns: 6, rows: 3, placeholder: ["?"], into: &again)
        #expect(again.placements.first?.id == placement.id)
    }

    @Test func kittyIdsFitWhatTheTerminalSendsAsAForeground() {
        // curses turns an RGB foreground into the nearest palette colour unless the terminal
        // has direct colour, and kitty would read that index as another image's id.
        var state = state(TerminalGraphics(pictureProtocol: .kitty, cellWidth: 10, cellHeight: 20), key: Self.key)
        var ids: Set<UInt32> = []
        for depth in [PictureColorDepth.indexed256, .truecolor] {
            state.pictureDepth = depth
            let request = state.pictureRequest(Self.key)
            state.pictures[request] = .ready(PictureSpy.solid(for: request))
            let context = RenderContext(state, layout: state.layout)
            var grid = Grid(size: size)
            Self.drawPicture(Self.key, context: context, x: 3, y: 2, columns: 6, rows: 3, placeholder: ["?"], into: &grid)
            let id = try! #require(grid.placements.first?.id)
            ids.insert(id)
            if depth == .truecolor {
                #expect(id <= 0xFF_FFFF && grid[3, 2].style.foreground == (id < 256 ? Color(Int16(id)) : {
                    let (r, g, b) = KittyPlaceholder.foreground(imageID: id); return .rgb(r, g, b) }()))
            } else {
                #expect((16...255).contains(id) && grid[3, 2].style.foreground == Color(Int16(id)))
            }
        }
        // Two pictures in one frame never share a palette id, even with 240 to choose from.
        var grid = Grid(size: Size(width: 200, height: 60))
        state.pictureDepth = .indexed256
        var keys: [PictureKey] = []
        for i in 0..<30 {
            let key = PictureKey(url: URL(string: "https://example.com/\(i).png")!, columns: 4, rows: 2)
            let request = state.pictureRequest(key)
            state.pictures[request] = .ready(PictureSpy.solid(columns: 4, rows: 2, RGBA(UInt8(i * 8), 0, 0),
                                                              pixels: request.pixelBox))
            keys.append(key)
        }
        let context = RenderContext(state, layout: state.layout)
        for (i, key) in keys.enumerated() {
            Self.drawPicture(key, context: context, x: (i % 40) * 5, y: (i / 40) * 3 + (i % 10) * 3, columns: 4, rows: 2,
                             placeholder: ["?"], into: &grid)
        }
        let placed = grid.placements.map(\.id)
        #expect(placed.count == 30 && Set(placed).count == 30, "\(placed)")
    }

    @Test func onKittyTheBoxHoldsPlaceholdersNamingTheImage() {
        let state = state(TerminalGraphics(pictureProtocol: .kitty, cellWidth: 10, cellHeight: 20), key: Self.key)
        let context = RenderContext(state, layout: state.layout)
        var grid = Grid(size: size)
        Self.drawPicture(Self.key, context: context, x: 3, y: 2, columns: 6, rows: 3, placeholder: ["?"], into: &grid)
        let id = try! #require(grid.placements.first?.id)
        for row in 0..<3 {
            for column in 0..<6 {
                let cell = grid[3 + column, 2 + row]
                #expect(Array(cell.character.unicodeScalars)
                    == Array(KittyPlaceholder.cell(row: row, column: column, imageID: id).unicodeScalars))
                let (r, g, b) = KittyPlaceholder.foreground(imageID: id)
                #expect(cell.style.foreground == (id < 256 ? Color(Int16(id)) : .rgb(r, g, b)), "the id in the colour")
            }
        }
        #expect((16...255).contains(id), "without direct colour the id is a palette index clear of the theme's 16: \(id)")
        #expect(PictureView.kittyStyle(id: 200).foreground == Color(200), "a small id is a palette index")
        #expect(PictureView.kittyStyle(id: 0x12_3456).foreground == .rgb(0x12, 0x34, 0x56))
        // A selection band over the row leaves the placeholders (and the id) alone.
        let placeholder = grid[3, 2]
        ThemeColors.$current.withValue(.ansi16) {
            grid.restyle(x: 0, y: 2, width: 80, Theme.selected)
        }
        #expect(grid[3, 2] == placeholder)
        #expect(grid[0, 2].style.background == ThemeColors.ansi16.selectionBackground, "the rest of the row is banded")
    }

    @Test func aScrolledBodyPictureIsPlacedForItsVisibleRowsOnly() {
        let key = PictureKey(url: URL(string: "https://example.com/f9.jpg")!, columns: 8, rows: 4)
        let state = state(TerminalGraphics(pictureProtocol: .iterm2, cellWidth: 10, cellHeight: 20), key: key)
        let context = RenderContext(state, layout: state.layout)
        var grid = Grid(size: size)
        // Scrolled by two: the picture's rows 2 and 3 are the body's first lines (y 5 and 6).
        PictureView.drawRow(2, of: key, context: context, x: 10, y: 5, into: &grid)
        PictureView.drawRow(3, of: key, context: context, x: 10, y: 6, into: &grid)
        #expect(grid.placements.count == 1, "the rows of one picture make one placement")
        let placement = grid.placements[0]
        #expect(placement.visibleRows == 2..<4 && placement.y == 5 && placement.x == 10 && placement.rows == 4)
        #expect(placement.image.width == 80 && placement.image.height == 80)
        #expect((5..<7).allSatisfy { y in (10..<18).allSatisfy { grid[$0, y] == Cell.blank } })
    }

    @Test func symbolsTerminalsGetNoPlacements() {
        let state = state(.symbols, key: Self.key)
        var grid = Grid(size: size)
        Self.drawPicture(Self.key, context: RenderContext(state, layout: state.layout), x: 3, y: 2, columns: 6, rows: 3,
                         placeholder: ["?"], into: &grid)
        #expect(grid.placements.isEmpty)
        #expect(grid[3, 2].character == "█" && grid[3, 2].style.foreground == Color(160))
    }

    @Test func anOverlayTurnsThePicturesItCoversBackIntoSymbols() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26], rockets: Sample.Rockets.all), pictures: spy.loader)
        h.viewModel.handle(.terminalGraphics(TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20)))
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.character("2"), .down, .enter)  // a rocket page: its picture on the left
        let before = Renderer.render(h.state, size: size)
        let placed = try! #require(before.placements.first)
        #expect(before[placed.x, placed.y] == Cell.blank)

        await h.press(.character("?"))
        let grid = Renderer.render(h.state, size: size)
        #expect(before.placements.count == 1 && grid.placements.isEmpty, "the help box covers the picture: no pixels over it")
        // The help box (its corners found on the grid) lies over where the picture was.
        let top = try! #require((0..<size.height).first { y in (0..<size.width).contains { grid[$0, y].character == "╭" } })
        let left = try! #require((0..<size.width).first { grid[$0, top].character == "╭" })
        let right = try! #require((0..<size.width).last { grid[$0, top].character == "╮" })
        #expect(left < placed.x + placed.columns && right >= placed.x && top < placed.y + placed.rows,
                "the help box (\(left)–\(right) from row \(top)) lies over the picture's place \(placed)")
        // Closed again: the picture is back in pixels.
        await h.press(.escape)
        #expect(Renderer.render(h.state, size: size).placements == before.placements)
    }

    @Test func placementsDropOnlyWhereCovered() {
        var grid = Grid(size: Size(width: 20, height: 10))
        let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
        grid.place(PicturePlacement(id: 7, image: image, x: 0, y: 0, columns: 2, rows: 1), symbols: GlyphPicture(columns: 2, rows: 1, cells: [GlyphCell("a"), GlyphCell("b")]))
        grid.place(PicturePlacement(id: 9, image: image, x: 10, y: 5, columns: 2, rows: 1), symbols: GlyphPicture(columns: 2, rows: 1, cells: [GlyphCell("c"), GlyphCell("d")]))
        grid.uncoverPictures(x: 9, y: 4, width: 2, height: 2)
        #expect(grid.placements.map(\.id) == [7])
        #expect(grid[10, 5].character == "c" && grid[11, 5].character == "d", "the symbols replace the dropped picture")
        #expect(grid[0, 0] == Cell.blank, "the other is untouched")
    }

    @Test func theDetailPatchBoxHoldsThePictureOnceReadyAndGlyphsBefore() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26]), pictures: spy.loader)
        h.viewModel.start(); await h.viewModel.settle()
        spy.hold()  // the detail's picture waits until released
        h.viewModel.handle(.key(.enter))
        let layout = h.state.layout
        let boxRows = layout.detailHeaderTop..<(layout.detailHeaderTop + layout.detailPatchRows)
        let boxColumns = 2..<(2 + layout.detailPatchColumns)
        var grid = Renderer.render(h.state, size: size)
        let placeholder = boxRows.flatMap { y in boxColumns.map { grid[$0, y].character } }
        #expect(placeholder.contains("░") && placeholder.contains(Theme.patchGlyph), "glyph art while loading")
        let textBefore = try! #require(grid.find("CRS-26"))

        spy.release()
        await h.viewModel.settle()
        grid = Renderer.render(h.state, size: size)
        #expect(boxRows.allSatisfy { y in boxColumns.allSatisfy { grid[$0, y].character == "█" } })
        #expect(grid[2, layout.detailHeaderTop].style.foreground == Color(160))
        #expect(grid.find("CRS-26")! == textBefore, "nothing moves when the picture arrives")
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func glyphModeDrawsGlyphsEvenWithAPictureAtHand() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26]), pictures: spy.loader)
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.enter)
        #expect(Renderer.render(h.state, size: size).cells.contains { $0.character == "█" })
        var glyphs = h.state
        glyphs.pictureMode = .glyphs
        let grid = Renderer.render(glyphs, size: size)
        #expect(!grid.cells.contains { $0.character == "█" })
    }

    @Test func aDepthChangeDrawsNoStalePicture() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26]), pictures: spy.loader)
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.enter)
        spy.hold()
        h.viewModel.handle(.terminalColors(16))
        let grid = Renderer.render(h.state, size: size)
        #expect(!grid.cells.contains { $0.character == "█" }, "the 256-colour picture is not drawn on 16 colours")
        spy.release()
        await h.viewModel.settle()
        #expect(Renderer.render(h.state, size: size).cells.contains { $0.character == "█" })
    }

    /// Issue 25: half the terminal's width, square, centred, made off the frame: the first
    /// frame shows the glyph logo, the picture comes when the effect runner has made it.
    @Test func theStartupLogoIsHalfTheWidthAndTheFirstFrameDoesNotWaitForIt() async {
        let wide = Size(width: 160, height: 50)
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), width: 160, height: 50,
                        pictures: PictureSpy().loader)
        h.viewModel.start()  // not settled: the first page and the logo are on their way
        var grid = h.viewModel.render()  // the loop's first frame, which asks for the logo
        #expect(grid.find("▐█▌") != nil, "the glyph logo first")
        let box = h.state.layout.startupLogo
        #expect(box.columns == 80 && box.rows == 40, "half of 160 columns, square: \(box)")
        let request = h.state.pictureRequest(PictureKey(url: Logo.url, columns: box.columns, rows: box.rows))
        #expect(h.state.pictures[request] == .loading, "asked for, not drawn in the frame")
        h.viewModel.handle(.pictureLoaded(request, .success(Logo.loaded(for: request))))

        grid = Renderer.render(h.state, size: wide)
        // chafa's glyphs: block elements (U+2580…) and sextants (U+1FB00…), nothing of the frame's.
        func inked(_ x: Int, _ y: Int) -> Bool { (grid[x, y].character.unicodeScalars.first?.value ?? 0) >= 0x2580 }
        let logoRows = (0..<grid.height).filter { y in (0..<grid.width).contains { inked($0, y) } && y > 1 && y < grid.height - 2 }
        let columns = (0..<grid.width).filter { x in logoRows.contains { inked(x, $0) } }
        // The rocket inside its 80x40 box has transparent sides.
        #expect(columns.count >= 30 && columns.count <= 80, "\(columns.count) columns drawn")
        #expect(logoRows.count >= 30 && logoRows.count <= 40, "tall: \(logoRows.count) rows")
        let centre = (columns.first! + columns.last!) / 2
        #expect(abs(centre - wide.width / 2) <= 4, "centred: \(centre)")
        #expect(grid.find("tminus · loading upcoming launches…") != nil)
        assertSnapshot(of: grid, as: .frame, named: "pictures")

        await h.viewModel.settle()
        grid = Renderer.render(h.state, size: wide)
        #expect(grid.find("tminus · loading") == nil, "the list replaces the logo at once")
        #expect(grid.find("Mission 1") != nil)
    }

    @Test func withoutPicturesTheLogoIsGlyphArt() {
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)))
        h.viewModel.start()
        let grid = Renderer.render(h.state, size: size)
        #expect(grid.find("▐█▌") != nil)
        #expect(!grid.cells.contains { $0.character == "▀" || $0.style.foreground.isRGB })
        #expect(grid.find("tminus · loading upcoming launches…") != nil)
    }
}
