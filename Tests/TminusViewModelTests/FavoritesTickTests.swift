import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

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
