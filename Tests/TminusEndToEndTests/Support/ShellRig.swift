import Foundation
import Testing

/// tminus against its own fixture server, run the way a user runs it: from a shell in a
/// terminal. The shell first sets the pane's title, saves `stty -g`, runs tminus, says how it
/// ended (`tminus exited N`, N = 128 + the signal for a signal death) and saves `stty -g`
/// again, then stays, so the terminal tminus left behind can be inspected.
final class ShellRig {
    /// The title the shell gives the pane before tminus starts.
    static let title = "tminus-e2e-title"
    /// Three hours before Galaxy 33 (15R) & 34 (12R), the first upcoming launch in the recorded data.
    static let now = "2022-10-08T20:00:00Z"

    let server: FixtureServer
    let dataDir: URL
    let tmux: TmuxSession

    /// - Parameters:
    ///   - renames: launch id -> name the fixture server serves instead.
    ///   - environment: for tminus (and the shell around it); `TERM` here replaces the default
    ///     `xterm-256color`.
    ///   - unsetTERM: start tminus with no `TERM` at all.
    ///   - stderrToFile: tminus's stderr goes to `stderrFile` instead of the terminal.
    ///   - dataDir: a data dir of the test's own (kept at the end), e.g. one with a file system
    ///     mounted in it; by default a new one, removed at the end.
    init(renames: [String: String] = [:], width: Int = 100, height: Int = 30,
         environment: [String: String] = [:], unsetTERM: Bool = false, stderrToFile: Bool = false,
         dataDir given: URL? = nil) throws {
        server = try FixtureServer(renames: renames)
        dataDir = try given ?? Harness.makeTemporaryDirectory(prefix: "tminus-e2e-shell")
        ownsDataDir = given == nil
        let arguments = server.arguments() + ["--tz", "UTC", "--now", Self.now,
                         "--data-dir", dataDir.path, "--browser", "true", "--no-images"]
        let redirect = stderrToFile ? #" 2> "$D/stderr""# : ""
        let script = #"printf '\033]2;%s\033\\' "$TITLE"; stty -g > "$D/before"; "$@""# + redirect
            + #"; echo "tminus exited $?"; stty -g > "$D/after"; sleep 600"#
        let program = (unsetTERM ? ["env", "-u", "TERM"] : []) + [try Harness.tminusBinary().path] + arguments
        var variables = environment
        variables["D"] = dataDir.path
        variables["TITLE"] = Self.title
        tmux = try TmuxSession(command: ["sh", "-c", script, "sh"] + program, width: width, height: height,
                               environment: variables,
                               unsetEnvironment: TmuxSession.appVariables.filter { variables[$0] == nil })
    }

    private let ownsDataDir: Bool

    deinit {
        tmux.kill()
        server.stop()
        if ownsDataDir { try? FileManager.default.removeItem(at: dataDir) }
    }

    var stderrFile: URL { dataDir.appending(path: "stderr") }

    /// tminus's own pid while it runs (the child of the shell in the pane).
    var appPID: pid_t? {
        tmux.pid.flatMap { Harness.children(of: $0).first }
    }

    /// Waits for the shell to report how tminus ended; returns that status.
    func waitForExitStatus(timeout: Duration = .seconds(15)) async throws -> Int {
        let screen = try await tmux.waitUntil(timeout: timeout, "tminus exited N") { Self.exitStatus(in: $0) != nil }
        return try #require(Self.exitStatus(in: screen))
    }

    static func exitStatus(in screen: String) -> Int? {
        guard let range = screen.range(of: #"tminus exited \d+"#, options: .regularExpression) else { return nil }
        return Int(screen[range].split(separator: " ").last ?? "")
    }

    /// After tminus ended: the tty modes are those from before it started, the alternate screen
    /// is off and the cursor shows.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let after = dataDir.appending(path: "after")
        try await tmux.waitUntil("stty -g saved after tminus") { _ in FileManager.default.fileExists(atPath: after.path) }
        // The file exists once the shell opened it; stty writes its line at once, but wait for it.
        try await tmux.waitUntil("stty -g written") { _ in ((try? String(contentsOf: after, encoding: .utf8)) ?? "").hasSuffix("\n") }
        let before = try String(contentsOf: dataDir.appending(path: "before"), encoding: .utf8)
        let restored = try String(contentsOf: after, encoding: .utf8)
        #expect(!before.isEmpty && before == restored, "tty modes restored: before \(before) after \(restored)",
                sourceLocation: sourceLocation)
        #expect(!tmux.alternateScreenOn, "the alternate screen is left", sourceLocation: sourceLocation)
        #expect(tmux.cursorVisible, "the cursor is shown again", sourceLocation: sourceLocation)
    }
}
