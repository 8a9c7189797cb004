import Foundation

/// When the loop wakes for a clock tick. Ticks fall on whole multiples of the interval on the
/// wall clock (for 1 s: just after each second turns), so a countdown changes in step with
/// the system clock instead of drifting by however long the app has been running.
struct TickSchedule {
    /// Woken this long after the boundary, so the clock read on waking is past it.
    static let slackMilliseconds = 2

    private var interval: Duration?
    private var lastSlot: Int64?

    /// How long poll may sleep: milliseconds until the next boundary, or -1 (no ticks).
    mutating func timeout(interval newInterval: Duration?, now: Date) -> Int32 {
        if newInterval != interval {
            // A new rhythm starts from here; it does not count as a missed tick.
            interval = newInterval
            lastSlot = newInterval.flatMap { slot(now, $0) }
        }
        guard let interval, let seconds = Self.seconds(interval) else { return -1 }
        let t = now.timeIntervalSince1970
        let next = (floor(t / seconds) + 1) * seconds
        let ms = ((next - t) * 1000).rounded(.up) + Double(Self.slackMilliseconds)
        return Int32(min(max(ms, 0), Double(Int32.max)))
    }

    /// Whether a boundary has passed since the last tick (or since the interval was set).
    /// A wall-clock jump either way also counts, so the clock on screen catches up at once.
    mutating func isDue(now: Date) -> Bool {
        guard let interval, let current = slot(now, interval) else { return false }
        guard current != lastSlot else { return false }
        lastSlot = current
        return true
    }

    private func slot(_ date: Date, _ interval: Duration) -> Int64? {
        guard let seconds = Self.seconds(interval) else { return nil }
        return Int64(floor(date.timeIntervalSince1970 / seconds))
    }

    private static func seconds(_ duration: Duration) -> Double? {
        let (s, atto) = duration.components
        let value = Double(s) + Double(atto) / 1e18
        // Sub-10 ms ticks would only spin the loop.
        return value > 0 ? max(value, 0.01) : nil
    }
}
