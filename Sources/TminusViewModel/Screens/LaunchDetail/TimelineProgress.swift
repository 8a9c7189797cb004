import Foundation
import TminusCore

/// Where a launch day stands against the clock: which timeline steps are done, which one comes
/// next, which are later. The detail's Timeline section and the renderer's strip both read it.
public enum TimelineMark: Sendable, Hashable {
    /// Its moment has come.
    case done
    /// The first step still ahead (every step at that same moment, when several share it).
    case next
    case later
}

public enum TimelineProgress {
    /// Each event's mark at `now`, for a launch whose T-0 is `net`. An event is done once its
    /// moment is reached; `events` are in time order (as the decoder leaves them).
    public static func marks(_ events: [TimelineEvent], net: Date, now: Date) -> [TimelineMark] {
        let elapsed = now.timeIntervalSince(net)
        let nextOffset = events.first { $0.offset > elapsed }?.offset
        return events.map { event in
            if event.offset <= elapsed { return .done }
            return event.offset == nextOffset ? .next : .later
        }
    }

    /// `T-00:38:00`, `T+00:02:25`; `T-1d 02:00:00` a day or more away. Whole seconds, the
    /// fraction dropped (as the countdown does); T-0 itself is `T-00:00:00`.
    public static func offsetText(_ offset: TimeInterval) -> String {
        let seconds = Int(min(abs(offset), 1e9).rounded(.down))
        let sign = offset > 0 && seconds > 0 ? "+" : "-"
        let clock = String(format: "%02d:%02d:%02d", (seconds % 86_400) / 3600, (seconds % 3600) / 60, seconds % 60)
        return "T" + sign + (seconds >= 86_400 ? "\(seconds / 86_400)d " : "") + clock
    }
}
