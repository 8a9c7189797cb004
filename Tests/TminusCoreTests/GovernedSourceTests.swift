import Foundation
import Testing
import TminusCore
import TminusTestSupport

/// The sources below the governor: each request says its kind (which bounds its answer), an
/// answer from the disk cache spends nothing, and a request held back falls back on the cache
/// with the reason.
@Suite struct GovernedSourceTests {
    static let ll2Base = URL(string: "http://127.0.0.1:8000/2.2.0")!
    static let ll2Detail = #"{"id": "a1", "name": "Electron | One", "net": "2023-04-22T08:50:00Z", "status": {"id": 1, "name": "Go for Launch", "abbrev": "Go"}}"#
    static let ll2List = #"{"count": 1, "next": null, "previous": null, "results": [\#(ll2Detail)]}"#

    let clock = TestClock()
    let log = RequestLog()
    let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-governed-\(UUID().uuidString)")

    func ll2(budget: RequestBudget = .launchLibrary2, body: String = ll2List) -> LaunchSource {
        let http = HTTPClient.answering(body: body, log: log).governed(by: RequestGovernor(now: clock.clock.now), budget: budget)
        let fetcher = CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: LaunchLibrary2.name,
                                    now: clock.clock.now)
        return LaunchLibrary2.launchSource(baseURL: Self.ll2Base, fetcher: fetcher)
    }

    @Test func launchLibrary2ListsAndDetailsSayTheirKind() async throws {
        _ = try await ll2().launches(.upcoming, .first, .normal)
        _ = try await ll2(body: Self.ll2Detail).launchDetail?("a1", .normal)
        #expect(log.requests.map(\.kind) == [.apiList, .apiDetail])
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func spaceXListsAndRocketsAreLists() async throws {
        let source = SpaceXAPI.launchSource(baseURL: URL(string: "http://127.0.0.1:8000")!,
                                            http: HTTPClient.answering(body: #"{"docs": []}"#, log: log))
        _ = try await source.launches(.upcoming, .first, .normal)
        _ = try await source.rocketLaunches("falcon9", .first, .normal)
        _ = try? await source.rockets(.normal)
        #expect(log.requests.map(\.kind) == [.apiList, .apiList, .apiList])
    }

    @Test func aCachedAnswerSpendsNothingAndAHeldBackOneFallsBackOnTheCache() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ll2(budget: RequestBudget(name: LaunchLibrary2.name, burst: 1, interval: 360))
        _ = try await source.launches(.upcoming, .first, .normal)
        // Fresh in the cache: no token needed, nothing sent.
        _ = try await source.launches(.upcoming, .first, .normal)
        #expect(log.requests.count == 1)

        // `r`: past the cache, but the budget is spent: the cached rows, and why they are old.
        clock.advance(by: 60)
        let reloaded = try await source.launches(.upcoming, .first, .reload)
        #expect(reloaded.value.launches.map(\.id) == ["a1"])
        #expect(reloaded.problem == .heldBack(host: "127.0.0.1:8000", retryAfter: 300))
        #expect(reloaded.problem?.message == "holding back requests to 127.0.0.1:8000 to stay within its budget — next request in 5 min")
        #expect(log.requests.count == 1)
    }

    @Test func heldBackWithNothingCachedIsTheError() async {
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ll2(budget: RequestBudget(name: LaunchLibrary2.name, burst: 1, interval: 360))
        _ = try? await source.launches(.upcoming, .first, .normal)
        let error = await apiFailure { () async throws(APIError) in try await source.launches(.past, .first, .normal) }
        #expect(error == .heldBack(host: "127.0.0.1:8000", retryAfter: 360))
    }
}
