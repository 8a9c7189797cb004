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
    static let writeError = StoreError("favorites: could not write /data/favorites.sqlite: disk I/O error", reason: "disk I/O error", lasts: true)
    static let loadError = StoreError("favorites: could not read /data/favorites.sqlite: database is locked",
                                      reason: "the database is locked by another program", lasts: true)

    init(_ initial: Favorites = .empty, openProblem: String? = nil, readOnly: String? = nil) {
        var disk = FavoritesStore.inMemory(initial, now: { Sample.reference })
        disk.status = { StoreStatus(notice: openProblem, readOnly: readOnly) }
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
            saveEvent: { event async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.saveEvent(event)
            },
            removeEvent: { id async throws(StoreError) -> Favorites in
                try self.write()
                return try await disk.removeEvent(id)
            },
            status: disk.status)
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
            #expect(h.state.notice?.text == "watching Mission 2 · in Favorites (key 3)", "it says what it did (issue 25)")

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
