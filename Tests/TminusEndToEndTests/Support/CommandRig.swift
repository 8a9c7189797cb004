import Foundation

/// The real binary run as a command (no terminal of its own): against a fixture server and a data
/// dir of its own, with the user's settings unset, so only what a test passes decides the output.
final class CommandRig {
    let server: FixtureServer
    let dataDir: URL
    /// Flags every run gets after the server's (the clock, the time zone); the command's own
    /// flags come last and win.
    let flags: [String]
    /// Variables every run gets on top of the cleaned environment.
    let environment: [String: String]

    init(prefix: String, flags: [String] = [], environment: [String: String] = [:]) throws {
        server = try FixtureServer()
        dataDir = try Harness.makeTemporaryDirectory(prefix: prefix)
        self.flags = flags
        self.environment = environment
    }
    deinit { server.stop(); try? FileManager.default.removeItem(at: dataDir) }

    /// `tminus <command> …`; `apis` replaces the server's flags (e.g. a closed port).
    func run(_ command: [String], apis: [String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        var env = ProcessInfo.processInfo.environment
        for name in TmuxSession.appVariables + ["TMINUS_PICTURES", "TMUX", "COLORTERM"] { env[name] = nil }
        env["TMINUS_NEWS_API"] = TmuxSession.noNews
        for (name, value) in environment { env[name] = value }
        return try Harness.run(try Harness.tminusBinary().path,
                               Array(command.prefix(1)) + (apis ?? server.arguments())
                                   + ["--data-dir", dataDir.path] + flags + command.dropFirst(),
                               environment: env)
    }
}
