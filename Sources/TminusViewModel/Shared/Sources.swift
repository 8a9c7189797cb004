import Foundation
import TminusCore

/// `S`: the Launches and Rockets tabs switch to the next source (the r/SpaceX API, Launch
/// Library 2). Each source keeps its own Upcoming and Past lists and rocket catalogue, so
/// switching back is instant.
extension AppReducer {
    mutating func userSwitchedSource() {
        let count = context.sources.count
        guard count > 1 else {
            show(Notice("\(state.sourceName) is the only source", level: .error))
            return
        }
        clearSegmentQueries()
        let leaving = state.sourceIndex
        var lists: [LaunchSegment: LaunchListState] = [:]
        for segment in LaunchSegment.allCases {
            lists[segment] = Self.parked(state.list(segment), \.status, empty: LaunchListState())
            state.lists[.segment(segment)] = nil
        }
        state.otherSourcesLists[leaving] = lists
        let arriving = (leaving + 1) % count
        for (segment, list) in state.otherSourcesLists[arriving] ?? [:] {
            state.lists[.segment(segment)] = list
        }
        state.otherSourcesLists[arriving] = nil
        var rockets = Self.parked(state.rockets, \.status, empty: RocketsState())
        rockets.typingFilter = false
        rockets.loadingMore = false
        state.otherSourcesRockets[leaving] = rockets
        state.rockets = state.otherSourcesRockets.removeValue(forKey: arriving) ?? RocketsState()
        state.rocketFilterWaiting = nil
        state.sourceIndex = arriving
        // A launch detail open on the Launches tab, a rocket page on the Rockets tab, belong
        // to the other source.
        for unit in Screens.tabs where unit.followsSource { state.stacks[unit.tab] = [] }
        if !Screens.unit(state.tab).staysOnSourceSwitch { state.tab = .launches }
        for unit in Screens.tabs { unit.sourceSwitched(&self) }
        // Offline, what the other source shows is its cache, else the same built-in archive:
        // said, so a switch that changes little on screen is not a mystery (issue 37).
        show(Notice(state.offline ? "source: \(state.sourceName) — offline: its cache, else the built-in archive"
                                  : "source: \(state.sourceName)"))
        loadFirstPageIfNeeded(.segment(state.segment))
    }

    /// A list put aside while the other source is shown. Its answers in flight will be dropped
    /// (they name the source they were for): a load that was under way starts again when the
    /// list comes back, from nothing if nothing had arrived yet.
    static func parked<List>(_ list: List, _ status: WritableKeyPath<List, RemoteStatus>, empty: List) -> List {
        guard list[keyPath: status].isLoading else { return list }
        guard list[keyPath: status].hasLoadedOnce else { return empty }
        var list = list
        list[keyPath: status].activity = .idle
        return list
    }
}
