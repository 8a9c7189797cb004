import Foundation

/// A helper program started on the user's behalf (the browser, notify-send): no stdin, its
/// output discarded (the terminal belongs to the UI), and waited for only briefly, because a
/// browser may stay in the foreground for as long as it is open.
enum ChildProcess {
    enum Outcome: Equatable {
        /// It could not be started at all.
        case notStarted(String)
        /// Still running after the grace period: taken as done.
        case stillRunning
        case exited(Int32)
    }

    static func run(_ executable: URL, _ arguments: [String], grace: Duration) async -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .notStarted(error.localizedDescription)
        }
        let deadline = ContinuousClock.now + grace
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.isRunning ? .stillRunning : .exited(process.terminationStatus)
    }
}
