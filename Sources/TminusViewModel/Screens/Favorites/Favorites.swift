import Foundation
import TminusCore

/// `f` everywhere, and the Favorites tab. Every change goes through the favorites store and
/// the screen shows what it says is committed.
extension AppReducer {
    /// Counts a store call about to be queued.
    mutating func enqueueFavoritesCall(_ change: FavoritesChange? = nil) {
        if state.session.pendingFavorites.count == 0 {
            state.session.pendingFavorites.rockets = state.favorites.items.rocketIDs
            state.session.pendingFavorites.launches = state.favorites.items.launchIDs
            state.session.pendingFavorites.events = state.favorites.items.eventIDs
        }
        state.session.pendingFavorites.count += 1
        switch change {
        case .saveRocket(let rocket)?: state.session.pendingFavorites.rockets.insert(rocket.id)
        case .removeRocket(let id)?: state.session.pendingFavorites.rockets.remove(id)
        case .saveLaunch(let launch)?: state.session.pendingFavorites.launches.insert(launch.id)
        case .removeLaunch(let id)?: state.session.pendingFavorites.launches.remove(id)
        case .saveEvent(let event)?: state.session.pendingFavorites.events.insert(event.id)
        case .removeEvent(let id)?: state.session.pendingFavorites.events.remove(id)
        case .refresh?, nil: break
        }
    }

    func willBeWatched(_ id: String) -> Bool {
        state.session.pendingFavorites.count > 0 ? state.session.pendingFavorites.launches.contains(id) : state.isWatched(launch: id)
    }

    func willBeWatched(event id: String) -> Bool {
        state.session.pendingFavorites.count > 0 ? state.session.pendingFavorites.events.contains(id) : state.isWatched(event: id)
    }

    func willBeFavorite(_ id: String) -> Bool {
        state.session.pendingFavorites.count > 0 ? state.session.pendingFavorites.rockets.contains(id) : state.isFavorite(rocket: id)
    }

    mutating func reloadFavorites() {
        state.favorites.isLoading = true
        enqueueFavoritesCall()
        effects.append(.loadFavorites)
    }

    /// Queues one store change (in order with the others); what is committed comes back.
    mutating func changeFavorites(_ change: FavoritesChange) {
        enqueueFavoritesCall(change)
        effects.append(.changeFavorites(change))
    }

    mutating func receivedFavorites(_ result: Result<Favorites, StoreError>) {
        state.session.pendingFavorites.count = max(0, state.session.pendingFavorites.count - 1)
        state.favorites.isLoading = false
        switch result {
        case .success(let items):
            let firstLoad = !state.favorites.hasLoadedOnce
            let rocketsBefore = state.favorites.items.rockets.map(\.rocket)
            // The error notice of a failed store call no longer applies once one succeeds.
            if let error = state.favorites.error, state.notice == Notice(error.message, level: .error) {
                state.notice = nil
            }
            state.favorites.items = items
            state.favorites.hasLoadedOnce = true
            state.favorites.error = nil
            state.favorites.selection = min(state.favorites.selection, max(0, state.favorites.rows.count - 1))
            keepFavoritePagesOnTheirRockets(previously: rocketsBefore)
            // Lists that arrived before the favorites could not say which rows were favorites.
            if firstLoad {
                refreshStoredFavorites(launches: state.lists.values.flatMap(\.launches), rockets: state.rockets.rockets)
            }
        case .failure(let error):
            state.favorites.error = error
            state.notice = Notice(error.message, level: .error)
        }
    }

    /// `f` (and `x` on the Favorites tab): the thing the user is looking at goes in or out.
    mutating func userToggledFavorite() {
        if let launch = state.launchInFocus {
            toggleWatch(launch)
        } else if let rocket = state.rocketInFocus {
            toggleFavorite(rocket)
        }
    }

    /// `f` and `x` on the Favorites tab: the selected one is removed at once, said in the
    /// status line, and `u` puts it back (issue 25: `x` said nothing, and a slip lost a
    /// favorite for good).
    mutating func userRemovedFavorite() {
        switch state.favorites.selectedRow {
        case .rocket(let r)?: remove(.removeRocket(r.id), undo: .saveRocket(r.rocket), name: r.rocket.name)
        case .launch(let l)?: remove(.removeLaunch(l.id), undo: .saveLaunch(l.launch), name: l.launch.name)
        case .event(let e)?: remove(.removeEvent(e.id), undo: .saveEvent(e.event), name: e.event.name)
        case nil: break
        }
    }

    private mutating func remove(_ change: FavoritesChange, undo: FavoritesChange, name: String) {
        changeFavorites(change)
        state.favorites.undo = .init(change: undo, name: name)
        show(Notice("removed \(name) · u puts it back"), for: 3 * Notice.lifetime)
    }

    /// `u` on the Favorites tab: the last removal undone.
    mutating func userUndidRemoval() {
        guard let undo = state.favorites.undo else {
            show(Notice("nothing to undo"))
            return
        }
        changeFavorites(undo.change)
        state.favorites.undo = nil
        show(Notice("put back \(undo.name)"))
    }

    mutating func toggleWatch(_ launch: Launch) {
        toggle(willBeWatched(launch.id), remove: (.removeLaunch(launch.id), "no longer watching \(launch.name)"),
               save: (.saveLaunch(launch), "watching \(launch.name) · 3 Favorites"))
    }

    mutating func toggleWatch(_ event: SpaceEvent) {
        toggle(willBeWatched(event: event.id), remove: (.removeEvent(event.id), "no longer watching \(event.name)"),
               save: (.saveEvent(event), "watching \(event.name) · 3 Favorites"))
    }

    /// Fresh events arrived: the stored copies of watched ones that changed are written again.
    mutating func refreshWatchedEvents(_ events: [SpaceEvent]) {
        let stored = Dictionary(state.favorites.items.events.map { ($0.id, $0.event) }, uniquingKeysWith: { a, _ in a })
        for event in events where stored[event.id].map({ $0 != event }) ?? false { changeFavorites(.saveEvent(event)) }
    }

    mutating func toggleFavorite(_ rocket: Rocket) {
        toggle(willBeFavorite(rocket.id), remove: (.removeRocket(rocket.id), "\(rocket.name) removed from favorites"),
               save: (.saveRocket(rocket), "\(rocket.name) saved · 3 Favorites"))
    }

    /// Out if it is in (as the queued changes will leave it), else in; said in the status line.
    private mutating func toggle(_ isIn: Bool, remove: (FavoritesChange, String), save: (FavoritesChange, String)) {
        let (change, words) = isIn ? remove : save
        changeFavorites(change)
        show(Notice(words))
    }

    /// A rocket page opened from the Favorites tab pages through the favorite rockets by
    /// index: when they change (another tminus, a refresh that renamed one) it stays on the
    /// rocket it showed. One whose rocket is no longer a favorite (the user's `f` on it, or
    /// another tminus) stays open on that rocket alone rather than close under the user.
    mutating func keepFavoritePagesOnTheirRockets(previously before: [Rocket]) {
        let now = state.favorites.items.rockets.map(\.id)
        guard now != before.map(\.id) else { return }
        updateRoutes { (page: RocketPageState) in
            guard page.collection == .favorites, before.indices.contains(page.index) else { return .rocketPage(page) }
            var page = page
            let rocket = before[page.index]
            if let index = now.firstIndex(of: rocket.id) {
                page.index = index
            } else {
                page.collection = .single(rocket)
                page.index = 0
            }
            return .rocketPage(page)
        }
    }

    /// Fresh data arrived: the stored copies of favorites in it are brought up to date.
    mutating func refreshStoredFavorites(launches: [Launch] = [], rockets: [Rocket] = []) {
        let watched = Set(state.favorites.items.launches.map(\.id))
        let saved = Set(state.favorites.items.rockets.map(\.id))
        let stored = Dictionary(state.favorites.items.launches.map { ($0.id, $0.launch) }, uniquingKeysWith: { a, _ in a })
        // A list row may know less than the stored copy (Launch Library 2 rows have no videos);
        // an unchanged launch is not written again.
        let freshLaunches = launches.filter { watched.contains($0.id) }
            .map { fresh in stored[fresh.id].map { fresh.keepingDetail(of: $0) } ?? fresh }
            .filter { stored[$0.id] != $0 }
        let freshRockets = rockets.filter { saved.contains($0.id) }
        guard !freshLaunches.isEmpty || !freshRockets.isEmpty else { return }
        changeFavorites(.refresh(freshLaunches, freshRockets))
    }

    mutating func performOnFavorites(_ action: Action) {
        switch action {
        case .move(let movement):
            state.favorites.selection = Self.moved(state.favorites.selection, count: state.favorites.rows.count, by: movement)
        case .refresh: reloadFavorites()
        case .undoRemoval: userUndidRemoval()
        case .toggleFavorite: userRemovedFavorite()
        case .open:
            switch state.favorites.selectedRow {
            case .rocket(let r)?:
                guard let index = state.favorites.items.rockets.firstIndex(where: { $0.id == r.id }) else { return }
                push(.rocketPage(visit(index, in: .favorites)))
            case .launch(let l)?:
                push(.launchDetail(LaunchDetailState(launch: l.launch)))
            case .event(let e)?:
                openEvent(e.event)
            case nil:
                break
            }
        default:
            break
        }
    }
}
