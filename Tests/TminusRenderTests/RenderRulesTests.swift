import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Rules every frame keeps, checked directly (not through snapshots).
@Suite("Render rules")
struct RenderRulesTests {
    let size = Size(width: 80, height: 24)

    func render(_ h: Harness) -> Grid { Renderer.render(h.state, size: size) }

    /// Every tab at the narrowest screen (the app's name goes first), the source's name only
    /// where it fits beside them.
    @Test(arguments: [50, 57, 58, 71, 72, 80])
    func theSourceNameNeverCoversTheTabs(width: Int) async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(2, upcoming: true), name: "r/SpaceX API")).started()
        let bar = Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n")[0]
        #expect(bar.contains("3 Favorites") && bar.contains("4 Events "), "\(bar)")
        #expect(bar.contains("tminus") == (width >= 58), "\(bar)")
        #expect(bar.contains("r/SpaceX API") == (width >= 72), "\(bar)")
    }

    @Test func theStatusLineEndsWithLaunchLibrary2sCallsLeft() async {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(3), name: "Launch Library 2")
        source.reportAllowance(RequestAllowance(limit: 15, used: 3))
        let h = await Harness(source: source).started()
        func status(width: Int) -> String {
            let grid = Renderer.render(h.state, size: Size(width: width, height: 24))
            return String(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[23])
        }
        #expect(status(width: 120).hasSuffix("updated just now · refresh in 15 min · LL2 12/15 left "), "\(status(width: 120))")
        // Narrower, the next refresh's time gives way so the hints keep their room.
        #expect(status(width: 80).hasSuffix("updated just now · LL2 12/15 left "), "\(status(width: 80))")
        #expect(status(width: 80).contains("m mouse: off  ? help  q quit"), "the hints keep their room: \(status(width: 80))")
    }

    /// `--offline` (issue 37: it read `updated just now · next in 6 min`, and no refresh came):
    /// no refresh is due, and the right side says the data is the cache's, from when.
    @Test func offlineNoRefreshIsPromised() async {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(3), name: "Launch Library 2")
        let h = await Harness(source: source, offline: true).started()
        let status = String(Renderer.render(h.state, size: Size(width: 120, height: 24)).text
            .split(separator: "\n", omittingEmptySubsequences: false)[23])
        #expect(RefreshPlan.schedule(h.state).isEmpty)
        #expect(EventsPlan.due(.upcoming, h.state) == nil)
        #expect(status.hasSuffix("offline — data from 2022-10-01 12:00 "), "the test clock's start: \(status)")
        #expect(!status.contains("refresh in") && !status.contains("next in") && !status.contains("updated"), "\(status)")
    }

    /// Issue 37: the status line never cuts a cause. At every width from the narrowest to 250,
    /// over a failed first load, the cause is said whole, in its long or its short words, and
    /// `? help  q quit` whole when no cause is on the line.
    @Test(arguments: [APIError.heldBack(host: "127.0.0.1:45299", retryAfter: 360),
                      .heldBack(host: "ll.thespacedevs.com", retryAfter: 90, keptFor: "Starlink 12-3"),
                      .refused(source: "Launch Library 2", path: "/2.3.0/launcher_configurations/", status: 404),
                      .transport("could not resolve host ll.thespacedevs.com"),
                      .rateLimited(source: "Launch Library 2", retryAfter: 1200)])
    func theStatusLineNeverCutsACause(_ error: APIError) async {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(3), name: "Launch Library 2")
        source.fail(with: error, times: 2)
        let h = await Harness(source: source).started()
        let cause = error.message.components(separatedBy: " — ").first ?? error.message
        for width in ScreenLayout.minimumWidth...250 {
            let status = String(Renderer.render(h.state, size: Size(width: width, height: 24)).text
                .split(separator: "\n", omittingEmptySubsequences: false)[23])
            #expect(status.contains(cause) || status.contains(error.shortMessage), "\(width) columns: \(status)")
            #expect(!status.contains("…"), "\(width) columns: \(status)")
        }
        let fine = await Harness(source: ScriptedSource(upcoming: Sample.ll2Launches(3), name: "Launch Library 2")).started()
        for width in ScreenLayout.minimumWidth...250 {
            let status = String(Renderer.render(fine.state, size: Size(width: width, height: 24)).text
                .split(separator: "\n", omittingEmptySubsequences: false)[23])
            #expect(status.contains("? help  q quit") && !status.contains("…"), "\(width) columns: \(status)")
        }
    }

    /// Issue 37: at 60x14 the help cut every description and `1 2 3 4` had none. Where the
    /// keys do not fit, the box scrolls (j/k, G, g): every key's words are whole on one of
    /// its pages, and none is cut.
    @Test(arguments: [Size(width: 60, height: 14), Size(width: 50, height: 12), Size(width: 80, height: 24)])
    func theHelpScrollsRatherThanCut(size: Size) async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), width: size.width, height: size.height).started()
        await h.press(.character("?"))
        var seen = ""
        var last = -1
        while h.state.helpScroll != last {
            last = h.state.helpScroll
            let screen = Renderer.render(h.state, size: size).text
            #expect(!screen.split(separator: "\n").dropLast().contains { $0.contains("…") }, "\(size): \(screen)")
            seen += screen
            await h.press(.character("j"))
        }
        for help in Keymap.help(for: h.state.screen, keys: KeyBindings()) {
            #expect(seen.contains(help.keys), "\(size): no \(help.keys)")
            // Wrapped words may break across lines: each word of the description shows.
            for word in help.action.split(separator: " ") { #expect(seen.contains(word), "\(size): \(help.keys) lost '\(word)'") }
        }
        await h.press(.character("G"))
        #expect(h.state.helpScroll == HelpOverlay.maxScroll(h.state.screen, keys: KeyBindings(), size: size))
        await h.press(.character("g"))
        #expect(h.state.helpScroll == 0)
        await h.press(.escape)
        #expect(h.state.overlay == nil)
    }

    /// At every width the hints end whole (`q quit`, never `q quit…`), and say the mouse's state.
    @Test func theHintsEndWithAWholeWordAtEveryWidth() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(2, upcoming: true))).started()
        for screen in ["list", "detail"] {
            if screen == "detail" { await h.press(.enter) }
            // From 51 columns the data's age leaves room for `? help  q quit` at least.
            for width in 51...220 {
                let status = String(Renderer.render(h.state, size: Size(width: width, height: 24)).text
                    .split(separator: "\n", omittingEmptySubsequences: false)[23])
                let hints = (status.components(separatedBy: "updated").first ?? status).trimmingCharacters(in: .whitespaces)
                #expect(!hints.contains("…"), "\(screen) at \(width): \(status)")
                #expect(hints.hasSuffix("? help  q quit"), "\(screen) at \(width): \(status)")
                // Where the help and quit hints leave room, the mouse's state (of a fixed 14 columns).
                if width >= 80 { #expect(hints.contains("m mouse: off  ? help  q quit"), "\(screen) at \(width): \(status)") }
            }
        }
    }

    @Test func statusWordsHaveTheirColours() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(2, upcoming: true),
                                                     past: [Sample.falconSat, Sample.bare] + Sample.launches(1, upcoming: false))).started()
        var grid = render(h)
        let upcoming = try! #require(grid.find("UPCOMING"))
        #expect(grid[upcoming.x, upcoming.y].style.foreground == .theme.upcoming)

        await h.press(.character("p"))
        grid = render(h)
        let failed = try! #require(grid.find("FAILED"))
        #expect(grid[failed.x, failed.y].style.foreground == .theme.failure)
        let success = try! #require(grid.find("SUCCESS"))
        #expect(grid[success.x, success.y].style.foreground == .theme.success)
        let unknown = try! #require(grid.find("UNKNOWN"))
        #expect(grid[unknown.x, unknown.y].style.foreground == .default)
    }

    @Test func rowsShowNameBoldAndDateDim() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        let grid = render(h)
        let name = try! #require(grid.find("CRS-26"))
        #expect(grid[name.x, name.y].style.attributes.contains(.bold))
        let date = try! #require(grid.find("2022-11-18 22:00"))
        #expect(grid[date.x, date.y].style.attributes.contains(.dim))
    }

    @Test func monthPrecisionShowsNoMadeUpHour() async {
        var launch = Sample.crs26
        launch.datePrecision = .month
        launch.date = ISO8601.parse("2022-12-01T00:00:00Z")
        let h = await Harness(source: ScriptedSource(upcoming: [launch]), timeZone: TimeZone(identifier: "America/New_York")!).started()
        let grid = render(h)
        #expect(grid.find("NET 2022-12") != nil)
        #expect(grid.find("2022-11-30") == nil, "a month date must not slip into the previous month west of UTC")
    }

    @Test func hostileNamesCannotEscapeTheirRow() async {
        let evil = Launch(id: "evil", name: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}Evil \u{9B}31m" + String(repeating: "打ち上げ🚀", count: 30),
                          date: Sample.reference, upcoming: true)
        let h = await Harness(source: ScriptedSource(upcoming: [evil] + Sample.launches(2, upcoming: true))).started()
        let grid = render(h)
        for cell in grid.cells {
            for scalar in cell.character.unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && !(0x202A...0x202E).contains(scalar.value))
            }
        }
        let row = try! #require(grid.find("Evil"))
        let line = grid.text.split(separator: "\n")[row.y]
        #expect(line.contains("…"), "the long name is cut with an ellipsis")
        #expect(line.contains("UPCOMING"), "the status column survives a 200-column name")
        #expect(TerminalText.width(String(line)) == size.width)
    }

    @Test func wideCharactersTakeTwoCells() {
        var grid = Grid(size: Size(width: 6, height: 1))
        let used = grid.put("a打b", x: 0, y: 0)
        #expect(used == 4)
        #expect(grid[1, 0].character == "打")
        #expect(grid[2, 0].isContinuation)
        #expect(grid[3, 0].character == "b")
        // Overwriting the continuation half clears the wide character's first half.
        grid.put("x", x: 2, y: 0)
        #expect(grid[1, 0].character == " ")
        #expect(!grid[2, 0].isContinuation)
    }

    @Test func aWideCharacterNeverStraddlesTheEdge() {
        var grid = Grid(size: Size(width: 3, height: 1))
        grid.put("ab打", x: 0, y: 0)
        #expect(grid.text == "ab…")
        #expect(!grid.cells.contains { $0.character == "打" })
    }

    /// Issue 28: the selected row is `›` on a tab of the accent colour in the margin; the row's
    /// own cells keep their colours, so a move re-sends a few cells, not two rows of text.
    @Test func theSelectedRowIsATabInTheMargin() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        await h.press(.down)
        let grid = render(h)
        let row = try! #require(grid.find("Mission 2")).y
        #expect(grid[0, row].character == "›")
        #expect((0..<2).allSatisfy { grid[$0, row].style.background == .theme.accent })
        #expect((2..<size.width).allSatisfy { grid[$0, row].style.background == .default })
        let other = try! #require(grid.find("Mission 1")).y
        #expect(grid[0, other].style.background == .default && grid[0, other].character == " ")
    }

    /// A row of pictures is three lines tall: the tab is too, the mark on its first line.
    @Test func theTabIsAsTallAsAPictureRow() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), pictures: PictureSpy().loader).started()
        await h.press(.down)
        let grid = render(h)
        let row = try! #require(grid.find("Mission 2")).y
        let height = h.state.launchRowHeight
        #expect(height > 1)
        #expect(grid[0, row].character == "›")
        for y in row..<(row + height) {
            #expect(grid[1, y].style.background == .theme.accent, "line \(y - row) of the row")
        }
        #expect(grid[1, row + height].style.background != .theme.accent)
        #expect(grid[1, row - 1].style.background != .theme.accent)
    }

    @Test func loadingMoreRowAppearsAtTheEnd() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(25, upcoming: true))).started()
        h.viewModel.handle(.resized(width: 80, height: 40))
        h.viewModel.handle(.key(.end))  // asks for page 2; not settled yet
        let grid = Renderer.render(h.state, size: Size(width: 80, height: 40))
        let loading = try! #require(grid.find("Loading more…"))
        let last = try! #require(grid.find("Mission 20"))
        #expect(loading.y == last.y + 1)
        await h.viewModel.settle()
    }

    @Test func theCountdownTicks() async {
        // A live source's launch: frozen r/SpaceX data past its date says `NO DATA` instead.
        var live = Sample.crs26
        live.origin = .launchLibrary2
        live.sourceStatus = SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")
        let h = await Harness(source: ScriptedSource(upcoming: [live])).started()
        h.clock.set(ISO8601.parse("2022-11-18T21:59:58Z")!)
        await h.press(.enter)
        #expect(render(h).find("T-00d 00:00:02") != nil)
        h.clock.advance(by: 1); h.viewModel.handle(.tick)
        #expect(render(h).find("T-00d 00:00:01") != nil)
        h.clock.advance(by: 3); h.viewModel.handle(.tick)
        let grid = render(h)
        #expect(grid.find("LIFTOFF") != nil, "the first minute after T-0")
        #expect(grid.find("T+00d 00:00:02 since NET") != nil)
    }
}

@Suite("Render: live webcasts and what changed on rows")
struct RowFlagsRenderTests {
    @Test func aRowSaysLiveAndWhatChangedAfterTheName() async {
        var live = Launch(origin: .launchLibrary2, id: "l", name: "Starlink Group 15-22", date: Sample.reference, upcoming: true)
        live.webcastLive = true
        let seen = SeenStore.inMemory(["l": SeenLaunch(net: Sample.reference.addingTimeInterval(-2 * 86_400), precision: .hour,
                                                       status: "UPCOMING", seenAt: Sample.reference, origin: .launchLibrary2)])
        let h = await Harness(source: ScriptedSource(upcoming: [live]), width: 100, height: 24, seen: seen).started()
        let grid = Renderer.render(h.state, size: Size(width: 100, height: 24))
        let row = grid.snapshotText.split(separator: "\n").first { $0.contains("Starlink Group 15-22") }.map(String.init) ?? ""
        #expect(row.contains("Starlink Group 15-22 ● LIVE NET +2 d"), "\(row)")
    }

    /// `new` gives way to the name when both do not fit (issue 25: the tag ate the name).
    @Test(arguments: [(80, false), (200, true)])
    func newGivesWayToTheName(width: Int, tagged: Bool) async {
        // 45 columns: whole in the 47 an 80-column list gives a name, not with ` new`.
        let name = "Rideshare To Sun-Synchronous Orbit Mission 12"
        let fresh = Launch(origin: .launchLibrary2, id: "fresh", name: name, date: Sample.reference, upcoming: true)
        let seen = SeenStore.inMemory(["other": SeenLaunch(net: Sample.reference, precision: .hour, status: "GO",
                                                           seenAt: Sample.reference, origin: .launchLibrary2)])
        let h = await Harness(source: ScriptedSource(upcoming: [fresh]), width: width, height: 24, seen: seen).started()
        #expect(h.state.changes["fresh"] == .new)
        let grid = Renderer.render(h.state, size: Size(width: width, height: 24))
        let row = grid.snapshotText.split(separator: "\n").first { $0.contains("› ") }.map(String.init) ?? ""
        #expect(row.contains(tagged ? name + " new" : name), "\(row)")
        if !tagged { #expect(!row.contains(" new"), "\(row)") }
    }
}

/// A name too long for the detail's first row goes on over its second (issue 25: cut there,
/// it was whole nowhere on an 80-column screen).
@Suite("Render: a long name in the detail")
struct LongNameRenderTests {
    @Test func theDetailShowsALongNameWhole() async {
        var launch = Sample.launches(1, upcoming: true)[0]
        launch.name = "Falcon 9 Block 5 | Transporter-14 (Dedicated SSO Rideshare) with forty payloads"
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        await h.press(.enter)
        let text = Renderer.render(h.state, size: Size(width: 80, height: 24)).text
        let header = text.split(separator: "\n").prefix(4).joined(separator: " ")
        for word in launch.name.split(separator: " ") {
            #expect(header.contains(word), "\(word) in:\n\(header)")
        }
        #expect(!header.contains("…"), "\(header)")
    }
}

/// A three-line row's last line says what the columns do not (issue 25: `Payload CRS-24`
/// under `CRS-24`): where the payloads go, their mass, who they fly for.
@Suite("Render: a row's purpose line")
struct PurposeLineTests {
    @Test func whereWhatWeightAndForWhom() {
        var launch = Sample.crs26
        launch.payloads = [.object(Payload(name: "CRS-26", orbit: "ISS", massKg: 2500, customers: ["NASA (CRS)"]))]
        #expect(LaunchColumns.purposeLine(launch) == "Payload to ISS · 2,500 kg · for NASA (CRS)")
        launch.payloads = [.object(Payload(name: "Starlink 4-2", orbit: "VLEO", massKg: 13_000, customers: ["SpaceX"])),
                           .object(Payload(name: "BlueWalker 3", orbit: "VLEO", massKg: 1500, customers: ["AST & Science"]))]
        #expect(LaunchColumns.purposeLine(launch) == "2 payloads to VLEO · 14,500 kg · for SpaceX, AST & Science")
        launch.payloads = [.object(Payload(name: "Mystery"))]
        #expect(LaunchColumns.purposeLine(launch) == "Payload", "nothing known: no dashes")
        #expect(!LaunchColumns.purposeLine(Sample.crs26).contains("CRS-26"), "never the mission's name again")
    }
}

