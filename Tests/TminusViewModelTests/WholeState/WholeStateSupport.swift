import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// What the whole-state tests of each screen share (issue 26): the lists they name, the
/// states they expect written out field by field, and the start-ups that bring a screen's
/// data in (each step of those stating its whole change too).
enum WholeState {
    static let upcoming = ListID.segment(.upcoming)
    static let past = ListID.segment(.past)

    /// A list as its one and only first page leaves it, every field written out.
    static func firstPage(_ launches: [Launch], fetchedAt: Date, generation: Int = 0, next: PageCursor? = nil) -> LaunchListState {
        var list = LaunchListState()
        list.launches = launches
        list.paging.next = next
        list.paging.totalDocs = next == nil ? launches.count : launches.count + 20
        list.generation = generation
        list.status.hasLoadedOnce = true
        list.status.updatedAt = fetchedAt
        list.paging.askedPages = [.first]
        list.paging.seenIDs = Set(launches.map(\.id))
        return list
    }

    /// A list whose first request just went out (`RemoteStatus.begin`), nothing in it yet.
    static var loadingFirst: LaunchListState {
        var list = LaunchListState()
        list.status.activity = .loadingFirst
        return list
    }

    /// The one page a scripted source answers with for `launches`.
    /// `next`: a page after it (the list is not whole: filters ask the server); its total
    /// is then 20 more than these.
    static func page(_ launches: [Launch], next: PageCursor? = nil) -> LaunchPage {
        LaunchPage(launches: launches, page: 1, totalDocs: next == nil ? launches.count : launches.count + 20, next: next)
    }

    /// What `.rememberSeen` carries for `launches` seen at `now`.
    static func seen(_ launches: [Launch], at now: Date) -> [String: SeenLaunch] {
        Dictionary(uniqueKeysWithValues: launches.map { ($0.id, SeenLaunch($0, seenAt: now)) })
    }

    /// The cache read a list's first showing asks for.
    static func cacheRead(_ id: ListID, generation: Int = 0, query: ListQuery = .default) -> ListRequest {
        ListRequest(id: id, page: 1, generation: generation, source: 0, mode: .cacheOnly, query: query)
    }

    /// The detail opened from a row of the Launches tab (its source remembered, for `r`).
    static func detail(_ launch: Launch, fromSource source: Int? = 0) -> Route {
        var detail = LaunchDetailState(launch: launch)
        detail.sourceIndex = source
        return .launchDetail(detail)
    }

    static let mouseOnNotice = "mouse on — Shift-drag selects text; m to turn off"
}

extension ReducerStore {
    /// Start-up on the Launches tab with `upcoming` in the cache (fresh: the network is not
    /// asked), then the favorites database, empty.
    mutating func startWithCachedUpcoming(_ upcoming: [Launch], next: PageCursor? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let now = clock.clock.now()
        let read = WholeState.cacheRead(WholeState.upcoming)
        send(.started, effects: [.fetchLaunches(read, .first), .favorites(.load)], sourceLocation: sourceLocation) { state in
            state.lists[WholeState.upcoming] = WholeState.loadingFirst
            state.favorites.isLoading = true
            state.session.pendingFavorites.count = 1
        }
        send(.launchesLoaded(read, .success(Fetched(WholeState.page(upcoming, next: next)))),
             effects: [.rememberSeen(WholeState.seen(upcoming, at: now))], sourceLocation: sourceLocation) { state in
            state.lists[WholeState.upcoming] = WholeState.firstPage(upcoming, fetchedAt: now, next: next)
            for launch in upcoming { state.shownThisRun[launch.id] = SeenLaunch(launch, seenAt: now) }
        }
        send(.favoritesAnswered(.load, .success(.empty), StoreStatus()), effects: [], sourceLocation: sourceLocation) { state in
            state.favorites.isLoading = false
            state.favorites.hasLoadedOnce = true
            state.session.pendingFavorites.count = 0
        }
    }

    /// `2`, and the catalogue from the cache (fresh: the network is not asked).
    mutating func openRocketsFromCache(_ rockets: [Rocket], sourceLocation: SourceLocation = #_sourceLocation) {
        let now = clock.clock.now()
        // A tab switch reads the settings file again (another tminus may have changed it).
        send(.key(.character("2")), effects: [.reloadPreferences(edits: state.settingsSaving.edits), .fetchRockets(source: 0, .cacheOnly)],
             sourceLocation: sourceLocation) { state in
            state.tab = .rockets
            state.rockets.status.activity = .loadingFirst
        }
        send(.rocketsLoaded(source: 0, .cacheOnly, .success(Fetched(rockets))), effects: [], sourceLocation: sourceLocation) { state in
            state.rockets.catalogue = rockets
            state.rockets.status.activity = .idle
            state.rockets.status.hasLoadedOnce = true
            state.rockets.status.updatedAt = now
        }
    }

    /// `m`: the mouse on, saved, and said in the status line.
    mutating func turnMouseOn(sourceLocation: SourceLocation = #_sourceLocation) {
        var preferences = state.preferences
        preferences.mouse = true
        let now = clock.clock.now()
        send(.key(.character("m")), effects: [.setMouse(true), .savePreferences(preferences)], sourceLocation: sourceLocation) { state in
            state.preferences.mouse = true
            state.settingsSaving.edits += 1
            state.notice = Notice(WholeState.mouseOnNotice, expires: now.addingTimeInterval(Notice.lifetime))
        }
    }
}
