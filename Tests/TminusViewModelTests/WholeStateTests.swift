import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The main flows of each screen through the pure reducer (`ReducerStore`), each step saying
/// the whole state it leads to and every effect it asks for: a change nobody wrote down fails
/// (issue 26).
@Suite("The reducer, whole states")
struct WholeStateTests {
    static let upcoming = ListID.segment(.upcoming)

    /// Start, the cache has nothing, the network's page, a row down, open it, back.
    @Test func theLaunchListStartsLoadsMovesOpensAndGoesBack() {
        let launches = Sample.launches(3, upcoming: true)
        var store = ReducerStore(ScriptedSource(upcoming: launches))
        let fromCache = ListRequest(id: Self.upcoming, page: 1, generation: 0, source: 0, mode: .cacheOnly)
        store.send(.started, effects: [.fetchLaunches(fromCache, .first), .loadFavorites]) { state in
            state.lists[Self.upcoming, default: LaunchListState()].status.begin(.loadingFirst, mode: .cacheOnly)
            state.favorites.isLoading = true
            state.session.pendingFavorites.count = 1
        }

        // Nothing cached: the network is asked, the start-up screen stays.
        let fromNetwork = ListRequest(id: Self.upcoming, page: 1, generation: 0, source: 0, mode: .normal)
        store.send(.launchesLoaded(fromCache, .failure(.offline("nothing cached"))),
                   effects: [.fetchLaunches(fromNetwork, .first)]) { state in
            state.lists[Self.upcoming]?.status.begin(.loadingFirst, mode: .normal)
        }

        let page = LaunchPage(launches: launches, page: 1, totalDocs: 3, next: nil)
        let now = store.clock.clock.now()
        store.send(.launchesLoaded(fromNetwork, .success(Fetched(page))),
                   effects: [.rememberSeen(Dictionary(uniqueKeysWithValues: launches.map { ($0.id, SeenLaunch($0, seenAt: now)) }))]) { state in
            // The list takes the page (rows, the end of the list, when it was fetched) and is done.
            state.lists[Self.upcoming]?.received(page, all: launches, isFirst: true, fetchedAt: now)
            _ = state.lists[Self.upcoming]?.status.succeeded(fetchedAt: now, problem: nil, mode: .normal, now: now)
            for launch in launches { state.shownThisRun[launch.id] = SeenLaunch(launch, seenAt: now) }
        }

        store.send(.key(.character("j")), effects: []) { state in
            state.lists[Self.upcoming]?.selection = 1
        }
        store.send(.key(.enter), effects: []) { state in
            var detail = LaunchDetailState(launch: launches[1])
            detail.sourceIndex = 0
            state.stacks[.launches] = [.launchDetail(detail)]
        }
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.launches] = []
        }
    }

    /// The Rockets tab: opened, the catalogue (nothing cached, then the network's), a rocket's
    /// page, its next picture, back.
    @Test func theRocketsTabLoadsOpensAPageBrowsesAndGoesBack() {
        let rockets = Sample.Rockets.all
        var store = ReducerStore(ScriptedSource(rockets: rockets))
        store.send(.key(.character("2")), effects: [.fetchRockets(source: 0, .cacheOnly)]) { state in
            state.tab = .rockets
            state.rockets.status.begin(.loadingFirst, mode: .cacheOnly)
        }
        store.send(.rocketsLoaded(source: 0, .cacheOnly, .failure(.offline("nothing cached"))),
                   effects: [.fetchRockets(source: 0, .normal)]) { state in
            state.rockets.status.begin(.loadingFirst, mode: .normal)
        }
        let now = store.clock.clock.now()
        store.send(.rocketsLoaded(source: 0, .normal, .success(Fetched(rockets))), effects: []) { state in
            state.rockets.catalogue = rockets
            state.rockets.status.updatedAt = now
            _ = state.rockets.status.succeeded(fetchedAt: now, problem: nil, mode: .normal, now: now)
        }
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.rockets] = [.rocketPage(RocketPageState(index: 0, imageIndex: 0))]
        }
        store.send(.key(.character("]")), effects: []) { state in
            state.stacks[.rockets] = [.rocketPage(RocketPageState(index: 0, imageIndex: 1))]
        }
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = []
        }
    }

    /// The Favorites tab: opened (the database read), a rocket removed with `x` and put back
    /// with `u`, each change through the store and said in the status line.
    @Test func favoritesRemoveAndPutBack() {
        let falcon9 = FavoriteRocket(Sample.Rockets.falcon9, addedAt: Sample.reference)
        var store = ReducerStore(ScriptedSource())
        store.send(.key(.character("3")), effects: [.loadFavorites]) { state in
            state.tab = .favorites
            state.favorites.isLoading = true
            state.session.pendingFavorites.count = 1
        }
        let saved = Favorites(rockets: [falcon9], launches: [])
        store.send(.favoritesLoaded(.success(saved)), effects: []) { state in
            state.favorites.items = saved
            state.favorites.isLoading = false
            state.favorites.hasLoadedOnce = true
            state.session.pendingFavorites.count = 0
        }
        let now = store.clock.clock.now()
        store.send(.key(.character("x")), effects: [.changeFavorites(.removeRocket(falcon9.id))]) { state in
            state.session.pendingFavorites = PendingFavorites(count: 1, rockets: [], launches: [])
            state.favorites.undo = .init(change: .saveRocket(falcon9.rocket), name: "Falcon 9")
            state.notice = Notice("removed Falcon 9 · u puts it back", expires: now.addingTimeInterval(3 * Notice.lifetime))
        }
        store.send(.favoritesLoaded(.success(.empty)), effects: []) { state in
            state.favorites.items = .empty
            state.session.pendingFavorites.count = 0
        }
        store.send(.key(.character("u")), effects: [.changeFavorites(.saveRocket(falcon9.rocket))]) { state in
            state.session.pendingFavorites = PendingFavorites(count: 1, rockets: [falcon9.id], launches: [])
            state.favorites.undo = nil
            state.notice = Notice("put back Falcon 9", expires: now.addingTimeInterval(Notice.lifetime))
        }
    }
}
