import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A rocket's page through the pure reducer (`ReducerStore`): the pager (stops at both
/// ends), the gallery (wraps), `L` for its launches, back. Each step says the whole state it
/// leads to and every effect (issue 26).
@Suite("Whole states: rocket page")
struct RocketPageWholeStateTests {
    static func page(_ index: Int, image: Int) -> Route { .rocketPage(RocketPageState(index: index, imageIndex: image)) }

    /// Falcon 1 (2 pictures), Falcon 9 (6), Starship (4).
    @Test func thePagerStopsAtTheEndsAndTheGalleryWraps() {
        let rockets = Sample.Rockets.all
        var store = ReducerStore(ScriptedSource(rockets: rockets))
        store.openRocketsFromCache(rockets)

        store.send(.key(.enter), effects: []) { state in
            state.stacks[.rockets] = [Self.page(0, image: 0)]
        }
        // The gallery is a carousel: `[` from the first picture goes to the last.
        store.send(.key(.character("[")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(0, image: 1)]
        }
        store.send(.key(.character("]")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(0, image: 0)]
        }
        // The pager is not: `h` on the first rocket stays.
        store.send(.key(.character("h")), effects: []) { _ in }
        store.send(.key(.character("]")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(0, image: 1)]
        }
        // Another rocket's page starts at its first picture.
        store.send(.key(.character("l")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(1, image: 0)]
        }
        store.send(.key(.character("l")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 0)]
        }
        #expect(store.state.rocketInFocus == Sample.Rockets.starship)
        store.send(.key(.character("l")), effects: []) { _ in }
        store.send(.key(.character("[")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 3)]
        }
        store.send(.key(.character("]")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 0)]
        }
        store.send(.key(.character("h")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(1, image: 0)]
        }

        // Back: the list's selection follows the pager.
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = []
            state.rockets.selection = 1
        }
    }

    /// `L` on Starship: its launches pushed over the page, their first page asked (the cache
    /// first); Esc back to the page, Esc back to the list.
    @Test func showLaunchesPushesTheRocketsListAndAsksForItsFirstPage() {
        let rockets = Sample.Rockets.all
        let starship = Sample.Rockets.starship
        var store = ReducerStore(ScriptedSource(rockets: rockets))
        store.openRocketsFromCache(rockets)
        store.send(.key(.character("G")), effects: []) { state in
            state.rockets.selection = 2
        }
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 0)]
        }
        store.send(.key(.character("]")), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 1)]
        }

        let list = ListID.rocket(starship.id)
        let read = WholeState.cacheRead(list)
        store.send(.key(.character("L")), effects: [.fetchLaunches(read, .first)]) { state in
            state.stacks[.rockets] = [Self.page(2, image: 1), .rocketLaunches(rocketID: starship.id, rocketName: "Starship")]
            state.lists[list] = WholeState.loadingFirst
        }
        #expect(store.state.screen == .rocketLaunches)
        #expect(store.state.activeListID == list)

        // Back on the page as it was (its picture too); the list stays, for `L` again.
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = [Self.page(2, image: 1)]
        }
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.rockets] = []
        }
    }
}
