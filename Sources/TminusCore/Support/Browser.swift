import Foundation

/// Opens links with the user's browser command (`--browser`, `$BROWSER`, else `xdg-open`).
public enum Browser {
    public struct Failure: Error, Sendable, Equatable { public var message: String }

    /// Runs `command URL`. The command goes through `/bin/sh` so `BROWSER="firefox --new-tab"`
    /// works, but the URL is passed as `$1`, never spliced into the command line, so a
    /// hostile link cannot run anything. Its output is discarded: the terminal belongs to the
    /// UI. A command still running after `grace` (a browser that stays in the foreground)
    /// counts as opened.
    public static func open(_ url: URL, with command: String, grace: Duration = .seconds(3)) async -> Result<Void, Failure> {
        let shell = URL(fileURLWithPath: "/bin/sh")
        switch await ChildProcess.run(shell, ["-c", command + " \"$1\"", "tminus-browser", url.absoluteString], grace: grace) {
        case .notStarted(let why): return .failure(Failure(message: "cannot run /bin/sh: \(why)"))
        case .stillRunning, .exited(0): return .success(())
        case .exited(127): return .failure(Failure(message: "browser command not found: \(command)"))
        case .exited(let status): return .failure(Failure(message: "browser command '\(command)' exited with status \(status)"))
        }
    }
}
