import Foundation
import TminusCore

/// `f` everywhere, and the Favorites tab. Every change goes through the favorites store and
/// the screen shows what it says is committed.
extension AppReducer {
    /// Counts a store call about to be queued.
    mutating func enqueueFavoritesCall(_ change: FavoritesChange? = nil) {
        if state.session.pendingFavorites.count == 0 { projectCommitted() }
        state.session.pendingFavorites.count += 1
        if let change { project(change) }
    }

    /// The projection starts from what the database holds.
    private mutating func projectCommitted() {
        state.session.pendingFavorites.rockets = state.favorites.items.rocketIDs
        state.session.pendingFavorites.launches = state.favorites.items.launchIDs
        state.session.pendingFavorites.events = state.favorites.items.eventIDs
    }

    private mutating func project(_ change: FavoritesChange) {
        if let key = change.key { setProjected(key, !change.isRemoval) }
    }

    /// A change that failed no longer counts in the projection: its favorite is as the
    /// database has it (what the screen shows).
    private mutating func unproject(_ key: FavoriteKey?) {
        guard let key else { return }
        let items = state.favorites.items
        switch key {
        case .rocket(let id): setProjected(key, items.rocketIDs.contains(id))
        case .launch(let id): setProjected(key, items.launchIDs.contains(id))
        case .event(let id): setProjected(key, items.eventIDs.contains(id))
        }
    }

    /// The favorite `key` names in or out of the projection.
    private mutating func setProjected(_ key: FavoriteKey, _ isIn: Bool) {
        func set(_ ids: inout Set<String>, _ id: String) { if isIn { ids.insert(id) } else { ids.remove(id) } }
        switch key {
        case .rocket(let id): set(&state.session.pendingFavorites.rockets, id)
        case .launch(let id): set(&state.session.pendingFavorites.launches, id)
        case .event(let id): set(&state.session.pendingFavorites.events, id)
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

    /// Reads the favorites again (the tab opened, `r`); changes still waiting are tried too.
    mutating func reloadFavorites() {
        retryWaitingWrites()
        state.favorites.isLoading = true
        enqueueFavoritesCall()
        effects.append(.favorites(.load))
    }

    /// Queues a change the user asked for (in order with the others). Nothing is said until
    /// the database answers: "saved" only once it holds it. A change still waiting for the
    /// same favorite is replaced: the newest choice is the one to keep.
    mutating func changeFavorites(_ write: FavoritesWrite) {
        state.favorites.waiting.removeAll { $0.change.key == write.change.key }
        enqueueFavoritesCall(write.change)
        effects.append(.favorites(.write(write)))
    }

    /// Queues a change of the app's own (fresher stored copies); none while the database
    /// refuses every write (a read-only disk), which would only fail.
    mutating func refreshFavorites(_ change: FavoritesChange) {
        guard state.favorites.readOnly == nil else { return }
        enqueueFavoritesCall(change)
        effects.append(.favorites(.refresh(change)))
    }

    mutating func receivedFavorites(_ call: FavoritesCall, _ result: Result<Favorites, StoreError>, _ status: StoreStatus) {
        state.session.pendingFavorites.count = max(0, state.session.pendingFavorites.count - 1)
        if case .load = call { state.favorites.isLoading = false }
        receivedStoreStatus(status)
        switch result {
        case .success(let items):
            let firstLoad = !state.favorites.hasLoadedOnce
            let rocketsBefore = state.favorites.items.rockets.map(\.rocket)
            // The error notice of a failed store call no longer applies once one succeeds.
            if let error = state.favorites.error, state.notice?.text == error.message || state.notice?.text == error.reason {
                state.notice = nil
            }
            state.favorites.items = items
            state.favorites.hasLoadedOnce = true
            state.favorites.error = nil
            state.favorites.selection = min(state.favorites.selection, max(0, state.favorites.rows.count - 1))
            keepFavoritePagesOnTheirRockets(previously: rocketsBefore)
            if case .write(let write) = call {
                // Saved: it waits no more (a newer choice for it would have replaced it).
                state.favorites.waiting.removeAll { $0.change.key == write.change.key }
                state.favorites.fault = nil
                show(Notice(write.done, isReply: true), for: write.change.isRemoval ? 3 * Notice.lifetime : Notice.lifetime)
            } else if case .refresh = call {
                state.favorites.fault = nil
            }
            if state.favorites.waiting.isEmpty, state.session.pendingFavorites.count == 0, !state.session.rescueFiles.isEmpty {
                // Everything an earlier run left unsaved is saved now: its copies can go.
                effects.append(.forgetRescueCopies(state.session.rescueFiles))
                state.session.rescueFiles = []
            }
            if state.favorites.waiting.isEmpty { state.favorites.retryAt = nil } else if case .write = call {
                // The database takes writes again: the ones waiting go now, in order (once
                // the calls still with the store have answered).
                retryWaitingWrites()
            }
            // Lists that arrived before the favorites could not say which rows were favorites.
            if firstLoad {
                refreshStoredFavorites(launches: state.lists.values.flatMap(\.launches), rockets: state.rockets.rockets)
            }
        case .failure(let error):
            effects.append(.log("favorites: \(error.message)"))
            switch call {
            case .load:
                state.favorites.error = error
                scheduleFavoritesRetry()
            case .write(let write):
                unproject(write.change.key)
                state.favorites.waiting.removeAll { $0.change.key == write.change.key }
                state.favorites.waiting.append(write)
                state.favorites.fault = FavoritesFault(what: write.what, reason: error.reason)
                scheduleFavoritesRetry()
            case .refresh:
                // Only the stored copies stay older (the next fresh data writes them again):
                // the log has it, the user's own changes are not at risk.
                break
            }
        }
    }

    /// What the store says of itself: read-only (standing, on the tab bar), and what it did
    /// opening the database (said once).
    private mutating func receivedStoreStatus(_ status: StoreStatus) {
        state.favorites.readOnly = status.readOnly
        guard let notice = status.notice, notice != state.session.storeNoticeShown else { return }
        state.session.storeNoticeShown = notice
        effects.append(.log("favorites: \(notice)"))
        // Long enough to read (it names a file), not so long that it hides the data's own
        // state (offline, an error) for the rest of the run: the log keeps it.
        show(Notice(notice, level: status.noticeIsError ? .error : .info, isReply: true),
             for: (status.noticeIsError ? 6 : 3) * Notice.lifetime)
    }

    /// Waiting changes (and a first load that failed) are tried again this long after a failure.
    static let favoritesRetryInterval: TimeInterval = 5

    private mutating func scheduleFavoritesRetry() {
        state.favorites.retryAt = now.addingTimeInterval(Self.favoritesRetryInterval)
    }

    /// The clock: waiting changes go again when their time comes (one call at a time: while
    /// one is with the store, nothing more is sent).
    mutating func retryFavoritesIfDue() {
        guard let at = state.favorites.retryAt, at <= now, state.session.pendingFavorites.count == 0 else { return }
        state.favorites.retryAt = nil
        if state.favorites.loadFault != nil { reloadFavorites() } else { retryWaitingWrites() }
    }

    /// Sends every waiting change again, oldest first. Each stays in the queue (and counted on
    /// screen) until the store says it is saved: while the store waits out a lock, the change
    /// is still not saved. Never while other calls are with the store: those answers come first
    /// (and a success sends the rest).
    mutating func retryWaitingWrites() {
        let waiting = state.favorites.waiting
        guard !waiting.isEmpty, state.session.pendingFavorites.count == 0 else { return }
        for write in waiting {
            enqueueFavoritesCall(write.change)
            effects.append(.favorites(.write(write)))
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
        changeFavorites(FavoritesWrite(change, done: "removed \(name) · u puts it back", what: "remove \(name) from favorites"))
        state.favorites.undo = .init(change: undo, name: name)
    }

    /// `u` on the Favorites tab: the last removal undone.
    mutating func userUndidRemoval() {
        guard let undo = state.favorites.undo else {
            show(Notice("nothing to undo"))
            return
        }
        changeFavorites(FavoritesWrite(undo.change, done: "put back \(undo.name)", what: "put back \(undo.name)"))
        state.favorites.undo = nil
    }

    mutating func toggleWatch(_ launch: Launch) {
        toggle(willBeWatched(launch.id),
               remove: FavoritesWrite(.removeLaunch(launch.id), done: "no longer watching \(launch.name)", what: "stop watching \(launch.name)"),
               save: FavoritesWrite(.saveLaunch(launch), done: "watching \(launch.name) · in Favorites (key 3)", what: "watch \(launch.name)"))
    }

    mutating func toggleWatch(_ event: SpaceEvent) {
        toggle(willBeWatched(event: event.id),
               remove: FavoritesWrite(.removeEvent(event.id), done: "no longer watching \(event.name)", what: "stop watching \(event.name)"),
               save: FavoritesWrite(.saveEvent(event), done: "watching \(event.name) · in Favorites (key 3)", what: "watch \(event.name)"))
    }

    /// Fresh events arrived: the stored copies of watched ones that changed are written again.
    mutating func refreshWatchedEvents(_ events: [SpaceEvent]) {
        let stored = Dictionary(state.favorites.items.events.map { ($0.id, $0.event) }, uniquingKeysWith: { a, _ in a })
        for event in events where stored[event.id].map({ $0 != event }) ?? false { refreshFavorites(.saveEvent(event)) }
    }

    mutating func toggleFavorite(_ rocket: Rocket) {
        toggle(willBeFavorite(rocket.id),
               remove: FavoritesWrite(.removeRocket(rocket.id), done: "\(rocket.name) removed from favorites", what: "remove \(rocket.name) from favorites"),
               save: FavoritesWrite(.saveRocket(rocket), done: "\(rocket.name) saved · in Favorites (key 3)", what: "save \(rocket.name)"))
    }

    /// Out if it is in (as the queued changes will leave it), else in; said in the status
    /// line once the database holds it.
    private mutating func toggle(_ isIn: Bool, remove: FavoritesWrite, save: FavoritesWrite) {
        changeFavorites(isIn ? remove : save)
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
        refreshFavorites(.refresh(freshLaunches, freshRockets))
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
