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
        case .character("/"): userOpenedFilter(id)
        case .character("s"): userToggledSort(id)
        case .character("F"): userCycledOutcome(id)
        case .character("R"): userCycledRocket(id)
        case .character("W"): userToggledWebcast(id)
        default: break
        }
    }

    func userOpenedSelectedLaunch(in id: ListID) {
        guard let launch = state.list(id).selectedLaunch else { return }
        var detail = LaunchDetailState(launch: launch)
        if case .segment = id { detail.sourceIndex = state.sourceIndex }
        push(.launchDetail(detail))
        state.now = environment.clock.now()
        requestLaunchDetail(mode: .normal)
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

    /// A list's first showing: the cache at once (however old), then the network behind it
    /// when that copy is stale or missing.
    func loadFirstPageIfNeeded(_ id: ListID) {
        let list = state.list(id)
        guard !list.hasLoadedOnce, !list.isLoading else { return }
        request(id, cursor: .first, phase: .loadingFirst, mode: .cacheOnly)
    }

    func loadMoreIfNearEnd(_ id: ListID) {
        let list = state.list(id)
        // After a failed "load more" only `r` (or the retry timer) asks again, or every move
        // near the end would send a request.
        guard list.hasLoadedOnce, !list.isLoading, list.error == nil || !list.errorWasLoadMore, let next = list.next,
              list.selection >= list.launches.count - Self.prefetchDistance else { return }
        request(id, cursor: next, phase: .loadingMore)
    }

    /// `r`: after a failed "load more", try that page again; otherwise reload from the top,
    /// past any cache, keeping the rows on screen until the new first page replaces them.
    func userRequestedRefresh(_ id: ListID) {
        retry(id, mode: .reload)
    }

    /// Asks again for what failed: the page a "load more" could not get, else the first page.
    func retry(_ id: ListID, mode: FetchMode) {
        let list = state.list(id)
        if list.error != nil, list.errorWasLoadMore, let next = list.next {
            request(id, cursor: next, phase: .loadingMore, mode: mode)
            return
        }
        modifyList(id) { $0.generation += 1 }
        request(id, cursor: .first, phase: .loadingFirst, mode: mode)
    }

    /// The source a list comes from: the Launches tab's current one, or the rockets' source.
    func source(for id: ListID) -> LaunchSource {
        switch id {
        case .segment: environment.sources[state.sourceIndex]
        case .rocket: environment.rocketSource
        }
    }

    func request(_ id: ListID, cursor given: PageCursor, phase: LoadPhase, mode: FetchMode = .normal) {
        // Whatever the cursor says, the page asked for is of the list's current query.
        var queried = given
        queried.query = state.query(id)
        let cursor = queried
        modifyList(id) { list in
            list.phase = phase
            list.retryAt = nil
            // A cache read keeps the last problem on screen until the network has answered.
            if mode != .cacheOnly { list.error = nil }
        }
        let asked = ListRequest(id: id, page: cursor.page, generation: state.list(id).generation,
                                source: state.sourceIndex, mode: mode, query: cursor.query)
        let source = source(for: id)
        run { () async -> AppEvent in
            let result: Result<Fetched<LaunchPage>, APIError>
            do throws(APIError) {
                switch id {
                case .segment(let segment): result = .success(try await source.launches(segment, cursor, mode))
                case .rocket(let rocketID): result = .success(try await source.rocketLaunches(rocketID, cursor, mode))
                }
            } catch {
                result = .failure(error)
            }
            return .launchesLoaded(asked, result)
        }
    }

    func receivedLaunches(_ asked: ListRequest, result: Result<Fetched<LaunchPage>, APIError>) {
        let id = asked.id
        let now = environment.clock.now()
        // A Launches list from the source the user switched away from: its lists were put
        // aside as they were, and this answer is not theirs to change any more.
        if case .segment = id, asked.source != state.sourceIndex { return }
        // A response to a request made before the latest refresh describes an old list.
        guard asked.generation == state.list(id).generation else { return }
        // An answer for a filter or order the list no longer shows.
        guard asked.query == state.query(id) else { return }
        var askNetwork = false
        modifyList(id) { list in
            let wasLoadMore = list.phase == .loadingMore
            list.phase = .idle
            switch result {
            case .failure(let error) where asked.mode == .cacheOnly:
                // Nothing cached: the network it is, the start-up screen staying meanwhile.
                _ = error
                askNetwork = true
            case .failure(let error):
                list.error = error
                list.errorWasLoadMore = wasLoadMore
                list.failures += 1
                list.retryAt = Self.retryTime(after: error, failures: list.failures, now: now)
                list.retryMode = asked.mode
            case .success(let fetched):
                var received = fetched.value
                // The server matched case only (accents are folded here), and a source may not
                // filter at all (Launch Library 2's outcome): every filter is applied here too.
                received.launches = received.launches.filter { asked.query.matches($0) }
                received.next?.query = asked.query
                let fetchedAt = fetched.fetchedAt ?? now
                if asked.page == 1 {
                    // A refresh replaces the rows but keeps the user on the launch they were on.
                    let selectedID = list.selectedLaunch?.id
                    list.launches = Self.uniqued(received.launches, after: [])
                    list.selection = selectedID.flatMap { id in list.launches.firstIndex { $0.id == id } } ?? 0
                    list.updatedAt = fetchedAt
                    list.unreadable = received.unreadable
                } else {
                    list.launches += Self.uniqued(received.launches, after: list.launches)
                    // The list is as old as its oldest page.
                    list.updatedAt = min(list.updatedAt ?? fetchedAt, fetchedAt)
                    list.unreadable += received.unreadable
                }
                list.next = received.next
                list.totalDocs = received.totalDocs
                list.hasLoadedOnce = true
                self.keepSelectionVisible(&list)
                if asked.mode == .cacheOnly {
                    // Drawn from the cache at once; a stale copy is refreshed behind it.
                    askNetwork = now.timeIntervalSince(fetchedAt) >= LaunchSource.freshFor || fetchedAt > now
                    return
                }
                // Data from the cache because the network failed: shown, with the reason, and
                // asked for again later.
                list.error = fetched.problem
                list.errorWasLoadMore = false
                if let problem = fetched.problem {
                    list.failures += 1
                    list.retryAt = Self.retryTime(after: problem, failures: list.failures, now: now)
                    list.retryMode = asked.mode
                } else {
                    list.failures = 0
                }
            }
        }
        if askNetwork {
            request(id, cursor: .first, phase: .loadingFirst, mode: .normal)
        }
        if case .success(let fetched) = result { refreshStoredFavorites(launches: fetched.value.launches) }
        state.now = now
        // A short first page may not fill the screen; a selection already near the end wants more.
        if !askNetwork { loadMoreIfNearEnd(id) }
    }

    /// When a failed list asks again by itself: after 5 s, then 10, 20… up to 5 min; after a
    /// 429, when the server said (or in 5 min). Never for what asking again cannot change
    /// (`--offline`, a source without that list).
    static func retryTime(after error: APIError, failures: Int, now: Date) -> Date? {
        switch error {
        case .offline, .notAvailable, .notCached: return nil
        case .rateLimited(_, let after?), .http(429, let after?), .heldBack(_, let after): return now.addingTimeInterval(max(1, after))
        case .rateLimited, .http(429, _): return now.addingTimeInterval(maxRetryDelay)
        default:
            let exponent = Double(min(max(0, failures - 1), 10))
            return now.addingTimeInterval(min(maxRetryDelay, 5 * pow(2, exponent)))
        }
    }

    static let maxRetryDelay: TimeInterval = 5 * 60

    /// The clock moved: lists whose retry time has come ask again.
    func retryDueLists() {
        let now = state.now
        for (id, list) in state.lists where !list.isLoading {
            guard let at = list.retryAt, at <= now else { continue }
            // The Launches lists keep trying; a rocket's list only while it is on screen.
            if case .rocket = id, id != state.activeListID { continue }
            retry(id, mode: list.retryMode)
        }
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
