import Foundation

/// The file every process of a test reads the time from (`TMINUS_CLOCK_FILE`, the fixture
/// server's `--clock-file`): time stands still until the test moves it.
final class ScriptedClock {
    let file: URL
    private(set) var now: Date
    init(in directory: URL, start: Date) throws {
        file = directory.appending(path: "clock")
        now = start
        try write()
    }
    func advance(seconds: TimeInterval) throws {
        now = now.addingTimeInterval(seconds)
        try write()
    }
    private func write() throws {
        try (ISO8601DateFormatter().string(from: now) + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
