import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

@Suite("Big countdown letters")
struct BlockFontTests {
    @Test func everyGlyphIsFiveRowsOfOneWidthInBlocks() {
        for (character, rows) in BlockFont.glyphs {
            #expect(rows.count == BlockFont.height, "\(character)")
            #expect(Set(rows.map(\.count)).count == 1, "\(character): rows of different widths")
            #expect(rows.allSatisfy { $0.allSatisfy { " █▀▄".contains($0) } }, "\(character)")
            #expect(rows.allSatisfy { TerminalText.width($0) == $0.count }, "\(character): every block one column")
        }
    }

    @Test func digitsAreAllFourColumnsSoTheClockDoesNotJiggle() {
        for digit in "0123456789" { #expect(BlockFont.glyphs[digit]?[0].count == 4, "\(digit)") }
        #expect(BlockFont.width(of: "T-00d 00:00:00") == BlockFont.width(of: "T-19d 17:48:51"))
    }

    @Test(arguments: ["T-02d 04:11:09", "T+00d 00:01:00", "T-123d 00:00:05", "HOLD", "LIFTOFF", "0", ""])
    func theWidthIsWhatTheRowsTake(text: String) throws {
        let rows = try #require(BlockFont.rows(text))
        let width = try #require(BlockFont.width(of: text))
        #expect(rows.count == BlockFont.height)
        #expect(rows.allSatisfy { $0.count == width })
    }

    @Test func widthsAddUpGlyphsAndGaps() {
        #expect(BlockFont.width(of: "0") == 4)
        #expect(BlockFont.width(of: "00") == 9)
        #expect(BlockFont.width(of: "T-02d 04:11:09") == 61)
        #expect(BlockFont.width(of: "") == 0)
    }

    @Test func aCharacterWithoutAGlyphHasNoWidth() {
        #expect(BlockFont.width(of: "T-02x") == nil)
        #expect(BlockFont.rows("AWAITING OUTCOME") == nil)
    }

    /// Every live countdown's text has its glyphs: counting, T+, HOLD, LIFTOFF.
    @Test func everyLiveCountdownCanBeDrawnBig() throws {
        let net = try #require(ISO8601.parse("2022-10-05T16:00:00Z"))
        let time = LaunchTime(timeZone: .gmt)
        for (offset, phase) in [(-987_654.0, Countdown.Phase.pending), (-1, .pending), (0, .pending), (30, .pending),
                                (3_661, .inFlight), (0, .hold)] {
            let c = Countdown(to: net, precision: .hour, phase: phase, now: net.addingTimeInterval(offset), time: time)
            #expect(c.isLive)
            #expect(BlockFont.width(of: c.text) != nil, "\(c.text)")
        }
    }

    /// The layout turns the big header on only where a three-digit-day clock fits beside the patch.
    @Test func theBigHeaderIsWideEnoughForItsClock() throws {
        let layout = ScreenLayout(Size(width: ScreenLayout.bigCountdownMinimumWidth, height: ScreenLayout.bigCountdownMinimumHeight), banner: false)
        #expect(layout.bigCountdown)
        let clock = try #require(BlockFont.width(of: "T-123d 04:11:09"))
        #expect(layout.detailHeaderTextX + clock + 2 <= layout.width)
        #expect(layout.detailCountdownHeight == CountdownView.bigHeight)
    }
}

@Suite("The countdown view")
struct CountdownViewTests {
    static let now = ISO8601.parse("2022-11-16T17:48:51Z")!

    func draw(_ launch: Launch, width: Int, height: Int, now: Date = now) async -> (rows: Int, grid: Grid) {
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        h.clock.set(now)
        h.viewModel.handle(.tick)
        var grid = Grid(size: Size(width: width + 2, height: height + 2))
        let context = RenderContext(h.state, layout: h.state.layout)
        let rows = CountdownView.draw(launch, context: context, x: 1, y: 1, width: width, height: height, into: &grid)
        return (rows, grid)
    }

    @Test func bigWhenTheRectangleHasRoom() async throws {
        let (rows, grid) = await draw(Sample.crs26, width: 61, height: 7)
        #expect(rows == 7)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix(" ▀▀█▀▀     █▀▀█ ▀▀▀█    █"), "\(grid.text)")
        #expect(lines[6].contains("until launch"))
        #expect(lines[7].contains("NET 2022-11-18 22:00:00 UTC"))
    }

    @Test(arguments: [(60, 7), (61, 6), (200, 2)])
    func oneLineWithoutRoom(width: Int, height: Int) async throws {
        let (rows, grid) = await draw(Sample.crs26, width: width, height: height)
        #expect(rows == 2)
        #expect(grid.find("T-02d 04:11:09  until launch")?.y == 1)
        #expect(grid.find("NET 2022-11-18 22:00:00 UTC")?.y == 2)
    }

    @Test func oneRowIsTheClockAlone() async {
        let (rows, grid) = await draw(Sample.crs26, width: 80, height: 1)
        #expect(rows == 1)
        #expect(grid.find("T-02d 04:11:09") != nil)
        #expect(grid.find("NET") == nil)
    }

    @Test func aCoarseDateIsItsNETOnceAndNeverBig() async {
        var launch = Sample.crs26
        launch.datePrecision = .quarter
        launch.date = ISO8601.parse("2026-10-01T00:00:00Z")
        let (rows, grid) = await draw(launch, width: 100, height: 7)
        #expect(rows == 1)
        #expect(grid.find("NET 2026 Q4  no exact time yet (quarter precision)")?.y == 1)
        #expect(grid.find("NET NET") == nil)
        #expect(!grid.text.contains("█"))
    }

    @Test func aLaunchThatIsOverShowsItsDateAndOutcome() async {
        let (rows, grid) = await draw(Sample.falconSat, width: 100, height: 7)
        #expect(rows == 1)
        #expect(grid.find("2006-03-24 22:30:00 UTC  launch failed")?.y == 1)
    }

    @Test func anOverdueOutcomeIsOneLineEvenWithRoom() async {
        let (rows, grid) = await draw(Sample.crs26, width: 100, height: 7, now: ISO8601.parse("2022-11-19T02:00:00Z")!)
        #expect(rows == 2)
        #expect(grid.find("AWAITING OUTCOME  NET passed 4 h ago; the source has no outcome yet")?.y == 1)
    }
}

/// The detail header with the big countdown and without, and its states.
@Suite("Countdown snapshots")
struct CountdownSnapshotTests {
    static let before = ISO8601.parse("2022-11-16T17:48:51Z")!

    func frame(_ h: Harness, _ size: Size) -> Grid {
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        return Renderer.render(h.state, size: size)
    }

    func detail(_ launch: Launch, at now: Date = before) async -> Harness {
        let h = await Harness(source: ScriptedSource(upcoming: [launch] + Sample.launches(3, upcoming: true))).started()
        h.clock.set(now)
        await h.press(.enter)
        h.viewModel.handle(.tick)
        return h
    }

    @Test func bigCountdownAt120x40() async {
        let h = await detail(Sample.crs26)
        assertSnapshot(of: frame(h, Size(width: 120, height: 40)), as: .frame)
    }

    @Test func oneLineCountdownAt80x24() async {
        let h = await detail(Sample.crs26)
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }

    @Test func holdAt120x40() async {
        var launch = Sample.crs26
        launch.origin = .launchLibrary2
        launch.sourceStatus = Sample.hold
        let h = await detail(launch)
        let grid = frame(h, Size(width: 120, height: 40))
        #expect(grid.find("T-") == nil, "no clock to a time that will move")
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func liftoffAt120x40() async {
        // A live source's launch (frozen r/SpaceX data past its date says `NO DATA` instead).
        var live = Sample.crs26
        live.origin = .launchLibrary2
        live.sourceStatus = SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")
        let h = await detail(live, at: ISO8601.parse("2022-11-18T22:00:12Z")!)
        let grid = frame(h, Size(width: 120, height: 40))
        #expect(grid.find("T+00d 00:00:12 since NET") != nil)
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func coarseDateDetailSaysNETOnce() async {
        var launch = Sample.crs26
        launch.datePrecision = .quarter
        launch.date = ISO8601.parse("2026-10-01T00:00:00Z")
        let h = await detail(launch)
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let grid = frame(h, size)
            #expect(grid.find("NET 2026 Q4") != nil)
            #expect(grid.find("NET NET") == nil)
            #expect(!grid.text.contains("▀▀█▀▀"), "no big clock for a date without an hour")
        }
    }

    // MARK: - The banner

    func withBanner(_ launches: [Launch] = [Sample.crs26] + Sample.launches(30, upcoming: true)) async -> Harness {
        let h = await Harness(source: ScriptedSource(upcoming: launches, rockets: Sample.Rockets.all)).started()
        h.clock.set(Self.before)
        await h.press(.character("b"))
        return h
    }

    @Test func bannerOnTheLaunchesTab() async {
        let h = await withBanner()
        let grid = frame(h, Size(width: 80, height: 24))
        #expect(grid.find("NEXT")?.y == 1)
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func bannerOnTheRocketsTab() async {
        let h = await withBanner()
        await h.press(.character("2"))
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }

    @Test func bannerOverTheBigDetail() async {
        let h = await withBanner()
        await h.press(.enter)
        let grid = frame(h, Size(width: 120, height: 40))
        #expect(grid.find("NEXT")?.y == 1)
        #expect(grid.find("CRS-26 ☆")?.y == 2, "the header starts under the banner")
        #expect(grid.find("Links")?.y == h.state.layout.detailLinksRow)
    }
}
