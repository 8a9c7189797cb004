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
        push(.launchDetail(LaunchDetailState(launch: launch)))
        state.now = environment.clock.now()
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
        request(id, page: 1, phase: .loadingFirst)
    }

    func loadMoreIfNearEnd(_ id: ListID) {
        let list = state.list(id)
        guard list.hasLoadedOnce, !list.isLoading, list.error == nil, let next = list.nextPage,
              list.selection >= list.launches.count - Self.prefetchDistance else { return }
        request(id, page: next, phase: .loadingMore)
    }

    /// `r`: after a failed "load more", try that page again; otherwise reload from the top,
    /// keeping the rows on screen until the new first page replaces them.
    func userRequestedRefresh(_ id: ListID) {
        let list = state.list(id)
        if list.error != nil, list.errorWasLoadMore, let next = list.nextPage {
            request(id, page: next, phase: .loadingMore)
            return
        }
        modifyList(id) { $0.generation += 1 }
        request(id, page: 1, phase: .loadingFirst)
    }

    func request(_ id: ListID, page: Int, phase: LoadPhase) {
        modifyList(id) { list in
            list.phase = phase
            list.error = nil
        }
        let generation = state.list(id).generation
        let source = environment.source
        run { () async -> AppEvent in
            let result: Result<LaunchPage, APIError>
            do throws(APIError) {
                switch id {
                case .segment(let segment): result = .success(try await source.launches(segment, page))
                case .rocket(let rocketID): result = .success(try await source.rocketLaunches(rocketID, page))
                }
            } catch {
                result = .failure(error)
            }
            return .launchesLoaded(id, page: page, generation: generation, result)
        }
    }

    func receivedLaunches(_ id: ListID, page: Int, generation: Int, result: Result<LaunchPage, APIError>) {
        let now = environment.clock.now()
        modifyList(id) { list in
            // A response to a request made before the latest refresh describes an old list.
            guard generation == list.generation else { return }
            let wasLoadMore = list.phase == .loadingMore
            list.phase = .idle
            switch result {
            case .failure(let error):
                list.error = error
                list.errorWasLoadMore = wasLoadMore
            case .success(let received):
                if page == 1 {
                    // A refresh replaces the rows but keeps the user on the launch they were on.
                    let selectedID = list.selectedLaunch?.id
                    list.launches = Self.uniqued(received.launches, after: [])
                    list.selection = selectedID.flatMap { id in list.launches.firstIndex { $0.id == id } } ?? 0
                } else {
                    list.launches += Self.uniqued(received.launches, after: list.launches)
                }
                list.nextPage = received.nextPage
                list.totalDocs = received.totalDocs
                list.updatedAt = now
                list.hasLoadedOnce = true
                list.error = nil
                self.keepSelectionVisible(&list)
            }
        }
        if case .success(let received) = result { refreshStoredFavorites(launches: received.launches) }
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
