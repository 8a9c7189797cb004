import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport

/// The news server: `ClockedServer` with a news client over it.
private typealias NewsServer = ClockedServer

extension ClockedServer {
    fileprivate func advance(minutes: Double) { advance(seconds: minutes * 60) }
    fileprivate var client: NewsClient {
        NewsClient.live(base: URL(string: "http://127.0.0.1:8770/v4")!, fetcher: fetcher(SpaceflightNews.name))
    }
}

/// `NewsClient.live`: one request per subject, then the cache for half an hour.
@Suite struct NewsClientLiveTests {
    static let launchID = "e53eecd6-184d-440a-955a-70fe0fdccbd6"

    static func articles(_ ids: [Int]) -> String {
        let records = ids.map { id in
            #"{"id": \#(id), "title": "Article \#(id)", "url": "https://example.com/\#(id)", "news_site": "NASA", "published_at": "2023-06-2\#(id)T10:00:00Z"}"#
        }
        return #"{"count": \#(ids.count), "next": null, "results": [\#(records.joined(separator: ", "))]}"#
    }

    @Test func aLaunchsArticlesAreAskedOnceThenCachedForHalfAnHour() async throws {
        let server = NewsServer()
        server.answer(Self.articles([1, 2]))
        let client = server.client
        let first = try await client.articles(.launch(Self.launchID), .normal)
        #expect(server.requests == ["http://127.0.0.1:8770/v4/articles/?launch=\(Self.launchID)"])
        // Newest first.
        #expect(first.value.map(\.id) == [2, 1])
        #expect(first.value.first?.title == "Article 2" && first.value.first?.site == "NASA")
        #expect(first.fetchedAt == server.now)

        server.answer(Self.articles([3]))
        server.advance(minutes: 29.9)
        let cached = try await server.client.articles(.launch(Self.launchID), .normal)
        #expect(server.requests.count == 1, "half an hour fresh, also for a new client over the same cache")
        #expect(cached.value.map(\.id) == [2, 1])

        server.advance(minutes: 0.1)
        let again = try await client.articles(.launch(Self.launchID), .normal)
        #expect(server.requests.count == 2)
        #expect(again.value.map(\.id) == [3])
        #expect(NewsClient.freshFor == 1800)
    }

    @Test func anEventsArticlesAreAskedByItsId() async throws {
        let server = NewsServer()
        server.answer(Self.articles([4]))
        let client = server.client
        let first = try await client.articles(.event("205"), .normal)
        let second = try await client.articles(.event("205"), .normal)
        #expect(server.requests == ["http://127.0.0.1:8770/v4/articles/?event=205"])
        #expect(first.value.map(\.id) == [4] && second.value.map(\.id) == [4])
    }

    @Test func aLaunchAndAnEventAreDifferentQuestions() async throws {
        let server = NewsServer()
        server.answer(Self.articles([1]))
        let client = server.client
        _ = try await client.articles(.launch("205"), .normal)
        _ = try await client.articles(.event("205"), .normal)
        _ = try await client.articles(.launch("206"), .normal)
        #expect(server.requests == ["http://127.0.0.1:8770/v4/articles/?launch=205", "http://127.0.0.1:8770/v4/articles/?event=205",
                                    "http://127.0.0.1:8770/v4/articles/?launch=206"])
    }

    @Test func aServerErrorWithNothingCachedThrows() async {
        let server = NewsServer()
        server.answer(status: 500, "<html>Internal Server Error</html>")
        let client = server.client
        let error = await apiFailure { () async throws(APIError) -> Fetched<[NewsArticle]> in
            try await client.articles(.launch(Self.launchID), .normal)
        }
        #expect(error == .http(status: 500, retryAfter: nil))
        #expect(error?.message == "server error (HTTP 500)")
    }

    @Test func aServerErrorWithSomethingCachedShowsItWithTheReason() async throws {
        let server = NewsServer()
        server.answer(Self.articles([1]))
        let client = server.client
        let fetched = try await client.articles(.event("9"), .normal)
        server.answer(status: 500, "oops")
        server.advance(minutes: 45)
        let stale = try await client.articles(.event("9"), .normal)
        #expect(stale.value.map(\.id) == [1])
        #expect(stale.fetchedAt == fetched.fetchedAt)
        #expect(stale.problem == .http(status: 500, retryAfter: nil))
    }

    @Test func aPageThatIsNoPageIsBadData() async {
        let server = NewsServer()
        server.answer(#"{"results": null}"#)
        let client = server.client
        let error = await apiFailure { () async throws(APIError) -> Fetched<[NewsArticle]> in
            try await client.articles(.launch("x"), .normal)
        }
        guard case .badData? = error else {
            Issue.record("expected bad data, got \(String(describing: error))")
            return
        }
    }
}

/// The Spaceflight News API spends a budget of its own below the governor.
@Suite struct NewsBudgetTests {
    let clock = TestClock()
    let log = RequestLog()

    func send(_ client: HTTPClient, _ url: String) async -> APIError? {
        await apiFailure { () async throws(APIError) in
            try await client.send(HTTPClient.Request(url: URL(string: url)!, kind: .apiList))
        }
    }

    @Test func itsOwnBudget() {
        #expect(RequestBudget.spaceflightNews == RequestBudget(name: "Spaceflight News", burst: 10, interval: 60))
        #expect(RequestBudget.spaceflightNews.name != RequestBudget.launchLibrary2.name)
        #expect(RequestBudget.spaceflightNews.name != RequestBudget.launchLibrary2WithToken.name)
    }

    /// Both APIs served from one test host: spending Launch Library 2's burst does not hold
    /// back a news request, nor the other way round.
    @Test func spendingLaunchLibrary2sBurstDoesNotHoldBackTheNews() async {
        let governor = RequestGovernor(now: clock.clock.now)
        let http = HTTPClient.answering(body: #"{"results": []}"#, log: log)
        let ll2 = http.governed(by: governor, budget: .launchLibrary2)
        let news = http.governed(by: governor, budget: .spaceflightNews)

        // Launch Library 2's burst is 5 (15 an hour).
        for n in 0..<5 { #expect(await send(ll2, "http://127.0.0.1:8000/2.3.0/launches/upcoming/?n=\(n)") == nil) }
        #expect(await send(ll2, "http://127.0.0.1:8000/2.3.0/launches/upcoming/?n=5") == .heldBack(host: "127.0.0.1:8000", retryAfter: 360))
        #expect(await send(news, "http://127.0.0.1:8000/v4/articles/?launch=a") == nil)
        #expect(log.requests.count == 6)

        // The news burst is 10; its 11th waits a minute, and Launch Library 2 stays held back.
        for n in 1..<10 { #expect(await send(news, "http://127.0.0.1:8000/v4/articles/?event=\(n)") == nil) }
        #expect(await send(news, "http://127.0.0.1:8000/v4/articles/?event=10") == .heldBack(host: "127.0.0.1:8000", retryAfter: 60))
        #expect(log.requests.count == 15)
        clock.advance(by: 60)
        #expect(await send(news, "http://127.0.0.1:8000/v4/articles/?event=11") == nil)
        #expect(await send(ll2, "http://127.0.0.1:8000/2.3.0/launches/upcoming/?n=6") == .heldBack(host: "127.0.0.1:8000", retryAfter: 300))
        #expect(log.requests.count == 16)
    }

    /// The whole client: a news request held back with nothing cached is the error; a cached
    /// answer spends nothing.
    @Test func theNewsClientBelowTheGovernor() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-news-governed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let governor = RequestGovernor(now: clock.clock.now)
        let http = HTTPClient.answering(body: #"{"results": [{"id": 1, "title": "T", "url": "https://example.com/t"}]}"#, log: log)
            .governed(by: governor, budget: RequestBudget(name: RequestBudget.spaceflightNews.name, burst: 1, interval: 60))
        let fetcher = CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: SpaceflightNews.name,
                                    now: clock.clock.now)
        let client = NewsClient.live(base: URL(string: "http://127.0.0.1:8770/v4")!, fetcher: fetcher)
        #expect(try await client.articles(.launch("a"), .normal).value.map(\.id) == [1])
        #expect(try await client.articles(.launch("a"), .normal).value.map(\.id) == [1])
        #expect(log.requests.count == 1, "the second from the cache, no token spent")
        let error = await apiFailure { () async throws(APIError) -> Fetched<[NewsArticle]> in try await client.articles(.launch("b"), .normal) }
        #expect(error == .heldBack(host: "127.0.0.1:8770", retryAfter: 60))
        #expect(log.requests.count == 1)
    }
}
