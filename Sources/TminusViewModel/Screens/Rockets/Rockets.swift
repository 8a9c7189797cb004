import Foundation
import TminusCore

/// The Rockets tab: the list (the Launches tab's source's catalogue, `/` to narrow it) and
/// the pager.
extension AppReducer {
    /// Like a launch list: the cache at once, the network behind it when that is stale.
    mutating func loadRocketsIfNeeded() {
        guard !state.rockets.status.hasLoadedOnce, !state.rockets.status.isLoading else { return }
        requestRockets(mode: .cacheOnly)
    }

    mutating func requestRockets(mode: FetchMode) {
        guard !state.rockets.status.isLoading else { return }
        state.rockets.status.begin(.loadingFirst, mode: mode)
        effects.append(.fetchRockets(source: state.sourceIndex, mode))
    }

    mutating func retryRocketsIfDue() {
        guard state.rockets.status.retryIsDue(now: now) else { return }
        requestRockets(mode: state.rockets.status.retryMode)
    }

    mutating func receivedRockets(_ mode: FetchMode, _ result: Result<Fetched<[Rocket]>, APIError>) {
        switch result {
        case .failure where mode == .cacheOnly:
            state.rockets.status.activity = .idle
            requestRockets(mode: .normal)
        case .failure(let error):
            state.rockets.status.failed(error, mode: mode, now: now)
            if state.rocketFilterWaiting != nil {
                state.rocketFilterWaiting = nil
                show(Notice("could not load the rockets to filter by: \(error.message)", level: .error))
            }
        case .success(let fetched):
            let selectedID = state.rockets.rockets.indices.contains(state.rockets.selection)
                ? state.rockets.rockets[state.rockets.selection].id : nil
            // The rest of a long catalogue is asked again page by page; never after the
            // archive's rockets (another source's), which are the whole of them.
            // Pages read before are read again as the user scrolls (from the cache, which keeps
            // them for days: no request).
            let more = context.sources[state.sourceIndex].hasMoreRockets && fetched.archive == nil
            state.rockets.catalogue = fetched.value
            state.rockets.morePage = more ? 1 : nil
            state.rockets.loadingMore = false
            let rockets = state.rockets.rockets
            state.rockets.selection = selectedID.flatMap { id in rockets.firstIndex { $0.id == id } } ?? 0
            refreshStoredFavorites(rockets: fetched.value)
            let fetchedAt = fetched.fetchedAt ?? now
            state.rockets.status.updatedAt = fetchedAt
            // A refreshed list may be shorter: open pages keep pointing at a rocket that exists.
            updateRoutes(on: .rockets) { (page: RocketPageState) in
                guard !rockets.isEmpty else { return nil }
                var page = page
                page.index = min(page.index, rockets.count - 1)
                return .rocketPage(page)
            }
            if state.rockets.status.succeeded(fetchedAt: fetchedAt, problem: fetched.problem, mode: mode, now: now,
                                              archive: fetched.archive) {
                requestRockets(mode: .normal)
            }
            // `R` was pressed before the rockets were here: it takes effect now, and the
            // "loading…" words go (issue 37: they stayed after the filter applied).
            if let waiting = state.rocketFilterWaiting {
                state.rocketFilterWaiting = nil
                if state.notice?.text == Self.loadingRocketsToFilter.text { state.notice = nil }
                if rockets.isEmpty {
                    show(Notice("no rockets to filter by (see the Rockets tab)"))
                } else {
                    userCycledRocket(waiting)
                }
            }
        }
    }

    /// A further page of the catalogue arrived: appended (a rocket already listed is not
    /// listed twice); a failure stops asking until `r`.
    mutating func receivedMoreRockets(_ page: Int, _ result: Result<Fetched<RocketPage>, APIError>) {
        guard state.rockets.loadingMore, state.rockets.morePage == page else { return }
        state.rockets.loadingMore = false
        switch result {
        case .failure(let error):
            state.rockets.morePage = nil
            show(Notice("could not load more rockets: \(error.message) (r retries)", level: .error))
        case .success(let fetched):
            let known = Set(state.rockets.catalogue.map(\.id))
            state.rockets.catalogue += fetched.value.rockets.filter { !known.contains($0.id) }
            state.rockets.morePage = fetched.value.more ? page + 1 : nil
            refreshStoredFavorites(rockets: fetched.value.rockets)
            // A filter that still matches few rockets reads on (at most `rocketPagesMax` pages).
            loadMoreRocketsIfNeeded()
        }
    }

    /// Near the end of the list, the next page of the catalogue is asked (as a launch list's).
    mutating func loadMoreRocketsIfNeeded() {
        let rockets = state.rockets
        guard let page = rockets.morePage, !rockets.loadingMore, !rockets.status.isLoading,
              rockets.selection >= rockets.rockets.count - 3 else { return }
        state.rockets.loadingMore = true
        effects.append(.fetchMoreRockets(source: state.sourceIndex, page: page, .normal))
    }

    mutating func performOnRocketList(_ action: Action) {
        let count = state.rockets.rockets.count
        switch action {
        case .move(let movement):
            state.rockets.selection = Self.moved(state.rockets.selection, count: count, by: movement)
            loadMoreRocketsIfNeeded()
        case .refresh: requestRockets(mode: .reload)
        case .open:
            guard count > 0 else { return }
            push(.rocketPage(visit(state.rockets.selection, in: .all)))
        case .openFilter:
            state.rockets.typingFilter = true
        case .back:
            state.rockets.filter = ""
        case .toggleFavorite: userToggledFavorite()
        default: break
        }
    }

    /// The keys while the rocket list's `/` input is open: text narrows the list at once,
    /// Enter opens the top match (the filter stays), Esc clears it, Backspace deletes.
    mutating func handleRocketFilterKey(_ key: Key) {
        switch key {
        case .escape:
            state.rockets.typingFilter = false
            state.rockets.filter = ""
        case .enter:
            state.rockets.typingFilter = false
            state.rockets.filter = state.rockets.filter.trimmingCharacters(in: .whitespaces)
            state.rockets.selection = 0
            if !state.rockets.rockets.isEmpty {
                push(.rocketPage(visit(0, in: .all)))
            } else if state.rockets.status.isLoading || state.rockets.loadingMore {
                // Enter before the catalogue has come opens nothing: said, not silent.
                show(Notice("the rockets are still loading — the filter stays; Enter on a row opens it"))
            }
        case .backspace:
            if !state.rockets.filter.isEmpty { state.rockets.filter.removeLast() }
            state.rockets.selection = 0
        case .character(let character) where !character.isNewline && character != "\t":
            state.rockets.filter.append(character)
            state.rockets.selection = 0
        default:
            return
        }
        // What the filter looks for may be further down the catalogue.
        loadMoreRocketsIfNeeded()
    }

    /// The movement of the short lists (rockets, favorites): one row, or to either end.
    /// `lines` rows down (up when negative), within the list: the mouse wheel.
    static func moved(_ selection: Int, count: Int, by lines: Int) -> Int {
        min(max(0, selection + lines), max(0, count - 1))
    }

    static func moved(_ selection: Int, count: Int, by movement: Movement) -> Int {
        switch movement {
        case .down: min(max(0, count - 1), selection + 1)
        case .up: max(0, selection - 1)
        case .top: 0
        case .bottom: max(0, count - 1)
        case .pageUp, .pageDown: selection
        }
    }
}
