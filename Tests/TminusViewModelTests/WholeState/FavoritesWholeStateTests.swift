import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The Favorites tab through the pure reducer (`ReducerStore`): removing and putting back,
/// opening a watched launch, and the mouse (a click selects, a double-click opens). Each step
/// says the whole state it leads to and every effect (issue 26).
@Suite("Whole states: favorites")
struct FavoritesWholeStateTests {
    static let falcon9 = FavoriteRocket(Sample.Rockets.falcon9, addedAt: Sample.reference)
    static let crs26 = WatchedLaunch(Sample.crs26, addedAt: Sample.reference)
    /// Rows: Falcon 9 (0), CRS-26 (1).
    static let saved = Favorites(rockets: [falcon9], launches: [crs26])

    /// `3`, and the database's answer.
    static func opened(_ saved: Favorites, sourceLocation: SourceLocation = #_sourceLocation) -> ReducerStore {
        var store = ReducerStore(ScriptedSource())
        store.send(.key(.character("3")), effects: [.reloadPreferences(edits: 0), .favorites(.load)], sourceLocation: sourceLocation) { state in
            state.tab = .favorites
            state.favorites.isLoading = true
            state.session.pendingFavorites.count = 1
        }
        store.send(.favoritesAnswered(.load, .success(saved), StoreStatus()), effects: [], sourceLocation: sourceLocation) { state in
            state.favorites.items = saved
            state.favorites.isLoading = false
            state.favorites.hasLoadedOnce = true
            state.session.pendingFavorites.count = 0
        }
        return store
    }

    /// The Favorites tab: opened (the database read), a rocket removed with `x` and put back
    /// with `u`, each change through the store and said in the status line once the database
    /// holds it (issue 35: never before).
    @Test func favoritesRemoveAndPutBack() {
        let falcon9 = Self.falcon9
        var store = Self.opened(Favorites(rockets: [falcon9], launches: []))
        let now = store.clock.clock.now()
        let removal = FavoritesWrite(.removeRocket(falcon9.id), done: "removed Falcon 9 · u puts it back", what: "remove Falcon 9 from favorites")
        store.send(.key(.character("x")), effects: [.favorites(.write(removal))]) { state in
            state.session.pendingFavorites = PendingFavorites(count: 1, rockets: [], launches: [])
            state.favorites.undo = .init(change: .saveRocket(falcon9.rocket), name: "Falcon 9")
        }
        store.send(.favoritesAnswered(.write(removal), .success(.empty), StoreStatus()), effects: []) { state in
            state.favorites.items = .empty
            state.session.pendingFavorites.count = 0
            state.notice = Notice("removed Falcon 9 · u puts it back", expires: now.addingTimeInterval(3 * Notice.lifetime), isReply: true)
        }
        let putBack = FavoritesWrite(.saveRocket(falcon9.rocket), done: "put back Falcon 9", what: "put back Falcon 9")
        store.send(.key(.character("u")), effects: [.favorites(.write(putBack))]) { state in
            state.session.pendingFavorites = PendingFavorites(count: 1, rockets: [falcon9.id], launches: [])
            state.favorites.undo = nil
        }
        store.send(.favoritesAnswered(.write(putBack), .success(Favorites(rockets: [falcon9])), StoreStatus()), effects: []) { state in
            state.favorites.items = Favorites(rockets: [falcon9])
            state.session.pendingFavorites.count = 0
            state.notice = Notice("put back Falcon 9", expires: now.addingTimeInterval(Notice.lifetime), isReply: true)
        }
    }

    /// Enter on a watched launch: its detail on the Favorites tab's own stack (the Launches
    /// tab's untouched), no source to reload it from; its links work there; Esc back.
    @Test func enterOnAWatchedLaunchOpensItsDetailOnTheFavoritesTab() {
        var store = Self.opened(Self.saved)
        store.send(.key(.character("j")), effects: []) { state in
            state.favorites.selection = 1
        }
        var detail = LaunchDetailState(launch: Sample.crs26)
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.favorites] = [.launchDetail(detail)]
        }
        #expect(store.state.screen == .launchDetail)
        #expect(store.state.stacks[.launches] == nil)
        store.send(.key(.character("l")), effects: []) { state in
            detail.linkIndex = 2
            state.stacks[.favorites] = [.launchDetail(detail)]
        }
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.favorites] = []
        }
        #expect(store.state.screen == .favorites)
    }

    /// With the mouse on: a click on a row selects it; a second click on it after the
    /// double-click interval only selects again; two within it open the row.
    @Test func aClickSelectsARowAndADoubleClickOpensIt() {
        var store = Self.opened(Self.saved)
        // Off by default: a click does nothing.
        var geometry = FrameGeometry()
        geometry.regions = [ClickRegion(Rect(x: 0, y: 3, width: 40, height: 1), .row(0)),
                            ClickRegion(Rect(x: 0, y: 6, width: 40, height: 1), .row(1))]
        store.send(.laidOut(geometry), effects: []) { state in
            state.lastFrame = geometry
        }
        store.send(.mouse(MouseEvent(.press, x: 5, y: 6)), effects: []) { _ in }

        store.turnMouseOn()
        let first = store.clock.clock.now()
        store.send(.mouse(MouseEvent(.press, x: 5, y: 6)), effects: []) { state in
            state.favorites.selection = 1
            state.session.lastClick = Click(at: first, screen: .favorites, row: 1)
        }
        // Too slow for a double-click: a click again.
        store.clock.advance(by: AppViewModel.doubleClickInterval + 0.5)
        let second = store.clock.clock.now()
        store.send(.mouse(MouseEvent(.press, x: 5, y: 6)), effects: []) { state in
            state.session.lastClick = Click(at: second, screen: .favorites, row: 1)
        }
        // A click on another row is not the second half of a double-click either.
        store.clock.advance(by: 0.1)
        let third = store.clock.clock.now()
        store.send(.mouse(MouseEvent(.press, x: 5, y: 3)), effects: []) { state in
            state.favorites.selection = 0
            state.session.lastClick = Click(at: third, screen: .favorites, row: 0)
        }
        store.clock.advance(by: 0.1)
        let fourth = store.clock.clock.now()
        store.send(.mouse(MouseEvent(.press, x: 5, y: 6)), effects: []) { state in
            state.favorites.selection = 1
            state.session.lastClick = Click(at: fourth, screen: .favorites, row: 1)
        }
        // Within the interval on the same row: it opens (the passing notice goes with the screen).
        store.clock.advance(by: AppViewModel.doubleClickInterval / 2)
        store.send(.mouse(MouseEvent(.press, x: 5, y: 6)), effects: []) { state in
            state.session.lastClick = nil
            state.stacks[.favorites] = [.launchDetail(LaunchDetailState(launch: Sample.crs26))]
            state.notice = nil
        }
        #expect(store.state.detail?.launch.id == "crs-26")
    }
}
