import Foundation
import Testing

/// The theme with the real binary in tmux: `auto` asks the terminal (tmux answers OSC 11 with
/// the pane's background when it has one), `t` cycles and saves, and the flag, the saved
/// choice and config.toml take turns as documented.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct ThemeTests {
    /// The selected row's tab, the accent colour (issue 28): 39 in the dark theme, 23 in the
    /// light one, 5 in ansi16.
    static let darkBand = "48;5;39", lightBand = "48;5;23"

    static func rig(config: String? = nil) throws -> AppRig {
        let rig = try AppRig(prefix: "tminus-e2e-theme", defaults: AppRig.galaxyEve + ["--no-images"], frozenAt: AppRig.galaxyEveInstant)
        if let config {
            let dir = rig.dataDir.appending(path: "config")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try config.write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        }
        return rig
    }

    /// The selected row (the one with the `›` mark), with its escapes.
    static func selectedRow(_ tmux: TmuxSession) -> String {
        tmux.captureWithEscapes().split(separator: "\n").first { $0.contains("›") }.map(String.init) ?? ""
    }

    static func waitForBand(_ band: String, _ tmux: TmuxSession, _ what: String) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !selectedRow(tmux).contains(band) {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(what): no \(band) on the selected row: \(selectedRow(tmux).debugDescription)")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func settings(_ rig: AppRig) -> String {
        (try? String(contentsOf: rig.dataDir.appending(path: "config/settings.json"), encoding: .utf8)) ?? ""
    }

    @Test func autoOnAWhiteTerminalIsLight() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(background: "#ffffff")
        try await Self.waitForBand(Self.lightBand, tmux, "white pane")
        #expect(rig.log().contains("light background (answered \"rgb:ffff/ffff/ffff\")"), "\(rig.log())")
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit().status == 0)
    }

    @Test func autoOnADarkTerminalIsDark() async throws {
        let rig = try Self.rig()
        let tmux = try await rig.start(background: "#1c1c1c")
        try await Self.waitForBand(Self.darkBand, tmux, "dark pane")
        #expect(rig.log().contains("dark background (answered"), "\(rig.log())")
    }

    /// tmux without a colour of its own answers DA1 only: COLORFGBG's guess at once, else dark.
    @Test func withoutAnAnswerCOLORFGBGDecides() async throws {
        let rig = try Self.rig()
        let light = try await rig.start(environment: ["COLORFGBG": "0;15"])
        try await Self.waitForBand(Self.lightBand, light, "COLORFGBG=0;15")
        #expect(rig.log().contains("light background (no colour in the answer)"), "\(rig.log())")
        light.kill()
        let dark = try await rig.start()
        try await Self.waitForBand(Self.darkBand, dark, "no COLORFGBG")
    }

    @Test func tCyclesIsSavedAndComesBackButTheFlagIsForOneRun() async throws {
        let rig = try Self.rig(config: "theme = \"ansi16\"\n")
        var tmux = try await rig.start(background: "#ffffff")
        // config.toml's ansi16 until something is saved: 16 colours only.
        let row = Self.selectedRow(tmux)
        #expect(!row.contains(Self.darkBand) && !row.contains(Self.lightBand) && row.contains("45m"),
                "ansi16 from config.toml: a magenta tab: \(row.debugDescription)")
        try tmux.sendKeys("t")
        try await tmux.waitFor("theme: auto → light (t to change)")
        try await Self.waitForBand(Self.lightBand, tmux, "auto on white")
        try tmux.sendKeys("t")
        try await tmux.waitFor("theme: dark (t to change)")
        try await Self.waitForBand(Self.darkBand, tmux, "dark")
        try tmux.sendKeys("t")
        try await tmux.waitFor("theme: light (t to change)")
        try await Self.waitForBand(Self.lightBand, tmux, "light")
        try await tmux.waitUntil("the choice saved") { _ in self.settings(rig).contains("\"theme\" : \"light\"") }
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()

        // The saved choice wins over config.toml, on a dark terminal too.
        tmux = try await rig.start()
        try await Self.waitForBand(Self.lightBand, tmux, "saved light")
        tmux.kill()

        // The flag wins for this run and is not saved, even when something else is.
        tmux = try await rig.start(["--theme", "dark"], background: "#ffffff")
        try await Self.waitForBand(Self.darkBand, tmux, "--theme dark")
        try tmux.sendKeys("m")
        try await tmux.waitFor("mouse on")
        try await Task.sleep(for: .milliseconds(300))
        #expect(settings(rig).contains("\"theme\" : \"light\""), "\(settings(rig))")
        #expect(settings(rig).contains("\"mouse\" : true"), "\(settings(rig))")
        tmux.kill()

        tmux = try await rig.start(environment: ["TMINUS_THEME": "dark"])
        try await Self.waitForBand(Self.darkBand, tmux, "TMINUS_THEME=dark")
    }
}
