import Foundation
import Testing

/// The mouse with the real binary in tmux: SGR reports typed into the pane as a terminal would
/// send them. Off for a new user (the terminal keeps its selection and link clicks); on for a
/// user whose settings say so: the wheel, a click, a double-click, the `Upcoming │ Past` switch,
/// the detail's links, then `m` giving the mouse back to the terminal, and the choice surviving
/// a restart.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct MouseTests {
    static func rig(mouse: Bool? = nil) throws -> AppRig {
        let rig = try AppRig(prefix: "tminus-e2e-mouse", defaults: AppRig.galaxyEve + ["--no-images"])
        if let mouse {
            // A settings file from an earlier run, as `m` writes it.
            let settings = rig.dataDir.appending(path: "config/settings.json")
            try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
            try #"{"mouse" : \#(mouse), "units" : {}}"#.write(to: settings, atomically: true, encoding: .utf8)
        }
        return rig
    }

    /// An SGR report: button, 1-based column and row, `M` down, `m` up.
    static func report(_ button: Int, x: Int, y: Int, down: Bool = true) -> String {
        "\u{1B}[<\(button);\(x);\(y)\(down ? "M" : "m")"
    }

    /// A left click on 0-based screen line `line`, 0-based `column`.
    static func click(_ tmux: TmuxSession, line: Int, column: Int = 11) throws {
        try tmux.type(report(0, x: column + 1, y: line + 1))
        try tmux.type(report(0, x: column + 1, y: line + 1, down: false))
    }

    static func row(_ screen: String, _ n: Int) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.indices.contains(n) ? String(rows[n]) : ""
    }

    /// Which screen line carries the selection mark.
    static func selectedLine(_ screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("›") }
    }

    @Test func wheelClickDoubleClickThenMTurnsItOffForGood() async throws {
        // A user who turned the mouse on before: it is on at start.
        let rig = try Self.rig(mouse: true)
        // 14 lines: ten rows on screen, of the eighteen upcoming launches, so the list can scroll.
        var tmux = try await rig.start(height: 14)
        let screen = tmux.capture()
        let names = LaunchBrowsingTests.rowNames(screen)
        #expect(names.count == 10)
        // Rows start on line 3, one line each without pictures; the first is selected.
        #expect(Self.selectedLine(screen) == 3)
        try await tmux.waitUntil("the app asked for mouse reports") { _ in tmux.mouseReportingOn }

        // A click on line 5: the third row.
        try Self.click(tmux, line: 5)
        try await tmux.waitUntil("line 5 selected") { Self.selectedLine($0) == 5 }

        // A wheel notch down: three rows scroll away, the selection stays on screen.
        try tmux.type(Self.report(65, x: 12, y: 10))
        try await tmux.waitUntil("scrolled by three") { LaunchBrowsingTests.rowNames($0).first == names[3] }
        #expect(Self.selectedLine(tmux.capture()) == 3)
        try tmux.type(Self.report(64, x: 12, y: 10))
        try await tmux.waitUntil("scrolled back") { LaunchBrowsingTests.rowNames($0).first == names[0] }

        // A double-click on line 6 opens that launch.
        try Self.click(tmux, line: 6)
        try Self.click(tmux, line: 6)
        try await tmux.waitUntil("the detail of \(names[3])") { screen in
            !screen.contains("Upcoming │ Past") && screen.contains(names[3])
        }
        try tmux.sendKeys("Escape")
        try await tmux.waitFor("Upcoming │ Past")

        // `m`: the mouse goes back to the terminal, and a click (were one sent) does nothing.
        try tmux.sendKeys("m")
        try await tmux.waitFor("mouse off — terminal selection and link clicks work; m to turn on")
        try await tmux.waitUntil("the app released the mouse") { _ in !tmux.mouseReportingOn }
        let before = Self.selectedLine(tmux.capture())
        try Self.click(tmux, line: 9)
        try await Task.sleep(for: .milliseconds(500))
        #expect(Self.selectedLine(tmux.capture()) == before)
        #expect(before != 9)

        let settings = try String(contentsOf: rig.dataDir.appending(path: "config/settings.json"), encoding: .utf8)
        #expect(settings.contains("\"mouse\" : false"), "\(settings)")

        // A restart keeps it off.
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        tmux = try await rig.start(height: 14)
        try await Task.sleep(for: .milliseconds(300))
        #expect(!tmux.mouseReportingOn)
        try Self.click(tmux, line: 7)
        try await Task.sleep(for: .milliseconds(500))
        #expect(Self.selectedLine(tmux.capture()) == 3)

        // And `m` again turns it back on.
        try tmux.sendKeys("m")
        try await tmux.waitFor("mouse on — ")
        try await tmux.waitUntil("mouse reports asked for again") { _ in tmux.mouseReportingOn }
        try Self.click(tmux, line: 7)
        try await tmux.waitUntil("line 7 selected") { Self.selectedLine($0) == 7 }
    }

    /// The segment switch's columns (` Upcoming │ Past ` from column 1) and the CRS-26-like
    /// SpaceX detail's links bar (`Links ` at column 12 on line 5, then ` Webcast ` ` Press kit `
    /// ` Wikipedia ` …), as `SegmentSwitch` and `LinkBar` place them.
    @Test func aNewUserHasTheTerminalsMouseUntilMThenClicksSwitchSegmentsAndOpenLinks() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(width: 100, height: 20)
        var screen = tmux.capture()
        // Off: the terminal keeps its own selection and link clicks; the status line says how to change it.
        #expect(!tmux.mouseReportingOn)
        #expect(screen.contains("m mouse: off"), "\(screen)")
        try Self.click(tmux, line: 1, column: 14)
        try await Task.sleep(for: .milliseconds(400))
        #expect(tmux.capture().contains("Galaxy 33"), "a click while off switches nothing")

        try tmux.sendKeys("m")
        try await tmux.waitFor("mouse on — Shift-drag selects text; m to turn off")
        try await tmux.waitUntil("the app asked for mouse reports") { _ in tmux.mouseReportingOn }
        let settingsFile = rig.dataDir.appending(path: "config/settings.json")
        try await tmux.waitUntil("the choice saved") { _ in
            (try? String(contentsOf: settingsFile, encoding: .utf8))?.contains("\"mouse\" : true") == true
        }

        // `Past` (columns 12–17 of line 1): the past list, newest first.
        try Self.click(tmux, line: 1, column: 16)
        try await tmux.waitUntil("the past list") { Self.selectedLine($0) == 3 && Self.row($0, 3).contains("Crew-5") }
        // The bar between the two (column 11): nothing.
        try Self.click(tmux, line: 1, column: 11)
        try await Task.sleep(for: .milliseconds(300))
        #expect(Self.row(tmux.capture(), 3).contains("Crew-5"))

        // Open Crew-5 (webcast, Wikipedia and Reddit links) with a double-click.
        try Self.click(tmux, line: 3)
        try Self.click(tmux, line: 3)
        screen = try await tmux.waitFor("Links ")
        #expect(Self.row(screen, 1).contains("Crew-5"), "\(screen)")
        #expect(screen.contains("m mouse: on"), "\(screen)")
        let bar = Self.row(screen, 5)
        #expect(bar.hasPrefix(String(repeating: " ", count: 12) + "Links  Webcast   Press kit   Wikipedia   Article   Reddit"), "\(bar)")
        // The selected link is drawn on the accent colour: Webcast (columns 18–26) at first.
        let selected = tmux.styledScreen().rows[5][20].background
        #expect(selected != nil)
        // Wikipedia is columns 40–50: a click on its last column selects it …
        try Self.click(tmux, line: 5, column: 50)
        try await tmux.waitUntilStyled("Wikipedia selected") { screen in
            screen.rows[5][45].background == selected && screen.rows[5][20].background != selected
        }
        // … a click between two links (column 51) does nothing, and Press kit (no page) says so …
        try Self.click(tmux, line: 5, column: 51)
        try Self.click(tmux, line: 5, column: 30)
        try await tmux.waitFor("this launch has no press kit link")
        #expect(tmux.styledScreen().rows[5][45].background == selected)
        #expect(rig.browser.openedURLs().isEmpty)
        // … and a second click on it opens it in the browser, as `o` does.
        try Self.click(tmux, line: 5, column: 40)
        let opened = try await rig.browser.waitForURL()
        #expect(opened.contains("wikipedia.org"), "\(opened)")

        // Back, and `Upcoming` (columns 1–10) switches back.
        try tmux.sendKeys("Escape")
        try await tmux.waitFor("Upcoming │ Past")
        try Self.click(tmux, line: 1, column: 1)
        try await tmux.waitUntil("the upcoming list") { Self.row($0, 3).contains("Galaxy 33") }
    }
}
