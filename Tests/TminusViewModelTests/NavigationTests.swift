import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Tabs, help, quit")
struct NavigationTests {
    @Test func numberKeysAndTabSwitchTabs() async {
        let h = await Harness(source: ScriptedSource()).started()
        await h.press(.character("2"))
        #expect(h.state.tab == .rockets)
        await h.press(.character("3"))
        #expect(h.state.tab == .favorites)
        await h.press(.character("4"))
        #expect(h.state.tab == .events)
        await h.press(.tab)
        #expect(h.state.tab == .launches, "Tab wraps around")
        await h.press(.backTab)
        #expect(h.state.tab == .events)
        await h.press(.backTab)
        #expect(h.state.tab == .favorites)
        await h.press(.character("1"))
        #expect(h.state.tab == .launches)
    }

    @Test func tabKeysWorkFromAnyScreenAndEachTabKeepsItsScreens() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true))).started()
        await h.press(.down, .enter)
        #expect(h.state.screen == .launchDetail)
        await h.press(.character("3"))
        #expect(h.state.tab == .favorites)
        #expect(h.state.screen == .favorites)
        await h.press(.tab, .tab)
        #expect(h.state.tab == .launches)
        #expect(h.state.detail?.launch.name == "Mission 2", "the Launches tab is where it was left")
        await h.press(.escape)
        #expect(h.state.screen == .launchList)
    }

    @Test func listKeysDoNothingOnOtherTabs() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true))).started()
        await h.press(.character("2"), .down, .character("p"))
        #expect(h.state.upcoming.selection == 0)
        #expect(h.state.segment == .upcoming)
    }

    @Test func helpOverlaySwallowsKeysAndCloses() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true))).started()
        await h.press(.character("?"))
        #expect(h.state.showingHelp)
        await h.press(.down)
        #expect(h.state.upcoming.selection == 0, "keys behind the overlay do nothing")
        await h.press(.escape)
        #expect(!h.state.showingHelp)
        #expect(!h.terminal.quitRequested)
    }

    @Test func qQuitsFromAnyScreen() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(2, upcoming: true))).started()
        await h.press(.enter)
        #expect(h.state.detail != nil)
        await h.press(.character("q"))
        #expect(h.terminal.quitRequested)
    }

    @Test func helpListsTheKeysOfTheCurrentScreen() {
        let list = Keymap.help(for: .launchList).map(\.keys)
        #expect(list.contains("u p"))
        #expect(list.contains("r"))
        let detail = Keymap.help(for: .launchDetail).map(\.keys)
        #expect(detail.contains("o Enter"))
        #expect(!detail.contains("u p"))
    }
}
