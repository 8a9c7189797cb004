import Foundation
import Testing

/// The mouse with the real binary in tmux: SGR reports typed into the pane as a terminal would
/// send them, the wheel, a click, a double-click, then `m` giving the mouse back to the
/// terminal, and the choice surviving a restart.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct MouseTests {
    static func rig() throws -> AppRig {
        try AppRig(prefix: "tminus-e2e-mouse", defaults: AppRig.galaxyEve + ["--no-images"])
    }

    /// An SGR report: button, 1-based column and row, `M` down, `m` up.
    static func report(_ button: Int, x: Int, y: Int, down: Bool = true) -> String {
        "\u{1B}[<\(button);\(x);\(y)\(down ? "M" : "m")"
    }

    /// A left click on 0-based screen line `line`, column 12.
    static func click(_ tmux: TmuxSession, line: Int) throws {
        try tmux.type(report(0, x: 12, y: line + 1))
        try tmux.type(report(0, x: 12, y: line + 1, down: false))
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
        let rig = try Self.rig()
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
        try await tmux.waitFor("mouse off: the terminal's own selection works")
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
        try await tmux.waitFor("mouse on")
        try await tmux.waitUntil("mouse reports asked for again") { _ in tmux.mouseReportingOn }
        try Self.click(tmux, line: 7)
        try await tmux.waitUntil("line 7 selected") { Self.selectedLine($0) == 7 }
    }
}
