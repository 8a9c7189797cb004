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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "tminus-browser", url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "cannot run /bin/sh: \(error.localizedDescription)"))
        }
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { return .success(()) }
        switch process.terminationStatus {
        case 0: return .success(())
        case 127: return .failure(Failure(message: "browser command not found: \(command)"))
        case let status: return .failure(Failure(message: "browser command '\(command)' exited with status \(status)"))
        }
    }
}
