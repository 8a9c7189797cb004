import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

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
            await h.press(.character("4"), .backTab)
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
