import Foundation
import TminusCore

/// Asking again while the app is open, inside the request budget. A tracker left in a pane for
/// hours must neither show stale data as live nor spend Launch Library 2's free budget (about
/// 15 requests an hour): the upcoming list is asked every 15 min, every 5 min while a launch it
/// leads with (or a watched one) is within an hour of its NET or past it without an outcome,
/// and the past list once a day (it changes little; its pages are a day fresh in the cache). Frozen sources (the r/SpaceX API) are never asked by
/// themselves. A list that failed is left to its retry timer; one loading is left alone.
///
/// The close cadence is the request governor's sustained rate for Launch Library 2 (one every
/// 6 min: `RequestBudget.launchLibrary2`), and the past list waits while a launch is near, so
/// the schedule never runs into the governor and leaves its burst for the user's own keys.
public enum RefreshPlan {
    /// How often the upcoming list is asked when nothing is near.
    public static let upcomingInterval: TimeInterval = 15 * 60
    /// …and while a launch is within an hour of its NET, or past it awaiting the outcome.
    public static let nearInterval: TimeInterval = 6 * 60
    /// The past list: the same day as its cache (`LaunchLibrary2.pastFreshFor`), so a
    /// scheduled refresh is never answered by the cache with the same old time (and due again
    /// at once).
    public static let pastInterval: TimeInterval = LaunchLibrary2.pastFreshFor
    /// How long after NET a launch without an outcome keeps the close cadence.
    public static let awaitingOutcomeFor: TimeInterval = 6 * 3600
    /// How many of the list's first launches count as "what it leads with".
    static let leadingLaunches = 3

    /// When a list is next asked by itself, and how far past the cache.
    public struct Due: Sendable, Hashable {
        public var list: ListID
        public var at: Date
        public var mode: FetchMode
    }

    /// The next scheduled refresh of each Launches list, soonest first.
    public static func schedule(_ state: AppState) -> [Due] {
        guard !state.frozenSources.contains(state.sourceIndex) else { return [] }
        let near = isNear(state, list: state.upcoming)
        return LaunchSegment.allCases.compactMap { segment -> Due? in
            let id = ListID.segment(segment)
            let list = state.list(id)
            guard list.status.hasLoadedOnce, !list.isLoading, list.status.error == nil,
                  let updated = list.status.updatedAt, !(segment == .past && near) else { return nil }
            let interval = widened(segment == .past ? pastInterval : (near ? nearInterval : upcomingInterval),
                                   by: state.allowance)
            // Past the 10-minute freshness of the response cache only a reload reaches the server.
            let mode: FetchMode = interval < LaunchSource.freshFor ? .reload : .normal
            return Due(list: id, at: updated.addingTimeInterval(interval), mode: mode)
        }.sorted { $0.at < $1.at }
    }

    /// The next refresh the screen can mention (the list on screen's).
    public static func next(_ state: AppState) -> Due? {
        guard let id = state.activeListID else { return nil }
        return schedule(state).first { $0.list == id }
    }

    /// With little of the hour's budget left (another tminus, a script, the user's own keys
    /// spent it), the schedule asks less often: half as often below a quarter, and not before
    /// the server's own wait when nothing is left.
    static func widened(_ interval: TimeInterval, by allowance: RequestAllowance?) -> TimeInterval {
        guard let allowance, allowance.limit > 0 else { return interval }
        if allowance.left == 0 { return max(interval, allowance.nextUse, allowance.period / 4) }
        return allowance.left * 4 <= allowance.limit ? interval * 2 : interval
    }

    /// Whether a launch the list leads with, or a watched one, is within an hour of its NET or
    /// past it (up to `awaitingOutcomeFor`) with no outcome yet.
    static func isNear(_ state: AppState, list: LaunchListState) -> Bool {
        let leading = list.launches.prefix(leadingLaunches).map { ($0.date, $0.datePrecision, $0.status) }
        let watched = state.favorites.items.launches.map { ($0.date, $0.datePrecision, $0.status) }
        return (leading + watched).contains { date, precision, status in
            guard let date, precision == .hour, status == .upcoming || status == .other else { return false }
            let untilNET = date.timeIntervalSince(state.now)
            return untilNET <= 3600 && untilNET >= -awaitingOutcomeFor
        }
    }
}

extension AppReducer {
    /// The clock moved: lists whose refresh has come are asked again (as a refresh: the rows
    /// stay until the answer).
    mutating func refreshDueLists() {
        for due in RefreshPlan.schedule(state) where due.at <= now {
            modifyList(due.list) { list, _ in list.generation += 1 }
            request(due.list, cursor: .first, activity: .loadingFirst, mode: due.mode)
        }
    }
}
