import Foundation
import PropertyBased
import Synchronization
import Testing
import TminusCore
import TminusTestSupport

/// Launch Library 2's free tier over random sessions: two tminus processes (the app and a
/// status bar's `tminus next`) sharing one budget file and one response cache, asking for
/// lists, pages, details, rockets and events, reloading (`r`) and refreshing on the app's
/// schedule for a launch near T-0, while the clock jumps and the server misbehaves at random
/// (refused connections, 5xx, timeouts, 404s, 429s of its own). Everything below the reducer
/// is the real thing: the Launch Library 2 source, the response cache, the governor and the
/// shared ledger; the server is a closure that keeps the real one's count (15 in any hour).
///
/// Which keys lead to which of these requests is the reducer's, tested in its own tests and
/// end to end in `BudgetHourTests` (an hour of keys against the fixture server).
@Suite("The hour's budget against a misbehaving server (properties)")
struct BudgetPropertyTests {
    static let cases = 120

    @Test func neverMoreThanFifteenReachTheServerInAnyHour() async {
        await propertyCheck(count: Self.cases, input: BudgetScenario.generator()) { scenario in
            let run = await BudgetRun(scenario).run()
            #expect(run.busiestHour <= 15, "\(run.busiestHour) requests reached the server within an hour: \(run.arrivals)")
            #expect(run.overLimit.isEmpty, "the server had to refuse \(run.overLimit.count)")
        }
    }

    @Test func aRequestThatNeverReachedTheServerNeverCounts() async {
        await propertyCheck(count: Self.cases, input: BudgetScenario.generator()) { scenario in
            let run = await BudgetRun(scenario).run()
            #expect(run.counted == run.reachedInTheLastHour,
                    "the ledger counts \(run.counted) in the last hour, the server saw \(run.reachedInTheLastHour)")
        }
    }

    @Test func aNearLaunchsRefreshIsNeverHeldBackAtItsCadence() async {
        await propertyCheck(count: Self.cases, input: BudgetScenario.generator()) { scenario in
            let run = await BudgetRun(scenario).run()
            #expect(run.refreshesHeldAtCadence.isEmpty, "held back: \(run.refreshesHeldAtCadence)")
        }
    }
}

/// One random session: the server's seed and what the two processes and the clock do.
struct BudgetScenario: Sendable, CustomStringConvertible {
    enum Step: Sendable, Hashable, CustomStringConvertible {
        /// A user's request from process 0 (the app) or 1 (`tminus next`, a script).
        case list(process: Int, segment: LaunchSegment, page: Int, reload: Bool)
        case detail(process: Int, id: Int, reload: Bool)
        case rockets(process: Int)
        case events(process: Int)
        /// The app's schedule: the upcoming list again, for a launch near T-0.
        case refresh
        case wait(seconds: Int)

        var description: String {
            switch self {
            case let .list(p, segment, page, reload): "\(p):\(segment)\(page)\(reload ? "r" : "")"
            case let .detail(p, id, reload): "\(p):detail\(id)\(reload ? "r" : "")"
            case .rockets(let p): "\(p):rockets"
            case .events(let p): "\(p):events"
            case .refresh: "refresh"
            case .wait(let seconds): "+\(seconds)s"
            }
        }
    }

    var seed: UInt64
    var steps: [Step]
    var description: String { "seed \(seed), steps [\(steps.map(\.description).joined(separator: " "))]" }

    static func randomStep(using rng: inout some RandomNumberGenerator) -> Step {
        let process = Int.random(in: 0...1, using: &rng)
        switch Int.random(in: 0..<100, using: &rng) {
        case ..<25: return .list(process: process, segment: Bool.random(using: &rng) ? .upcoming : .past,
                                 page: Int.random(in: 1...3, using: &rng), reload: Bool.random(using: &rng))
        case ..<40: return .detail(process: process, id: Int.random(in: 0..<6, using: &rng), reload: Bool.random(using: &rng))
        case ..<45: return .rockets(process: process)
        case ..<50: return .events(process: process)
        case ..<62: return .refresh
        default: return .wait(seconds: [5, 15, 60, 200, 360, 600, 1800][Int.random(in: 0..<7, using: &rng)])
        }
    }

    static func generator(steps: ClosedRange<Int> = 20...120) -> Generator<BudgetScenario, some Sequence & SendableMetatype> {
        let seeds = Generator<UInt64, Shrink.None<UInt64>> { rng in rng.next() }
        let step = Generator<Step, Shrink.None<Step>> { rng in randomStep(using: &rng) }
        return zip(seeds, step.array(of: steps)).map { BudgetScenario(seed: $0, steps: $1) }
    }
}

/// Runs a scenario and keeps what the server saw and what the processes were told.
final class BudgetRun: @unchecked Sendable {
    let scenario: BudgetScenario
    let clock = TestClock()
    private let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-budget-\(UUID().uuidString)")
    private let server: BudgetServer
    private var sources: [LaunchSource] = []
    private var ledger: BudgetLedger { BudgetLedger(file: directory.appending(path: "budget.json")) }

    private(set) var arrivals: [Date] = []
    private(set) var overLimit: [Date] = []
    private(set) var refreshesHeldAtCadence: [String] = []
    private(set) var counted = 0
    private(set) var reachedInTheLastHour = 0

    init(_ scenario: BudgetScenario) {
        self.scenario = scenario
        server = BudgetServer(seed: scenario.seed, clock: clock)
        let cache = DiskCache(directory: directory.appending(path: "responses"))
        // Two processes: a governor each, one ledger file and one cache between them.
        sources = (0..<2).map { _ in
            let governor = RequestGovernor(now: clock.clock.now, ledger: ledger)
            let http = server.client.governed(by: governor, budget: .launchLibrary2)
            let fetcher = CachedFetcher(http: http, cache: cache, sourceName: LaunchLibrary2.name, now: clock.clock.now)
            return LaunchLibrary2.launchSource(baseURL: BudgetServer.base, fetcher: fetcher)
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func run() async -> BudgetRun {
        var lastRefresh: Date?
        for step in scenario.steps {
            switch step {
            case let .list(process, segment, page, reload):
                let cursor = PageCursor(page: page)
                _ = try? await sources[process].launches(segment, cursor, reload ? .reload : .normal)
            case let .detail(process, id, reload):
                _ = try? await sources[process].launchDetail?("launch-\(id)", reload ? .reload : .normal)
            case .rockets(let process):
                _ = try? await sources[process].rockets(.normal)
            case .events(let process):
                _ = try? await sources[process].events?(.upcoming, .first, .normal)
            case .refresh:
                let now = clock.clock.now()
                let keep = RequestOrigin.Keep(launch: "Near launch", for: 12 * 60)
                let source = sources[0]
                let result = await RequestOrigin.$current.withValue(RequestOrigin(.refresh, keep: keep)) { () async -> Result<Fetched<LaunchPage>, APIError> in
                    do throws(APIError) { return .success(try await source.launches(.upcoming, .first, .reload)) } catch { return .failure(error) }
                }
                var held = false
                if case .failure(.heldBack) = result { held = true }
                if case .success(let fetched) = result, case .heldBack? = fetched.problem { held = true }
                // At its cadence (6 min or more since the last one, whose keep still stands).
                if held, let lastRefresh, now.timeIntervalSince(lastRefresh) >= 360, now.timeIntervalSince(lastRefresh) < 720 {
                    refreshesHeldAtCadence.append("at +\(Int(now.timeIntervalSince(Sample.reference))) s")
                }
                if !held { lastRefresh = now }
            case .wait(let seconds):
                clock.advance(by: TimeInterval(seconds))
            }
        }
        arrivals = server.arrivals
        overLimit = server.overLimit
        let now = clock.clock.now()
        counted = ledger.lastHour(at: now).values.flatMap(\.values).reduce(0, +)
        reachedInTheLastHour = arrivals.filter { now.timeIntervalSince($0) < 3600 && $0 <= now }.count
        return self
    }

    /// The most arrivals in any hour-long window.
    var busiestHour: Int {
        arrivals.indices.map { i in arrivals[i...].prefix { $0.timeIntervalSince(arrivals[i]) < 3600 }.count }.max() ?? 0
    }
}

/// A Launch Library 2 that keeps the real one's count (15 answered in any hour, else 429)
/// and misbehaves at random: a refused connection (never reaches it), 5xx, a timeout after
/// the request arrived, a 404, a 429 of its own.
final class BudgetServer: Sendable {
    static let base = URL(string: "http://ll2.test/2.3.0")!
    private let state: Mutex<(rng: SeededGenerator, arrivals: [Date], overLimit: [Date])>
    private let clock: TestClock

    init(seed: UInt64, clock: TestClock) {
        state = Mutex((SeededGenerator(seed: seed), [], []))
        self.clock = clock
    }

    var arrivals: [Date] { state.withLock { $0.arrivals } }
    var overLimit: [Date] { state.withLock { $0.overLimit } }

    var client: HTTPClient {
        HTTPClient { [self] (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            let now = clock.clock.now()
            enum Answer { case refused, body(Int, Data), timeout, overLimit }
            let answer: Answer = state.withLock { state in
                let roll = Int.random(in: 0..<100, using: &state.rng)
                if roll < 15 { return .refused }
                if state.arrivals.filter({ now.timeIntervalSince($0) < 3600 }).count >= 15 {
                    state.overLimit.append(now)
                    return .overLimit
                }
                state.arrivals.append(now)
                switch roll {
                case ..<22: return .body(503, Data(#"{"detail": "unavailable"}"#.utf8))
                case ..<27: return .timeout
                case ..<30: return .body(404, Data(#"{"detail": "Not found."}"#.utf8))
                case ..<32: return .body(429, Data(#"{"detail": "Request was throttled."}"#.utf8))
                default: return .body(200, Self.body(for: request.url))
                }
            }
            switch answer {
            case .refused: throw .unreached("connection refused")
            case .timeout: throw .timedOut
            case .overLimit: return HTTPClient.Response(status: 429, headers: ["Retry-After": "600"], body: Data())
            case .body(let status, let body): return HTTPClient.Response(status: status, body: body)
            }
        }
    }

    /// A list page (with a next page), a launch, rockets or events, by the path.
    static func body(for url: URL) -> Data {
        let launch = #"{"id": "launch-1", "name": "Electron | One", "net": "2023-04-22T08:50:00Z", "status": {"id": 1, "name": "Go"}, "updates": [], "vid_urls": []}"#
        let path = url.path
        if path.contains("launcher_configurations") {
            return Data(#"{"count": 1, "next": null, "previous": null, "results": [{"id": 164, "name": "Falcon 9", "full_name": "Falcon 9 Block 5"}]}"#.utf8)
        }
        if path.contains("events") { return Data(#"{"count": 0, "next": null, "previous": null, "results": []}"#.utf8) }
        if path.hasSuffix("upcoming/") || path.hasSuffix("previous/") {
            return Data(#"{"count": 300, "next": "\#(url.absoluteString)&page=next", "previous": null, "results": [\#(launch)]}"#.utf8)
        }
        return Data(launch.utf8)
    }
}
