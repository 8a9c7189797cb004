import Foundation
import TminusCore

/// Upcoming, Past and a rocket's launches: one paginated list mechanism for all three.
extension AppViewModel {
    func handleListKey(_ key: Key, list id: ListID) {
        let page = state.visibleLaunchRows
        switch key {
        case .down, .character("j"): moveSelection(in: id, by: 1)
        case .up, .character("k"): moveSelection(in: id, by: -1)
        case .pageDown, .control("f"): moveSelection(in: id, by: page)
        case .pageUp, .control("b"): moveSelection(in: id, by: -page)
        case .home, .character("g"): moveSelection(in: id, to: 0)
        case .end, .character("G"): moveSelection(in: id, to: Int.max)
        case .character("r"): userRequestedRefresh(id)
        case .enter, .right, .character("l"): userOpenedSelectedLaunch(in: id)
        default: break
        }
    }

    func userOpenedSelectedLaunch(in id: ListID) {
        guard let launch = state.list(id).selectedLaunch else { return }
        var detail = LaunchDetailState(launch: launch)
        if case .segment = id { detail.sourceIndex = state.sourceIndex }
        push(.launchDetail(detail))
        state.now = environment.clock.now()
        requestLaunchDetail(reload: false)
    }

    func moveSelection(in id: ListID, by delta: Int) {
        let current = state.list(id).selection
        moveSelection(in: id, to: current.addingReportingOverflow(delta).partialValue)
    }

    func moveSelection(in id: ListID, to index: Int) {
        modifyList(id) { list in
            guard !list.launches.isEmpty else { return }
            list.selection = min(max(0, index), list.launches.count - 1)
            self.keepSelectionVisible(&list)
        }
        loadMoreIfNearEnd(id)
    }

    /// Scrolls only as far as needed to show the selection, like a pager.
    func keepSelectionVisible(_ list: inout LaunchListState) {
        let height = state.visibleLaunchRows
        if list.selection < list.scrollTop { list.scrollTop = list.selection }
        if list.selection >= list.scrollTop + height { list.scrollTop = list.selection - height + 1 }
        list.scrollTop = max(0, min(list.scrollTop, max(0, list.launches.count - height)))
    }

    func loadFirstPageIfNeeded(_ id: ListID) {
        let list = state.list(id)
        guard !list.hasLoadedOnce, !list.isLoading else { return }
        request(id, cursor: .first, phase: .loadingFirst)
    }

    func loadMoreIfNearEnd(_ id: ListID) {
        let list = state.list(id)
        guard list.hasLoadedOnce, !list.isLoading, list.error == nil, let next = list.next,
              list.selection >= list.launches.count - Self.prefetchDistance else { return }
        request(id, cursor: next, phase: .loadingMore)
    }

    /// `r`: after a failed "load more", try that page again; otherwise reload from the top,
    /// past any cache, keeping the rows on screen until the new first page replaces them.
    func userRequestedRefresh(_ id: ListID) {
        let list = state.list(id)
        if list.error != nil, list.errorWasLoadMore, let next = list.next {
            request(id, cursor: next, phase: .loadingMore, reload: true)
            return
        }
        modifyList(id) { $0.generation += 1 }
        request(id, cursor: .first, phase: .loadingFirst, reload: true)
    }

    /// The source a list comes from: the Launches tab's current one, or the rockets' source.
    func source(for id: ListID) -> LaunchSource {
        switch id {
        case .segment: environment.sources[state.sourceIndex]
        case .rocket: environment.rocketSource
        }
    }

    func request(_ id: ListID, cursor: PageCursor, phase: LoadPhase, reload: Bool = false) {
        modifyList(id) { list in
            list.phase = phase
            list.error = nil
        }
        let generation = state.list(id).generation
        let source = source(for: id)
        let sourceIndex = state.sourceIndex
        run { () async -> AppEvent in
            let result: Result<Fetched<LaunchPage>, APIError>
            do throws(APIError) {
                switch id {
                case .segment(let segment): result = .success(try await source.launches(segment, cursor, reload))
                case .rocket(let rocketID): result = .success(try await source.rocketLaunches(rocketID, cursor, reload))
                }
            } catch {
                result = .failure(error)
            }
            return .launchesLoaded(id, page: cursor.page, generation: generation, source: sourceIndex, result)
        }
    }

    func receivedLaunches(_ id: ListID, page: Int, generation: Int, source: Int,
                          result: Result<Fetched<LaunchPage>, APIError>) {
        let now = environment.clock.now()
        // A Launches list from the source the user switched away from: its lists were put
        // aside as they were, and this answer is not theirs to change any more.
        if case .segment = id, source != state.sourceIndex { return }
        modifyList(id) { list in
            // A response to a request made before the latest refresh describes an old list.
            guard generation == list.generation else { return }
            let wasLoadMore = list.phase == .loadingMore
            list.phase = .idle
            switch result {
            case .failure(let error):
                list.error = error
                list.errorWasLoadMore = wasLoadMore
            case .success(let fetched):
                let received = fetched.value
                let fetchedAt = fetched.fetchedAt ?? now
                if page == 1 {
                    // A refresh replaces the rows but keeps the user on the launch they were on.
                    let selectedID = list.selectedLaunch?.id
                    list.launches = Self.uniqued(received.launches, after: [])
                    list.selection = selectedID.flatMap { id in list.launches.firstIndex { $0.id == id } } ?? 0
                    list.updatedAt = fetchedAt
                } else {
                    list.launches += Self.uniqued(received.launches, after: list.launches)
                    // The list is as old as its oldest page.
                    list.updatedAt = min(list.updatedAt ?? fetchedAt, fetchedAt)
                }
                list.next = received.next
                list.totalDocs = received.totalDocs
                list.hasLoadedOnce = true
                // Data from the cache because the network failed: shown, with the reason.
                list.error = fetched.problem
                list.errorWasLoadMore = false
                self.keepSelectionVisible(&list)
            }
        }
        if case .success(let fetched) = result { refreshStoredFavorites(launches: fetched.value.launches) }
        state.now = now
        // A short first page may not fill the screen; a selection already near the end wants more.
        loadMoreIfNearEnd(id)
    }

    /// Pages can overlap when the list changes between requests; a launch is shown once.
    static func uniqued(_ incoming: [Launch], after existing: [Launch]) -> [Launch] {
        var seen = Set(existing.map(\.id))
        return incoming.filter { seen.insert($0.id).inserted }
    }

    /// Changes one list. It works on a copy written back afterwards: `change` may read other
    /// parts of `state` (the screen size), which an inout borrow of `state.lists` forbids.
    func modifyList(_ id: ListID, _ change: (inout LaunchListState) -> Void) {
        var list = state.list(id)
        change(&list)
        state.lists[id] = list
    }
}
