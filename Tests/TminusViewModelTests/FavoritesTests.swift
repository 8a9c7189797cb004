import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A favorites store in memory that a test can also reach from outside the app (as another
/// tminus on the same database would), make fail, or slow down.
final class FavoritesRig: Sendable {
    struct Switches {
        var failWrites = false
        var failLoads = false
        var loadDelay: Duration?
        var writes = 0
        var loads = 0
    }

    /// The database itself: what is "on disk". Calls on it bypass the switches.
    let disk: FavoritesStore
    private let switches = Mutex(Switches())
    static let writeError = StoreError("favorites: disk I/O error")
    static let loadError = StoreError("favorites: database is locked")

    init(_ initial: Favorites = .empty, openProblem: String? = nil) {
        var disk = FavoritesStore.inMemory(initial, now: { Sample.reference })
        disk.openProblem = openProblem
        self.disk = disk
    }

    func set(_ change: (inout Switches) -> Void) { switches.withLock { change(&$0) } }
    var writes: Int { switches.withLock { $0.writes } }
    var loads: Int { switches.withLock { $0.loads } }

    /// What is stored now.
    func stored() async -> Favorites { (try? await disk.load()) ?? .empty }

    private func write() throws(StoreError) {
        let fail = switches.withLock { s -> Bool in
            s.writes += 1
            return s.failWrites
        }
        if fail { throw Self.writeError }
    }

    private func load() async throws(StoreError) {
        let (fail, delay) = switches.withLock { s -> (Bool, Duration?) in
            s.loads += 1
            return (s.failLoads, s.loadDelay)
        }
        if let delay { try? await Task.sleep(for: delay) }
        if fail { throw Self.loadError }
    }

    /// The handle the app gets.
    var store: FavoritesStore {
        let disk = disk
        return FavoritesStore(
            load: { () async throws(StoreError) -> Favorites in
                try await self.load()
                return try await disk.load()
            },
            saveRocket: { rocket async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.saveRocket(rocket)
            },
            removeRocket: { id async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.removeRocket(id)
            },
            saveLaunch: { launch async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.saveLaunch(launch)
            },
            removeLaunch: { id async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.removeLaunch(id)
            },
            refresh: { launches, rockets async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.refresh(launches, rockets)
            },
            openProblem: disk.openProblem)
    }
}

/// Sample data for the favorites tests: five upcoming and three past launches, the three
/// sample rockets, and Falcon 1's launch FalconSat.
enum Fav {
    static let upcoming = Sample.launches(5, upcoming: true)
    static let past = Sample.launches(3, upcoming: false, prefix: "Old")
    /// Upcoming, known to the month only: no countdown, sorted after the dated ones.
    static let undated = Launch(id: "tbd", name: "TBD mission", date: nil, datePrecision: .month, upcoming: true)

    static func source() -> ScriptedSource {
        ScriptedSource(upcoming: upcoming, past: past, rockets: Sample.Rockets.all,
                       rocketLaunches: [Sample.Rockets.falcon1.id: [Sample.falconSat]])
    }

    static func harness(_ rig: FavoritesRig = FavoritesRig(), source: ScriptedSource = source()) async -> Harness {
        await Harness(source: source, favorites: rig.store).started()
    }

    static let f = Key.character("f")
    static let x = Key.character("x")
}

/// Every favorites suite, under one name (`swift test --filter FavoritesTests`).
@Suite("Favorites") enum FavoritesTests {}

extension FavoritesTests {
    @Suite("f on launches")
    struct WatchLaunchTests {
        @Test func fOnAListRowWatchesTheSelectedLaunchAndFAgainUnwatches() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            #expect(h.state.favorites.hasLoadedOnce, "start loads the favorites for the ★ marks")
            #expect(h.state.favorites.items == .empty)

            await h.press(.down, Fav.f)
            #expect(h.state.isWatched(launch: "mission-2"))
            #expect(!h.state.isWatched(launch: "mission-1"))
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-2"])
            #expect(h.state.favorites.items.launches.first?.launch == Fav.upcoming[1], "the whole launch is kept")
            #expect(await rig.stored().launches.map(\.id) == ["mission-2"], "it is in the store")
            #expect(h.state.screen == .launchList, "f does not open anything")
            #expect(h.state.upcoming.selection == 1, "nor move the selection")
            #expect(h.state.notice?.text == "watching Mission 2 · 3 Favorites", "it says what it did (issue 25)")

            await h.press(Fav.f)
            #expect(!h.state.isWatched(launch: "mission-2"))
            #expect(h.state.favorites.items.launches.isEmpty)
            #expect(await rig.stored() == .empty)

            // Past launches too, and several at once.
            await h.press(.character("p"), Fav.f, .down, .down, Fav.f, .character("u"), Fav.f)
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-2", "old-1", "old-3"])
            #expect(await rig.stored().launches.map(\.id) == ["mission-2", "old-1", "old-3"])
            #expect(h.state.favorites.items.rockets.isEmpty)
        }

        @Test func theStateShowsWhatTheStoreCommittedNotWhatWasHoped() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            h.viewModel.handle(.key(Fav.f))
            #expect(!h.state.isWatched(launch: "mission-1"), "nothing shows until the store answers")
            await h.viewModel.settle()
            #expect(h.state.isWatched(launch: "mission-1"))
        }

        @Test func twoQuickPressesOfFCancelOut() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            // Both keys are read before the store answers the first (a double tap, key repeat).
            h.viewModel.handle(.key(Fav.f))
            h.viewModel.handle(.key(Fav.f))
            await h.viewModel.settle()
            #expect(!h.state.isWatched(launch: "mission-1"), "watched then unwatched")
            #expect(await rig.stored() == .empty)

            h.viewModel.handle(.key(Fav.f))
            h.viewModel.handle(.key(Fav.f))
            h.viewModel.handle(.key(Fav.f))
            await h.viewModel.settle()
            #expect(h.state.isWatched(launch: "mission-1"), "three presses: watched")
            #expect(await rig.stored().launches.map(\.id) == ["mission-1"])
        }

        @Test func fOnTheLaunchDetail() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.down, .down, .enter)
            #expect(h.state.detail?.launch.id == "mission-3")
            await h.press(Fav.f)
            #expect(h.state.isWatched(launch: "mission-3"))
            #expect(h.state.screen == .launchDetail, "still on the detail")
            #expect(await rig.stored().launches.map(\.id) == ["mission-3"])

            await h.press(.escape)
            #expect(h.state.isWatched(launch: h.state.upcoming.selectedLaunch!.id), "the list row is watched too")
            await h.press(.enter, Fav.f)
            #expect(!h.state.isWatched(launch: "mission-3"))
            #expect(await rig.stored() == .empty)
        }

        @Test func fOnARocketsLaunches() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("2"), .enter, .character("L"))
            #expect(h.state.screen == .rocketLaunches)
            #expect(h.state.list(.rocket(Sample.Rockets.falcon1.id)).launches.map(\.id) == ["falconsat"])
            await h.press(Fav.f)
            #expect(h.state.isWatched(launch: "falconsat"))
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon1.id), "the launch, not the rocket")
            #expect(await rig.stored().launches.map(\.id) == ["falconsat"])
            await h.press(Fav.f)
            #expect(!h.state.isWatched(launch: "falconsat"))
        }

        @Test func fOnAnEmptyListDoesNothing() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig, source: ScriptedSource())
            await h.press(Fav.f)
            #expect(h.state.favorites.items == .empty)
            #expect(rig.writes == 0)
            #expect(h.state.notice == nil)
        }
    }
}

extension FavoritesTests {
    @Suite("f on rockets")
    struct FavoriteRocketTests {
        @Test func fOnTheRocketListAndOnARocketPage() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("2"), .down, Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.favorites.items.rockets.map(\.name) == ["Falcon 9"])
            #expect(h.state.favorites.items.rockets.first?.rocket == Sample.Rockets.falcon9)
            #expect(h.state.screen == .rocketList)
            #expect(h.state.rockets.selection == 1)
            #expect(await rig.stored().rockets.map(\.id) == [Sample.Rockets.falcon9.id])

            // The page of the same rocket: f takes it out, f puts it back.
            await h.press(.enter)
            #expect(h.state.rocketPage?.index == 1)
            await h.press(Fav.f)
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.rocketPage?.index == 1, "still on Falcon 9's page")
            #expect(await rig.stored() == .empty)
            await h.press(Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))

            // The pager on, and f there: the page's rocket.
            await h.press(.right, Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.starship.id))
            #expect(h.state.favorites.items.rockets.map(\.name) == ["Falcon 9", "Starship"])
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon1.id))
            #expect(h.state.favorites.items.launches.isEmpty)
            #expect(await rig.stored().rockets.map(\.name) == ["Falcon 9", "Starship"])
        }

        @Test func fOnARocketListThatDidNotLoadDoesNothing() async {
            let rig = FavoritesRig()
            let source = Fav.source()
            let h = await Fav.harness(rig, source: source)
            source.fail(with: .timedOut)
            await h.press(.character("2"), Fav.f)
            #expect(h.state.rockets.status.error == .timedOut)
            #expect(rig.writes == 0)
            #expect(h.state.favorites.items == .empty)
        }
    }
}

extension FavoritesTests {
    @Suite("the tab")
    struct FavoritesTabTests {
        /// Saved in a scrambled order, straight into the store.
        static func seeded() async -> FavoritesRig {
            let rig = FavoritesRig()
            let disk = rig.disk
            _ = try? await disk.saveLaunch(Fav.past[2])       // old-3, 3 days before
            _ = try? await disk.saveRocket(Sample.Rockets.starship)
            _ = try? await disk.saveLaunch(Fav.upcoming[2])   // mission-3, in 3 days
            _ = try? await disk.saveLaunch(Sample.falconSat)  // 2006
            _ = try? await disk.saveLaunch(Fav.undated)
            _ = try? await disk.saveRocket(Sample.Rockets.falcon9)
            _ = try? await disk.saveLaunch(Fav.past[0])       // old-1, a day before
            _ = try? await disk.saveLaunch(Fav.upcoming[0])   // mission-1, tomorrow
            _ = try? await disk.saveRocket(Sample.Rockets.falcon1)
            return rig
        }

        static let order = ["Falcon 1", "Falcon 9", "Starship",
                            "Mission 1", "Mission 3", "TBD mission",
                            "Old 1", "Old 3", "FalconSat"]

        static func names(_ state: AppState) -> [String] {
            state.favorites.rows.map { row in
                switch row {
                case .rocket(let r): r.name
                case .launch(let l): l.name
                }
            }
        }

        @Test func rowsAreRocketsByNameThenUpcomingSoonestFirstThenPastNewestFirst() async {
            let h = await Fav.harness(await Self.seeded())
            await h.press(.character("3"))
            #expect(h.state.tab == .favorites)
            #expect(h.state.screen == .favorites)
            #expect(Self.names(h.state) == Self.order)
            #expect(h.state.favorites.selection == 0)
            #expect(h.state.favorites.selectedRow == .rocket(h.state.favorites.items.rockets[0]))
            #expect(h.state.favorites.error == nil)
            #expect(!h.state.favorites.isLoading)
        }

        @Test func selectionMovesAndStopsAtBothEnds() async {
            let h = await Fav.harness(await Self.seeded())
            await h.press(.character("3"), .down, .character("j"))
            #expect(h.state.favorites.selection == 2)
            await h.press(.character("G"))
            #expect(h.state.favorites.selection == 8)
            await h.press(.down, .character("j"))
            #expect(h.state.favorites.selection == 8, "stops on the last row")
            await h.press(.up, .character("k"))
            #expect(h.state.favorites.selection == 6)
            await h.press(.home)
            #expect(h.state.favorites.selection == 0)
            await h.press(.up, .character("k"))
            #expect(h.state.favorites.selection == 0, "stops on the first")
            await h.press(.end)
            #expect(h.state.favorites.selection == 8)
            await h.press(.character("g"))
            #expect(h.state.favorites.selection == 0)
            // The selection stays with the tab.
            await h.press(.down, .character("1"), .character("3"))
            #expect(h.state.favorites.selection == 1)
        }

        @Test func enterOnARocketOpensThePagerOverTheFavoriteRocketsOnly() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.starship)
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon1)
            let source = Fav.source()
            let h = await Fav.harness(rig, source: source)
            await h.press(.character("3"), .down, .enter)
            #expect(h.state.screen == .rocketPage)
            #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0, collection: .favorites))
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:)) == Sample.Rockets.starship)
            #expect(!source.requests.contains(.rockets), "the stored copies, no request")

            await h.press(.right)
            #expect(h.state.rocketPage?.index == 1, "Starship is the last favorite: Falcon 9 is not on this pager")
            await h.press(.left)
            #expect(h.state.rocketPage?.index == 0)
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Falcon 1")
            await h.press(.character("h"), .left)
            #expect(h.state.rocketPage?.index == 0, "stops at the first")
            await h.press(.character("l"))
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Starship")

            // The Rockets tab's own list does not move, and Esc goes back to the Favorites tab.
            await h.press(.escape)
            #expect(h.state.screen == .favorites)
            #expect(h.state.routes.isEmpty)
            #expect(h.state.rockets.selection == 0)
            #expect(h.state.stacks[.rockets] ?? [] == [])
        }

        @Test func enterOnALaunchOpensItsDetailFromTheStoredCopy() async {
            let rig = FavoritesRig()
            // A launch the source does not have at all: only the stored copy can show it.
            _ = try? await rig.disk.saveLaunch(Sample.crs26)
            let source = ScriptedSource(upcoming: Fav.upcoming)
            let h = await Fav.harness(rig, source: source)
            h.clock.advance(by: 90)
            await h.press(.character("3"), .enter)
            #expect(h.state.screen == .launchDetail)
            #expect(h.state.detail?.launch == Sample.crs26)
            #expect(h.state.detail?.linkIndex == 0, "webcast")
            #expect(h.state.now == Sample.reference.addingTimeInterval(90), "the countdown starts from now")
            #expect(h.viewModel.tickInterval == .seconds(1))
            #expect(source.requests == [.init(segment: .upcoming, page: 1)], "nothing asked of the source")

            // f there unwatches it; Esc back to the tab, where it is gone.
            await h.press(Fav.f)
            #expect(!h.state.isWatched(launch: "crs-26"))
            #expect(h.state.detail?.launch == Sample.crs26, "the detail stays up")
            await h.press(.escape)
            #expect(h.state.screen == .favorites)
            #expect(h.state.favorites.rows.isEmpty)
        }

        @Test func xAndFRemoveTheSelectedRowAndTheSelectionClamps() async {
            let rig = await Self.seeded()
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .end)
            #expect(h.state.favorites.selection == 8)

            await h.press(Fav.x)
            #expect(Self.names(h.state) == Array(Self.order.dropLast()))
            #expect(h.state.favorites.selection == 7, "clamped to the new last row")
            #expect(await rig.stored().launches.map(\.id).contains("falconsat") == false)

            await h.press(Fav.f)
            #expect(Self.names(h.state) == Array(Self.order.dropLast(2)))
            #expect(h.state.favorites.selection == 6)

            // A row in the middle: the selection stays put, on the row that moved up.
            await h.press(.home, .down)
            await h.press(Fav.x)
            #expect(Self.names(h.state) == ["Falcon 1", "Starship", "Mission 1", "Mission 3", "TBD mission", "Old 1"])
            #expect(h.state.favorites.selection == 1)
            #expect(h.state.favorites.selectedRow.map { if case .rocket(let r) = $0 { r.name } else { "" } } == "Starship")
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(await rig.stored().rockets.map(\.name) == ["Falcon 1", "Starship"])
            #expect(h.state.screen == .favorites)
            #expect(h.state.notice?.text == "removed Falcon 9 · u puts it back", "said, with the way back (issue 25)")

            // Everything: the tab is empty, the selection 0.
            for _ in 0..<6 { await h.press(Fav.x) }
            #expect(h.state.favorites.rows.isEmpty)
            #expect(h.state.favorites.selection == 0)
            #expect(await rig.stored() == .empty)
        }

        /// `u` puts back what `x` last removed, as it was stored (issue 25: `x` removed at once
        /// and for good).
        @Test func uPutsBackTheLastRemoval() async {
            let rig = await Self.seeded()
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .down)
            let before = await rig.stored()
            await h.press(Fav.x)
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            await h.press(.character("u"))
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.notice?.text == "put back Falcon 9")
            #expect(Self.names(h.state) == Self.order)
            #expect(await rig.stored() == before, "the stored copy back as it was")
            // Once: a second `u` has nothing left to undo.
            let writes = rig.writes
            await h.press(.character("u"))
            #expect(rig.writes == writes)
            #expect(h.state.notice?.text == "nothing to undo")
            // A watched launch too.
            await h.press(.end, Fav.x, .character("u"))
            #expect(Self.names(h.state) == Self.order)
        }

        /// `f` elsewhere says what it did (issue 25: it said nothing).
        @Test func fSaysWhatItDid() async {
            let h = await Fav.harness()
            await h.press(Fav.f)
            #expect(h.state.notice?.text.hasPrefix("watching ") == true, "\(String(describing: h.state.notice))")
            await h.press(Fav.f)
            #expect(h.state.notice?.text.hasPrefix("no longer watching ") == true)
            await h.press(.character("2"), Fav.f)
            #expect(h.state.notice?.text == "Falcon 1 saved · 3 Favorites")
        }

        @Test func anEmptyTabAndKeysWithNothingSelectedDoNothing() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("3"))
            #expect(h.state.favorites.hasLoadedOnce)
            #expect(h.state.favorites.rows.isEmpty)
            #expect(h.state.favorites.selectedRow == nil)
            let writesBefore = rig.writes
            await h.press(Fav.f, Fav.x, .enter, .character("l"), .down, .up, .end, .home)
            #expect(rig.writes == writesBefore, "nothing to remove")
            #expect(h.state.routes.isEmpty, "nothing to open")
            #expect(h.state.favorites.selection == 0)
            #expect(h.state.notice == nil)
            #expect(await rig.stored() == .empty)
        }

        @Test func xElsewhereDoesNothing() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(Fav.x, .enter, Fav.x, .escape, .character("2"), Fav.x, .enter, Fav.x)
            #expect(rig.writes == 0)
            #expect(h.state.favorites.items == .empty)
        }
    }
}

extension FavoritesTests {
    @Suite("another tminus on the same database")
    struct FavoritesReloadTests {
        @Test func switchingToTabThreeShowsWhatAnotherInstanceSaved() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("2"))
            // The other instance.
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon9)
            await h.press(.down)
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id), "not read yet")

            await h.press(.character("3"))
            #expect(h.state.favorites.items.rockets.map(\.name) == ["Falcon 9"])
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id), "the ★ on the rocket list too")

            // Tab and Shift-Tab reach it too.
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[3])
            await h.press(.character("1"), .backTab)
            #expect(h.state.tab == .favorites)
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-4"])

            // While on the tab: r.
            _ = try? await rig.disk.removeRocket(Sample.Rockets.falcon9.id)
            _ = try? await rig.disk.saveLaunch(Fav.past[1])
            #expect(h.state.favorites.rows.count == 2)
            await h.press(.character("r"))
            #expect(h.state.favorites.items.rockets.isEmpty)
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-4", "old-2"])
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
        }

        @Test func aReloadThatShrinksTheListClampsTheSelection() async {
            let rig = await FavoritesTabTests.seeded()
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .end)
            #expect(h.state.favorites.selection == 8)
            for launch in [Sample.falconSat, Fav.past[2], Fav.past[0]] { _ = try? await rig.disk.removeLaunch(launch.id) }
            await h.press(.character("r"))
            #expect(h.state.favorites.rows.count == 6)
            #expect(h.state.favorites.selection == 5)
        }

        @Test func aFavoritesPagerFollowsItsRocketWhenTheFavoritesChangeUnderIt() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon9)
            _ = try? await rig.disk.saveRocket(Sample.Rockets.starship)
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .down, .enter)
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Starship")

            // Another instance adds Falcon 1, which sorts first; tab 3 (the same screen) reloads.
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon1)
            await h.press(.character("3"))
            #expect(h.state.favorites.items.rockets.count == 3)
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Starship", "the page still shows Starship")
            #expect(h.state.rocketPage?.index == 2)
        }

        @Test func fOnAFavoritesPageTakesTheRocketOutAndTheLaunchStaysOpen() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon9)
            _ = try? await rig.disk.saveRocket(Sample.Rockets.starship)
            let h = await Fav.harness(rig)
            await h.press(.character("3"), .enter)
            #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0, collection: .favorites))
            await h.press(Fav.f)
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.screen == .rocketPage, "the page stays open under the user's own key")
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Falcon 9")
            #expect(await rig.stored().rockets.map(\.name) == ["Starship"])
            // `f` again puts it back, still on the same page.
            await h.press(Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Falcon 9")
            await h.press(.escape)
            #expect(FavoritesTabTests.names(h.state).sorted() == ["Falcon 9", "Starship"])

            // Another instance takes a rocket out while this one is on a launch of it: the
            // screens stay, on that rocket.
            await h.press(.down, .enter, .character("L"))
            #expect(h.state.screen == .rocketLaunches)
            _ = try? await rig.disk.removeRocket(Sample.Rockets.starship.id)
            await h.press(.character("3"))
            #expect(h.state.screen == .rocketLaunches)
            await h.press(.escape)
            #expect(h.state.rocketPage.flatMap(h.state.rocket(at:))?.name == "Starship")
        }

        @Test func twoQuickPressesOfFOnARocketCancelOut() async {
            let rig = FavoritesRig()
            let h = await Fav.harness(rig)
            await h.press(.character("2"), .down)
            h.viewModel.handle(.key(Fav.f))
            h.viewModel.handle(.key(Fav.f))
            await h.viewModel.settle()
            #expect(!h.state.isFavorite(rocket: Sample.Rockets.falcon9.id))
            #expect(await rig.stored() == .empty)
            await h.press(Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id), "and the next press is decided from the store again")
        }
    }
}

extension FavoritesTests {
    @Suite("a store that fails")
    struct FavoritesStoreFailureTests {
        @Test func aFailedSaveIsAnErrorNoticeAndChangesNothing() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveRocket(Sample.Rockets.falcon9)
            let h = await Fav.harness(rig)
            let before = h.state.favorites.items
            #expect(before.rockets.count == 1)
            rig.set { $0.failWrites = true }

            await h.press(Fav.f)
            #expect(h.state.notice == Notice(FavoritesRig.writeError.message, level: .error))
            #expect(h.state.favorites.items == before)
            #expect(!h.state.isWatched(launch: "mission-1"))
            #expect(h.state.favorites.error == FavoritesRig.writeError)

            await h.press(.character("2"), .down, Fav.f)
            #expect(h.state.isFavorite(rocket: Sample.Rockets.falcon9.id), "a failed remove keeps it")
            await h.press(.character("3"), Fav.x)
            #expect(h.state.favorites.items == before)
            #expect(h.state.favorites.rows.count == 1)
            #expect(h.state.notice?.level == .error)
            #expect(await rig.stored() == before)

            // It works again: the change goes through and the stale error goes away.
            rig.set { $0.failWrites = false }
            await h.press(Fav.x)
            #expect(h.state.favorites.items == .empty)
            #expect(h.state.favorites.error == nil)
            #expect(h.state.notice?.level != .error, "the error no longer applies")
        }

        @Test func aFailedLoadIsAnErrorNoticeAndKeepsWhatWasShown() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[0])
            let h = await Fav.harness(rig)
            rig.set { $0.failLoads = true }
            await h.press(.character("3"))
            #expect(h.state.notice == Notice(FavoritesRig.loadError.message, level: .error))
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-1"], "the rows already read stay")
            #expect(!h.state.favorites.isLoading)

            rig.set { $0.failLoads = false }
            await h.press(.character("r"))
            #expect(h.state.favorites.error == nil)
            #expect(h.state.favorites.items.launches.map(\.id) == ["mission-1"])
        }

        @Test func aStoreThatCannotLoadAtStartSaysSoOnTheTab() async {
            let rig = FavoritesRig()
            rig.set { $0.failLoads = true }
            let h = await Fav.harness(rig)
            #expect(h.state.notice?.text == FavoritesRig.loadError.message)
            #expect(h.state.notice?.level == .error)
            #expect(!h.state.favorites.hasLoadedOnce)
            await h.press(.character("3"))
            #expect(h.state.favorites.error == FavoritesRig.loadError)
            #expect(h.state.favorites.rows.isEmpty)
        }

        @Test func anOpenProblemIsAnErrorNoticeAtStart() async {
            let problem = "favorites database was unreadable (file is not a database); kept it as favorites.sqlite.corrupt-20221001-120000 and started a new one"
            let rig = FavoritesRig(openProblem: problem)
            let h = Harness(source: Fav.source(), favorites: rig.store)
            #expect(h.state.notice == Notice(problem, level: .error), "before anything loads")
            h.viewModel.start()
            await h.viewModel.settle()
            #expect(h.state.notice == Notice(problem, level: .error), "and it stays")
            // Favoriting still works.
            await h.press(Fav.f)
            #expect(h.state.isWatched(launch: "mission-1"))
            #expect(await rig.stored().launches.count == 1)
        }
    }
}

extension FavoritesTests {
    @Suite("fresh data updates the stored copies")
    struct FavoritesRefreshTests {
        static func renamed(_ launch: Launch, _ name: String) -> Launch {
            var launch = launch
            launch.name = name
            return launch
        }

        @Test func aWatchedLaunchsStoredCopyFollowsTheServer() async {
            // Stored under an older name; the server now has another one.
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Self.renamed(Fav.upcoming[1], "Mission 2 (old name)"))
            _ = try? await rig.disk.saveLaunch(Self.renamed(Fav.past[0], "Old 1 (old name)"))
            let h = await Fav.harness(rig)
            await h.press(.character("3"))
            #expect(h.state.favorites.items.launches.map(\.name).contains("Mission 2"))
            #expect(await rig.stored().launches.first { $0.id == "mission-2" }?.launch == Fav.upcoming[1])
            #expect(await rig.stored().launches.map(\.id) == ["mission-2", "old-1"], "nothing else was added")
            #expect(h.state.favorites.items.launches.first { $0.id == "old-1" }?.name == "Old 1 (old name)",
                    "the Past list has not loaded yet")

            await h.press(.character("1"), .character("p"), .character("3"))
            #expect(h.state.favorites.items.launches.map(\.name) == ["Mission 2", "Old 1"])
            #expect(await rig.stored().launches.count == 2)
            #expect(await rig.stored().rockets.isEmpty)
        }

        @Test func theFirstPageRefreshesEvenWhenItArrivesBeforeTheFavorites() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Self.renamed(Fav.upcoming[1], "Mission 2 (old name)"))
            // The database answers slowly: the first page of launches is in before it.
            rig.set { $0.loadDelay = .milliseconds(300) }
            let h = await Fav.harness(rig)
            #expect(await rig.stored().launches.map(\.name) == ["Mission 2"])
            #expect(await rig.stored().launches.count == 1)
            #expect(h.state.favorites.items.launches.map(\.name) == ["Mission 2"])
        }

        @Test func aFavoriteRocketsStoredCopyFollowsTheServerAndOthersAreNotAdded() async {
            let rig = FavoritesRig()
            var old = Sample.Rockets.falcon9
            old.description = "An older description."
            old.successRatePct = 97
            _ = try? await rig.disk.saveRocket(old)
            let h = await Fav.harness(rig)
            #expect(h.state.favorites.items.rockets.first?.description == "An older description.")
            await h.press(.character("2"))
            #expect(await rig.stored().rockets.map(\.rocket) == [Sample.Rockets.falcon9])
            #expect(h.state.favorites.items.rockets.first?.description == Sample.Rockets.falcon9.description)
            #expect(h.state.favorites.items.rockets.count == 1, "Falcon 1 and Starship were not added")
            #expect(await rig.stored().launches.isEmpty)
        }

        @Test func aRocketsLaunchListRefreshesToo() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Self.renamed(Sample.falconSat, "FalconSat-2"))
            let h = await Fav.harness(rig)
            await h.press(.character("2"), .enter, .character("L"))
            #expect(await rig.stored().launches.map(\.name) == ["FalconSat"])
            #expect(h.state.favorites.items.launches.map(\.launch) == [Sample.falconSat])
        }

        @Test func dataWithoutFavoritesWritesNothing() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Sample.crs26)
            let h = await Fav.harness(rig)
            await h.press(.character("2"), .character("1"), .character("p"))
            #expect(h.state.rockets.status.hasLoadedOnce && h.state.past.status.hasLoadedOnce)
            #expect(rig.writes == 0, "no favorite among the rows: no write")
            #expect(await rig.stored().launches.map(\.id) == ["crs-26"])
        }
    }
}

extension FavoritesTests {
    @Suite("the clock")
    struct FavoritesTickTests {
        @Test func oneSecondOnTheTabWithAWatchedUpcomingHourPrecisionLaunch() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.past[0])
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[0])
            let h = await Fav.harness(rig)
            #expect(h.viewModel.tickInterval == .seconds(30), "not on the Launches tab's list")
            await h.press(.character("3"))
            #expect(h.viewModel.tickInterval == .seconds(1))
            await h.press(.character("2"))
            #expect(h.viewModel.tickInterval == .seconds(30))
            #expect(h.state.favorites.rows.count == 2)
            await h.press(.character("3"), .home, Fav.x)
            #expect(h.state.favorites.items.launches.map(\.id) == ["old-1"])
            // No second ticks: the one wake-up left before 30 s takes the `x` notice down.
            #expect(h.viewModel.tickInterval == .seconds(3 * Notice.lifetime), "only the past launch is left")
            await h.press(Fav.x)
            #expect(h.state.favorites.rows.isEmpty)
            #expect(h.viewModel.tickInterval == .seconds(3 * Notice.lifetime))
        }

        @Test func thirtySecondsWhenTheOnlyWatchedLaunchesArePastOrUndated() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.past[0])
            _ = try? await rig.disk.saveLaunch(Sample.falconSat)
            let h = await Fav.harness(rig)
            await h.press(.character("3"))
            #expect(h.state.favorites.rows.count == 2)
            #expect(h.viewModel.tickInterval == .seconds(30))

            _ = try? await rig.disk.saveLaunch(Fav.undated)
            var dayOnly = Fav.upcoming[4]
            dayOnly.datePrecision = .day
            _ = try? await rig.disk.saveLaunch(dayOnly)
            await h.press(.character("r"))
            #expect(h.state.favorites.rows.count == 4)
            #expect(h.viewModel.tickInterval == .seconds(30), "no countdown without an hour")
        }

        @Test func theCountdownMovesWithTheClockOnTheTab() async {
            let rig = FavoritesRig()
            _ = try? await rig.disk.saveLaunch(Fav.upcoming[0])
            let h = await Fav.harness(rig)
            await h.press(.character("3"))
            h.clock.advance(by: 5)
            h.viewModel.handle(.tick)
            #expect(h.state.now == Sample.reference.addingTimeInterval(5))
        }
    }
}
