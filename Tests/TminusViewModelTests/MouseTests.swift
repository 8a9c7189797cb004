import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Mouse: wheel, clicks, double-clicks, tabs, m")
struct MouseTests {
    /// 80×12 without pictures: one line a row, rows from line 3, eight rows on screen.
    func upcoming(_ count: Int = 20, preferences: PreferencesStore = .inMemory()) async -> (Harness, [Launch]) {
        let launches = Sample.launches(count, upcoming: true)
        let h = await Harness(source: ScriptedSource(upcoming: launches), width: 80, height: 12,
                              preferences: preferences).started()
        return (h, launches)
    }

    func mouse(_ h: Harness, _ kind: MouseEvent.Kind, x: Int = 10, y: Int) async {
        h.viewModel.handle(.mouse(MouseEvent(kind, x: x, y: y)))
        await h.viewModel.settle()
    }

    @Test func wheelScrollsTheListThreeRowsAndKeepsTheSelectionOnScreen() async {
        let (h, _) = await upcoming()
        #expect(h.state.visibleLaunchRows == 8)
        await mouse(h, .wheelDown, y: 5)
        #expect(h.state.upcoming.scrollTop == 3)
        #expect(h.state.upcoming.selection == 3)
        await mouse(h, .wheelDown, y: 5)
        await mouse(h, .wheelDown, y: 5)
        await mouse(h, .wheelDown, y: 5)
        #expect(h.state.upcoming.scrollTop == 12)  // 20 rows, 8 on screen: no further
        await mouse(h, .wheelUp, y: 5)
        #expect(h.state.upcoming.scrollTop == 9)
        #expect((9..<17).contains(h.state.upcoming.selection))
    }

    @Test func aClickSelectsTheRowUnderThePointer() async {
        let (h, launches) = await upcoming()
        await mouse(h, .press, y: 3 + 4)
        #expect(h.state.upcoming.selection == 4)
        #expect(h.state.screen == .launchList)
        // After scrolling, rows map through the scroll position.
        await mouse(h, .wheelDown, y: 5)
        await mouse(h, .press, y: 3)
        #expect(h.state.upcoming.selectedLaunch?.id == launches[3].id)
        // Below the last row, or on the status line: nothing.
        await mouse(h, .press, y: 11)
        #expect(h.state.upcoming.selection == 3)
    }

    @Test func aClickWithTwoLineRowsCountsTwoLinesARow() async {
        let launches = Sample.launches(20, upcoming: true)
        let h = await Harness(source: ScriptedSource(upcoming: launches), width: 80, height: 24).started()
        h.viewModel.state.pictureMode = .pictures
        #expect(h.state.launchRowHeight == 2)
        await mouse(h, .press, y: 3 + 2 * 3 + 1)  // the second line of the fourth row
        #expect(h.state.upcoming.selection == 3)
    }

    @Test func aDoubleClickOpensTheRow() async {
        let (h, launches) = await upcoming()
        await mouse(h, .press, y: 5)
        h.clock.advance(by: 0.2)
        await mouse(h, .press, y: 5)
        #expect(h.state.screen == .launchDetail)
        #expect(h.state.detail?.launch.id == launches[2].id)
    }

    @Test func aSecondClickTooLateOrElsewhereIsJustAClick() async {
        let (h, _) = await upcoming()
        await mouse(h, .press, y: 5)
        h.clock.advance(by: 0.5)
        await mouse(h, .press, y: 5)
        #expect(h.state.screen == .launchList)
        #expect(h.state.upcoming.selection == 2)
        // Quick, but on another row: a click there.
        h.clock.advance(by: 0.1)
        await mouse(h, .press, y: 6)
        #expect(h.state.screen == .launchList)
        #expect(h.state.upcoming.selection == 3)
    }

    @Test func clicksOnTheTabBarSwitchTabs() async {
        let (h, _) = await upcoming()
        for (tab, x, width) in TabBarGeometry.labels {
            await mouse(h, .press, x: x + width - 1, y: 0)
            #expect(h.state.tab == tab)
        }
        // The app's name and the space right of the tabs are no tab.
        await mouse(h, .press, x: 2, y: 0)
        #expect(h.state.tab == .favorites)
        #expect(TabBarGeometry.tab(at: 8) == .launches)
        #expect(TabBarGeometry.tab(at: 8 + TabBarGeometry.label(.launches).count) == nil)
    }

    @Test func wheelAndClicksOnTheRocketList() async {
        let h = await Harness(source: ScriptedSource(rockets: Sample.Rockets.all), width: 80, height: 24).started()
        await h.press(.character("2"))
        #expect(h.state.screen == .rocketList)
        await mouse(h, .press, y: 3 + 2)  // the gap between rows: nothing
        #expect(h.state.rockets.selection == 0)
        await mouse(h, .press, y: 3 + 3)  // the second rocket's first line
        #expect(h.state.rockets.selection == 1)
        await mouse(h, .press, y: 3 + 3 + 1)  // its second line: the same row, a double-click
        #expect(h.state.screen == .rocketPage)
        #expect(h.state.rocketPage?.index == 1)
    }

    @Test func wheelScrollsTheDetailBody() async {
        let (h, _) = await upcoming()
        await h.press(.enter)
        guard let detail = h.state.detail else { Issue.record("no detail"); return }
        let lines = h.state.detailBody(detail.launch).count
        let maxScroll = max(0, lines - h.state.layout.detailBodyHeight)
        await mouse(h, .wheelDown, y: 9)
        #expect(h.state.detail?.scroll == min(3, maxScroll))
        await mouse(h, .wheelUp, y: 9)
        #expect(h.state.detail?.scroll == 0)
    }

    @Test func mTurnsTheMouseOffSavesItAndTheNextStartKeepsIt() async {
        let spy = PreferencesSpy()
        let (h, _) = await upcoming(preferences: spy.store)
        #expect(h.viewModel.mouseEnabled)
        await h.press(.character("m"))
        #expect(!h.viewModel.mouseEnabled)
        #expect(h.state.notice?.text == "mouse off: the terminal's own selection works")
        #expect(spy.saves.last?.mouse == false)
        // Off: clicks and the wheel do nothing.
        await mouse(h, .press, y: 6)
        await mouse(h, .wheelDown, y: 6)
        #expect(h.state.upcoming.selection == 0)
        #expect(h.state.upcoming.scrollTop == 0)

        let restarted = await Harness(source: ScriptedSource(upcoming: Sample.launches(20, upcoming: true)),
                                      preferences: PreferencesSpy(spy.saves.last!).store).started()
        #expect(!restarted.viewModel.mouseEnabled)
        await restarted.press(.character("m"))
        #expect(restarted.viewModel.mouseEnabled)
        #expect(restarted.state.notice?.text == "mouse on")
    }

    @Test func mIsTakenByAnOpenOverlay() async {
        let (h, _) = await upcoming()
        await h.press(.character("?"), .character("m"))
        #expect(h.viewModel.mouseEnabled)
    }

    @Test func aSettingsFileWithoutTheMouseReadsAsOn() throws {
        let old = try JSONDecoder().decode(Preferences.self, from: Data(#"{"units":{}}"#.utf8))
        #expect(old.mouse)
        let off = try JSONDecoder().decode(Preferences.self, from: JSONEncoder().encode(Preferences(mouse: false)))
        #expect(!off.mouse)
    }
}
