import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The Launches tab through the pure reducer (`ReducerStore`), each step saying the whole state
/// it leads to and every effect it asks for: a change nobody wrote down fails (issue 26).
@Suite("Whole states: launches")
struct LaunchesWholeStateTests {
    static let upcoming = WholeState.upcoming
    static let past = WholeState.past

    /// Start, the cache has nothing, the network's page, a row down, open it, back.
    @Test func theLaunchListStartsLoadsMovesOpensAndGoesBack() {
        let launches = Sample.launches(3, upcoming: true)
        var store = ReducerStore(ScriptedSource(upcoming: launches))
        let fromCache = ListRequest(id: Self.upcoming, page: 1, generation: 0, source: 0, mode: .cacheOnly)
        store.send(.started, effects: [.fetchLaunches(fromCache, .first), .favorites(.load)]) { state in
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

    /// `p` shows Past and asks for its first page (the cache first); the page arrives; `u`
    /// goes back to Upcoming, already loaded (nothing asked); `n` without a filter says so.
    @Test func pastLoadsItsFirstPageAndUpcomingComesBackAsItWas() {
        let upcoming = Sample.launches(3, upcoming: true)
        let past = Sample.launches(2, upcoming: false, prefix: "Flight")
        var store = ReducerStore(ScriptedSource(upcoming: upcoming, past: past))
        store.startWithCachedUpcoming(upcoming)
        let now = store.clock.clock.now()

        store.send(.key(.character("j")), effects: []) { state in
            state.lists[Self.upcoming]?.selection = 1
        }
        let pastRead = WholeState.cacheRead(Self.past)
        store.send(.key(.character("p")), effects: [.fetchLaunches(pastRead, .first)]) { state in
            state.segment = .past
            state.lists[Self.past] = WholeState.loadingFirst
        }
        // A launch that is over is not remembered as shown this run (only launches to come slip).
        store.send(.launchesLoaded(pastRead, .success(Fetched(WholeState.page(past)))),
                   effects: [.rememberSeen(WholeState.seen(past, at: now))]) { state in
            state.lists[Self.past] = WholeState.firstPage(past, fetchedAt: now)
        }
        store.send(.key(.character("j")), effects: []) { state in
            state.lists[Self.past]?.selection = 1
        }
        // Back on Upcoming: its rows and its selection as they were, nothing asked again.
        store.send(.key(.character("u")), effects: []) { state in
            state.segment = .upcoming
        }
        #expect(store.state.currentList.selectedLaunch?.name == "Mission 2")
        // And Past again: kept too, no request.
        store.send(.key(.character("p")), effects: []) { state in
            state.segment = .past
        }

        store.send(.key(.character("n")), effects: []) { state in
            state.notice = Notice("nothing to match: / first, then n and N go through the matches",
                                  expires: now.addingTimeInterval(Notice.lifetime))
        }
    }

    /// `/` and a name: the rows at hand filtered at once (the unfiltered list kept aside),
    /// Enter asks for the filtered list (the cache first), its page arrives, Esc clears the
    /// filter (the kept list back, on the launch that was selected), `s` the other order.
    /// (The list has a page after this one, so it is not whole and the server is asked; a
    /// whole upcoming list is filtered with no request: `FilterTests`.)
    @Test func aFilterTypedThenKeptThenClearedAndTheOrderReversed() {
        let launches = Sample.launches(3, upcoming: true)
        var store = ReducerStore(ScriptedSource(upcoming: launches))
        let more = PageCursor(page: 2)
        store.startWithCachedUpcoming(launches, next: more)
        let now = store.clock.clock.now()
        let unfiltered = WholeState.firstPage(launches, fetchedAt: now, next: more)

        store.send(.key(.character("/")), effects: []) { state in
            state.filterInput = FilterInput(list: Self.upcoming, text: "")
        }
        let byName = ListQuery(text: "2")
        store.send(.key(.character("2")), effects: []) { state in
            // The server is asked after a pause (or Enter); the rows here are filtered now.
            state.filterInput = FilterInput(list: Self.upcoming, text: "2",
                                            askAt: now.addingTimeInterval(AppViewModel.filterDebounce))
            state.queries[Self.upcoming] = byName
            state.otherQueryLists[Self.upcoming] = [.default: unfiltered]
            var filtered = LaunchListState()
            filtered.launches = [launches[1]]
            filtered.generation = 1
            state.lists[Self.upcoming] = filtered
        }
        #expect(store.state.currentList.launches.map(\.name) == ["Mission 2"])

        let filteredRead = WholeState.cacheRead(Self.upcoming, generation: 1, query: byName)
        store.send(.key(.enter), effects: [.fetchLaunches(filteredRead, PageCursor(page: 1, query: byName))]) { state in
            state.filterInput = nil
            state.lists[Self.upcoming]?.status.activity = .loadingFirst
        }
        let filteredLoaded = WholeState.firstPage([launches[1]], fetchedAt: now, generation: 1)
        store.send(.launchesLoaded(filteredRead, .success(Fetched(WholeState.page([launches[1]])))),
                   effects: [.rememberSeen(WholeState.seen([launches[1]], at: now))]) { state in
            state.lists[Self.upcoming] = filteredLoaded
        }

        // Esc: the filter goes, the list kept aside comes back on Mission 2; the filtered one
        // is kept in its turn (nothing asked either way).
        store.send(.key(.escape), effects: []) { state in
            state.queries[Self.upcoming] = nil
            state.otherQueryLists[Self.upcoming] = [byName: filteredLoaded]
            var back = unfiltered
            back.selection = 1
            state.lists[Self.upcoming] = back
        }

        // `s`: the other order asked for at once; the rows stay until its page comes.
        let reversed = ListQuery(reversed: true)
        let reversedRead = WholeState.cacheRead(Self.upcoming, generation: 1, query: reversed)
        store.send(.key(.character("s")), effects: [.fetchLaunches(reversedRead, PageCursor(page: 1, query: reversed))]) { state in
            state.queries[Self.upcoming] = reversed
            var before = unfiltered
            before.selection = 1
            state.otherQueryLists[Self.upcoming] = [byName: filteredLoaded, .default: before]
            var list = LaunchListState()
            list.launches = launches
            list.generation = 1
            list.selection = 1
            list.status.activity = .loadingFirst
            state.lists[Self.upcoming] = list
        }
        // Its page, latest first: the selection stays on Mission 2.
        let latestFirst = Array(launches.reversed())
        store.send(.launchesLoaded(reversedRead, .success(Fetched(WholeState.page(latestFirst)))),
                   effects: [.rememberSeen(WholeState.seen(latestFirst, at: now))]) { state in
            var list = WholeState.firstPage(latestFirst, fetchedAt: now, generation: 1)
            list.selection = 1
            state.lists[Self.upcoming] = list
        }
        #expect(store.state.currentList.launches.map(\.name) == ["Mission 3", "Mission 2", "Mission 1"])
    }
}
