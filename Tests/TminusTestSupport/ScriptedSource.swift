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
        }
        public var kind: Kind
        /// The page asked for (1 for the rockets, which come in one piece).
        public var page: Int

        public init(_ kind: Kind, page: Int = 1) { self.kind = kind; self.page = page }
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
            }
        }
    }

    private struct Script {
        var upcoming: [Launch]
        var past: [Launch]
        var rockets: [Rocket]
        var rocketLaunches: [String: [Launch]]
        var failures: [APIError] = []
        var requests: [Request] = []
    }

    private let script: Mutex<Script>
    public let pageSize: Int

    public init(upcoming: [Launch] = [], past: [Launch] = [], rockets: [Rocket] = [],
                rocketLaunches: [String: [Launch]] = [:], pageSize: Int = LaunchSource.pageSize) {
        script = Mutex(Script(upcoming: upcoming, past: past, rockets: rockets, rocketLaunches: rocketLaunches))
        self.pageSize = pageSize
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

    public var requests: [Request] { script.withLock { $0.requests } }

    public var source: LaunchSource {
        LaunchSource(
            name: "Scripted",
            launches: { (segment, page) async throws(APIError) -> LaunchPage in
                try self.answer(.launches(segment), page)
            },
            rockets: { () async throws(APIError) -> [Rocket] in
                try self.answerRockets()
            },
            rocketLaunches: { (rocketID, page) async throws(APIError) -> LaunchPage in
                try self.answer(.rocketLaunches(rocketID: rocketID), page)
            })
    }

    private func answer(_ kind: Request.Kind, _ page: Int) throws(APIError) -> LaunchPage {
        let outcome: Result<LaunchPage, APIError> = script.withLock { s in
            s.requests.append(Request(kind, page: page))
            if !s.failures.isEmpty { return .failure(s.failures.removeFirst()) }
            let all: [Launch]
            switch kind {
            case .launches(let segment): all = segment == .upcoming ? s.upcoming : s.past
            case .rocketLaunches(let id): all = s.rocketLaunches[id] ?? []
            case .rockets: all = []
            }
            let start = (page - 1) * pageSize
            let docs = start < all.count ? Array(all[start..<min(all.count, start + pageSize)]) : []
            let next = start + pageSize < all.count ? page + 1 : nil
            return .success(LaunchPage(launches: docs, page: page, totalDocs: all.count, nextPage: next))
        }
        return try outcome.get()
    }

    private func answerRockets() throws(APIError) -> [Rocket] {
        let outcome: Result<[Rocket], APIError> = script.withLock { s in
            s.requests.append(.rockets)
            if !s.failures.isEmpty { return .failure(s.failures.removeFirst()) }
            return .success(s.rockets)
        }
        return try outcome.get()
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
    public let preferences: PreferencesStore
    public let favorites: FavoritesStore

    public init(source: ScriptedSource, clock: TestClock = TestClock(), width: Int = 80, height: Int = 24,
                timeZone: TimeZone = .gmt, preferences: PreferencesStore = .inMemory(),
                favorites: FavoritesStore = .inMemory(),
                pictures: PictureLoader? = nil,
                randomIndex: @escaping @Sendable (Int) -> Int = { _ in 0 }) {
        self.source = source
        self.clock = clock
        self.preferences = preferences
        self.favorites = favorites
        browser = BrowserSpy()
        let environment = AppEnvironment(source: source.source, clock: clock.clock,
                                         time: LaunchTime(timeZone: timeZone), openURL: browser.open,
                                         preferences: preferences, favorites: favorites, pictures: pictures,
                                         randomIndex: randomIndex)
        viewModel = AppViewModel(environment: environment, mailbox: Mailbox())
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
