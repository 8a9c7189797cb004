import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A detail's News section (issue 27): the Spaceflight News API's articles about a Launch
/// Library 2 launch, asked once as the detail opens, opened from the links bar, and failures
/// kept inside the section.
@Suite("News section")
struct NewsSectionTests {
    static let articles = [Sample.article(7, title: "Starlink stack arrives at the pad", site: "NASASpaceflight", hoursAgo: 5),
                           Sample.article(8, title: "Weather 90% go", site: "SpaceNews", hoursAgo: 30)]

    static func harness(_ news: ScriptedNews, alternatives: [ScriptedSource] = []) async -> Harness {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(3), details: ["ll2-1": Sample.starlinkDetailed], name: "Launch Library 2")
        return await Harness(source: source, alternatives: alternatives, width: 100, height: 50, news: news).started()
    }

    static func screen(_ h: Harness) -> String { h.viewModel.render().text }

    @Test func aLaunchLibrary2DetailAsksOnceAndListsTheArticles() async {
        let news = ScriptedNews([.launch("ll2-1"): Self.articles])
        let h = await Self.harness(news)
        #expect(news.requests.isEmpty, "nothing before a detail opens")
        await h.press(.enter)
        #expect(news.requests == [.launch("ll2-1")])
        #expect(h.state.detail?.news.articles.map(\.id) == [7, 8])
        #expect(h.state.detail?.linkSlots.map(\.title) == ["Video", "Info", "News"])
        await h.press(.character("G"))
        let text = Self.screen(h)
        #expect(text.contains("5 h ago        NASASpaceflight — Starlink stack arrives at the pad"), "\(text)")
        #expect(text.contains("30 h ago       SpaceNews — Weather 90% go"), "\(text)")
        // Ticks and moves ask nothing more; `r` goes past the cache.
        for _ in 0..<5 { h.viewModel.handle(.tick) }
        await h.press(.character("k"), .character("j"))
        #expect(news.requests.count == 1)
        await h.press(.character("r"))
        #expect(news.requests.count == 2 && news.modes.last == .reload)
    }

    @Test func oOnTheNewsOffersTheArticlesAndEnterOpensOne() async {
        let news = ScriptedNews([.launch("ll2-1"): Self.articles])
        let h = await Self.harness(news)
        await h.press(.enter, .character("l"), .character("l"))
        #expect(h.state.detail?.linkIndex == 2, "the News link is selected")
        #expect(Self.screen(h).contains("News (2)"))
        await h.press(.character("o"))
        guard case .links(let menu)? = h.state.overlay else {
            Issue.record("no menu: \(String(describing: h.state.overlay))")
            return
        }
        #expect(menu.title == "News")
        #expect(menu.targets.map(\.title) == ["Starlink stack arrives at the pad", "Weather 90% go"])
        await h.press(.character("j"), .enter)
        #expect(h.browser.urls.map(\.absoluteString) == ["https://example.com/news/8"])
    }

    @Test func aFailureStaysInTheSectionAndTheDetailIsWhole() async {
        let news = ScriptedNews([.launch("ll2-1"): Self.articles])
        news.fail(with: .http(status: 429, retryAfter: 60))
        let h = await Self.harness(news)
        await h.press(.enter)
        #expect(h.state.detail?.news.status.error == .http(status: 429, retryAfter: 60))
        #expect(h.state.detail?.launch.videos.count == 2, "the launch's own record came")
        #expect(h.state.notice == nil || h.state.notice?.level != .error, "the status line is not taken over")
        await h.press(.character("G"))
        let text = Self.screen(h)
        #expect(text.contains("could not load the news"), "\(text)")
        #expect(text.contains("Mission") || text.contains("Provider"), "\(text)")
        // Never asked again by itself.
        for _ in 0..<3 {
            h.clock.advance(by: 120)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
        }
        #expect(news.requests.count == 1)
        await h.press(.character("r"))
        #expect(h.state.detail?.news.articles.count == 2)
    }

    @Test func anRSpaceXLaunchHasNoNews() async {
        let news = ScriptedNews()
        let spacex = ScriptedSource(upcoming: Sample.launches(2, upcoming: true), name: "r/SpaceX API")
        let h = await Harness(source: spacex, width: 100, height: 50, news: news).started()
        await h.press(.enter)
        #expect(h.state.screen == .launchDetail)
        #expect(news.requests.isEmpty)
        #expect(h.state.detail?.linkSlots.map(\.title).contains("News") == false)
        #expect(!Self.screen(h).contains("News"))
    }

    @Test func anArticleNamingTheLaunchReachesEveryOpenCopy() async {
        let news = ScriptedNews([.launch("ll2-1"): Self.articles])
        let h = await Self.harness(news)
        // The same launch on the Launches tab and through the event on the Events tab would
        // both be updated; here: open, back, open again keeps one request each time.
        await h.press(.enter, .escape, .enter)
        #expect(news.requests == [.launch("ll2-1"), .launch("ll2-1")])
        #expect(h.state.detail?.news.articles.count == 2)
    }

    @Test func titlesFromTheNetworkAreStrippedOfControls() async {
        let hostile = [Sample.article(9, title: "Evil \u{1B}]52;c;aGk=\u{07} title \u{202E}reversed", site: "Bad\u{1B}[31mSite")]
        let news = ScriptedNews([.launch("ll2-1"): hostile])
        let h = await Self.harness(news)
        await h.press(.enter, .character("G"))
        let text = Self.screen(h)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\u{202E}"), "\(text)")
        #expect(text.contains("Evil"), "\(text)")
    }
}
