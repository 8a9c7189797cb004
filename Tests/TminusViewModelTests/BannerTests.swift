import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("The next-launch banner: b, its launch, its row, its clock")
struct BannerTests {
    /// Two days before CRS-26; the Sample missions (October) are long past NET by then.
    static let now = ISO8601.parse("2022-11-16T17:48:51Z")!

    func harness(_ launches: [Launch] = [Sample.crs26] + Sample.launches(20, upcoming: true), height: Int = 24,
                 preferences: PreferencesStore = .inMemory()) async -> Harness {
        let h = await Harness(source: ScriptedSource(upcoming: launches, rockets: Sample.Rockets.all), height: height,
                              preferences: preferences).started()
        h.clock.set(Self.now)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()  // the clock jumped: a refresh was due
        return h
    }

    @Test func bTogglesTheBannerAndItIsSavedForNextTime() async {
        let spy = PreferencesSpy()
        let h = await harness(preferences: spy.store)
        #expect(!h.state.preferences.banner, "off by default")
        await h.press(.character("b"))
        #expect(h.state.preferences.banner)
        #expect(spy.saves.last?.banner == true)
        await h.press(.character("b"))
        #expect(!h.state.preferences.banner)
        #expect(spy.saves.map(\.banner) == [true, false])

        await h.press(.character("b"))
        let restarted = await harness(preferences: PreferencesSpy(spy.saves.last!).store)
        #expect(restarted.state.preferences.banner, "on again after a restart")
    }

    @Test(arguments: [[Key.character("2")], [.character("3")], [.enter], [.character("2"), .enter]])
    func bWorksOnEveryScreen(keys: [Key]) async {
        let h = await harness()
        for key in keys { await h.press(key) }
        let screen = h.state.screen
        await h.press(.character("b"))
        #expect(h.state.preferences.banner, "\(screen)")
        #expect(h.state.screen == screen, "b does nothing else")
    }

    @Test func bIsListedInEveryScreensHelp() {
        for screen in [ScreenKind.launchList, .launchDetail, .rocketList, .rocketPage, .rocketLaunches, .favorites] {
            #expect(Keymap.help(for: screen).contains { $0.keys == "b" && $0.action.contains("banner") }, "\(screen)")
            #expect(Keymap.action(for: .character("b"), on: screen) == .toggleBanner, "\(screen)")
        }
    }

    @Test func anOverlayTakesB() async {
        let h = await harness()
        await h.press(.character("?"), .character("b"))
        #expect(!h.state.preferences.banner)
    }

    @Test func aSettingsFileFromBeforeTheBannerReadsAsOff() throws {
        let old = try JSONDecoder().decode(Preferences.self, from: Data(#"{"units":{},"mouse":true,"reminders":[60]}"#.utf8))
        #expect(!old.banner)
        var on = Preferences.defaults
        on.banner = true
        #expect(try JSONDecoder().decode(Preferences.self, from: JSONEncoder().encode(on)).banner)
    }

    // MARK: - Layout

    @Test func everyRowUnderTheBannerMovesDownOne() {
        let size = Size(width: 120, height: 40)
        let off = ScreenLayout(size, banner: false), on = ScreenLayout(size, banner: true)
        #expect(off.bannerRow == nil)
        #expect(on.bannerRow == 1)
        #expect(on.tabBarRow == 0 && on.statusRow == off.statusRow)
        for row in [\ScreenLayout.subheaderRow, \.columnHeaderRow, \.listTop, \.detailHeaderTop, \.detailCountdownTop,
                    \.detailLinksRow, \.detailRuleRow, \.detailBodyTop, \.rocketImageTop, \.rocketFiguresTop, \.rocketBodyTop] {
            #expect(on[keyPath: row] == off[keyPath: row] + 1, "\(row)")
        }
        for height in [\ScreenLayout.listHeight, \.detailBodyHeight, \.rocketBodyHeight] {
            #expect(on[keyPath: height] == off[keyPath: height] - 1, "\(height)")
        }
    }

    @Test func theDetailHeaderGrowsOnATallWideTerminal() {
        let small = ScreenLayout(Size(width: 80, height: 24), banner: false)
        #expect(!small.bigCountdown)
        #expect(small.detailHeaderHeight == 6)
        #expect(small.detailLinksRow == 5)
        #expect(small.detailPatchRows == 4 && small.detailPatchColumns == 8)
        let tall = ScreenLayout(Size(width: 120, height: 40), banner: false)
        #expect(tall.bigCountdown)
        #expect(tall.detailHeaderHeight == 12)
        #expect(tall.detailLinksRow == 11)
        #expect(tall.detailPatchColumns == 2 * tall.detailPatchRows, "square in half-block pixels")
        #expect(tall.detailPatchRows == 10)
        #expect(!ScreenLayout(Size(width: 80, height: 40), banner: false).bigCountdown, "too narrow for the big clock")
        #expect(!ScreenLayout(Size(width: 200, height: 31), banner: false).bigCountdown)
        #expect(!ScreenLayout(Size(width: 100, height: 30), banner: false).bigCountdown, "the end-to-end suites' size stays compact")
        #expect(ScreenLayout(Size(width: 100, height: 32), banner: false).bigCountdown)
    }

    /// The view model pages, scrolls and maps clicks by the same layout the renderer draws.
    @Test func listsPageAndClickByTheShorterList() async {
        let h = await harness(Sample.launches(30, upcoming: true), height: 12)
        let rows = h.state.visibleLaunchRows
        await h.press(.character("b"))
        #expect(h.state.visibleLaunchRows == h.state.layout.listHeight / h.state.launchRowHeight)
        #expect(h.state.layout.listHeight == ScreenLayout(h.state.size, banner: false).listHeight - 1)
        #expect(h.state.launchRowHeight == 1 && h.state.visibleLaunchRows == rows - 1, "one row fewer at 80x12")
        await h.press(.pageDown)
        #expect(h.state.upcoming.selection == h.state.visibleLaunchRows, "a page is the shorter list")
        await h.press(.character("g"), .character("m"))
        h.viewModel.handle(.mouse(MouseEvent(.press, x: 10, y: h.state.layout.listTop + h.state.launchRowHeight)))
        await h.viewModel.settle()
        #expect(h.state.upcoming.selection == 1, "the row under the pointer, below the banner")
        h.viewModel.handle(.mouse(MouseEvent(.press, x: 10, y: 1)))
        await h.viewModel.settle()
        #expect(h.state.upcoming.selection == 1, "a click on the banner selects nothing")
    }

    @Test func theSelectionStaysOnScreenWhenTheBannerTakesARow() async {
        let h = await harness(Sample.launches(30, upcoming: true), height: 12)
        for _ in 0..<(h.state.visibleLaunchRows - 1) { await h.press(.down) }
        await h.press(.character("b"))
        let list = h.state.upcoming
        #expect(list.selection >= list.scrollTop && list.selection < list.scrollTop + h.state.visibleLaunchRows)
    }

    // MARK: - Which launch

    @Test func theBannerPinsTheSoonestLaunchWhoseCountdownIsLive() async {
        var month = Sample.launches(1, upcoming: true, prefix: "Month")[0]
        month.datePrecision = .month
        month.date = ISO8601.parse("2022-11-01T00:00:00Z")
        var later = Sample.crs26
        later.id = "later"
        later.date = ISO8601.parse("2022-11-20T22:00:00Z")
        // Long past NET (awaiting the outcome), a month without an hour, a later one, CRS-26.
        let h = await harness(Sample.launches(3, upcoming: true) + [month, later, Sample.crs26])
        #expect(h.state.nextLaunch == .launch(Sample.crs26))
    }

    /// Live data's (frozen data past its date is `NO DATA` on its row, so never pinned).
    @Test func onHoldOrLiftingOffStaysPinned() async {
        var live = Sample.crs26
        live.origin = .launchLibrary2
        var held = live
        held.sourceStatus = Sample.hold
        held.date = ISO8601.parse("2022-11-16T10:00:00Z")  // hours ago: a hold does not go stale
        var next = live
        next.id = "next"
        let h = await harness([held, next])
        #expect(h.state.nextLaunch == .launch(held))

        let lifting = await harness([live])
        lifting.clock.set(ISO8601.parse("2022-11-18T22:00:30Z")!)
        lifting.viewModel.handle(.tick)
        #expect(lifting.state.nextLaunch == .launch(live))
        lifting.clock.set(ISO8601.parse("2022-11-19T01:00:00Z")!)
        lifting.viewModel.handle(.tick)
        #expect(lifting.state.nextLaunch == .none(loaded: 1), "three hours on, no outcome: nothing to pin")
    }

    @Test func aLaunchWithAnOutcomeIsNotNext() async {
        var done = Sample.crs26
        done.origin = .launchLibrary2
        done.upcoming = false
        done.sourceStatus = Sample.success
        done.date = ISO8601.parse("2022-11-16T17:00:00Z")
        var next = Sample.crs26
        next.id = "next"
        let h = await harness([done, next])
        #expect(h.state.nextLaunch == .launch(next))
    }

    @Test func aFilterOnTheListDoesNotChangeWhatIsNext() async {
        var starlink = Sample.crs26
        starlink.id = "starlink"
        starlink.name = "Starlink 4-36"
        starlink.date = ISO8601.parse("2022-11-20T22:00:00Z")
        let h = await harness([Sample.crs26, starlink])
        await h.press(.character("/"), .character("S"), .character("t"), .enter)
        #expect(h.state.query(.segment(.upcoming)).text == "St")
        #expect(h.state.nextLaunch == .launch(Sample.crs26))
    }

    @Test func beforeTheListLoadsTheBannerSaysSo() {
        var state = AppState(now: Self.now, sourceNames: ["x"], timeZone: .gmt)
        #expect(state.nextLaunch == .loading)
        state.lists[.segment(.upcoming)] = LaunchListState()
        state.lists[.segment(.upcoming)]?.status.hasLoadedOnce = true
        #expect(state.nextLaunch == .none(loaded: 0))
    }

    // MARK: - Its clock

    @Test func theAppTicksEverySecondOnlyWhileTheBannersClockTicks() async {
        let h = await harness()
        #expect(h.viewModel.tickInterval == .seconds(30))
        await h.press(.character("b"))
        #expect(h.viewModel.tickInterval == .seconds(1))
        await h.press(.character("b"))
        #expect(h.viewModel.tickInterval == .seconds(30))

        var held = Sample.crs26
        held.sourceStatus = Sample.hold
        let hold = await harness([held])
        await hold.press(.character("b"))
        #expect(hold.state.nextLaunch == .launch(held))
        #expect(hold.viewModel.tickInterval == .seconds(30), "HOLD does not tick")
    }

    @Test func theDetailTicksThroughLiftoffAndStopsWhenTheOutcomeIsOverdue() async {
        let h = await harness([Sample.crs26])
        await h.press(.enter)
        for (instant, interval) in [("2022-11-18T21:59:59Z", Duration.seconds(1)), ("2022-11-18T22:00:30Z", .seconds(1)),
                                    ("2022-11-18T22:05:00Z", .seconds(1)), ("2022-11-19T01:00:00Z", .seconds(30))] {
            h.clock.set(ISO8601.parse(instant)!)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            #expect(h.viewModel.tickInterval == interval, "\(instant)")
        }
    }
}
