import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Mouse: wheel, clicks, double-clicks, tabs, m")
struct MouseTests {
    /// A user who turned the mouse on (it is off by default).
    static func mouseOn() -> PreferencesStore { .inMemory(.init(preferences: Preferences(mouse: true))) }

    /// 80×12 without pictures: one line a row, rows from line 3, eight rows on screen.
    func upcoming(_ count: Int = 20, preferences: PreferencesStore = mouseOn()) async -> (Harness, [Launch]) {
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
        let h = await Harness(source: ScriptedSource(upcoming: launches), width: 80, height: 24, preferences: Self.mouseOn()).started()
        h.viewModel.state.pictureMode = .pictures
        await h.viewModel.settle()  // the frame the user clicks on: two-line rows
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
        #expect(h.state.tab == TabBarGeometry.labels.last?.tab)
        #expect(TabBarGeometry.tab(at: 8) == .launches)
        #expect(TabBarGeometry.tab(at: 8 + TabBarGeometry.label(.launches).count) == nil)
    }

    @Test func wheelAndClicksOnTheRocketList() async {
        let h = await Harness(source: ScriptedSource(rockets: Sample.Rockets.all), width: 80, height: 24,
                              preferences: Self.mouseOn()).started()
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

    /// The Favorites tab on a wide terminal: a click on its preview is not a click on the row
    /// drawn at that line of the list (issue 25 gave the tab a preview).
    @Test func aClickOnTheFavoritesPreviewSelectsNothing() async {
        let saved = Favorites(rockets: [FavoriteRocket(Sample.Rockets.falcon1, addedAt: Sample.reference),
                                        FavoriteRocket(Sample.Rockets.falcon9, addedAt: Sample.reference)], launches: [])
        let h = await Harness(source: ScriptedSource(), width: 200, height: 40, preferences: Self.mouseOn(),
                              favorites: .inMemory(saved)).started()
        await h.press(.character("3"))
        #expect(h.state.hasPreview)
        // Line 4 is the second rocket's row (line 2 is the section's heading): in the list a
        // click there selects it, in the preview nothing.
        await mouse(h, .press, x: h.state.layout.listWidth + 10, y: 4)
        #expect(h.state.favorites.selection == 0)
        await mouse(h, .press, x: 10, y: 4)
        #expect(h.state.favorites.selection == 1)
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
        let spy = PreferencesSpy(Preferences(mouse: true))
        let (h, _) = await upcoming(preferences: spy.store)
        #expect(h.viewModel.mouseEnabled)
        await h.press(.character("m"))
        #expect(!h.viewModel.mouseEnabled)
        #expect(h.state.notice?.text == "mouse off — terminal selection and link clicks work; m to turn on")
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
        #expect(restarted.state.notice?.text == "mouse on — Shift-drag selects text; m to turn off")
        #expect(spy.saves.isEmpty == false)
    }

    @Test func mIsTakenByAnOpenOverlay() async {
        let (h, _) = await upcoming()
        await h.press(.character("?"), .character("m"))
        #expect(h.viewModel.mouseEnabled)
    }

    @Test func aNewUserStartsWithTheMouseOffAndClicksDoNothing() async {
        let (h, _) = await upcoming(preferences: .inMemory())
        #expect(!h.viewModel.mouseEnabled)
        #expect(h.terminal.mouse != true)
        await mouse(h, .press, y: 3 + 4)
        await mouse(h, .wheelDown, y: 5)
        #expect(h.state.upcoming.selection == 0 && h.state.upcoming.scrollTop == 0)
        // `m` turns it on, and says how to have the terminal's selection back.
        await h.press(.character("m"))
        #expect(h.viewModel.mouseEnabled)
        #expect(h.terminal.mouse == true)
        await mouse(h, .press, y: 3 + 4)
        #expect(h.state.upcoming.selection == 4)
    }

    @Test func aSavedChoiceIsKeptEitherWayAndAFileWithoutOneGetsTheDefault() throws {
        func decoded(_ json: String) throws -> Preferences { try JSONDecoder().decode(Preferences.self, from: Data(json.utf8)) }
        #expect(try decoded(#"{"units":{},"mouse":true}"#).mouse)
        #expect(try !decoded(#"{"units":{},"mouse":false}"#).mouse)
        // From before the mouse: no choice was ever made, so the default, off.
        #expect(try !decoded(#"{"units":{}}"#).mouse)
        #expect(!Preferences.defaults.mouse)
        for choice in [true, false] {
            #expect(try JSONDecoder().decode(Preferences.self, from: JSONEncoder().encode(Preferences(mouse: choice))).mouse == choice)
        }
    }

    // MARK: - The Upcoming │ Past switch

    @Test func clicksOnTheSegmentSwitchSwitchSegmentsCellByCell() async {
        let (h, _) = await upcoming()
        // ` Upcoming │ Past `: columns 1–10 Upcoming, 11 the bar, 12–17 Past.
        #expect(SegmentSwitch.items.map { [$0.x, $0.width] } == [[1, 10], [12, 6]])
        for x in 12...17 {
            await h.press(.character("u"))
            await mouse(h, .press, x: x, y: 1)
            #expect(h.state.segment == .past, "column \(x)")
        }
        for x in 1...10 {
            await h.press(.character("p"))
            await mouse(h, .press, x: x, y: 1)
            #expect(h.state.segment == .upcoming, "column \(x)")
        }
        // The bar between them, the margin before, and what lies right of the switch: nothing.
        for x in [0, 11, 18, 30, 79] {
            await h.press(.character("p"))
            await mouse(h, .press, x: x, y: 1)
            #expect(h.state.segment == .past, "column \(x)")
        }
    }

    @Test func theSwitchIsOnlyOnTheLaunchList() async {
        let (h, _) = await upcoming()
        await h.press(.enter)
        await mouse(h, .press, x: 14, y: 1)
        #expect(h.state.screen == .launchDetail)
        #expect(h.state.segment == .upcoming)
    }

    // MARK: - The detail's links bar

    /// CRS-26's detail: Webcast and Wikipedia have a page, Press kit, Article and Reddit none.
    func crs26Detail() async -> Harness {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26]), preferences: Self.mouseOn()).started()
        await h.press(.enter)
        return h
    }

    @Test func theLinksBarIsWhereTheDetailDrawsIt() async {
        let h = await crs26Detail()
        let layout = h.state.layout
        #expect(layout.detailLinksRow == 5)
        let links = LinkBar.layout(Sample.crs26.linkSlots, startX: layout.detailLinksX)
        // `Links ` at 12 (right of the patch), then ` Webcast ` ` Press kit ` ` Wikipedia ` ` Article `
        // ` Reddit `, a blank between.
        #expect(links.map(\.text) == [" Webcast ", " Press kit ", " Wikipedia ", " Article ", " Reddit "])
        #expect(layout.detailLinksX == 12)
        #expect(links.map(\.x) == [18, 28, 40, 52, 62])
        #expect(links.map(\.available) == [true, false, true, false, false])
    }

    @Test func aClickSelectsALinkOnEveryCellOfItAndASecondClickOpensIt() async {
        let h = await crs26Detail()
        let layout = h.state.layout
        let links = LinkBar.layout(Sample.crs26.linkSlots, startX: layout.detailLinksX)
        let webcast = links[0], wikipedia = links[2]
        #expect(h.state.detail?.linkIndex == 0)
        for x in wikipedia.x..<(wikipedia.x + wikipedia.width) {
            if h.state.detail?.linkIndex == 2 { await h.press(.character("h")) }  // back to the webcast
            #expect(h.state.detail?.linkIndex == 0)
            await mouse(h, .press, x: x, y: layout.detailLinksRow)
            #expect(h.state.detail?.linkIndex == 2, "column \(x)")
        }
        #expect(h.browser.urls.isEmpty)
        // The selected link, clicked again (a double-click, or a second click later): opened, as `o` does.
        await mouse(h, .press, x: wikipedia.x + 3, y: layout.detailLinksRow)
        #expect(h.browser.urls == [URL(string: "https://en.wikipedia.org/wiki/CRS-26")!])
        for x in webcast.x..<(webcast.x + webcast.width) {
            if h.state.detail?.linkIndex == 0 { await h.press(.character("l")) }  // to Wikipedia
            #expect(h.state.detail?.linkIndex == 2)
            await mouse(h, .press, x: x, y: layout.detailLinksRow)
            #expect(h.state.detail?.linkIndex == 0, "column \(x)")
        }
        h.clock.advance(by: 60)
        await mouse(h, .press, x: webcast.x, y: layout.detailLinksRow)
        #expect(h.browser.urls.last == URL(string: "https://youtu.be/crs26"))
        #expect(h.browser.urls.count == 2)
    }

    @Test func aClickBetweenLinksOrOffTheBarDoesNothing() async {
        let h = await crs26Detail()
        let layout = h.state.layout
        let links = LinkBar.layout(Sample.crs26.linkSlots, startX: layout.detailLinksX)
        let gaps: [Int] = links.dropLast().map { $0.x + $0.width }
        #expect(gaps == [27, 39, 51, 61])
        // The label, the gaps, right of the last link, and the rows above and below it.
        var cells: [(Int, Int)] = [(12, 5), (17, 5), (70, 5), (79, 5), (22, 4), (22, 6), (44, 4), (44, 6)]
        cells += gaps.map { ($0, 5) }
        for (x, y) in cells {
            await mouse(h, .press, x: x, y: y)
            #expect(h.state.detail?.linkIndex == 0, "(\(x), \(y))")
            #expect(h.state.screen == .launchDetail)
        }
        #expect(h.browser.urls.isEmpty)
        #expect(h.state.notice == nil)
    }

    @Test func aClickOnALinkWithoutAPageSaysSoAndSelectsNothing() async {
        let h = await crs26Detail()
        let layout = h.state.layout
        let pressKit = LinkBar.layout(Sample.crs26.linkSlots, startX: layout.detailLinksX)[1]
        await mouse(h, .press, x: pressKit.x + 1, y: layout.detailLinksRow)
        #expect(h.state.detail?.linkIndex == 0)
        #expect(h.state.notice?.text == "this launch has no press kit link")
        #expect(h.browser.urls.isEmpty)
    }

    @Test func aClickOnAWebcastWithSeveralPagesAsksWhich() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.starlinkDetailed]), preferences: Self.mouseOn()).started()
        await h.press(.enter)
        let layout = h.state.layout
        let links = LinkBar.layout(Sample.starlinkDetailed.linkSlots, startX: layout.detailLinksX)
        #expect(links.map(\.text) == [" Video (2) ", " Info "])
        await mouse(h, .press, x: links[1].x, y: layout.detailLinksRow)
        #expect(h.state.detail?.linkIndex == 1)
        await mouse(h, .press, x: links[0].x + links[0].width - 1, y: layout.detailLinksRow)
        await mouse(h, .press, x: links[0].x, y: layout.detailLinksRow)
        #expect(h.state.overlay == .links(LinkMenu(title: "Video", targets: Sample.starlinkDetailed.videos)))
        #expect(h.browser.urls.isEmpty)
    }

    @Test func offTheMouseTheBarsTakeNoClicks() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        await mouse(h, .press, x: 14, y: 1)
        #expect(h.state.segment == .upcoming)
        await h.press(.enter)
        await mouse(h, .press, x: 44, y: 5)
        #expect(h.state.detail?.linkIndex == 0)
    }

    // MARK: - The status line says how the mouse is

    @Test func theStatusLineHintSaysTheMouseStateOnTheListAndTheDetail() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26]), width: 160).started()
        func hint() -> String? {
            Keymap.statusHints(for: h.state).first { $0.bindings.contains { $0.action == .toggleMouse } }
                .map { "\($0.keys) \($0.action)" }
        }
        #expect(hint() == "m mouse: off")
        // Before `? help` and `q quit`, and kept with them when the line is short.
        #expect(Keymap.statusHints(for: h.state).suffix(3).map(\.keys) == ["m", "?", "q"])
        #expect(Keymap.isGlobal(Keymap.statusHints(for: h.state).first { $0.keys == "m" }!))
        await h.press(.character("m"))
        #expect(hint() == "m mouse: on")
        await h.press(.enter)
        #expect(h.state.screen == .launchDetail)
        #expect(hint() == "m mouse: on")
        // Elsewhere, `?` lists it.
        await h.press(.character("2"))
        #expect(h.state.screen == .rocketList)
        #expect(hint() == nil)
    }
}
