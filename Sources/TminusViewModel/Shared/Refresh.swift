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
        // Offline nothing is asked: a refresh "due" would only fail.
        guard !state.frozenSources.contains(state.sourceIndex), !state.offline else { return [] }
        let near = isNear(state, list: state.upcoming)
        return LaunchSegment.allCases.compactMap { segment -> Due? in
            let id = ListID.segment(segment)
            let list = state.list(id)
            guard list.status.hasLoadedOnce, !list.isLoading, list.status.error == nil,
                  let updated = list.status.updatedAt, !(segment == .past && near) else { return nil }
            let interval = widened(segment == .past ? pastInterval : (near ? nearInterval : upcomingInterval),
                                   by: state.allowance, keepingCadence: near && segment == .upcoming)
            // Past the 10-minute freshness of the response cache only a reload reaches the server.
            let mode: FetchMode = interval < LaunchSource.freshFor ? .reload : .normal
            // A refresh the budget held back goes when the budget said.
            let at = max(updated.addingTimeInterval(interval), list.status.deferredUntil ?? .distantPast)
            return Due(list: id, at: at, mode: mode)
        }.sorted { $0.at < $1.at }
    }

    /// The next refresh the screen can mention (the list on screen's).
    public static func next(_ state: AppState) -> Due? {
        guard let id = state.activeListID else { return nil }
        return schedule(state).first { $0.list == id }
    }

    /// With little of the hour's budget left (another tminus, a script, the user's own keys
    /// spent it), the schedule asks less often: half as often below a quarter, and not before
    /// the server's own wait when nothing is left. A launch near T-0 keeps its cadence while
    /// anything is left (`keepingCadence`): the governor keeps its requests for it.
    static func widened(_ interval: TimeInterval, by allowance: RequestAllowance?, keepingCadence: Bool = false) -> TimeInterval {
        guard let allowance, allowance.limit > 0 else { return interval }
        if allowance.left == 0 { return max(interval, allowance.nextUse, allowance.period / 4) }
        return allowance.left * 4 <= allowance.limit && !keepingCadence ? interval * 2 : interval
    }

    /// Whether a launch the list leads with, or a watched one, is within an hour of its NET or
    /// past it (up to `awaitingOutcomeFor`) with no outcome yet.
    static func isNear(_ state: AppState, list: LaunchListState) -> Bool {
        nearLaunch(state, list: list) != nil
    }

    /// The first such launch.
    static func nearLaunch(_ state: AppState, list: LaunchListState) -> (name: String, date: Date)? {
        let leading = list.launches.prefix(leadingLaunches).map { ($0.name, $0.date, $0.datePrecision, $0.status) }
        let watched = state.favorites.items.launches.map { ($0.name, $0.date, $0.datePrecision, $0.status) }
        for (name, date, precision, status) in leading + watched {
            guard let date, precision == .hour, status == .upcoming || status == .other else { continue }
            let untilNET = date.timeIntervalSince(state.now)
            if untilNET <= 3600 && untilNET >= -awaitingOutcomeFor { return (name, date) }
        }
        return nil
    }

    /// What the request budget keeps for a launch near T-0 (a live source only): the next
    /// refresh's request, until well after that refresh is due (twice the cadence: a refresh
    /// late by a held-back request or a sleeping machine still finds it); each refresh renews
    /// it, so it lapses by itself once the launch is no longer near.
    public static func keep(_ state: AppState) -> RequestOrigin.Keep? {
        guard !state.frozenSources.contains(state.sourceIndex),
              let launch = nearLaunch(state, list: state.upcoming) else { return nil }
        // The mission, as the status line names it (`Starlink Group 12-3`, not `Falcon 9 Block 5 | …`).
        let mission = launch.name.components(separatedBy: " | ").last ?? launch.name
        return RequestOrigin.Keep(launch: mission, for: 2 * nearInterval)
    }
}

extension AppReducer {
    /// The clock moved: lists whose refresh has come are asked again (as a refresh: the rows
    /// stay until the answer).
    mutating func refreshDueLists() {
        for due in RefreshPlan.schedule(state) where due.at <= now {
            modifyList(due.list) { list, _ in list.generation += 1 }
            request(due.list, cursor: .first, activity: .loadingFirst, mode: due.mode, by: .refresh)
        }
    }
}
