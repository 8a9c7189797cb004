import Foundation
import TminusCore

/// `f` everywhere, and the Favorites tab. Every change goes through the favorites store and
/// the screen shows what it says is committed.
extension AppViewModel {
    func reloadFavorites() {
        state.favorites.isLoading = true
        let store = environment.favorites
        runInOrder(.favorites) { () async -> AppEvent in
            do throws(StoreError) { return .favoritesLoaded(.success(try await store.load())) } catch { return .favoritesLoaded(.failure(error)) }
        }
    }

    enum FavoritesChange: Sendable {
        case saveRocket(Rocket), removeRocket(String), saveLaunch(Launch), removeLaunch(String)
        case refresh([Launch], [Rocket])

        func apply(to store: FavoritesStore) async throws(StoreError) -> Favorites {
            switch self {
            case .saveRocket(let rocket): try await store.saveRocket(rocket)
            case .removeRocket(let id): try await store.removeRocket(id)
            case .saveLaunch(let launch): try await store.saveLaunch(launch)
            case .removeLaunch(let id): try await store.removeLaunch(id)
            case let .refresh(launches, rockets): try await store.refresh(launches, rockets)
            }
        }
    }

    /// Runs one store change in order with the others and posts what is committed afterwards.
    func changeFavorites(_ change: FavoritesChange) {
        let store = environment.favorites
        runInOrder(.favorites) { () async -> AppEvent in
            do throws(StoreError) { return .favoritesLoaded(.success(try await change.apply(to: store))) } catch { return .favoritesLoaded(.failure(error)) }
        }
    }

    func receivedFavorites(_ result: Result<Favorites, StoreError>) {
        state.favorites.isLoading = false
        switch result {
        case .success(let items):
            state.favorites.items = items
            state.favorites.hasLoadedOnce = true
            state.favorites.error = nil
            state.favorites.selection = min(state.favorites.selection, max(0, state.favorites.rows.count - 1))
        case .failure(let error):
            state.favorites.error = error
            state.notice = Notice(error.message, level: .error)
        }
    }

    /// `f` (and `x` on the Favorites tab): the thing the user is looking at goes in or out.
    func userToggledFavorite() {
        switch state.screen {
        case .launchDetail:
            if let launch = state.detail?.launch { toggleWatch(launch) }
        case .launchList, .rocketLaunches:
            if let id = state.activeListID, let launch = state.list(id).selectedLaunch { toggleWatch(launch) }
        case .rocketList:
            let rockets = state.rockets.rockets
            if rockets.indices.contains(state.rockets.selection) { toggleFavorite(rockets[state.rockets.selection]) }
        case .rocketPage:
            if let page = state.rocketPage, let rocket = state.rocket(at: page) { toggleFavorite(rocket) }
        case .favorites:
            switch state.favorites.selectedRow {
            case .rocket(let r)?: changeFavorites(.removeRocket(r.id))
            case .launch(let l)?: changeFavorites(.removeLaunch(l.id))
            case nil: break
            }
        }
    }

    func toggleWatch(_ launch: Launch) {
        if state.isWatched(launch: launch.id) {
            changeFavorites(.removeLaunch(launch.id))
        } else {
            changeFavorites(.saveLaunch(launch))
        }
    }

    func toggleFavorite(_ rocket: Rocket) {
        if state.isFavorite(rocket: rocket.id) {
            changeFavorites(.removeRocket(rocket.id))
        } else {
            changeFavorites(.saveRocket(rocket))
        }
    }

    /// Fresh data arrived: the stored copies of favorites in it are brought up to date.
    func refreshStoredFavorites(launches: [Launch] = [], rockets: [Rocket] = []) {
        let watched = Set(state.favorites.items.launches.map(\.id))
        let saved = Set(state.favorites.items.rockets.map(\.id))
        let freshLaunches = launches.filter { watched.contains($0.id) }
        let freshRockets = rockets.filter { saved.contains($0.id) }
        guard !freshLaunches.isEmpty || !freshRockets.isEmpty else { return }
        changeFavorites(.refresh(freshLaunches, freshRockets))
    }

    func handleFavoritesKey(_ key: Key) {
        let count = state.favorites.rows.count
        switch key {
        case .down, .character("j"): state.favorites.selection = min(max(0, count - 1), state.favorites.selection + 1)
        case .up, .character("k"): state.favorites.selection = max(0, state.favorites.selection - 1)
        case .home, .character("g"): state.favorites.selection = 0
        case .end, .character("G"): state.favorites.selection = max(0, count - 1)
        case .character("r"): reloadFavorites()
        case .enter, .right, .character("l"):
            switch state.favorites.selectedRow {
            case .rocket(let r)?:
                guard let index = state.favorites.items.rockets.firstIndex(where: { $0.id == r.id }) else { return }
                push(.rocketPage(visit(index, in: .favorites)))
            case .launch(let l)?:
                push(.launchDetail(LaunchDetailState(launch: l.launch)))
                state.now = environment.clock.now()
            case nil:
                break
            }
        default:
            break
        }
    }
}
