import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

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
