import Foundation
import Synchronization
import Testing
@testable import TminusCore

/// The Launch Library 2 source over a fake server, the real disk cache and a settable clock:
/// what is asked for, and what the cache spares (the free tier allows ~15 requests an hour).
@Suite("Launch Library 2 source: requests and the cache")
struct LaunchLibrary2SourceTests {
    static let base = URL(string: "http://127.0.0.1:8000/2.2.0")!
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static func list(next: String?) -> String {
        let nextJSON = next.map { "\"\($0)\"" } ?? "null"
        return """
        {"count": 21, "next": \(nextJSON), "previous": null, "results": [
          {"id": "a1", "name": "Electron | One", "net": "2023-04-22T08:50:00Z",
           "status": {"id": 1, "name": "Go for Launch", "abbrev": "Go"},
           "launch_service_provider": {"id": 147, "name": "Rocket Lab"}}
        ]}
        """
    }

    static let detail = """
        {"id": "a1", "name": "Electron | One", "net": "2023-04-22T08:50:00Z",
         "status": {"id": 1, "name": "Go for Launch", "abbrev": "Go"},
         "vidURLs": [{"priority": 10, "url": "https://www.youtube.com/watch?v=x", "title": "Live"}]}
        """

    /// A fake server whose answer can change, counting requests; and the clock.
    final class Rig: Sendable {
        let directory: URL
        private let state = Mutex<(requests: [URL], status: Int, headers: [String: String], body: String, now: Date)>(
            ([], 200, [:], "", LaunchLibrary2SourceTests.t0))

        init() {
            directory = FileManager.default.temporaryDirectory.appending(path: "tminus-ll2-source-\(UUID().uuidString)")
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        var requests: [URL] { state.withLock { $0.requests } }
        func answer(status: Int = 200, headers: [String: String] = [:], body: String) {
            state.withLock { $0.status = status; $0.headers = headers; $0.body = body }
        }
        func advance(minutes: Double) { state.withLock { $0.now = $0.now.addingTimeInterval(minutes * 60) } }
        var now: Date { state.withLock { $0.now } }

        var source: LaunchSource {
            let http = HTTPClient { (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
                self.state.withLock { s in
                    s.requests.append(request.url)
                    return HTTPClient.Response(status: s.status, headers: s.headers, body: Data(s.body.utf8))
                }
            }
            let fetcher = CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: LaunchLibrary2.name,
                                        now: { self.now })
            return LaunchLibrary2.launchSource(baseURL: LaunchLibrary2SourceTests.base, fetcher: fetcher)
        }
    }

    /// Issue 36: the past changes little, so its pages are good for a day, while the upcoming
    /// list is asked again after ten minutes; the rocket catalogue for a week.
    @Test func thePastIsFreshForADayTheUpcomingForTenMinutes() async throws {
        let rig = Rig()
        rig.answer(body: Self.list(next: nil))
        _ = try await rig.source.launches(.past, .first, .normal)
        _ = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(rig.requests.count == 2)
        rig.advance(minutes: 23 * 60)
        _ = try await rig.source.launches(.past, .first, .normal)
        #expect(rig.requests.count == 2, "23 hours on, the past page is still fresh")
        _ = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(rig.requests.count == 3, "the upcoming one is not")
        rig.advance(minutes: 61)
        _ = try await rig.source.launches(.past, .first, .normal)
        #expect(rig.requests.count == 4, "a day on, the past is asked again")
        #expect(LaunchLibrary2.rocketsFreshFor == 7 * 24 * 3600)
    }

    @Test func aListYoungerThanTenMinutesComesFromTheCache() async throws {
        let rig = Rig()
        rig.answer(body: Self.list(next: nil))
        let first = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(rig.requests.map(\.absoluteString) == ["http://127.0.0.1:8000/2.2.0/launch/upcoming/?limit=100&offset=0&mode=detailed"])
        #expect(first.fetchedAt == Self.t0)
        #expect(first.value.launches.map(\.provider) == ["Rocket Lab"])

        rig.advance(minutes: 9.9)
        let cached = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(rig.requests.count == 1, "a new source value, the same disk cache: no request")
        #expect(cached.fetchedAt == Self.t0)
        #expect(cached.value == first.value)

        rig.advance(minutes: 0.1)
        let refetched = try await rig.source.launches(.upcoming, .first, .normal)
        #expect(rig.requests.count == 2, "ten minutes old: asked again")
        #expect(refetched.fetchedAt == rig.now)
    }

    @Test func theUsersRefreshAsksEvenWhenTheCacheIsFresh() async throws {
        let rig = Rig()
        rig.answer(body: Self.list(next: nil))
        _ = try await rig.source.launches(.past, .first, .normal)
        _ = try await rig.source.launches(.past, .first, .reload)
        #expect(rig.requests.map(\.absoluteString) == Array(repeating: "http://127.0.0.1:8000/2.2.0/launch/previous/?limit=20&offset=0&mode=detailed", count: 2))
    }

    @Test func rateLimitedTheCachedListAnswersWithTheReason() async throws {
        let rig = Rig()
        let source = rig.source  // one source, one rate-limit gate, as in the app
        rig.answer(body: Self.list(next: nil))
        _ = try await source.launches(.upcoming, .first, .normal)
        rig.advance(minutes: 30)
        rig.answer(status: 429, headers: ["Retry-After": "300"],
                   body: #"{"detail": "Request was throttled. Expected available in 300 seconds."}"#)
        let limited = try await source.launches(.upcoming, .first, .reload)
        #expect(limited.value.launches.map(\.id) == ["a1"])
        #expect(limited.fetchedAt == Self.t0)
        #expect(limited.problem?.message == "rate limited by Launch Library 2, retry in 5 min")

        rig.advance(minutes: 2)
        _ = try await source.launches(.upcoming, .first, .reload)
        #expect(rig.requests.count == 2, "within Retry-After nothing is sent")
    }

    @Test func rateLimitedWithNothingCachedIsAnError() async {
        let rig = Rig()
        rig.answer(status: 429, headers: [:], body: "{}")
        let error = await apiFailure { () async throws(APIError) in try await rig.source.launches(.upcoming, .first, .normal) }
        #expect(error?.message == "rate limited by Launch Library 2, retry later")
    }

    @Test func theNextPageIsTheLinkTheServerGave() async throws {
        let rig = Rig()
        let next = "http://127.0.0.1:8000/2.2.0/launch/upcoming/?limit=20&mode=list&offset=20"
        rig.answer(body: Self.list(next: next))
        let page = try await rig.source.launches(.upcoming, .first, .normal).value
        #expect(page.next == PageCursor(page: 2, url: URL(string: next)))
        rig.answer(body: Self.list(next: nil))
        let second = try await rig.source.launches(.upcoming, try #require(page.next), .normal).value
        #expect(rig.requests.last?.absoluteString == next)
        #expect(second.next == nil)
    }

    @Test func theDetailIsItsOwnRequestAndIsCachedToo() async throws {
        let rig = Rig()
        rig.answer(body: Self.detail)
        let fetch = try #require(rig.source.launchDetail)
        let launch = try await fetch("a1", .normal).value
        #expect(launch.videos.map(\.url.absoluteString) == ["https://www.youtube.com/watch?v=x"])
        #expect(launch.origin == .launchLibrary2)
        _ = try await fetch("a1", .normal)
        #expect(rig.requests.map(\.absoluteString) == ["http://127.0.0.1:8000/2.2.0/launch/a1/"])
    }

    @Test func aBrokenAnswerNeverReplacesAGoodOne() async throws {
        let rig = Rig()
        rig.answer(body: Self.list(next: nil))
        _ = try await rig.source.launches(.upcoming, .first, .normal)
        rig.answer(body: #"{"count": 3, "results": ["#)
        let fallback = try await rig.source.launches(.upcoming, .first, .reload)
        #expect(fallback.value.launches.map(\.id) == ["a1"])
        #expect(fallback.problem == .badData("malformed or truncated JSON"))
        rig.advance(minutes: 1)
        #expect(try await rig.source.launches(.upcoming, .first, .normal).problem == nil, "the good copy is still the fresh one")
    }
}
