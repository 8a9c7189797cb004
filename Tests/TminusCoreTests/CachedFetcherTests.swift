import Foundation
import Synchronization
import Testing
@testable import TminusCore

// MARK: - Fakes

private extension Result {
    var value: Success? { try? get() }
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

// MARK: - Tests

@Suite struct CachedFetcherTests {
    // MARK: Keys (rule 1)

    @Test func theKeyIsMethodURLAndBody() {
        #expect(CachedFetcher.key(for: launches) == "GET https://ll.test/2.0.0/launch/upcoming/?limit=20")
        #expect(CachedFetcher.key(for: query(#"{"query":{"upcoming":true}}"#))
                == "POST https://spacex.test/v5/launches/query\n{\"query\":{\"upcoming\":true}}")
        let binary = HTTPClient.Request(method: "POST", url: URL(string: "https://x.test/q")!, body: Data([0xff, 0x00, 0x1a]), kind: .apiDetail)
        #expect(CachedFetcher.key(for: binary) == "POST https://x.test/q\n0xff001a")
        // An empty body is still a body: not the same request as none.
        let empty = HTTPClient.Request(method: "POST", url: URL(string: "https://x.test/q")!, body: Data(), kind: .apiDetail)
        let none = HTTPClient.Request(method: "POST", url: URL(string: "https://x.test/q")!, kind: .apiDetail)
        #expect(CachedFetcher.key(for: empty) != CachedFetcher.key(for: none))
        #expect(CachedFetcher.key(for: none) != CachedFetcher.key(for: HTTPClient.Request(url: URL(string: "https://x.test/q")!, kind: .apiDetail)))
    }

    @Test func twoQueryBodiesAreTwoEntries() async {
        let rig = Rig(); defer { rig.cleanUp() }
        rig.server.answer(.echo)
        let upcoming = query(#"ok:{"query":{"upcoming":true}}"#), past = query(#"ok:{"query":{"upcoming":false}}"#)
        #expect(await rig.fetch(upcoming).value?.value == #"ok:{"query":{"upcoming":true}}"#)
        #expect(await rig.fetch(past).value?.value == #"ok:{"query":{"upcoming":false}}"#)
        #expect(rig.server.count == 2)
        // Both are fresh now, each with its own answer.
        #expect(await rig.fetch(upcoming).value?.value == #"ok:{"query":{"upcoming":true}}"#)
        #expect(await rig.fetch(past).value?.value == #"ok:{"query":{"upcoming":false}}"#)
        #expect(rig.server.count == 2)
    }

    // MARK: Fresh hits (rule 2)

    @Test func aFreshEntryIsAnsweredWithoutARequest() async {
        let rig = Rig(); defer { rig.cleanUp() }
        let first = await rig.fetch(maxAge: 600)
        #expect(first.value == Fetched("ok:1", fetchedAt: t0))
        #expect(rig.server.count == 1)

        rig.server.answer(.ok("ok:2"))
        rig.clock.advance(by: 599)
        #expect(await rig.fetch(maxAge: 600).value == Fetched("ok:1", fetchedAt: t0, problem: nil))
        #expect(rig.server.count == 1)
    }

    @Test func aFreshEntryIsAnsweredAfterARestart() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch()
        rig.clock.advance(by: 60)
        #expect(await rig.fetch(with: rig.restarted()).value == Fetched("ok:1", fetchedAt: t0))
        #expect(rig.server.count == 1)
    }

    @Test func anEntryAsOldAsMaxAgeIsFetchedAgainAndReplaced() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch(maxAge: 600)
        rig.server.answer(.ok("ok:2"))
        rig.clock.advance(by: 600)
        #expect(await rig.fetch(maxAge: 600).value == Fetched("ok:2", fetchedAt: t0 + 600))
        #expect(rig.server.count == 2)
        // The new body, with its own time, is what is fresh now.
        rig.clock.advance(by: 1)
        #expect(await rig.fetch(maxAge: 600).value == Fetched("ok:2", fetchedAt: t0 + 600))
        #expect(rig.server.count == 2)
    }

    @Test func aCacheOnlyReadNeverSendsAndAnswersHoweverOld() async {
        let rig = Rig(); defer { rig.cleanUp() }
        #expect(await rig.fetch(cacheOnly: true).error == .notCached)
        #expect(rig.server.requests.isEmpty)
        _ = await rig.fetch()
        rig.clock.advance(by: 365 * 86_400)
        #expect(await rig.fetch(cacheOnly: true).value == Fetched("ok:1", fetchedAt: t0))
        #expect(rig.server.requests.count == 1, "only the first, filling fetch was sent")
    }

    @Test func reloadSkipsAFreshEntry() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch()
        rig.server.answer(.ok("ok:2"))
        rig.clock.advance(by: 5)
        #expect(await rig.fetch(reload: true).value == Fetched("ok:2", fetchedAt: t0 + 5))
        #expect(rig.server.count == 2)
    }

    @Test func aZeroMaxAgeIsNeverFresh() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch(maxAge: 0)
        _ = await rig.fetch(maxAge: 0)
        #expect(rig.server.count == 2)
    }

    @Test func aStoredBodyThatNoLongerDecodesIsNotAnswered() async {
        let rig = Rig(); defer { rig.cleanUp() }
        // Kept by an older, more lenient decoder.
        DiskCache(directory: rig.directory).store(Data("legacy".utf8), for: CachedFetcher.key(for: launches), storedAt: t0)
        #expect(await rig.fetch().value == Fetched("ok:1", fetchedAt: t0))
        #expect(rig.server.count == 1)

        // And is no fallback either.
        DiskCache(directory: rig.directory).store(Data("legacy".utf8), for: CachedFetcher.key(for: launches), storedAt: t0)
        rig.server.answer(.fail(.timedOut))
        #expect(await rig.fetch().error == .timedOut)
    }

    // MARK: Network answers (rule 3)

    @Test func aGoodAnswerIsStoredWithTheTimeItCame() async throws {
        let rig = Rig(); defer { rig.cleanUp() }
        rig.clock.advance(by: 42)
        #expect(await rig.fetch().value == Fetched("ok:1", fetchedAt: t0 + 42))
        let entry = try #require(DiskCache(directory: rig.directory).entry(for: CachedFetcher.key(for: launches)))
        #expect(entry.data == Data("ok:1".utf8))
        #expect(entry.storedAt == t0 + 42)
    }

    @Test func aBodyThatDoesNotDecodeIsNeverStored() async throws {
        let rig = Rig(); defer { rig.cleanUp() }
        rig.server.answer(.ok("<html>captive portal</html>"))
        #expect(await rig.fetch().error == .badData("not ok"))
        #expect(DiskCache(directory: rig.directory).entry(for: CachedFetcher.key(for: launches)) == nil)

        // Over good data: the good data stays, and is answered with the failure.
        rig.server.answer(.ok("ok:good"))
        _ = await rig.fetch()
        rig.server.answer(.ok("<html>captive portal</html>"))
        rig.clock.advance(by: 3600)
        #expect(await rig.fetch().value == Fetched("ok:good", fetchedAt: t0, problem: .badData("not ok")))
        let entry = try #require(DiskCache(directory: rig.directory).entry(for: CachedFetcher.key(for: launches)))
        #expect(entry.data == Data("ok:good".utf8))
        #expect(entry.storedAt == t0)
    }

    // MARK: The rate-limit gate (rules 4 and 6)

    @Test func a429HoldsOffEveryRequestUntilRetryAfterHasPassed() async {
        let rig = Rig(cached: false)
        rig.server.answer(.status(429, headers: ["Retry-After": "120"]))
        let first = await rig.fetch()
        #expect(first.error == .rateLimited(source: "Launch Library 2", retryAfter: 120))
        #expect(first.error?.message == "rate limited by Launch Library 2, retry in 2 min")
        #expect(rig.server.count == 1)

        // Nothing is sent while the wait is on, not for another URL, not for a reload, not
        // from a copy of the fetcher: each answers the time left.
        rig.clock.advance(by: 30)
        let copy = rig.fetcher
        let other = HTTPClient.Request(url: URL(string: "https://ll.test/2.0.0/launch/previous/")!, kind: .apiList)
        #expect(await rig.fetch(other).error == .rateLimited(source: "Launch Library 2", retryAfter: 90))
        #expect(await rig.fetch(reload: true).error == .rateLimited(source: "Launch Library 2", retryAfter: 90))
        rig.clock.advance(by: 31)
        let late = await rig.fetch(with: copy)
        #expect(late.error == .rateLimited(source: "Launch Library 2", retryAfter: 59))
        #expect(late.error?.message == "rate limited by Launch Library 2, retry in 1 min")
        #expect(rig.server.count == 1)

        // Once it has passed, requests go again.
        rig.clock.advance(by: 59)
        rig.server.answer(.ok("ok:back"))
        #expect(await rig.fetch().value == Fetched("ok:back", fetchedAt: t0 + 120))
        #expect(rig.server.count == 2)
    }

    @Test func a429WithoutRetryAfterHoldsNothingOff() async {
        let rig = Rig(cached: false)
        rig.server.answer(.status(429, headers: [:]))
        let first = await rig.fetch()
        #expect(first.error == .rateLimited(source: "Launch Library 2", retryAfter: nil))
        #expect(first.error?.message == "rate limited by Launch Library 2, retry later")
        _ = await rig.fetch()
        #expect(rig.server.count == 2)
    }

    @Test func aSuccessOpensTheGate() async {
        let rig = Rig(cached: false)
        // A request already on its way when another one meets a 429...
        rig.server.answer(.held("ok:slow"))
        let slow = Task { await rig.fetch() }
        for await _ in rig.server.arrivals { break }
        rig.server.answer(.status(429, headers: ["Retry-After": "600"]))
        let other = HTTPClient.Request(url: URL(string: "https://ll.test/2.0.0/agencies/")!, kind: .apiList)
        #expect(await rig.fetch(other).error == .rateLimited(source: "Launch Library 2", retryAfter: 600))
        #expect(await rig.fetch(other).error == .rateLimited(source: "Launch Library 2", retryAfter: 600))
        #expect(rig.server.count == 2)

        // ...and then succeeds: the server is answering again, so the wait is over.
        rig.server.release()
        #expect(await slow.value.value == Fetched("ok:slow", fetchedAt: t0))
        rig.server.answer(.ok("ok:agencies"))
        #expect(await rig.fetch(other).value == Fetched("ok:agencies", fetchedAt: t0))
        #expect(rig.server.count == 3)
    }

    @Test func aClockSetBackDoesNotProlongTheWait() async {
        let rig = Rig(cached: false)
        rig.server.answer(.status(429, headers: ["Retry-After": "120"]))
        _ = await rig.fetch()
        rig.clock.advance(by: -86_400)
        rig.server.answer(.ok("ok:1"))
        #expect(await rig.fetch().value != nil)
        #expect(rig.server.count == 2)
    }

    @Test(arguments: [(0.0, "1 min"), (1, "1 min"), (60, "1 min"), (61, "2 min"), (3600, "60 min"), (3601, "61 min")])
    func theRateLimitMessageRoundsUpToWholeMinutes(seconds: TimeInterval, words: String) {
        #expect(APIError.rateLimited(source: "r/SpaceX API", retryAfter: seconds).message
                == "rate limited by r/SpaceX API, retry in \(words)")
    }

    @Test func otherCallersKeepTheHTTP429Message() {
        #expect(APIError.http(status: 429, retryAfter: 120).message == "rate limited (HTTP 429), retry in 2 min")
        #expect(APIError.rateLimited(source: "Launch Library 2", retryAfter: nil).description
                == "rate limited by Launch Library 2, retry later")
    }

    // MARK: A 4xx the server would answer again (issue 36)

    @Test(arguments: [(404, "Launch Library 2 has no /2.0.0/launch/upcoming/ (HTTP 404)"),
                      (410, "Launch Library 2 has no /2.0.0/launch/upcoming/ (HTTP 410)"),
                      (403, "Launch Library 2 does not allow /2.0.0/launch/upcoming/ (HTTP 403)"),
                      (400, "Launch Library 2 refused /2.0.0/launch/upcoming/ (HTTP 400)")])
    func aRefusalNamesWhatWasMissingAndIsNotRetriedByItself(_ status: Int, _ words: String) async {
        let rig = Rig(); defer { rig.cleanUp() }
        rig.server.answer(.status(status, headers: [:]))
        let error = await rig.fetch().error
        #expect(error?.message == words)
        #expect(error?.reachedServer == true, "it counted on the server")
    }

    @Test(arguments: [408, 429, 500, 503])
    func aTimeoutALimitOrAServerErrorIsNotARefusal(_ status: Int) async {
        let rig = Rig(); defer { rig.cleanUp() }
        rig.server.answer(.status(status, headers: [:]))
        if case .refused? = await rig.fetch().error { Issue.record("HTTP \(status) taken for a refusal") }
    }

    // MARK: Falling back on the cache (rule 5)

    private static let failures: [(FakeServer.Answer, APIError)] = [
        (.fail(.unreached("no connection")), .unreached("no connection")),
        (.fail(.timedOut), .timedOut),
        (.fail(.offline("offline")), .offline("offline")),
        (.status(500, headers: [:]), .http(status: 500, retryAfter: nil)),
        (.status(404, headers: [:]), .refused(source: "Launch Library 2", path: "/2.0.0/launch/upcoming/", status: 404)),
        (.status(503, headers: ["Retry-After": "30"]), .http(status: 503, retryAfter: 30)),
        (.status(429, headers: ["Retry-After": "300"]), .rateLimited(source: "Launch Library 2", retryAfter: 300)),
        (.status(429, headers: [:]), .rateLimited(source: "Launch Library 2", retryAfter: nil)),
        (.ok("not json"), .badData("not ok")),
    ]

    @Test(arguments: 0..<failures.count)
    func aFailureAnswersTheCachedValueHoweverOldWithTheProblem(_ index: Int) async {
        let (answer, error) = Self.failures[index]
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch()
        rig.server.answer(answer)
        rig.clock.advance(by: 30 * 86_400)
        // Offline, the reason says what is shown instead.
        let problem = error == .offline("offline") ? .offline("offline: showing what the cache holds") : error
        #expect(await rig.fetch().value == Fetched("ok:1", fetchedAt: t0, problem: problem))
        #expect(await rig.fetch(reload: true).value?.fetchedAt == t0, "a reload falls back too")
    }

    @Test(arguments: 0..<failures.count)
    func aFailureWithNothingCachedIsThrown(_ index: Int) async {
        let (answer, error) = Self.failures[index]
        let rig = Rig(); defer { rig.cleanUp() }
        rig.server.answer(answer)
        if case .offline(let why) = error {
            #expect(await rig.fetch().error == .offline("\(why): nothing cached for this yet — run tminus without --offline to fill the cache"),
                    "offline with an empty cache says it is the cache that is empty")
        } else {
            #expect(await rig.fetch().error == error)
        }
    }

    @Test func aFreshEntryIsUsedEvenWhenTheGateIsClosed() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch(maxAge: 600)
        rig.server.answer(.status(429, headers: ["Retry-After": "900"]))
        _ = await rig.fetch(reload: true)
        rig.clock.advance(by: 100)
        #expect(await rig.fetch(maxAge: 600).value == Fetched("ok:1", fetchedAt: t0))
        // A reload meets the gate and gets the cached value with the time left.
        #expect(await rig.fetch(reload: true).value
                == Fetched("ok:1", fetchedAt: t0, problem: .rateLimited(source: "Launch Library 2", retryAfter: 800)))
        #expect(rig.server.count == 2)
    }

    // MARK: Clocks (rule 7)

    @Test func anEntryFromTheFutureIsNeverFreshButStillAFallback() async {
        let rig = Rig(); defer { rig.cleanUp() }
        _ = await rig.fetch(maxAge: 600)
        rig.clock.advance(by: -3600) // the clock was set back an hour
        rig.server.answer(.fail(.transport("no connection")))
        #expect(await rig.fetch(maxAge: 600).value
                == Fetched("ok:1", fetchedAt: t0, problem: .transport("no connection")))
        #expect(rig.server.count == 2)

        rig.server.answer(.ok("ok:2"))
        #expect(await rig.fetch(maxAge: 600).value == Fetched("ok:2", fetchedAt: t0 - 3600))
    }

    // MARK: No cache (rule 8)

    @Test func withoutACacheEveryFetchAsksAndFailuresAreThrown() async {
        let rig = Rig(cached: false)
        #expect(await rig.fetch().value == Fetched("ok:1", fetchedAt: t0))
        #expect(await rig.fetch().value == Fetched("ok:1", fetchedAt: t0))
        #expect(rig.server.count == 2)
        rig.server.answer(.fail(.timedOut))
        #expect(await rig.fetch().error == .timedOut)
        rig.server.answer(.ok("garbage"))
        #expect(await rig.fetch().error == .badData("not ok"))
        #expect(!FileManager.default.fileExists(atPath: rig.directory.path))
    }

    // MARK: Paths (rule 9)

    @Test func responsesLiveNextToImagesUnderTheCacheDirectory() {
        let paths = AppPaths(root: URL(fileURLWithPath: "/tmp/tminus-root", isDirectory: true))
        #expect(paths.responses.path == "/tmp/tminus-root/cache/responses")
        #expect(CachedFetcher.defaultCacheLimit < DiskCache.defaultLimit)
    }
}
