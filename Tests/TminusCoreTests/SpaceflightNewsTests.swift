import Foundation
import Testing
@testable import TminusCore

/// The Spaceflight News API's articles (a launch or event detail's News section):
/// the request for a launch's or an event's articles, and the answer read leniently.
@Suite("Spaceflight News articles")
struct SpaceflightNewsTests {
    static let fixtures = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"] ?? ""

    @Test func theRequestNamesTheLaunchOrTheEvent() {
        let base = URL(string: "http://127.0.0.1:8770/v4")!
        #expect(SpaceflightNews.articlesURL(base: base, launchID: "e53eecd6-184d-440a-955a-70fe0fdccbd6").absoluteString
                == "http://127.0.0.1:8770/v4/articles/?launch=e53eecd6-184d-440a-955a-70fe0fdccbd6")
        #expect(SpaceflightNews.articlesURL(base: base, eventID: "205").absoluteString == "http://127.0.0.1:8770/v4/articles/?event=205")
        #expect(SpaceflightNews.defaultBaseURL.absoluteString == "https://api.spaceflightnewsapi.net/v4")
        // An id that is not a plain word cannot add a parameter of its own.
        #expect(SpaceflightNews.articlesURL(base: base, launchID: "x&limit=1000").query == "launch=x%26limit%3D1000")
    }

    @Test(.enabled(if: !fixtures.isEmpty, "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func theRecordedPageReadsNewestFirstWithItsLaunches() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures).appending(path: "snapi/v4/articles-2023-06.json"))
        let articles = try SpaceflightNews.decodeArticles(data)
        #expect(articles.count == 20)
        #expect(zip(articles, articles.dropFirst()).allSatisfy { ($0.publishedAt ?? .distantPast) >= ($1.publishedAt ?? .distantPast) })
        #expect(articles.allSatisfy { !$0.launchIDs.isEmpty && !$0.title.isEmpty && $0.url.scheme?.hasPrefix("http") == true })
        let dragon = try #require(articles.first { $0.id == 19828 })
        #expect(dragon.title == "NASA to Provide Coverage as Dragon Departs Station with Science")
        #expect(dragon.site == "NASA" && dragon.launchIDs == ["e53eecd6-184d-440a-955a-70fe0fdccbd6"] && dragon.eventIDs == [205])
        #expect(dragon.publishedAt == ISO8601.parse("2023-06-26T17:04:00Z"))
    }

    /// Nulls, wrong types, an article without a title or a link that opens: that article goes,
    /// never the page; a page that is no page at all is an error that says so.
    @Test func hostileArticlesLoseOnlyThemselves() throws {
        let json = #"""
        {"count": 5, "results": [
          {"id": 1, "title": "Kept", "url": "https://example.com/a", "news_site": null, "published_at": "not a date",
           "launches": [{"launch_id": null}, {"launch_id": "abc"}, "x"], "events": "none"},
          {"id": 2, "title": "  ", "url": "https://example.com/b"},
          {"id": 3, "title": "No link", "url": "javascript:alert(1)"},
          {"id": "4", "title": "Id as text", "url": "https://example.com/d"},
          "not an object"
        ]}
        """#
        let articles = try SpaceflightNews.decodeArticles(Data(json.utf8))
        #expect(articles.map(\.id) == [1])
        #expect(articles.first?.launchIDs == ["abc"] && articles.first?.eventIDs == [] && articles.first?.site == nil)
        #expect(articles.first?.publishedAt == nil)
        for body in [#"{"results": null}"#, #"{"count": 1}"#, "[", "<html>Bad gateway</html>"] {
            #expect(throws: APIError.self, "\(body)") { try SpaceflightNews.decodeArticles(Data(body.utf8)) }
        }
    }
}
