import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The Events tab (issue 27): Launch Library 2's events, Upcoming │ Past, paged, opened, watched.
@Suite("Events tab")
struct EventsTabTests {
    static func harness(upcoming: Int = 3, past: Int = 2, news: ScriptedNews? = nil, clock: TestClock = TestClock(),
                        favorites: FavoritesStore = .inMemory()) async -> Harness {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(3), details: ["ll2-1": Sample.starlinkDetailed],
                                    name: "Launch Library 2",
                                    events: [.upcoming: Sample.events(upcoming), .past: Sample.events(past, upcoming: false)])
        return await Harness(source: source, clock: clock, favorites: favorites, news: news).started()
    }

    static func eventRequests(_ h: Harness) -> [ScriptedSource.Request] {
        h.source.requests.filter { if case .events = $0.kind { true } else { false } }
    }

    /// The screen as text, row by row.
    static func screen(_ h: Harness) -> String { h.viewModel.render().text }

    @Test func fourOpensTheTabAndItsFirstPageOnlyThen() async {
        let h = await Self.harness()
        #expect(Self.eventRequests(h).isEmpty, "nothing asked before the tab is shown")
        await h.press(.character("4"))
        #expect(h.state.tab == .events && h.state.screen == .events)
        #expect(Self.eventRequests(h) == [ScriptedSource.Request(.events(.upcoming), page: 1)])
        #expect(h.state.events.current.events.map(\.name) == ["Docking 1", "EVA 2", "Static Fire 3"])
        let text = Self.screen(h)
        #expect(text.contains("4 Events"), "\(text)")
        #expect(text.contains("Docking 1 · Docking"), "\(text)")
        #expect(text.contains("2022-10-02 12:00"), "the date as yyyy-MM-dd HH:mm in the zone: \(text)")
        #expect(text.contains("● LIVE"), "the live webcast: \(text)")
        // Back and forth: no request more.
        await h.press(.character("1"), .character("4"))
        #expect(Self.eventRequests(h).count == 1)
    }

    @Test func pShowsThePastAndUKeepsTheUpcomingRows() async {
        let h = await Self.harness()
        await h.press(.character("4"), .character("j"), .character("p"))
        #expect(h.state.events.segment == .past)
        #expect(h.state.events.current.events.map(\.id) == ["901", "902"])
        await h.press(.character("u"))
        #expect(h.state.events.current.selection == 1, "the Upcoming list kept its selection")
        #expect(Self.eventRequests(h).map(\.kind) == [.events(.upcoming), .events(.past)])
    }

    @Test func movingNearTheEndAsksForTheNextPageOnce() async {
        let h = await Self.harness(upcoming: 45)
        await h.press(.character("4"))
        #expect(h.state.events.current.events.count == 20)
        await h.press(.character("G"))
        #expect(h.state.events.current.events.count == 40)
        await h.press(.character("G"), .character("G"))
        #expect(h.state.events.current.events.count == 45)
        #expect(h.state.events.current.paging.next == nil)
        await h.press(.character("G"))
        #expect(Self.eventRequests(h).map(\.page) == [1, 2, 3], "\(Self.eventRequests(h))")
    }

    @Test func aServerThatRepeatsItsFirstPageEndsTheList() async {
        let h = await Self.harness(upcoming: 45)
        await h.press(.character("4"))
        // Every page now answers the first page's events.
        h.source.replace(events: Array(Sample.events(20)) + Array(Sample.events(20)) + Array(Sample.events(5)), in: .upcoming)
        await h.press(.character("G"), .character("G"), .character("G"))
        #expect(h.state.events.current.paging.end == .noNewRecords)
        let asked = Self.eventRequests(h).count
        await h.press(.character("G"), .character("k"), .character("G"))
        #expect(Self.eventRequests(h).count == asked, "no request after the end")
    }

    @Test func aFailureSaysSoAndRRetries() async {
        let h = await Self.harness()
        h.source.fail(with: .http(status: 500, retryAfter: nil))
        await h.press(.character("4"))
        #expect(h.state.events.current.status.error == .http(status: 500, retryAfter: nil))
        let text = Self.screen(h)
        #expect(text.contains("Could not load upcoming events"), "\(text)")
        #expect(h.state.upcoming.launches.count == 3, "the launches are untouched")
        await h.press(.character("r"))
        #expect(h.state.events.current.events.count == 3)
        #expect(Self.eventRequests(h).last?.reload == true)
    }

    @Test func aSourceWithoutEventsSaysSoAndAsksNothing() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API")
        let h = await Harness(source: source).started()
        let before = source.requests.count
        await h.press(.character("4"))
        #expect(source.requests.count == before)
        let text = Self.screen(h)
        #expect(text.contains("r/SpaceX API has no events."), "\(text)")
    }

    @Test func sForgetsTheOtherSourcesEvents() async {
        let ll2 = ScriptedSource(upcoming: Sample.ll2Launches(2), name: "Launch Library 2", events: [.upcoming: Sample.events(2)])
        let spacex = ScriptedSource(upcoming: Sample.launches(2, upcoming: true), name: "r/SpaceX API")
        let h = await Harness(source: ll2, alternatives: [spacex]).started()
        await h.press(.character("4"))
        #expect(h.state.events.current.events.count == 2)
        await h.press(.character("S"), .character("4"))
        #expect(h.state.events.current.events.isEmpty)
        #expect(Self.screen(h).contains("has no events"))
    }

    @Test func enterOpensTheEventAndItsNewsIsAsked() async {
        let news = ScriptedNews([.event("101"): [Sample.article(1, title: "Dragon docks"), Sample.article(2, title: "Hatch open")]])
        let h = await Self.harness(news: news)
        await h.press(.character("4"), .enter)
        #expect(h.state.screen == .eventDetail)
        #expect(news.requests == [.event("101")])
        let detail = try! #require(h.state.routes.last?.eventDetail)
        #expect(detail.news.articles.map(\.title) == ["Dragon docks", "Hatch open"])
        #expect(detail.linkSlots.map(\.title) == ["Video", "Info", "News"])
        let text = Self.screen(h)
        #expect(text.contains("T-00d 23:59:59") == false && text.contains("T-01d 00:00:00"), "the countdown: \(text)")
        #expect(text.contains("until the event"), "\(text)")
        #expect(text.contains("News (2)"), "\(text)")
    }

    @Test func theEventsLaunchOpensItsDetailFromTheSource() async {
        let news = ScriptedNews()
        let h = await Self.harness(news: news)
        await h.press(.character("4"), .enter)
        #expect(h.state.routes.last?.eventDetail?.selectedLaunch?.id == "ll2-1")
        await h.press(.enter)
        #expect(h.state.screen == .launchDetail)
        #expect(h.state.detail?.launch.videos.count == 2, "the whole record came from the source")
        #expect(h.source.requests.last == ScriptedSource.Request(.detail("ll2-1")))
        #expect(news.requests == [.event("101"), .launch("ll2-1")])
        await h.press(.escape)
        #expect(h.state.screen == .eventDetail, "Esc goes back to the event")
    }

    @Test func anEventWithoutLaunchesSaysSoOnEnterAndScrollsWithJ() async {
        let h = await Self.harness()
        await h.press(.character("4"), .character("j"), .enter)
        await h.press(.enter)
        #expect(h.state.notice?.text == "this event names no launch")
        await h.press(.character("j"))
        #expect(h.state.routes.last?.eventDetail?.scroll ?? 0 <= 1)
    }

    @Test func oOpensTheEventsVideo() async {
        let h = await Self.harness()
        await h.press(.character("4"), .enter, .character("o"))
        #expect(h.browser.urls.map(\.absoluteString) == ["https://www.youtube.com/watch?v=ev1"])
    }

    @Test func fWatchesTheEventAndFavoritesListsIt() async {
        let h = await Self.harness()
        await h.press(.character("4"), .character("f"))
        #expect(h.state.favorites.items.events.map(\.id) == ["101"])
        #expect(h.state.notice?.text == "watching Docking 1 · in Favorites (key 3)")
        await h.press(.character("3"))
        let text = Self.screen(h)
        #expect(text.contains("Watched events"), "\(text)")
        #expect(text.contains("Docking 1"), "\(text)")
        await h.press(.enter)
        #expect(h.state.screen == .eventDetail, "Enter on it opens the event")
        await h.press(.escape, .character("x"))
        #expect(h.state.favorites.items.events.isEmpty)
        await h.press(.character("u"))
        #expect(h.state.favorites.items.events.map(\.id) == ["101"], "u puts it back")
        // f on the event's own detail toggles it too.
        await h.press(.character("4"), .enter, .character("f"))
        #expect(h.state.favorites.items.events.isEmpty)
    }

    @Test func aWatchedEventRingsItsReminder() async {
        let clock = TestClock()
        let h = await Self.harness(clock: clock)
        await h.press(.character("4"), .character("f"))
        let lead = TimeInterval(h.state.preferences.reminders.max() ?? 0) * 60
        try! #require(lead > 0)
        // Docking 1 is a day away: to just past `lead` before it.
        clock.set(Sample.reference.addingTimeInterval(86_400 - lead + 1))
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(h.terminal.bells > 0, "\(h.terminal.all)")
        #expect(h.state.notice?.text.hasPrefix("⏰ Docking 1 in") == true, "\(String(describing: h.state.notice))")
    }

    @Test func refreshedEventsUpdateTheWatchedCopy() async {
        let h = await Self.harness()
        await h.press(.character("4"), .character("f"))
        var moved = Sample.events(3)
        moved[0].date = Sample.reference.addingTimeInterval(2 * 86_400)
        h.source.replace(events: moved, in: .upcoming)
        await h.press(.character("r"))
        #expect(h.state.favorites.items.events.first?.date == moved[0].date)
    }
}
