import Foundation

public enum LaunchSegment: String, Sendable, Hashable, CaseIterable {
    case upcoming, past
}

/// Where the next page of a list is. Sources that page by number (the r/SpaceX API) only
/// need `page`; Launch Library 2 answers with the full URL of the next page, which is
/// followed as given (when it points at the same server).
public struct PageCursor: Sendable, Hashable {
    public var page: Int
    public var url: URL?
    public init(page: Int, url: URL? = nil) { self.page = page; self.url = url }
    public static let first = PageCursor(page: 1)
}

/// One page of a launch list, whatever the source.
public struct LaunchPage: Sendable, Hashable {
    public var launches: [Launch]
    public var page: Int
    public var totalDocs: Int?
    /// Where the next page is, or nil on the last page.
    public var next: PageCursor?
    /// Records on this page that could not be read (no id, not an object): skipped, counted.
    public var unreadable: Int

    public init(launches: [Launch], page: Int, totalDocs: Int? = nil, next: PageCursor?, unreadable: Int = 0) {
        self.launches = launches; self.page = page; self.totalDocs = totalDocs; self.next = next
        self.unreadable = unreadable
    }
}

/// What a source answered, and how old it is: fresh from the network, or from the cache
/// (then `fetchedAt` is when it was fetched, and `problem` says why the network was not
/// used, if it failed: the screen shows the old data and the reason side by side).
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    /// When the data left the server; nil means just now.
    public var fetchedAt: Date?
    /// Why this is older data than asked for (offline, rate limited, server error).
    public var problem: APIError?

    public init(_ value: Value, fetchedAt: Date? = nil, problem: APIError? = nil) {
        self.value = value; self.fetchedAt = fetchedAt; self.problem = problem
    }

    public func map<T>(_ transform: (Value) throws(APIError) -> T) throws(APIError) -> Fetched<T> {
        Fetched<T>(try transform(value), fetchedAt: fetchedAt, problem: problem)
    }
}

extension Fetched: Equatable where Value: Equatable {}
extension Fetched: Hashable where Value: Hashable {}

/// How far a request may go for its answer.
public enum FetchMode: Sendable, Hashable {
    /// Only the disk cache, however old: what the app draws at once on start-up, before it
    /// asks the network. Throws `.notCached` when the cache has nothing.
    case cacheOnly
    /// The cache while it is fresh (`LaunchSource.freshFor`), else the network, falling back
    /// on the cache when the network fails.
    case normal
    /// The network even when the cache is fresh (the user's `r`), still falling back on it.
    case reload
}

/// Where launches come from. Each source (the r/SpaceX API, Launch Library 2) is a value of
/// this struct of closures; view models only ever talk to this, and tests build one from
/// in-memory data. Every request says how far it may go for its answer (`FetchMode`).
public struct LaunchSource: Sendable {
    /// Short name for the status line, e.g. "r/SpaceX API".
    public var name: String
    /// The source's data no longer changes (the r/SpaceX API since late 2022): its
    /// "upcoming" launches are history, and the app says so.
    public var isFrozen = false
    public var launches: @Sendable (_ segment: LaunchSegment, _ cursor: PageCursor, _ mode: FetchMode) async throws(APIError) -> Fetched<LaunchPage>
    public var rockets: @Sendable (_ mode: FetchMode) async throws(APIError) -> Fetched<[Rocket]>
    /// One rocket's launches, newest first.
    public var rocketLaunches: @Sendable (_ rocketID: String, _ cursor: PageCursor, _ mode: FetchMode) async throws(APIError) -> Fetched<LaunchPage>
    /// The whole record of one launch, for sources whose list rows leave things out (Launch
    /// Library 2 lists carry no videos); nil when a row already holds everything.
    public var launchDetail: (@Sendable (_ id: String, _ mode: FetchMode) async throws(APIError) -> Fetched<Launch>)?

    public init(name: String,
                launches: @escaping @Sendable (LaunchSegment, PageCursor, FetchMode) async throws(APIError) -> Fetched<LaunchPage>,
                rockets: @escaping @Sendable (FetchMode) async throws(APIError) -> Fetched<[Rocket]> = { (_) throws(APIError) in
                    throw .notAvailable("this source has no rockets")
                },
                rocketLaunches: @escaping @Sendable (String, PageCursor, FetchMode) async throws(APIError) -> Fetched<LaunchPage> = { (_, _, _) throws(APIError) in
                    throw .notAvailable("this source has no rocket launches")
                },
                launchDetail: (@Sendable (String, FetchMode) async throws(APIError) -> Fetched<Launch>)? = nil) {
        self.name = name
        self.launches = launches
        self.rockets = rockets
        self.rocketLaunches = rocketLaunches
        self.launchDetail = launchDetail
    }

    /// A source whose every request fails the same way (not available, misconfigured).
    public static func failing(name: String, _ error: APIError) -> LaunchSource {
        LaunchSource(name: name,
                     launches: { (_, _, _) throws(APIError) in throw error },
                     rockets: { (_) throws(APIError) in throw error },
                     rocketLaunches: { (_, _, _) throws(APIError) in throw error })
    }

    public static let pageSize = 20

    /// Answers younger than this come from the disk cache without a request (unless the
    /// user presses `r`): Launch Library 2's free tier allows about 15 requests an hour, and
    /// a tminus left open in a pane must not spend them redrawing the same list.
    public static let freshFor: TimeInterval = 10 * 60
}
