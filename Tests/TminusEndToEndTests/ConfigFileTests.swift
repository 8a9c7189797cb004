import Foundation
import Testing

/// `config.toml` in the rig's data dir (`DIR/config/config.toml`): its zone, theme and a
/// remapped key with the real binary in tmux; a broken file is named with its line.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct ConfigFileTests {
    static func rig(_ config: String) throws -> AppRig {
        let rig = try AppRig(prefix: "tminus-e2e-config", defaults: ["--now", "2022-10-08T20:00:00Z"])
        let dir = rig.dataDir.appending(path: "config")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try config.write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        return rig
    }

    @Test func theZoneThemeAndKeysComeFromTheFile() async throws {
        let rig = try Self.rig("""
        tz = "Europe/Warsaw"
        theme = "ansi16"

        [keys]
        quit = "Q"
        """)
        // Pictures keep their own palette: without them every colour is the theme's.
        let tmux = try await rig.start(["--no-images"])
        // Galaxy 33 lifts off 23:05 UTC = 01:05 the next day in Warsaw (CEST).
        let screen = try await tmux.waitFor("2022-10-09 01:05")
        #expect(screen.contains("times in Europe/Warsaw"))
        #expect(screen.contains("Q quit"), "\(screen)")
        // Only the 16 colours: no 256-colour escape (38;5;N / 48;5;N with N > 15).
        let styled = tmux.captureWithEscapes()
        let big = styled.range(of: #"[34]8;5;(1[6-9]|[2-9]\d|\d{3})"#, options: .regularExpression)
        #expect(big == nil, "a 256-colour escape on the ansi16 theme: \(big.map { String(styled[$0.lowerBound...].prefix(60)) } ?? "")")

        try tmux.sendKeys("q")
        try await Task.sleep(for: .milliseconds(400))
        #expect(tmux.isAlive, "q still quit after quit was moved to Q")
        try tmux.sendKeys("Q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)")
    }

    @Test func aBrokenFileIsNamedWithItsLine() async throws {
        let rig = try Self.rig("""
        tz = "Europe/Warsaw"

        theme = "sepia"
        """)
        let tmux = try await rig.start()
        let screen = try await tmux.waitFor("config.toml line 3")
        #expect(screen.contains(#"config.toml line 3: theme must be "auto", "dark", "light" or "ansi16""#), "\(screen)")
        // The whole file is ignored: the system zone, the default keys.
        #expect(!screen.contains("times in Europe/Warsaw"))
        try tmux.sendKeys("q")
        let exit = try await tmux.waitForExit()
        #expect(exit.status == 0, "tminus \(exit)")
    }
}
