import Foundation
import TminusCore

/// The Rockets tab: the list and the pager.
extension AppViewModel {
    /// Like a launch list: the cache at once, the network behind it when that is stale.
    func loadRocketsIfNeeded() {
        guard !state.rockets.hasLoadedOnce, !state.rockets.isLoading else { return }
        requestRockets(mode: .cacheOnly)
    }

    func requestRockets(mode: FetchMode) {
        guard !state.rockets.isLoading else { return }
        state.rockets.isLoading = true
        state.rockets.retryAt = nil
        if mode != .cacheOnly { state.rockets.error = nil }
        let source = environment.rocketSource
        run { () async -> AppEvent in
            do throws(APIError) {
                return .rocketsLoaded(mode, .success(try await source.rockets(mode)))
            } catch {
                return .rocketsLoaded(mode, .failure(error))
            }
        }
    }

    func retryRocketsIfDue() {
        guard let at = state.rockets.retryAt, at <= state.now, !state.rockets.isLoading else { return }
        requestRockets(mode: .normal)
    }

    func receivedRockets(_ mode: FetchMode, _ result: Result<Fetched<[Rocket]>, APIError>) {
        let now = environment.clock.now()
        state.rockets.isLoading = false
        switch result {
        case .failure where mode == .cacheOnly:
            requestRockets(mode: .normal)
        case .failure(let error):
            state.rockets.error = error
            state.rockets.failures += 1
            state.rockets.retryAt = Self.retryTime(after: error, failures: state.rockets.failures, now: now)
        case .success(let fetched):
            let rockets = fetched.value
            let selectedID = state.rockets.rockets.indices.contains(state.rockets.selection)
                ? state.rockets.rockets[state.rockets.selection].id : nil
            state.rockets.rockets = rockets
            state.rockets.selection = selectedID.flatMap { id in rockets.firstIndex { $0.id == id } } ?? 0
            refreshStoredFavorites(rockets: rockets)
            state.rockets.hasLoadedOnce = true
            let fetchedAt = fetched.fetchedAt ?? now
            state.rockets.updatedAt = fetchedAt
            // A refreshed list may be shorter: open pages keep pointing at a rocket that exists.
            state.stacks[.rockets] = (state.stacks[.rockets] ?? []).compactMap { route in
                guard case .rocketPage(var page) = route else { return route }
                guard !rockets.isEmpty else { return nil }
                page.index = min(page.index, rockets.count - 1)
                return .rocketPage(page)
            }
            if mode == .cacheOnly {
                if now.timeIntervalSince(fetchedAt) >= LaunchSource.freshFor || fetchedAt > now { requestRockets(mode: .normal) }
            } else {
                // From the cache because the network failed: shown, with the reason, asked again later.
                state.rockets.error = fetched.problem
                if let problem = fetched.problem {
                    state.rockets.failures += 1
                    state.rockets.retryAt = Self.retryTime(after: problem, failures: state.rockets.failures, now: now)
                } else {
                    state.rockets.failures = 0
                }
            }
        }
        state.now = now
    }

    func handleRocketListKey(_ key: Key) {
        let count = state.rockets.rockets.count
        if Self.moveSelection(&state.rockets.selection, count: count, by: key) { return }
        switch key {
        case .character("r"): requestRockets(mode: .reload)
        case .enter, .right, .character("l"):
            guard count > 0 else { return }
            push(.rocketPage(visit(state.rockets.selection, in: .all)))
        default: break
        }
    }

    /// The movement keys of the short lists (rockets, favorites): one row, or to either end.
    /// Returns whether the key was one of them.
    static func moveSelection(_ selection: inout Int, count: Int, by key: Key) -> Bool {
        switch key {
        case .down, .character("j"): selection = min(max(0, count - 1), selection + 1)
        case .up, .character("k"): selection = max(0, selection - 1)
        case .home, .character("g"): selection = 0
        case .end, .character("G"): selection = max(0, count - 1)
        default: return false
        }
        return true
    }

    /// Landing on a rocket's page: a fresh random picture from its gallery.
    func visit(_ index: Int, in collection: RocketPageState.Collection) -> RocketPageState {
        let images = state.rockets(in: collection)[index].flickrImages.count
        let pick = images > 0 ? min(max(0, environment.randomIndex(images)), images - 1) : 0
        return RocketPageState(index: index, imageIndex: pick, collection: collection)
    }

    func handleRocketPageKey(_ key: Key) {
        guard var page = state.rocketPage, let rocket = state.rocket(at: page) else {
            if key == .escape || key == .backspace { goBack() }
            return
        }
        let count = state.rockets(in: page.collection).count
        switch key {
        case .escape, .backspace:
            // Back to the list, on the rocket the pager ended on.
            if page.collection == .all { state.rockets.selection = page.index }
            goBack()
            return
        // The pager stops at both ends: a deliberate edge, not a jump back to the start.
        case .left, .character("h"):
            guard page.index > 0 else { return }
            page = visit(page.index - 1, in: page.collection)
        case .right, .character("l"):
            guard page.index < count - 1 else { return }
            page = visit(page.index + 1, in: page.collection)
        // The gallery wraps: it is a carousel of equals.
        case .character("]"):
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + 1) % n }
        case .character("["):
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + n - 1) % n }
        case .character("o"):
            userOpenedLink(rocket.wikipedia, named: "Wikipedia", missing: "this rocket has no Wikipedia link")
        case .character("L"):
            if page.collection == .all { state.rockets.selection = page.index }
            push(.rocketLaunches(rocketID: rocket.id, rocketName: rocket.name))
            loadFirstPageIfNeeded(.rocket(rocket.id))
            return
        default:
            let layout = ScreenLayout(state.size)
            let lines = RocketDocument.lines(rocket, width: layout.detailBodyWidth).count
            page.scroll = scrolled(page.scroll, by: key, lines: lines, height: layout.rocketBodyHeight)
        }
        replaceTop(.rocketPage(page))
    }
}
