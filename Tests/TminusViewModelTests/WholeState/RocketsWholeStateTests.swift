import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The Rockets tab through the pure reducer (`ReducerStore`): its catalogue loading, `/`
/// narrowing it, a rocket's page opened and left. Each step says the whole state it leads to
/// and every effect (issue 26).
@Suite("Whole states: rockets")
struct RocketsWholeStateTests {
    /// The Rockets tab: opened, the catalogue (nothing cached, then the network's), a rocket's
    /// page, its next picture, back.
    @Test func theRocketsTabLoadsOpensAPageBrowsesAndGoesBack() {
        let rockets = Sample.Rockets.all
        var store = ReducerStore(ScriptedSource(rockets: rockets))
        store.send(.key(.character("2")), effects: [.reloadPreferences(edits: 0), .fetchRockets(source: 0, .cacheOnly)]) { state in
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

    /// `/` then "fal": each letter narrows the list at once (the selection back to the top);
    /// Enter keeps the filter and opens the top match's page, whose pager walks the matches
    /// only; Esc back; Esc on the list clears the filter.
    @Test func aTypedFilterNarrowsAndEnterOpensTheTopMatch() {
        let rockets = Sample.Rockets.all
        var store = ReducerStore(ScriptedSource(rockets: rockets))
        store.openRocketsFromCache(rockets)
        #expect(store.state.rockets.rockets.map(\.name) == ["Falcon 1", "Falcon 9", "Starship"])

        store.send(.key(.character("G")), effects: []) { state in
            state.rockets.selection = 2
        }
        store.send(.key(.character("/")), effects: []) { state in
            state.rockets.typingFilter = true
        }
        for typed in ["f", "fa", "fal"] {
            store.send(.key(.character(typed.last!)), effects: []) { state in
                state.rockets.filter = typed
                state.rockets.selection = 0
            }
            #expect(store.state.rockets.rockets.map(\.name) == ["Falcon 1", "Falcon 9"])
        }
        // Keys typed are text, not commands: `q` does not quit, it narrows to nothing.
        store.send(.key(.character("q")), effects: []) { state in
            state.rockets.filter = "falq"
        }
        #expect(store.state.rockets.rockets.isEmpty)
        store.send(.key(.backspace), effects: []) { state in
            state.rockets.filter = "fal"
        }

        store.send(.key(.enter), effects: []) { state in
            state.rockets.typingFilter = false
            state.stacks[.rockets] = [.rocketPage(RocketPageState(index: 0, imageIndex: 0))]
        }
        #expect(store.state.rocketInFocus == Sample.Rockets.falcon1)
        // The pager goes through the two matches, and stops at the second.
        store.send(.key(.character("l")), effects: []) { state in
            state.stacks[.rockets] = [.rocketPage(RocketPageState(index: 1, imageIndex: 0))]
        }
        #expect(store.state.rocketInFocus == Sample.Rockets.falcon9)
        store.send(.key(.character("l")), effects: []) { _ in }

        // Back on the list, on the rocket the pager ended on; the filter still there.
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = []
            state.rockets.selection = 1
        }
        store.send(.key(.escape), effects: []) { state in
            state.rockets.filter = ""
        }
        #expect(store.state.rockets.rockets.map(\.name) == ["Falcon 1", "Falcon 9", "Starship"])
        #expect(store.state.rockets.selection == 1)
    }
}
