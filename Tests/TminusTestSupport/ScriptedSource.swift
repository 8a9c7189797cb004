import Foundation
import Synchronization
import TminusCore
import TminusImage
import TminusViewModel

/// A launch source that pages through in-memory lists the way the API does (launches by
/// segment, rockets, each rocket's launches), records every request, and can be told to fail
/// the next ones, whatever they ask for.
public final class ScriptedSource: Sendable {
    public struct Request: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: Sendable, Hashable {
            case launches(LaunchSegment)
            case rockets
            case rocketLaunches(rocketID: String)
            case detail(String)
            case events(LaunchSegment)
        }
        public var kind: Kind
        /// The page asked for (1 for the rockets, which come in one piece).
        public var page: Int
        /// The `next` link the app followed (nil for a first page); not part of equality, so
        /// tests can compare requests by kind and page alone.
        public var url: URL?
        /// How far the request could go (`.reload`: the user's `r`, past the cache).
        public var mode: FetchMode
        public var reload: Bool { mode == .reload }
        /// The list's name filter and order (not part of equality either).
        public var query: ListQuery

        public init(_ kind: Kind, page: Int = 1, url: URL? = nil, mode: FetchMode = .normal, query: ListQuery = .default) {
            self.kind = kind; self.page = page; self.url = url; self.mode = mode; self.query = query
        }

        public static func == (a: Request, b: Request) -> Bool { a.kind == b.kind && a.page == b.page }
        public func hash(into hasher: inout Hasher) { hasher.combine(kind); hasher.combine(page) }
        public init(segment: LaunchSegment, page: Int) { self.init(.launches(segment), page: page) }

        public static let rockets = Request(.rockets)
        public static func rocketLaunches(_ rocketID: String, page: Int) -> Request {
            Request(.rocketLaunches(rocketID: rocketID), page: page)
        }

        /// The segment of a launches request, nil for the others.
        public var segment: LaunchSegment? {
            if case .launches(let segment) = kind { return segment }
            return nil
        }

        public var description: String {
            switch kind {
            case .launches(let segment): "\(segment) page \(page)"
            case .rockets: "rockets"
            case .rocketLaunches(let id): "rocket \(id) page \(page)"
            case .detail(let id): "detail \(id)"
            case .events(let segment): "\(segment) events page \(page)"
            }
        }
    }

    private struct Script {
        var upcoming: [Launch]
        var past: [Launch]
        var rockets: [Rocket]
        var rocketLaunches: [String: [Launch]]
        var details: [String: Launch] = [:]
        /// Nil: the source has no events (like the r/SpaceX API).
        var events: [LaunchSegment: [SpaceEvent]]?
        var failures: [APIError] = []
        var requests: [Request] = []
        /// `.cacheOnly` reads: not requests (no network), answered from `cachedAt`.
        var cacheReads: [Request] = []
        /// When the pretend cache was filled; nil: it is empty (a cache-only read fails).
        var cachedAt: Date?
        /// Answers served "from the cache": when they were fetched and why the network was not used.
        var staleness: [(fetchedAt: Date, problem: APIError?, archive: String?)] = []
        /// What `/api-throttle/` says (nil: the source reports no budget), and how often it was asked.
        var allowance: RequestAllowance?
        var allowanceAsks = 0
        /// tminus's own pace for the server (the governor's bucket), when the source says it.
        var ownAllowance: OwnAllowance?
    }

    private let script: Mutex<Script>
    public let pageSize: Int

    public let name: String
    public let isFrozen: Bool
    public let rocketFilterChoices: RocketFilterChoices

    /// - Parameter details: launches the detail request answers with (by id); with none, the
    ///   source has no detail request, like the r/SpaceX API.
    public init(upcoming: [Launch] = [], past: [Launch] = [], rockets: [Rocket] = [],
                rocketLaunches: [String: [Launch]] = [:], details: [String: Launch] = [:],
                pageSize: Int = LaunchSource.pageSize, name: String = "Scripted", isFrozen: Bool = false,
                rocketFilterChoices: RocketFilterChoices = .catalogue, events: [LaunchSegment: [SpaceEvent]]? = nil) {
        var s = Script(upcoming: upcoming, past: past, rockets: rockets, rocketLaunches: rocketLaunches)
        s.details = details
        s.events = events
        script = Mutex(s)
        self.pageSize = pageSize
        self.name = name
        self.isFrozen = isFrozen
        self.rocketFilterChoices = rocketFilterChoices
        hasDetails = !details.isEmpty
    }

    private let hasDetails: Bool

    /// The next `count` answers say they come from a cache filled at `fetchedAt` (and, with a
    /// problem, that the network failed); with `archive`, from the built-in archive.
    public func serveStale(fetchedAt: Date, problem: APIError? = nil, archive: String? = nil, times count: Int = 1) {
        script.withLock { $0.staleness += Array(repeating: (fetchedAt, problem, archive), count: count) }
    }

    /// The next `count` requests (of any kind) fail with `error`.
    public func fail(with error: APIError, times count: Int = 1) {
        script.withLock { $0.failures += Array(repeating: error, count: count) }
    }

    public func replace(upcoming: [Launch]? = nil, past: [Launch]? = nil, rockets: [Rocket]? = nil,
                        rocketLaunches: [String: [Launch]]? = nil) {
        script.withLock {
            if let upcoming { $0.upcoming = upcoming }
            if let past { $0.past = past }
            if let rockets { $0.rockets = rockets }
            if let rocketLaunches { $0.rocketLaunches = rocketLaunches }
        }
    }

    public func replace(detail: Launch) {
        script.withLock { $0.details[detail.id] = detail }
    }

    /// Makes the source report a request budget, like Launch Library 2's `/api-throttle/`
    /// (before `source` is read).
    public func reportAllowance(_ allowance: RequestAllowance) {
        script.withLock { $0.allowance = allowance }
    }

    /// tminus's own pace the source reports from now on.
    public func reportOwnAllowance(_ own: OwnAllowance) {
        script.withLock { $0.ownAllowance = own }
    }

    /// How many times the budget was asked for.
    public var allowanceAsks: Int { script.withLock { $0.allowanceAsks } }

    /// The requests that could reach the network (every mode but `.cacheOnly`).
    public var requests: [Request] { script.withLock { $0.requests } }
    /// The cache-only reads (start-up draws the cache first).
    public var cacheReads: [Request] { script.withLock { $0.cacheReads } }

    /// Pretends the disk cache holds this source's data as fetched at `date` (a cache-only
    /// read then answers with it); nil empties it.
    public func cached(at date: Date?) {
        script.withLock { $0.cachedAt = date }
    }

    public var source: LaunchSource {
        var detail: (@Sendable (String, FetchMode) async throws(APIError) -> Fetched<Launch>)?
        if hasDetails {
            detail = { (id: String, mode: FetchMode) async throws(APIError) -> Fetched<Launch> in
                try self.answerDetail(id, mode)
            }
        }
        var source = LaunchSource(
            name: name,
            launches: { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                try self.answer(.launches(segment), cursor, mode)
            },
            rockets: { (mode) async throws(APIError) -> Fetched<[Rocket]> in
                try self.answerRockets(mode)
            },
            rocketLaunches: { (rocketID, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                try self.answer(.rocketLaunches(rocketID: rocketID), cursor, mode)
            },
            launchDetail: detail)
        if script.withLock({ $0.allowance != nil }) {
            source.allowance = { () async throws(APIError) -> RequestAllowance in
                let allowance = self.script.withLock { s -> RequestAllowance? in
                    s.allowanceAsks += 1
                    return s.allowance
                }
                guard let allowance else { throw .notAvailable("no budget") }
                return allowance
            }
        }
        if script.withLock({ $0.ownAllowance != nil }) {
            source.ownAllowance = { self.script.withLock { $0.ownAllowance! } }
        }
        if script.withLock({ $0.events != nil }) {
            source.events = { (segment, cursor, mode) async throws(APIError) -> Fetched<EventPage> in
                try self.answerEvents(segment, cursor, mode)
            }
        }
        source.isFrozen = isFrozen
        source.rocketFilterChoices = rocketFilterChoices
        return source
    }

    /// Replaces the events a segment answers with.
    public func replace(events: [SpaceEvent], in segment: LaunchSegment) {
        script.withLock { $0.events?[segment] = events }
    }

    private func answerEvents(_ segment: LaunchSegment, _ cursor: PageCursor, _ mode: FetchMode) throws(APIError) -> Fetched<EventPage> {
        let page = cursor.page
        let outcome: Result<Fetched<EventPage>, APIError> = script.withLock { s in
            let kind = Request.Kind.events(segment)
            if case .some(let error?) = Self.admit(Request(kind, page: page, url: cursor.url, mode: mode), &s) { return .failure(error) }
            let all = s.events?[segment] ?? []
            let start = (page - 1) * pageSize
            let docs = start < all.count ? Array(all[start..<min(all.count, start + pageSize)]) : []
            let next = start + pageSize < all.count ? PageCursor(page: page + 1, url: Self.nextURL(kind, page: page + 1)) : nil
            return .success(Self.stamp(EventPage(events: docs, page: page, totalDocs: all.count, next: next), mode: mode, &s))
        }
        return try outcome.get()
    }

    /// The `next` link a page hands out: the app must come back with it.
    public static func nextURL(_ kind: Request.Kind, page: Int) -> URL {
        URL(string: "https://scripted.test/\(Request(kind, page: page).description.replacingOccurrences(of: " ", with: "/"))")!
    }

    /// Logs the request; a cache-only read answers from the pretend cache (or not at all),
    /// anything else may be told to fail. Nil: go on and answer.
    private static func admit(_ request: Request, _ s: inout Script) -> APIError?? {
        if request.mode == .cacheOnly {
            s.cacheReads.append(request)
            return s.cachedAt == nil ? .some(.notCached) : .none
        }
        s.requests.append(request)
        if !s.failures.isEmpty { return .some(s.failures.removeFirst()) }
        return .none
    }

    private static func stamp<T: Sendable>(_ value: T, mode: FetchMode, _ s: inout Script) -> Fetched<T> {
        if mode == .cacheOnly, let at = s.cachedAt { return Fetched(value, fetchedAt: at) }
        return stamp(value, &s)
    }

    private func answer(_ kind: Request.Kind, _ cursor: PageCursor, _ mode: FetchMode) throws(APIError) -> Fetched<LaunchPage> {
        let page = cursor.page
        let outcome: Result<Fetched<LaunchPage>, APIError> = script.withLock { s in
            if case .some(let error?) = Self.admit(Request(kind, page: page, url: cursor.url, mode: mode, query: cursor.query), &s) { return .failure(error) }
            let whole: [Launch]
            switch kind {
            case .launches(let segment): whole = segment == .upcoming ? s.upcoming : s.past
            case .rocketLaunches(let id): whole = s.rocketLaunches[id] ?? []
            case .rockets, .detail, .events: whole = []
            }
            let all = cursor.query.answered(from: whole)
            let start = (page - 1) * pageSize
            let docs = start < all.count ? Array(all[start..<min(all.count, start + pageSize)]) : []
            let next = start + pageSize < all.count
                ? PageCursor(page: page + 1, url: Self.nextURL(kind, page: page + 1)) : nil
            return .success(Self.stamp(LaunchPage(launches: docs, page: page, totalDocs: all.count, next: next), mode: mode, &s))
        }
        return try outcome.get()
    }

    private func answerRockets(_ mode: FetchMode) throws(APIError) -> Fetched<[Rocket]> {
        let outcome: Result<Fetched<[Rocket]>, APIError> = script.withLock { s in
            if case .some(let error?) = Self.admit(Request(.rockets, mode: mode), &s) { return .failure(error) }
            return .success(Self.stamp(s.rockets, mode: mode, &s))
        }
        return try outcome.get()
    }

    private func answerDetail(_ id: String, _ mode: FetchMode) throws(APIError) -> Fetched<Launch> {
        let outcome: Result<Fetched<Launch>, APIError> = script.withLock { s in
            if case .some(let error?) = Self.admit(Request(.detail(id), mode: mode), &s) { return .failure(error) }
            guard let launch = s.details[id] else { return .failure(.http(status: 404, retryAfter: nil)) }
            return .success(Self.stamp(launch, mode: mode, &s))
        }
        return try outcome.get()
    }

    private static func stamp<T: Sendable>(_ value: T, _ s: inout Script) -> Fetched<T> {
        guard !s.staleness.isEmpty else { return Fetched(value) }
        let stale = s.staleness.removeFirst()
        return Fetched(value, fetchedAt: stale.fetchedAt, problem: stale.problem, archive: stale.archive)
    }
}

/// A clock that stands still until a test moves it.
public final class TestClock: Sendable {
    private let current: Mutex<Date>
    public init(_ start: Date = Sample.reference) { current = Mutex(start) }
    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    public func set(_ date: Date) { current.withLock { $0 = date } }
    public var clock: AppClock { AppClock { self.current.withLock { $0 } } }
}

/// Records the files the app saved for the user (calendar events), as if in `/downloads`.
public final class ExportSpy: Sendable {
    private let saved = Mutex<[(name: String, contents: String)]>([])
    public init() {}
    public var files: [(name: String, contents: String)] { saved.withLock { $0 } }
    public var save: @Sendable (String, Data) async -> Result<URL, ExportError> {
        { name, data in
            self.saved.withLock { $0.append((name, String(decoding: data, as: UTF8.self))) }
            return .success(URL(fileURLWithPath: "/downloads").appending(path: name))
        }
    }
}

/// Records the links the app asked the browser to open.
public final class BrowserSpy: Sendable {
    private let opened = Mutex<[URL]>([])
    public init() {}
    public var urls: [URL] { opened.withLock { $0 } }
    public var open: @Sendable (URL) async -> Result<Void, LinkOpenError> {
        { url in
            self.opened.withLock { $0.append(url) }
            return .success(())
        }
    }
}

/// A view model over a scripted source, a test clock and a browser spy, at 80x24 in UTC, with
/// preferences and favorites in memory and the first picture of every gallery unless told otherwise.
public struct Harness {
    public let viewModel: AppViewModel
    public let source: ScriptedSource
    public let clock: TestClock
    public let browser: BrowserSpy
    public let exports = ExportSpy()
    public let preferences: PreferencesStore
    public let favorites: FavoritesStore
    /// The quit, bell and mouse effects, as the terminal loop would get them.
    public let terminal = TerminalSpy()

    /// - Parameter alternatives: more Launches sources, for `S`.
    public init(source: ScriptedSource, alternatives: [ScriptedSource] = [], clock: TestClock = TestClock(), width: Int = 80, height: Int = 24,
                timeZone: TimeZone = .gmt, preferences: PreferencesStore = .inMemory(),
                favorites: FavoritesStore = .inMemory(),
                pictures: PictureLoader? = nil,
                keys: KeyBindings = KeyBindings(), seen: SeenStore = .inMemory(), news: ScriptedNews? = nil,
                offline: Bool = false, followFlag: Follow? = nil, configFollow: Follow = .everything) {
        self.source = source
        self.clock = clock
        self.preferences = preferences
        self.favorites = favorites
        browser = BrowserSpy()
        var environment = AppEnvironment(source: source.source, alternatives: alternatives.map(\.source), clock: clock.clock,
                                         time: LaunchTime(timeZone: timeZone), openURL: browser.open,
                                         preferences: preferences, favorites: favorites, pictures: pictures,
                                         saveExport: exports.save)
        environment.keys = keys
        environment.seen = seen
        environment.news = news?.client
        environment.offline = offline
        environment.followFlag = followFlag
        environment.configFollow = configFollow
        viewModel = AppViewModel(environment: environment, mailbox: Mailbox())
        terminal.attach(to: viewModel)
        viewModel.handle(.resized(width: width, height: height))
    }

    public var state: AppState { viewModel.state }

    /// Starts and waits for the first page.
    public func started() async -> Harness {
        viewModel.start()
        await viewModel.settle()
        return self
    }

    public func press(_ keys: Key...) async {
        for key in keys {
            viewModel.handle(.key(key))
            await viewModel.settle()
        }
    }
}

/// The Spaceflight News API in memory: articles by subject, every request recorded, the next
/// ones failing when told to.
public final class ScriptedNews: Sendable {
    private struct Script {
        var articles: [NewsSubject: [NewsArticle]]
        var failures: [APIError] = []
        var requests: [(NewsSubject, FetchMode)] = []
    }
    private let script: Mutex<Script>

    public init(_ articles: [NewsSubject: [NewsArticle]] = [:]) { script = Mutex(Script(articles: articles)) }

    public func fail(with error: APIError, times count: Int = 1) {
        script.withLock { $0.failures += Array(repeating: error, count: count) }
    }

    /// The subjects asked, in order.
    public var requests: [NewsSubject] { script.withLock { $0.requests.map(\.0) } }
    public var modes: [FetchMode] { script.withLock { $0.requests.map(\.1) } }

    public var client: NewsClient {
        NewsClient { (subject, mode) async throws(APIError) -> Fetched<[NewsArticle]> in
            let outcome: Result<[NewsArticle], APIError> = self.script.withLock { s in
                s.requests.append((subject, mode))
                if !s.failures.isEmpty { return .failure(s.failures.removeFirst()) }
                return .success(s.articles[subject] ?? [])
            }
            return Fetched(try outcome.get())
        }
    }
}
