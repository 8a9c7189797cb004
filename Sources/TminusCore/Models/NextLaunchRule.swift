import Foundation

extension Launch {
    /// The next launch among `launches` (an Upcoming list): the soonest with no outcome yet
    /// whose countdown means something now — counting down to a time known to the hour, on
    /// hold, lifting off or in flight (`nextUntil`) — or whose webcast is live; not one whose
    /// outcome is overdue (`Countdown.outcomeOverdue`) nor frozen data past its date. Ties go by
    /// id, so the order the launches came in does not matter. The app's banner and `tminus
    /// next` both ask this one rule, so they name the same launch with the same countdown.
    public static func next(in launches: [Launch], now: Date) -> Launch? {
        launches
            .filter { launch in
                launch.outcomePending && launch.sourceStatus?.kind != .noData && launch.passedFrozen(at: now) == nil
                    && (launch.webcastLive || launch.nextUntil.map { now < $0 } ?? false)
            }
            .min { ($0.date ?? .distantFuture, $0.id) < ($1.date ?? .distantFuture, $1.id) }
    }

    /// Until when this launch's countdown means something (`Countdown.isLive`): one with no
    /// outcome and a time known to the hour, until its outcome is overdue (three hours past
    /// NET; a hold, a day). Nil for one whose countdown never does (no exact time, an outcome
    /// in). The replica keeps it as a column, so `next` reads only the launches it names.
    public var nextUntil: Date? {
        guard outcomePending, datePrecision == .hour, let date else { return nil }
        return Countdown.overdueFrom(date, precision: .hour, phase: countdownPhase)
    }
}
