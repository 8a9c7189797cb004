import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport

/// The request governor on a clock that stands still: a token bucket per host and budget
/// (burst, refill, held back with the wait in words) and one request in flight per key.
@Suite struct RequestGovernorTests {
    let clock = TestClock()
    let log = RequestLog()
    let budget = RequestBudget(name: "test", burst: 3, interval: 60)

    func governed(_ governor: RequestGovernor, budget: RequestBudget? = nil) -> HTTPClient {
        HTTPClient.answering(body: "ok", log: log).governed(by: governor, budget: budget ?? self.budget)
    }

    func get(_ url: String, kind: HTTPClient.Request.Kind = .apiList) -> HTTPClient.Request {
        HTTPClient.Request(url: URL(string: url)!, kind: kind)
    }

    func send(_ client: HTTPClient, _ url: String = "https://ll.test/list") async -> APIError? {
        await apiFailure { () async throws(APIError) in try await client.send(get(url)) }
    }

    @Test func aBurstGoesThenTheNextIsHeldBackWithTheWait() async {
        let client = governed(RequestGovernor(now: clock.clock.now))
        for _ in 0..<3 { #expect(await send(client) == nil) }
        let error = await send(client)
        #expect(error == .heldBack(host: "ll.test", retryAfter: 60))
        #expect(error?.message == "holding back requests to ll.test to stay within its budget — next request in 1 min")
        #expect(log.requests.count == 3, "a held-back request is not sent")
    }

    /// Background work (the replica's history) spends only what is spare: with Launch Library
    /// 2's burst of 5 it takes 2 and stops while 3 are left, so the user's keys and the
    /// refreshes find theirs.
    @Test func backgroundWorkLeavesTheSpareForTheUser() async {
        let budget = RequestBudget.launchLibrary2
        let client = governed(RequestGovernor(now: clock.clock.now), budget: budget)
        #expect(RequestOrigin.backgroundSpare(burst: budget.burst) == 3)
        var sent = 0
        for _ in 0..<5 {
            let failed = await RequestOrigin.$current.withValue(.background) { await send(client) }
            if failed == nil { sent += 1 }
        }
        #expect(sent == 2, "history took \(sent) of 5")
        for _ in 0..<3 { #expect(await send(client) == nil, "the user's requests are still there") }
        #expect(await send(client) != nil)
    }

    /// A launch near T-0: a request that names it keeps the last token for its refreshes; the
    /// user's requests stop one short, the schedule's refresh takes it, and the words say why.
    @Test func aLaunchNearTMinusKeepsTheLastRequestForItsRefreshes() async throws {
        let client = governed(RequestGovernor(now: clock.clock.now))
        let keep = RequestOrigin.Keep(launch: "Starlink 12-3", for: 720)
        func send(_ origin: RequestOrigin) async -> APIError? {
            await RequestOrigin.$current.withValue(origin) { await self.send(client) }
        }
        #expect(await send(RequestOrigin(.user, keep: keep)) == nil, "3 → 2, and the keep is set")
        #expect(await send(.user) == nil, "2 → 1")
        let held = await send(.user)
        #expect(held == .heldBack(host: "ll.test", retryAfter: 60, keptFor: "Starlink 12-3"), "the last one is kept")
        #expect(held?.message == "holding back requests to ll.test: the rest of its budget is kept for Starlink 12-3 near T-0 — next request in 1 min")
        #expect(await send(RequestOrigin(.refresh, keep: keep)) == nil, "the refresh takes it")
        #expect(await send(RequestOrigin(.refresh)) == .heldBack(host: "ll.test", retryAfter: 60), "then the budget itself is spent")
        #expect(log.requests.count == 3)
        // The keep lapses when no refresh renews it: the user's requests may use every token again.
        clock.advance(by: 721 + 180)
        for _ in 0..<3 { #expect(await send(.user) == nil) }
    }

    /// What went out is logged by purpose for `doctor`: the schedule's as `refresh`.
    @Test func theLedgerNamesARefreshAsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = BudgetLedger(file: directory.appending(path: "budget.json"))
        let client = governed(RequestGovernor(now: clock.clock.now, ledger: ledger), budget: RequestBudget(name: "test", burst: 5, interval: 60))
        let keep = RequestOrigin.Keep(launch: "Starlink 12-3", for: 720)
        _ = await RequestOrigin.$current.withValue(RequestOrigin(.refresh, keep: keep)) {
            await self.send(client, "https://ll.test/2.3.0/launches/upcoming/")
        }
        _ = await send(client, "https://ll.test/2.3.0/launches/upcoming/")
        _ = await send(client, "https://ll.test/2.3.0/launches/abc/")
        #expect(ledger.lastHour(at: clock.clock.now()) == ["ll.test": ["refresh": 1, "list": 1, "detail": 1]])
        #expect(ledger.reservations(at: clock.clock.now()).map(\.launch) == ["Starlink 12-3"])
        #expect(ledger.reservations(at: clock.clock.now().addingTimeInterval(721)).isEmpty)
    }

    @Test func theBucketRefillsOneRequestPerInterval() async {
        let client = governed(RequestGovernor(now: clock.clock.now))
        for _ in 0..<3 { _ = await send(client) }
        clock.advance(by: 30)
        #expect(await send(client) == .heldBack(host: "ll.test", retryAfter: 30))
        #expect(await send(client)?.message == "holding back requests to ll.test to stay within its budget — next request in 30 s")
        clock.advance(by: 30)
        #expect(await send(client) == nil)
        #expect(await send(client) == .heldBack(host: "ll.test", retryAfter: 60))
    }

    @Test func aLongQuietSpellRefillsNoMoreThanTheBurst() async {
        let client = governed(RequestGovernor(now: clock.clock.now))
        clock.advance(by: 24 * 3600)
        for _ in 0..<3 { #expect(await send(client) == nil) }
        #expect(await send(client) != nil)
    }

    @Test func aClockSetBackRefillsNothing() async {
        let client = governed(RequestGovernor(now: clock.clock.now))
        for _ in 0..<3 { _ = await send(client) }
        clock.advance(by: -3600)
        #expect(await send(client) == .heldBack(host: "ll.test", retryAfter: 60))
        clock.advance(by: 60)
        #expect(await send(client) == nil)
    }

    @Test func launchLibrary2sBudgetNeverPassesFifteenInAnHour() async {
        let budget = RequestBudget.launchLibrary2
        let client = governed(RequestGovernor(now: clock.clock.now), budget: budget)
        var sent = 0
        // One attempt a minute for an hour, and one at the hour's last second.
        for minute in 0..<60 {
            if minute > 0 { clock.advance(by: 60) }
            if await send(client, "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?n=\(minute)") == nil { sent += 1 }
        }
        // 5 at once, then one every 6 minutes: 14 (13 if rounding takes a token's last bit).
        #expect((13...15).contains(sent))
        let error = await send(client, "https://ll.thespacedevs.com/2.2.0/launch/previous/")
        #expect(error?.message.hasPrefix("holding back requests to ll.thespacedevs.com to stay within its budget — next request in ") == true)
    }

    @Test func hostsAndBudgetsHaveBucketsOfTheirOwn() async {
        let governor = RequestGovernor(now: clock.clock.now)
        let client = governed(governor)
        for _ in 0..<3 { _ = await send(client, "http://127.0.0.1:8000/a") }
        #expect(await send(client, "http://127.0.0.1:8000/a") == .heldBack(host: "127.0.0.1:8000", retryAfter: 60))
        #expect(await send(client, "http://127.0.0.1:8001/a") == nil, "another port is another host")
        // Two sources served by one test server still spend their own budgets.
        let other = governed(governor, budget: RequestBudget(name: "other", burst: 1, interval: 60))
        #expect(await send(other, "http://127.0.0.1:8000/a") == nil)
    }

    @Test func aBudgetWithoutIntervalNeverHoldsBack() async {
        let client = governed(RequestGovernor(now: clock.clock.now), budget: RequestBudget(name: "free", burst: 1, interval: 0))
        for _ in 0..<50 { #expect(await send(client) == nil) }
    }

    @Test func perHourSpreadsTheRestOverTheHour() {
        #expect(RequestBudget.perHour(15, name: "x") == RequestBudget(name: "x", burst: 5, interval: 360))
        #expect(RequestBudget.perHour(300, name: "x") == RequestBudget(name: "x", burst: 100, interval: 18))
    }

    /// `doctor` says the pace, so a request held back while the hour has requests left reads
    /// as what it is.
    @Test func thePaceInWords() {
        #expect(RequestBudget.launchLibrary2.pace == "15 an hour — 5 at once, then one every 6 min")
        #expect(RequestBudget.launchLibrary2WithToken.pace == "120 an hour — 40 at once, then one every 45 s")
        #expect(RequestBudget(name: "free", burst: 1, interval: 0).pace == "no limit")
    }
}

/// One request in flight per key: identical requests join it; a caller that leaves does not
/// end it for the others.
@Suite struct RequestGovernorFlightTests {
    let server = HeldServer()
    let governor = RequestGovernor()
    let budget = RequestBudget(name: "test", burst: 10, interval: 60)

    func client() -> HTTPClient {
        server.client.governed(by: governor, budget: budget)
    }

    /// Until `count` callers wait on the governor's requests.
    func waitForCallers(_ count: Int) async throws {
        for _ in 0..<2000 where governor.waiting < count { try await Task.sleep(for: .milliseconds(5)) }
        #expect(governor.waiting == count)
    }

    static func request(_ body: String? = nil) -> HTTPClient.Request {
        HTTPClient.Request(method: body == nil ? "GET" : "POST", url: URL(string: "https://api.test/q")!,
                           body: body.map { Data($0.utf8) }, kind: .apiList)
    }

    func start(_ client: HTTPClient, _ request: HTTPClient.Request = request()) -> Task<Result<Data, APIError>, Never> {
        Task {
            do throws(APIError) { return .success(try await client.data(request)) } catch { return .failure(error) }
        }
    }

    @Test func identicalRequestsInFlightAreSentOnce() async throws {
        let client = client()
        let first = start(client), second = start(client)
        try await waitForCallers(2)
        #expect(governor.inFlight == 1)
        server.release()
        #expect(try await first.value.get() == Data("answer 1".utf8))
        #expect(try await second.value.get() == Data("answer 1".utf8))
        #expect(server.started == 1)
    }

    @Test func differentBodiesAreDifferentRequests() async throws {
        let client = client()
        let first = start(client, Self.request(#"{"page":1}"#)), second = start(client, Self.request(#"{"page":2}"#))
        try await server.waitForRequests(2)
        server.release()
        _ = await (first.value, second.value)
        #expect(server.started == 2)
    }

    @Test func aJoinerThatLeavesDoesNotEndTheRequestForTheOthers() async throws {
        let client = client()
        let staying = start(client)
        try await server.waitForRequests(1)
        let leaving = start(client)
        try await waitForCallers(2)
        leaving.cancel()
        #expect(await leaving.value == .failure(.transport("cancelled")))
        server.release()
        #expect(try await staying.value.get() == Data("answer 1".utf8))
        #expect(server.cancelled == 0)
    }

    @Test func whenEveryCallerLeavesTheRequestIsCancelled() async throws {
        let client = client()
        let only = start(client)
        try await server.waitForRequests(1)
        only.cancel()
        #expect(await only.value == .failure(.transport("cancelled")))
        try await server.waitForCancellations(1)
    }

    @Test func aFinishedRequestIsSentAgainNextTime() async throws {
        let client = client()
        server.release()
        _ = try await start(client).value.get()
        _ = try await start(client).value.get()
        #expect(server.started == 2)
    }
}

/// A fake network whose answers wait until the test lets them go.
final class HeldServer: Sendable {
    private struct State {
        var started = 0
        var cancelled = 0
        var released = false
    }
    private let state = Mutex(State())

    var started: Int { state.withLock { $0.started } }
    var cancelled: Int { state.withLock { $0.cancelled } }
    func release() { state.withLock { $0.released = true } }

    var client: HTTPClient {
        HTTPClient { [self] (_: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            let number = state.withLock { s in
                s.started += 1
                return s.started
            }
            while !state.withLock({ $0.released }) {
                do {
                    try await Task.sleep(for: .milliseconds(5))
                } catch {
                    state.withLock { $0.cancelled += 1 }
                    throw .transport("cancelled")
                }
            }
            return HTTPClient.Response(status: 200, body: Data("answer \(number)".utf8))
        }
    }

    func waitForRequests(_ count: Int) async throws {
        try await waitUntil { self.started >= count }
    }

    func waitForCancellations(_ count: Int) async throws {
        try await waitUntil { self.cancelled >= count }
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}

/// Issue 36: the budget counts what reached the server. A request that failed before it did
/// (refused, no name, no route, TLS, a connect timeout) gives its token back; anything the
/// server answered, even with an error, spends one.
@Suite struct BudgetRefundTests {
    let clock = TestClock()
    let budget = RequestBudget(name: "test", burst: 2, interval: 3600)

    func client(_ governor: RequestGovernor, failing error: APIError?) -> HTTPClient {
        HTTPClient { (_: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            if let error { throw error }
            return HTTPClient.Response(status: 200, headers: [:], body: Data("ok".utf8))
        }.governed(by: governor, budget: budget)
    }

    func send(_ client: HTTPClient) async -> APIError? {
        await apiFailure { () async throws(APIError) in try await client.send(HTTPClient.Request(url: URL(string: "https://ll.test/list")!, kind: .apiList)) }
    }

    @Test(arguments: [APIError.unreached("connection refused"), .unreached("host not found"), .unreached("could not connect in time"),
                      .offline("offline")])
    func aRequestThatNeverReachedTheServerSpendsNothing(_ failure: APIError) async {
        let governor = RequestGovernor(now: clock.clock.now)
        let refused = client(governor, failing: failure)
        for _ in 0..<20 { #expect(await send(refused) == failure, "the true cause, never the budget") }
        // The network is back: the whole burst is still there.
        let answering = client(governor, failing: nil)
        #expect(await send(answering) == nil)
        #expect(await send(answering) == nil)
        #expect(await send(answering) == .heldBack(host: "ll.test", retryAfter: 3600))
    }

    @Test(arguments: [APIError.http(status: 500, retryAfter: nil), .http(status: 404, retryAfter: nil), .timedOut,
                      .transport("the connection was lost"), .badData("unreadable response")])
    func anAnswerOrAConnectionSpendsOne(_ failure: APIError) async {
        let governor = RequestGovernor(now: clock.clock.now)
        let failing = client(governor, failing: failure)
        #expect(await send(failing) == failure)
        #expect(await send(failing) == failure)
        #expect(await send(failing) == .heldBack(host: "ll.test", retryAfter: 3600))
    }
}

/// Issue 36: one budget per host for every tminus on the machine. Two governors over one
/// ledger file stand for two processes (the app and `tminus next` in a status bar).
@Suite struct SharedBudgetTests {
    let clock = TestClock()
    let budget = RequestBudget(name: "test", burst: 3, interval: 3600)

    func file() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "tminus-ledger-\(UUID().uuidString)/budget.json")
    }

    func client(_ governor: RequestGovernor, failing error: APIError? = nil, budget: RequestBudget? = nil) -> HTTPClient {
        HTTPClient { (_: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            if let error { throw error }
            return HTTPClient.Response(status: 200, body: Data("ok".utf8))
        }.governed(by: governor, budget: budget ?? self.budget)
    }

    func send(_ client: HTTPClient, _ path: String = "2.3.0/launches/upcoming/") async -> APIError? {
        await apiFailure { () async throws(APIError) in
            try await client.send(HTTPClient.Request(url: URL(string: "https://ll.test/\(path)")!, kind: .apiList))
        }
    }

    @Test func twoProcessesShareOneBudget() async {
        let ledger = file()
        defer { try? FileManager.default.removeItem(at: ledger.deletingLastPathComponent()) }
        let app = client(RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger)))
        let statusBar = client(RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger)))
        #expect(await send(app) == nil)
        #expect(await send(statusBar) == nil)
        #expect(await send(app) == nil)
        #expect(await send(statusBar) == .heldBack(host: "ll.test", retryAfter: 3600), "the third was the last of the burst, whoever sent it")
        #expect(await send(app) == .heldBack(host: "ll.test", retryAfter: 3600))
    }

    @Test func aRefundGoesBackToTheSharedBudgetAndItsLogLine() async {
        let ledger = file()
        defer { try? FileManager.default.removeItem(at: ledger.deletingLastPathComponent()) }
        let governor = RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger))
        for _ in 0..<5 { #expect(await send(client(governor, failing: .unreached("connection refused"))) == .unreached("connection refused")) }
        #expect(BudgetLedger(file: ledger).lastHour(at: clock.clock.now()).isEmpty, "nothing reached the server, nothing logged")
        let other = RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger))
        for _ in 0..<3 { #expect(await send(client(other)) == nil) }
    }

    @Test func theLogSaysWhatEachRequestWasForAndForgetsAfterAnHour() async {
        let ledger = file()
        defer { try? FileManager.default.removeItem(at: ledger.deletingLastPathComponent()) }
        let governor = RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger))
        let big = RequestBudget(name: "big", burst: 20, interval: 60)
        #expect(await send(client(governor, budget: big), "2.3.0/launches/upcoming/?limit=100") == nil)
        #expect(await send(client(governor, budget: big), "2.3.0/launches/0d779392-1a36-4c1e-b0b8-ec11e3031ee6/") == nil)
        #expect(await send(client(governor, budget: big), "2.3.0/launcher_configurations/?limit=100") == nil)
        #expect(await send(client(governor, budget: big), "2.3.0/events/upcoming/") == nil)
        #expect(await send(client(governor, budget: big), "2.3.0/api-throttle/") == nil)
        #expect(await send(client(governor, failing: .http(status: 500, retryAfter: nil), budget: big)) == .http(status: 500, retryAfter: nil))
        let counts = BudgetLedger(file: ledger).lastHour(at: clock.clock.now())
        #expect(counts == ["ll.test": ["list": 2, "detail": 1, "rockets": 1, "events": 1, "allowance": 1]], "a 500 reached the server: it counts")
        clock.advance(by: 3601)
        #expect(BudgetLedger(file: ledger).lastHour(at: clock.clock.now()).isEmpty)
    }

    /// A ledger written by a clock years ahead (a `tminus next --now 2031-…` before the ledger
    /// kept the real time, a clock set back since): its entries are not this hour's and its
    /// reservation keeps nothing; the requests it spent went out, so its bucket stays spent
    /// and refills from now at the usual pace, not from four years on. A process a moment
    /// ahead still counts.
    @Test func whatAClockAheadWroteIsForgotten() async throws {
        let ledger = file()
        defer { try? FileManager.default.removeItem(at: ledger.deletingLastPathComponent()) }
        let now = clock.clock.now(), future = now.addingTimeInterval(4 * 365 * 86_400)
        let ahead = client(RequestGovernor(now: { future }, ledger: BudgetLedger(file: ledger)))
        let keep = RequestOrigin.Keep(launch: "Far launch", for: 720)
        for _ in 0..<3 {
            _ = await RequestOrigin.$current.withValue(RequestOrigin(.refresh, keep: keep)) { await self.send(ahead) }
        }
        #expect(await send(ahead) != nil, "the future's own bucket is spent")
        #expect(BudgetLedger(file: ledger).lastHour(at: future) == ["ll.test": ["refresh": 3]])

        #expect(BudgetLedger(file: ledger).lastHour(at: now).isEmpty)
        #expect(BudgetLedger(file: ledger).reservations(at: now).isEmpty)
        let today = client(RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger)))
        #expect(await send(today) == .heldBack(host: "ll.test", retryAfter: 3600), "one interval from now, not from 2030")
        clock.advance(by: 3600)
        #expect(await send(today) == nil)
        let written = try #require(BudgetLedger(file: ledger).read())
        #expect(written.log.allSatisfy { $0.at <= clock.clock.now() } && written.log.count == 1, "the future's entries are gone from the file")
        #expect(written.reservations.isEmpty)

        // A minute ahead is another process's clock: it counts.
        let shared = file()
        defer { try? FileManager.default.removeItem(at: shared.deletingLastPathComponent()) }
        _ = await send(client(RequestGovernor(now: { now.addingTimeInterval(60) }, ledger: BudgetLedger(file: shared))))
        #expect(BudgetLedger(file: shared).lastHour(at: now) == ["ll.test": ["list": 1]])
    }

    @Test func aDamagedLedgerStartsAfreshAndAnUnusableOneLeavesTheCountInMemory() async throws {
        let ledger = file()
        defer { try? FileManager.default.removeItem(at: ledger.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: ledger)
        let governor = RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: ledger))
        #expect(await send(client(governor)) == nil)
        #expect(BudgetLedger(file: ledger).read()?.log.count == 1)

        // A ledger path that cannot be a file: the budget is still kept, per process.
        let blocked = RequestGovernor(now: clock.clock.now, ledger: BudgetLedger(file: URL(fileURLWithPath: "/proc/tminus-no/budget.json")))
        for _ in 0..<3 { #expect(await send(client(blocked)) == nil) }
        #expect(await send(client(blocked)) == .heldBack(host: "ll.test", retryAfter: 3600))
    }
}
