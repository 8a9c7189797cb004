import Foundation

/// Desktop notifications through `notify-send` (libnotify), when it is installed.
public enum DesktopNotification {
    public struct Failure: Error, Sendable, Equatable { public var message: String }

    /// `notify-send` on `PATH`, or nil.
    public static func notifySend(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: "notify-send")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `notify-send TITLE BODY` directly (no shell: text from the network is only ever an
    /// argument), its output discarded (the terminal belongs to the UI). Control characters are
    /// taken out of both. A notify-send still running after `grace` counts as sent.
    public static func send(title: String, body: String, executable: URL,
                            grace: Duration = .seconds(5)) async -> Result<Void, Failure> {
        switch await ChildProcess.run(executable, [clean(title), clean(body)], grace: grace) {
        case .notStarted(let why): return .failure(Failure(message: "cannot run \(executable.path): \(why)"))
        case .stillRunning, .exited(0): return .success(())
        case .exited(let status): return .failure(Failure(message: "\(executable.path) exited with status \(status)"))
        }
    }

    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
        return String(scalars)
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format }
}
