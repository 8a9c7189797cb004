import Foundation
import Synchronization
import TminusCore
import TminusViewModel

/// A launch server that misbehaves the ways real ones have, chosen under a seed: lists that
/// repeat their first page, send empty pages, lie about their total or point `next` back at
/// a page already asked; answers with duplicate ids, failures (5xx, 429 with and without
/// Retry-After, time-outs), stale fallbacks; answers held back and let go out of order.
///
/// It serves two sources, one per `PagingStyle` (Upcoming, Past; the numbered one also the
/// rockets and their launches, the linked one launch details), and keeps the books a test
/// checks the app against: every request, in which step of the test it came, and whether
/// two requests for one list were ever out at once.
///
/// It cannot hang a test: past `runawayLimit` requests for one list in one step, or
/// `requestCap` in all, it answers with a failure the app does not retry by itself.
public final class MisbehavingServer: Sendable {
    /// One launch list as the server sees it: which source, and the app's name for it.
    public struct ListKey: Sendable, Hashable, CustomStringConvertible {
        public var source: PagingStyle
        public var list: ListID
        public init(_ source: PagingStyle, _ list: ListID) { self.source = source; self.list = list }

        /// The list a request is for; nil for rockets and details.
        init?(_ source: PagingStyle, _ kind: ScriptedSource.Request.Kind) {
            switch kind {
            case .launches(let segment): self.init(source, .segment(segment))
            case .rocketLaunches(let id): self.init(source, .rocket(id))
            case .rockets, .detail, .events: return nil
            }
        }

        /// How its `next` links name it.
        var slug: String {
            switch list {
            case .segment(let segment): segment.rawValue
            case .rocket(let id): "rockets/\(id)"
            }
        }
        public var description: String { "\(list.testName) (\(source))" }
    }

    public struct Record: Sendable, CustomStringConvertible {
        public var source: PagingStyle
        public var request: ScriptedSource.Request
        /// The test's step when it was asked (see `beginStep`).
        public var step: Int
        public var at: Date
        /// What the server did with it.
        public var answer: String
        /// The launch list it was for; nil for rockets and details.
        public var list: ListKey? { ListKey(source, request.kind) }
        public var description: String {
            "\(source) \(request)\(request.url.map { " <\($0.absoluteString)>" } ?? "") \(request.mode): \(answer)"
        }
    }

    private struct Books {
        var records: [Record] = []
        /// Of `records`, the cache-only reads (not counted against the cap).
        var cacheReads = 0
        var step = 0
        /// How often each exact request was asked: the nth asking draws its own answer.
        var asked: [String: Int] = [:]
        /// For the runaway guard.
        var perListThisStep: [ListKey: Int] = [:]
        /// Requests out per list and query, by their place in `records`, with what they asked.
        var outstanding: [OutKey: [Int: String]] = [:]
        var overlaps: [String] = []
    }
    private struct OutKey: Hashable { var list: ListKey; var query: ListQuery }

    private let books = Mutex(Books())
    public let held = HeldAnswers()
    public let seed: UInt64
    public let temperament: Temperament
    public let pageSize: Int
    public let runawayLimit: Int
    public let requestCap: Int
    private let clock: AppClock

    public init(seed: UInt64 = 0, temperament: Temperament, clock: AppClock, pageSize: Int = 10,
                runawayLimit: Int = 40, requestCap: Int = 500) {
        self.seed = seed; self.temperament = temperament; self.clock = clock; self.pageSize = pageSize
        self.runawayLimit = runawayLimit; self.requestCap = requestCap
    }

    // MARK: - What the test reads

    public var records: [Record] { books.withLock { $0.records } }
    /// Requests that could reach the network (cache-only reads are local and not counted).
    public var networkRecords: [Record] { records.filter { $0.request.mode != .cacheOnly } }
    /// "Two requests for one list at once" findings, as sentences.
    public var overlaps: [String] { books.withLock { $0.overlaps } }
    public var step: Int { books.withLock { $0.step } }

    /// Requests from now on belong to the next step of the test (a key, a tick, a release).
    public func beginStep() {
        books.withLock { $0.step += 1; $0.perListThisStep = [:] }
    }

    /// The habit a list has for the whole run.
    public func habit(of list: ListKey) -> ListHabit {
        var rng = SeededGenerator(seed: seed, label: "habit \(list)")
        return temperament.habits.randomElement(using: &rng)!
    }

    // MARK: - The sources

    static let upcoming = Sample.launches(23, upcoming: true)
    static let past = Sample.launches(47, upcoming: false)
    static let ll2Upcoming = Sample.ll2Launches(23, upcoming: true)
    static let ll2Past = Sample.ll2Launches(47, upcoming: false)

    public func source(_ style: PagingStyle) -> LaunchSource {
        var source = LaunchSource(
            name: style.rawValue,
            launches: { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                try await self.answerList(style, .launches(segment), cursor, mode)
            })
        switch style {
        case .numbered:
            source.rockets = { (mode) async throws(APIError) -> Fetched<[Rocket]> in
                try await self.answer(style, ScriptedSource.Request(.rockets, mode: mode)) { Sample.Rockets.all }
            }
            source.rocketLaunches = { (id, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                try await self.answerList(style, .rocketLaunches(rocketID: id), cursor, mode)
            }
        case .linked:
            source.rocketFilterChoices = .rowsAtHand
            source.launchDetail = { (id, mode) async throws(APIError) -> Fetched<Launch> in
                try await self.answer(style, ScriptedSource.Request(.detail(id), mode: mode)) { () throws(APIError) in
                    guard let launch = (Self.ll2Upcoming + Self.ll2Past).first(where: { $0.id == id }) else {
                        throw .http(status: 404, retryAfter: nil)
                    }
                    return launch
                }
            }
        }
        return source
    }

    private func launches(_ style: PagingStyle, _ kind: ScriptedSource.Request.Kind) -> [Launch] {
        switch (style, kind) {
        case (.numbered, .launches(.upcoming)): Self.upcoming
        case (.numbered, .launches(.past)): Self.past
        case (.linked, .launches(.upcoming)): Self.ll2Upcoming
        case (.linked, .launches(.past)): Self.ll2Past
        case (_, .rocketLaunches(let id)): Sample.launches(15, upcoming: false, prefix: id)
        default: []
        }
    }

    private func answerList(_ style: PagingStyle, _ kind: ScriptedSource.Request.Kind, _ cursor: PageCursor,
                            _ mode: FetchMode) async throws(APIError) -> Fetched<LaunchPage> {
        let number = style.pageNumber(of: cursor, size: pageSize)
        let request = ScriptedSource.Request(kind, page: number, url: cursor.url, mode: mode, query: cursor.query)
        let list = ListKey(style, kind)!
        let habit = habit(of: list)
        let shape = PageShape(style: style, list: list.slug, size: pageSize,
                              all: cursor.query.answered(from: launches(style, kind)))
        let slipRate = switch habit {
        case .honest: 0.0
        case .flaky: max(temperament.slipRate, 0.5)
        default: temperament.slipRate
        }
        return try await answer(style, request, describing: habit.description, slipRate: slipRate) { (slip: Slip) in
            shape.page(number, habit: habit, slip: slip)
        }
    }

    /// Rockets and details: right, or slipping as often as the temperament says.
    private func answer<Value: Sendable>(_ style: PagingStyle, _ request: ScriptedSource.Request,
                                         _ value: @Sendable () throws(APIError) -> Value) async throws(APIError) -> Fetched<Value> {
        try await answer(style, request, describing: "", slipRate: temperament.slipRate) { (_: Slip) throws(APIError) in try value() }
    }

    /// The one way every request is answered: booked, maybe refused (cap, runaway), maybe
    /// held, then answered as the slip drawn for it says.
    private func answer<Value: Sendable>(_ style: PagingStyle, _ request: ScriptedSource.Request, describing habit: String,
                                         slipRate: Double, _ value: @Sendable (Slip) throws(APIError) -> Value) async throws(APIError) -> Fetched<Value> {
        let now = clock.now()
        // A cache-only read is the app looking at its disk: the pretend cache is empty.
        if request.mode == .cacheOnly {
            books.withLock {
                $0.cacheReads += 1
                $0.records.append(Record(source: style, request: request, step: $0.step, at: now, answer: "not cached"))
            }
            throw .notCached
        }
        let label = "\(style) \(request) \(request.url?.absoluteString ?? "-") \(request.mode) \(request.query.testName)"
        let list = ListKey(style, request.kind)
        let outKey = list.map { OutKey(list: $0, query: request.query) }
        let (serial, occurrence, refusal, slip, slow) = books.withLock { b -> (Int, Int, APIError?, Slip, Bool) in
            let occurrence = b.asked[label, default: 0]
            b.asked[label] = occurrence + 1
            var rng = SeededGenerator(seed: seed, label: "\(label) #\(occurrence)")
            let slow = Double.random(in: 0..<1, using: &rng) < temperament.slowRate
            let slip = Double.random(in: 0..<1, using: &rng) < slipRate ? Slip.pick(using: &rng, source: style.rawValue) : .none
            var refusal: APIError?
            if b.records.count - b.cacheReads >= requestCap {
                refusal = .notAvailable("the test server's cap of \(requestCap) requests is spent")
            }
            if let list {
                b.perListThisStep[list, default: 0] += 1
                if b.perListThisStep[list]! > runawayLimit {
                    refusal = .notAvailable("\(list) kept requesting without a key: \(b.perListThisStep[list]!) requests")
                }
            }
            let serial = b.records.count
            if let outKey {
                if let out = b.outstanding[outKey], !out.isEmpty {
                    b.overlaps.append("two requests for \(outKey.list) at once: \(request) (\(request.mode)) while \(out.values.sorted().joined(separator: ", ")) was unanswered")
                }
                b.outstanding[outKey, default: [:]][serial] = "\(request) (\(request.mode))"
            }
            let answer = refusal.map { "refused: \($0)" } ?? "\(habit.isEmpty ? "" : "\(habit), ")\(slip)\(slow ? ", slow" : "")"
            b.records.append(Record(source: style, request: request, step: b.step, at: now, answer: answer))
            return (serial, occurrence, refusal, slip, slow)
        }
        // Out until answered, or until the app cancels it (then at once, before its next request).
        await withTaskCancellationHandler {
            await held.pass("\(label) #\(occurrence)", slow: slow)
        } onCancel: {
            self.answered(outKey, serial)
        }
        answered(outKey, serial)
        if Task.isCancelled { throw .transport("cancelled") }
        if let refusal { throw refusal }
        switch slip {
        case .failure(let error): throw error
        case .staleFallback: return Fetched(try value(slip), fetchedAt: now.addingTimeInterval(-2 * 3600), problem: .timedOut)
        default: return Fetched(try value(slip))
        }
    }

    private func answered(_ list: OutKey?, _ serial: Int) {
        guard let list else { return }
        books.withLock { _ = $0.outstanding[list]?.removeValue(forKey: serial) }
    }
}

extension MisbehavingServer {
    /// The real view model over this server's sources (the first is the Launches tab's at
    /// start, and the rockets'), at 80x24 in UTC, preferences and favorites in memory.
    public func app(styles: [PagingStyle], clock: TestClock, mailbox: Mailbox = Mailbox()) -> AppViewModel {
        let sources = styles.map(source)
        let environment = AppEnvironment(source: sources[0], alternatives: Array(sources.dropFirst()),
                                         clock: clock.clock, time: LaunchTime(timeZone: .gmt),
                                         openURL: { _ in .success(()) })
        let app = AppViewModel(environment: environment, mailbox: mailbox)
        app.handle(.resized(width: 80, height: 24))
        return app
    }
}
