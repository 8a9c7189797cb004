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
            var list = state.list(segment)
            // Its answers in flight will be dropped (they name the source they were for): a
            // load that was under way starts again when the list comes back.
            if list.isLoading {
                list.status.activity = .idle
                if !list.status.hasLoadedOnce { list = LaunchListState() }
            }
            lists[segment] = list
            state.lists[.segment(segment)] = nil
        }
        state.otherSourcesLists[leaving] = lists
        let arriving = (leaving + 1) % count
        for (segment, list) in state.otherSourcesLists[arriving] ?? [:] {
            state.lists[.segment(segment)] = list
        }
        state.otherSourcesLists[arriving] = nil
        var rockets = state.rockets
        rockets.typingFilter = false
        rockets.loadingMore = false
        if rockets.status.isLoading {
            rockets.status.activity = .idle
            if !rockets.status.hasLoadedOnce { rockets = RocketsState() }
        }
        state.otherSourcesRockets[leaving] = rockets
        state.rockets = state.otherSourcesRockets.removeValue(forKey: arriving) ?? RocketsState()
        state.rocketFilterWaiting = nil
        state.sourceIndex = arriving
        // A launch detail open on the Launches tab, a rocket page on the Rockets tab, belong
        // to the other source.
        state.stacks[.launches] = []
        state.stacks[.rockets] = []
        state.tab = .launches
        show(Notice("source: \(state.sourceName)"))
        loadFirstPageIfNeeded(.segment(state.segment))
    }
}
