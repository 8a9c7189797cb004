import Foundation

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
}
