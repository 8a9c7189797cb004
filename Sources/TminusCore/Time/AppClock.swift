import Foundation
import Synchronization

/// The app's idea of "now", injected so tests can stand still or jump, and `--now` can start
/// the clock at a chosen instant and let it run in real time from there.
public struct AppClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    public static let system = AppClock { Date() }

    /// Starts at `start` and advances with the monotonic clock (immune to wall-clock jumps).
    public static func starting(at start: Date) -> AppClock {
        let origin = ContinuousClock.now
        return AppClock {
            let elapsed = ContinuousClock.now - origin
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return start.addingTimeInterval(seconds)
        }
    }

    /// The instant written in `file` (ISO 8601), read again at most every 20 ms: time stands
    /// still until the test writes the next one. `fallback` while the file cannot be read.
    public static func scripted(file: URL, fallback: AppClock) -> AppClock {
        let last = Mutex<(read: ContinuousClock.Instant, date: Date?)?>(nil)
        return AppClock {
            let now = ContinuousClock.now
            if let cached = last.withLock({ $0 }), now - cached.read < .milliseconds(20), let date = cached.date { return date }
            let text = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            let date = text.flatMap(ISO8601.parse)
            last.withLock { $0 = (now, date) }
            return date ?? fallback.now()
        }
    }
}
