import Foundation

/// When the loop gives malloc's free pages back (`HeapUsage.releaseFree`): once, after the
/// mail has been quiet for `quiet` seconds since the last answer. A burst of answers (a page
/// of launches and its pictures) is followed by one release, an idle app by none.
struct ReleaseFree {
    static let quiet: TimeInterval = 2
    private var due: Date?

    mutating func mailArrived(now: Date) { due = now.addingTimeInterval(Self.quiet) }

    /// Whether to release now; true once per quiet spell.
    mutating func isDue(now: Date) -> Bool {
        guard let due, now >= due else { return false }
        self.due = nil
        return true
    }

    /// How long the loop may sleep before it is due; nil when nothing is pending.
    func millisecondsLeft(now: Date) -> Int32? {
        guard let due else { return nil }
        return Int32(max(0, min(60_000, (due.timeIntervalSince(now) * 1000).rounded(.up))))
    }
}
