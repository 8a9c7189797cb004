import Foundation
import TminusCore

/// The Rockets tab: the list and the pager.
extension AppViewModel {
    func loadRocketsIfNeeded() {
        guard !state.rockets.hasLoadedOnce, !state.rockets.isLoading else { return }
        requestRockets(reload: false)
    }

    func requestRockets(reload: Bool) {
        guard !state.rockets.isLoading else { return }
        state.rockets.isLoading = true
        state.rockets.error = nil
        let source = environment.rocketSource
        run { () async -> AppEvent in
            do throws(APIError) {
                return .rocketsLoaded(.success(try await source.rockets(reload)))
            } catch {
                return .rocketsLoaded(.failure(error))
            }
        }
    }

    func receivedRockets(_ result: Result<Fetched<[Rocket]>, APIError>) {
        state.rockets.isLoading = false
        switch result {
        case .failure(let error):
            state.rockets.error = error
        case .success(let fetched):
            let rockets = fetched.value
            let selectedID = state.rockets.rockets.indices.contains(state.rockets.selection)
                ? state.rockets.rockets[state.rockets.selection].id : nil
            state.rockets.rockets = rockets
            state.rockets.selection = selectedID.flatMap { id in rockets.firstIndex { $0.id == id } } ?? 0
            refreshStoredFavorites(rockets: rockets)
            state.rockets.hasLoadedOnce = true
            state.rockets.updatedAt = fetched.fetchedAt ?? environment.clock.now()
            // From the cache because the network failed: shown, with the reason.
            state.rockets.error = fetched.problem
            // A refreshed list may be shorter: open pages keep pointing at a rocket that exists.
            state.stacks[.rockets] = (state.stacks[.rockets] ?? []).compactMap { route in
                guard case .rocketPage(var page) = route else { return route }
                guard !rockets.isEmpty else { return nil }
                page.index = min(page.index, rockets.count - 1)
                return .rocketPage(page)
            }
        }
        state.now = environment.clock.now()
    }

    func handleRocketListKey(_ key: Key) {
        let count = state.rockets.rockets.count
        if Self.moveSelection(&state.rockets.selection, count: count, by: key) { return }
        switch key {
        case .character("r"): requestRockets(reload: true)
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
