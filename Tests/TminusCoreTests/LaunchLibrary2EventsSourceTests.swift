import Foundation
import Synchronization
import Testing
import TminusCore

/// The events' server: `ClockedServer` with Launch Library 2's fetcher.
private typealias EventsServer = ClockedServer

extension ClockedServer {
    fileprivate var fetcher: CachedFetcher { fetcher(LaunchLibrary2.name) }
}

/// `LaunchLibrary2.events(base:fetcher:)` and the sources' `events`: through the disk cache,
/// an hour fresh.
@Suite struct LL2EventsSourceTests {
    static let base = URL(string: "http://127.0.0.1:8000/2.2.0")!
    static let upcomingURL = "http://127.0.0.1:8000/2.2.0/event/upcoming/?limit=20&offset=0&mode=detailed"

    static func page(_ ids: [Int], next: String? = nil) -> String {
        let records = ids.map { #"{"id": \#($0), "name": "Event \#($0)", "date": "2026-12-20T16:41:00Z"}"# }
        return #"{"count": 40, "next": \#(next.map { "\"\($0)\"" } ?? "null"), "results": [\#(records.joined(separator: ", "))]}"#
    }

    @Test func aSecondCallWithinTheHourIsAnsweredFromTheCache() async throws {
        let server = EventsServer()
        server.answer(Self.page([1, 2]))
        let events = LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)
        let first = try await events(.upcoming, .first, .normal)
        #expect(server.requests == [Self.upcomingURL])
        #expect(first.value.events.map(\.id) == ["1", "2"])
        #expect(first.fetchedAt == server.now)
        let fetchedAt = server.now

        server.answer(Self.page([3]))
        server.advance(seconds: 3599)
        // Another fetcher over the same disk cache: the cache answers, not the server.
        let cached = try await LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)(.upcoming, .first, .normal)
        #expect(server.requests.count == 1, "an hour fresh: no request")
        #expect(cached.value.events.map(\.id) == ["1", "2"])
        #expect(cached.fetchedAt == fetchedAt)

        server.advance(seconds: 1)
        let refetched = try await events(.upcoming, .first, .normal)
        #expect(server.requests == [Self.upcomingURL, Self.upcomingURL], "an hour old: asked again")
        #expect(refetched.value.events.map(\.id) == ["3"])
        #expect(refetched.fetchedAt == server.now)
    }

    @Test func reloadAsksEvenWhenFreshAndCacheOnlyNever() async throws {
        let server = EventsServer()
        let events = LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)
        let nothing = await apiFailure { () async throws(APIError) -> Fetched<EventPage> in try await events(.past, .first, .cacheOnly) }
        #expect(nothing == .notCached)
        #expect(server.requests == [])
        server.answer(Self.page([7]))
        _ = try await events(.past, .first, .normal)
        _ = try await events(.past, .first, .reload)
        let previous = "http://127.0.0.1:8000/2.2.0/event/previous/?limit=20&offset=0&mode=detailed"
        #expect(server.requests == [previous, previous])
        #expect(try await events(.past, .first, .cacheOnly).value.events.map(\.id) == ["7"])
        #expect(server.requests.count == 2)
    }

    @Test func upcomingAndPastAreCachedApart() async throws {
        let server = EventsServer()
        let events = LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)
        server.answer(Self.page([1]))
        _ = try await events(.upcoming, .first, .normal)
        server.answer(Self.page([2]))
        let past = try await events(.past, .first, .normal)
        #expect(past.value.events.map(\.id) == ["2"])
        #expect(server.requests.count == 2)
    }

    @Test func theNextPageFollowsTheServersLinkOrIsComputed() async throws {
        let server = EventsServer()
        let next = "http://127.0.0.1:8000/2.2.0/event/upcoming/?limit=20&mode=detailed&offset=20"
        server.answer(Self.page([1], next: next))
        let events = LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)
        let first = try await events(.upcoming, .first, .normal)
        let cursor = try #require(first.value.next)
        #expect(cursor == PageCursor(page: 2, url: URL(string: next)))
        server.answer(Self.page([21]))
        let second = try await events(.upcoming, cursor, .normal)
        #expect(second.value.page == 2)
        #expect(second.value.next == nil)
        // Without a link: from the page number.
        _ = try await events(.past, PageCursor(page: 3), .normal)
        #expect(server.requests == [Self.upcomingURL, next,
                                    "http://127.0.0.1:8000/2.2.0/event/previous/?limit=20&offset=40&mode=detailed"])
    }

    @Test func version230AsksForEvents() async throws {
        let server = EventsServer()
        server.answer(Self.page([1]))
        let events = LaunchLibrary2.events(base: URL(string: "http://127.0.0.1:8000/2.3.0")!, fetcher: server.fetcher)
        _ = try await events(.upcoming, .first, .normal)
        #expect(server.requests == ["http://127.0.0.1:8000/2.3.0/events/upcoming/?limit=20&offset=0&mode=detailed"])
    }

    @Test func aServerErrorFallsBackOnTheCacheWithTheReason() async throws {
        let server = EventsServer()
        let events = LaunchLibrary2.events(base: Self.base, fetcher: server.fetcher)
        server.answer(status: 503, "<html>down</html>")
        let error = await apiFailure { () async throws(APIError) -> Fetched<EventPage> in try await events(.upcoming, .first, .normal) }
        #expect(error == .http(status: 503, retryAfter: nil))
        server.answer(Self.page([1]))
        let fetched = try await events(.upcoming, .first, .normal)
        server.answer(status: 500, "oops")
        server.advance(seconds: 2 * 3600)
        let stale = try await events(.upcoming, .first, .normal)
        #expect(stale.value.events.map(\.id) == ["1"])
        #expect(stale.fetchedAt == fetched.fetchedAt)
        #expect(stale.problem == .http(status: 500, retryAfter: nil))
    }

    @Test func launchLibrary2HasEventsSpaceXHasNone() async throws {
        let server = EventsServer()
        server.answer(Self.page([5]))
        let ll2 = LaunchLibrary2.launchSource(baseURL: Self.base, fetcher: server.fetcher)
        let events = try #require(ll2.events)
        #expect(try await events(.upcoming, .first, .normal).value.events.map(\.id) == ["5"])
        #expect(server.requests == [Self.upcomingURL])

        let spacex = SpaceXAPI.launchSource(baseURL: URL(string: "http://127.0.0.1:8000")!, http: server.http)
        #expect(spacex.events == nil)
    }
}
