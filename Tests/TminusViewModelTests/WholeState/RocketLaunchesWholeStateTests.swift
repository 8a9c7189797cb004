import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A rocket's launches (`L` on its page) through the pure reducer (`ReducerStore`): the list's
/// page arriving, moving, a launch's detail opened over it and closed, back to the page.
/// Each step says the whole state it leads to and every effect (issue 26).
@Suite("Whole states: rocket launches")
struct RocketLaunchesWholeStateTests {
    @Test func theListLoadsMovesOpensADetailAndGoesBackToThePage() {
        let rockets = Sample.Rockets.all
        let falcon9 = Sample.Rockets.falcon9
        let flights = Sample.launches(3, upcoming: false, prefix: "Falcon flight")
        var store = ReducerStore(ScriptedSource(rockets: rockets, rocketLaunches: [falcon9.id: flights]))
        store.openRocketsFromCache(rockets)
        let now = store.clock.clock.now()

        store.send(.key(.character("j")), effects: []) { state in
            state.rockets.selection = 1
        }
        let page = Route.rocketPage(RocketPageState(index: 1, imageIndex: 0))
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.rockets] = [page]
        }
        let list = ListID.rocket(falcon9.id)
        let launchesRoute = Route.rocketLaunches(rocketID: falcon9.id, rocketName: "Falcon 9")
        let read = WholeState.cacheRead(list)
        store.send(.key(.character("L")), effects: [.fetchLaunches(read, .first)]) { state in
            state.stacks[.rockets] = [page, launchesRoute]
            state.lists[list] = WholeState.loadingFirst
        }

        // The cache's copy, fresh: shown, the network not asked. Launches that are over are
        // remembered as seen, not as shown this run (only launches to come slip).
        store.send(.launchesLoaded(read, .success(Fetched(WholeState.page(flights)))),
                   effects: [.rememberSeen(WholeState.seen(flights, at: now))]) { state in
            state.lists[list] = WholeState.firstPage(flights, fetchedAt: now)
        }
        store.send(.key(.character("j")), effects: []) { state in
            state.lists[list]?.selection = 1
        }
        #expect(store.state.launchInFocus?.name == "Falcon flight 2")

        // Enter: the detail over the list; from a rocket's list it has no source index (`r`
        // has nothing to reload it from), and nothing is asked.
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.rockets] = [page, launchesRoute, WholeState.detail(flights[1], fromSource: nil)]
        }
        #expect(store.state.screen == .launchDetail)
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = [page, launchesRoute]
        }
        // Back on the list, on the same row.
        #expect(store.state.launchInFocus?.name == "Falcon flight 2")
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = [page]
        }
        #expect(store.state.screen == .rocketPage)
        // The list is kept: `L` again shows it at once, nothing asked.
        store.send(.key(.character("L")), effects: []) { state in
            state.stacks[.rockets] = [page, launchesRoute]
        }
        #expect(store.state.launchInFocus?.name == "Falcon flight 2")
    }
}
