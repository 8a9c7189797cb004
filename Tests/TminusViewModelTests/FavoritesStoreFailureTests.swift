import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

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
