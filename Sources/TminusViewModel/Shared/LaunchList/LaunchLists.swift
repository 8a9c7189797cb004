import Foundation
import TminusCore

/// Upcoming, Past and a rocket's launches: one paginated list mechanism for all three.
extension AppReducer {
    /// The keys of a launch list (`LaunchesScreen`, `RocketLaunchesScreen`): moving, paging,
    /// opening, filtering and sorting the list `id`.
    mutating func performOnList(_ action: Action, in id: ListID) {
        let page = state.visibleLaunchRows
        switch action {
        case .move(.down): moveSelection(in: id, by: 1)
        case .move(.up): moveSelection(in: id, by: -1)
        case .move(.pageDown): moveSelection(in: id, by: page)
        case .move(.pageUp): moveSelection(in: id, by: -page)
        case .move(.top): moveSelection(in: id, to: 0)
        case .move(.bottom): moveSelection(in: id, to: Int.max)
        case .refresh: retry(id, mode: .reload)
        case .open: userOpenedSelectedLaunch(in: id)
        case .openFilter: userOpenedFilter(id)
        case .toggleSort: userToggledSort(id)
        case .cycleOutcome: userCycledOutcome(id)
        case .cycleRocket: userCycledRocket(id)
        case .toggleWebcast: userToggledWebcast(id)
        case .nextMatch: userJumpedToMatch(in: id, forward: true)
        case .previousMatch: userJumpedToMatch(in: id, forward: false)
        case .toggleFavorite: userToggledFavorite()
        default: break
        }
    }

    /// `n` / `N`: the next (previous) row whose name holds the `/` text, round the rows at
    /// hand; the text is highlighted in every name that holds it (the renderer).
    /// The mouse wheel over the list: the rows scroll, and the selection stays on screen so
    /// the keys carry on from what is shown.
    mutating func scrollList(_ id: ListID, by delta: Int) {
        let height = state.visibleLaunchRows
        modifyList(id) { list, _ in
            guard !list.launches.isEmpty else { return }
            let maxTop = max(0, list.launches.count - height)
            list.scrollTop = min(max(0, list.scrollTop + delta), maxTop)
            list.selection = min(max(list.selection, list.scrollTop), list.scrollTop + height - 1, list.launches.count - 1)
        }
        loadMoreIfNearEnd(id)
    }

    mutating func userJumpedToMatch(in id: ListID, forward: Bool) {
        let query = state.query(id), list = state.list(id)
        guard query.isFiltered else {
            show(Notice("nothing to match: / first, then n and N go through the matches"))
            return
        }
        let count = list.launches.count
        let order = (1...max(1, count)).map { step in (list.selection + (forward ? step : -step) + count * 2) % max(1, count) }
        guard count > 0, let next = order.first(where: { query.matches(list.launches[$0].name) }) else {
            show(Notice("no name here holds \"\(query.text)\""))
            return
        }
        if forward ? next <= list.selection : next >= list.selection {
            show(Notice(forward ? "from the top" : "from the bottom"))
        }
        moveSelection(in: id, to: next)
    }

    mutating func userOpenedSelectedLaunch(in id: ListID) {
        guard let launch = state.list(id).selectedLaunch else { return }
        var detail = LaunchDetailState(launch: launch)
        if case .segment = id { detail.sourceIndex = state.sourceIndex }
        // A row from Launch Library 2's detailed list is the whole record already: the detail
        // shows it as it is, as old as the list, and the list's refreshes keep it current.
        if launch.carriesDetail, let updated = state.list(id).status.updatedAt {
            detail.status.updatedAt = updated
            detail.status.hasLoadedOnce = true
            push(.launchDetail(detail))
            // The past list's pages are a day fresh (the upcoming list refreshes at its own
            // cadence, and its details ride on it): a past launch whose record may still
            // change (no outcome yet, or flown within the day) is asked again once the list's
            // copy is older than a detail may be, as it was before the past list came detailed.
            if id == .segment(.past), launch.mayStillChange(at: now), now.timeIntervalSince(updated) > LaunchSource.freshFor {
                requestLaunchDetail(mode: .normal)
            }
            return
        }
        push(.launchDetail(detail))
        requestLaunchDetail(mode: .normal)
    }

    /// A list's answer carries whole records (Launch Library 2's detailed mode): an open detail
    /// of one of them takes the newer copy, as if it had asked for it.
    mutating func updateOpenDetails(from launches: [Launch], fetchedAt: Date) {
        let whole = Dictionary(launches.filter(\.carriesDetail).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard !whole.isEmpty else { return }
        updateRoutes { (detail: LaunchDetailState) in
            guard let newer = whole[detail.launch.id], !detail.status.isLoading,
                  fetchedAt >= (detail.status.updatedAt ?? .distantPast) else { return .launchDetail(detail) }
            var detail = detail
            detail.update(newer)
            detail.status.updatedAt = fetchedAt
            detail.status.hasLoadedOnce = true
            return .launchDetail(detail)
        }
    }

    /// A detail that came fills in the rows of the same launch (videos, links, boosters: what a
    /// list row leaves out), so `y` and `W` on the row say what its detail said (issue 37).
    mutating func fillRows(from detail: Launch) {
        for (id, list) in state.lists where list.launches.contains(where: { $0.id == detail.id }) {
            var list = list
            list.launches = list.launches.map { $0.id == detail.id ? $0.filledIn(from: detail) : $0 }
            state.lists[id] = list
        }
    }

    mutating func moveSelection(in id: ListID, by delta: Int) {
        let current = state.list(id).selection
        moveSelection(in: id, to: current.addingReportingOverflow(delta).partialValue)
    }

    /// A user move: the selection goes there, and near the end of the rows the next page is
    /// asked for. This (and the retry timer) is the only way a "load more" starts.
    mutating func moveSelection(in id: ListID, to index: Int) {
        modifyList(id) { list, reducer in
            guard !list.launches.isEmpty else { return }
            list.selection = min(max(0, index), list.launches.count - 1)
            reducer.keepSelectionVisible(&list)
        }
        loadMoreIfNearEnd(id)
    }

    /// Scrolls only as far as needed to show the selection, like a pager. The "Loading more…"
    /// row (or the end-of-list line) under the last launch counts as a row, so `G` shows it.
    func keepSelectionVisible(_ list: inout LaunchListState) {
        let height = state.visibleLaunchRows
        let footer = list.status.activity == .loadingMore || list.end != nil
            || (list.status.errorWasLoadMore && list.status.error != nil)
            || (list.next == nil && list.launches.count > height) ? 1 : 0
        let rows = list.launches.count + footer
        if list.selection < list.scrollTop { list.scrollTop = list.selection }
        if list.selection >= list.scrollTop + height { list.scrollTop = list.selection - height + 1 }
        // The footer shows too when there is room for both (the selection always wins).
        if footer > 0, list.selection == list.launches.count - 1 {
            list.scrollTop = max(list.scrollTop, min(list.selection, rows - height))
        }
        list.scrollTop = max(0, min(list.scrollTop, max(0, rows - height)))
    }

    mutating func keepActiveSelectionVisible() {
        if let id = state.activeListID { modifyList(id) { list, reducer in reducer.keepSelectionVisible(&list) } }
    }

    /// A list's first showing: the cache at once (however old), then the network behind it
    /// when that copy is stale or missing.
    mutating func loadFirstPageIfNeeded(_ id: ListID) {
        let list = state.list(id)
        guard !list.status.hasLoadedOnce, !list.isLoading else { return }
        request(id, cursor: .first, activity: .loadingFirst, mode: .cacheOnly)
    }

    mutating func loadMoreIfNearEnd(_ id: ListID) {
        var list = state.list(id)
        guard list.canLoadMore, list.selection >= list.launches.count - AppViewModel.prefetchDistance else { return }
        let cursor = list.beginMore()
        // The "Loading more…" (or end-of-list) row now follows the last launch: it must show.
        keepSelectionVisible(&list)
        state.lists[id] = list
        if let cursor { send(id, cursor: cursor, mode: .normal) }
    }

    /// Asks again for what failed: the page a "load more" could not get, else the first page
    /// (`r` reloads from the top past any cache, keeping the rows until the answer).
    mutating func retry(_ id: ListID, mode: FetchMode) {
        let list = state.list(id)
        // One request for a list at a time: the answer on its way is the refresh.
        guard !list.isLoading else { return }
        if list.status.error != nil, list.status.errorWasLoadMore, let next = list.next {
            request(id, cursor: next, activity: .loadingMore, mode: mode)
            return
        }
        modifyList(id) { list, _ in list.generation += 1 }
        request(id, cursor: .first, activity: .loadingFirst, mode: mode)
    }

    mutating func request(_ id: ListID, cursor: PageCursor, activity: RemoteStatus.Activity, mode: FetchMode,
                          by kind: RequestOrigin.Kind = .user) {
        modifyList(id) { list, _ in list.status.begin(activity, mode: mode) }
        send(id, cursor: cursor, mode: mode, by: kind)
    }

    /// The request effect, for the list's current query and source.
    mutating func send(_ id: ListID, cursor given: PageCursor, mode: FetchMode, by kind: RequestOrigin.Kind = .user) {
        // Whatever the cursor says, the page asked for is of the list's current query.
        var cursor = given
        cursor.query = state.query(id)
        // While a launch is near T-0, every list request says so: the budget keeps the next
        // refresh's request for it, whoever asks first.
        let origin = RequestOrigin(kind, keep: id.isSegment ? RefreshPlan.keep(state) : nil)
        let asked = ListRequest(id: id, page: cursor.page, generation: state.list(id).generation,
                                source: state.sourceIndex, mode: mode, query: cursor.query, origin: origin)
        effects.append(.fetchLaunches(asked, cursor))
    }

    mutating func receivedLaunches(_ asked: ListRequest, result: Result<Fetched<LaunchPage>, APIError>) {
        let id = asked.id
        // Frozen data (the built-in archive, a frozen source) never shows a passed date as to
        // come: a rocket's launches from the r/SpaceX API say `NO DATA` as the Launches tab does.
        let frozenSource = state.frozenSources.contains(asked.source)
        let result = result.map { $0.frozen(at: now, sourceIsFrozen: frozenSource) }
        // A Launches list from the source the user switched away from: its lists were put
        // aside as they were, and this answer is not theirs to change any more.
        if case .segment = id, asked.source != state.sourceIndex { return }
        // A response to a request made before the latest refresh describes an old list, and
        // one for a filter or order the list no longer shows is not its answer either.
        guard asked.generation == state.list(id).generation, asked.query == state.query(id) else { return }
        var askNetwork = false
        modifyList(id) { list, reducer in
            switch result {
            case .failure where asked.mode == .cacheOnly:
                // Nothing cached: the network it is, the start-up screen staying meanwhile.
                list.status.activity = .idle
                askNetwork = true
            case .failure(let error):
                list.status.failed(error, mode: asked.mode, now: reducer.now)
            case .success(let fetched) where asked.page != 1 && (fetched.archive != nil) != (list.status.archive != nil):
                // The next page of the archive's list came from the source (the network is
                // back), or the reverse: it belongs to another list. The list starts again
                // from the top, from the source.
                list.status.activity = .idle
                list.generation += 1
                askNetwork = true
            case .success(let fetched):
                var received = fetched.value
                let all = received.launches
                // The server matched case only (accents are folded here), and a source may not
                // filter at all (Launch Library 2's outcome): every filter is applied here too.
                received.launches = received.launches.filter { asked.query.matches($0) }
                received.next?.query = asked.query
                let fetchedAt = fetched.fetchedAt ?? reducer.now
                list.received(received, all: all, follow: asked.query.follow, isFirst: asked.page == 1, fetchedAt: fetchedAt)
                askNetwork = list.status.succeeded(fetchedAt: fetchedAt, problem: fetched.problem, mode: asked.mode, now: reducer.now,
                                                   archive: fetched.archive)
            }
            reducer.keepSelectionVisible(&list)
        }
        // The one request an answer may lead to: the network behind a start-up cache read.
        // Never a next page: that waits for the user to move.
        if askNetwork { request(id, cursor: .first, activity: .loadingFirst, mode: .normal) }
        if asked.origin.kind == .user, asked.mode != .cacheOnly, let held = APIError.heldBack(in: result),
           state.list(id).status.deferredUntil != nil {
            // The user's request waits for nothing: the list's own schedule stays as it was
            // (a near launch's refresh may spend what the user's `r` could not).
            modifyList(id) { list, _ in list.status.deferredUntil = nil }
            sayNotRefreshed(held, refreshesAt: RefreshPlan.schedule(state).first { $0.list == id }?.at)
        }
        if case .success(let fetched) = result {
            if fetched.archive == nil { updateOpenDetails(from: fetched.value.launches, fetchedAt: fetched.fetchedAt ?? now) }
            refreshStoredFavorites(launches: fetched.value.launches)
            // What changed is of what the user sees: a launch the follow hides is not "looked at".
            noteChanges(fetched.value.launches.filter(asked.query.follow.follows))
            if fetched.archive == nil { learnFollowIDs(from: fetched.value.launches) }
        }
    }

    /// `r` over data on screen that the request budget held back: the data stays and is not
    /// wrong, so this is no error, only what happened and when the refresh comes.
    mutating func sayNotRefreshed(_ error: APIError, refreshesAt: Date?) {
        guard case let .heldBack(host, wait, kept) = error else { return }
        // Short enough for 80 columns: the cause is said before ` — `, which a narrow line keeps.
        // The app's own pace, said as such: the server's count (`LL2 12/15 left`) may
        // still show requests left beside it.
        let why = kept.map { "the hour's last request is kept for \($0)" } ?? "tminus's own pace for \(host) is used up"
        let when = refreshesAt.map { "refresh in \(Formatting.duration(max(1, $0.timeIntervalSince(now))))" }
            ?? "r works again in \(Formatting.duration(max(1, wait)))"
        show(Notice("not refreshed: \(why) — \(when)", level: .info))
    }

    /// The clock moved: lists whose retry time has come ask again.
    mutating func retryDueLists() {
        for (id, list) in state.lists where list.status.retryIsDue(now: now) {
            // The Launches lists keep trying; a rocket's list only while it is on screen.
            if case .rocket = id, id != state.activeListID { continue }
            retry(id, mode: list.status.retryMode)
        }
    }

    /// Changes one list. It works on a copy written back afterwards: `change` may read other
    /// parts of the state (the screen size), which an inout borrow of `state.lists` forbids.
    mutating func modifyList(_ id: ListID, _ change: (inout LaunchListState, AppReducer) -> Void) {
        var list = state.lists.removeValue(forKey: id) ?? LaunchListState()
        change(&list, self)
        state.lists[id] = list
    }
}
