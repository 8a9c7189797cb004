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
    /// Which list the page belongs to: its filters and order (each combination is its own list,
    /// with its own pages and cache entries).
    public var query: ListQuery
    /// The page is the built-in archive's (`LaunchArchive`): the list shows the archive, and
    /// when the network still fails its next page comes from the archive too. A live list's
    /// next page never does: archive rows are not mixed into a live list.
    public var archive: Bool
    public init(page: Int, url: URL? = nil, query: ListQuery = .default, archive: Bool = false) {
        self.page = page; self.url = url; self.query = query; self.archive = archive
    }
    public static let first = PageCursor(page: 1)
}

/// What a launch list is asked for beyond its segment or rocket: launches whose name
/// contains `text` (case-insensitive; empty is every launch), in the list's usual order or
/// the reverse (upcoming soonest first, past and a rocket's launches newest first).
/// Beyond the name: the launch's outcome (`F`), its rocket (`R`) and whether it has a webcast
/// (`W`). Every combination is a list of its own, like every name.
public struct ListQuery: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        case any, success, failure
        /// The next one for `F`: any → success → failure → any.
        public var next: Outcome { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }
    }

    /// A rocket to filter by: its id (what the server is asked for) and name (the header).
    public struct RocketChoice: Sendable, Hashable {
        public var id: String
        public var name: String
        public init(id: String, name: String) { self.id = id; self.name = name }
    }

    public var text: String
    public var reversed: Bool
    public var outcome: Outcome
    public var rocket: RocketChoice?
    public var hasWebcast: Bool
    /// What the user follows (issue 38): the list's ground, under the filters above; `E`
    /// shows the list without it. Not one of the filters `narrows` counts or Esc clears.
    public var follow: Follow
    /// The follow as the server's own filters (Launch Library 2), as far as its ids are known.
    public var server: ServerFollow
    public init(text: String = "", reversed: Bool = false, outcome: Outcome = .any, rocket: RocketChoice? = nil,
                hasWebcast: Bool = false, follow: Follow = .everything, server: ServerFollow = .none) {
        self.text = text; self.reversed = reversed; self.outcome = outcome; self.rocket = rocket; self.hasWebcast = hasWebcast
        self.follow = follow; self.server = server
    }
    public static let `default` = ListQuery()
    /// Whether a name filter is set.
    public var isFiltered: Bool { !text.isEmpty }
    /// Whether any filter (name, outcome, rocket, webcast) narrows the list.
    public var narrows: Bool { isFiltered || outcome != .any || rocket != nil || hasWebcast }
    /// The same filters without the name one.
    public var withoutText: ListQuery { var query = self; query.text = ""; return query }
    /// The list under the same follow without any filter, in the given order.
    public func ground(reversed: Bool) -> ListQuery { ListQuery(reversed: reversed, follow: follow, server: server) }

    /// Whether a launch passes every filter (the server's answer is checked again with this,
    /// and rows at hand are filtered with it at once).
    public func matches(_ launch: Launch) -> Bool {
        guard matches(launch.name), follow.follows(launch) else { return false }
        switch outcome {
        case .any: break
        case .success: guard launch.success == true else { return false }
        case .failure: guard launch.success == false else { return false }
        }
        if let rocket {
            switch launch.rocket {
            case .id(let id)?: guard id == rocket.id else { return false }
            case .object(let object)?: guard object.id == rocket.id else { return false }
            case nil: return false
            }
        }
        // A webcast listed, or one on now (Launch Library 2 marks a live one on every row).
        if hasWebcast, launch.links.webcast == nil, !launch.webcastLive { return false }
        return true
    }

    /// Whether a launch name matches the filter, ignoring case and accents (the server cannot
    /// fold accents, so what it answers is filtered again with this).
    public func matches(_ name: String) -> Bool {
        text.isEmpty || name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}

/// See `LaunchSource.rocketFilterChoices`.
public enum RocketFilterChoices: Sendable, Hashable {
    case catalogue, rowsAtHand
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
    /// How whole the answer is, from a source that holds all it knows (the replica); nil
    /// from a server's page.
    public var coverage: ListCoverage?

    public init(launches: [Launch], page: Int, totalDocs: Int? = nil, next: PageCursor?, unreadable: Int = 0,
                coverage: ListCoverage? = nil) {
        self.launches = launches; self.page = page; self.totalDocs = totalDocs; self.next = next
        self.unreadable = unreadable; self.coverage = coverage
    }
}

/// What a list's answer covers, for words that are true of all of it: how many launches
/// answer it among those held, how many the list holds whatever its filters, how many the
/// follow leaves out, and while history is still coming, how far back it reaches.
public struct ListCoverage: Sendable, Hashable {
    /// Launches held that answer the list's question (filters and follow).
    public var matching: Int
    /// Launches the list holds, whatever its filters and follow.
    public var held: Int
    /// Launches held that pass the filters but the follow leaves out.
    public var hiddenByFollow: Int
    /// Whether older launches are still to come: an answer could still change with them.
    public var filling: Bool
    /// How far back the launches held reach (the oldest one's NET).
    public var oldest: Date?

    public init(matching: Int, held: Int, hiddenByFollow: Int = 0, filling: Bool = false, oldest: Date? = nil) {
        self.matching = matching; self.held = held; self.hiddenByFollow = hiddenByFollow
        self.filling = filling; self.oldest = oldest
    }
}

/// A further page of a rocket catalogue.
public struct RocketPage: Sendable, Hashable {
    public var rockets: [Rocket]
    /// Whether another page follows.
    public var more: Bool
    public init(rockets: [Rocket], more: Bool) { self.rockets = rockets; self.more = more }
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
    /// Set when this is the built-in archive's answer (`LaunchArchive`), not the source's: the
    /// month its data runs to (`2022-10`), which the screen shows instead of an age.
    public var archive: String?

    public init(_ value: Value, fetchedAt: Date? = nil, problem: APIError? = nil, archive: String? = nil) {
        self.value = value; self.fetchedAt = fetchedAt; self.problem = problem; self.archive = archive
    }

    public func map<T>(_ transform: (Value) throws(APIError) -> T) throws(APIError) -> Fetched<T> {
        Fetched<T>(try transform(value), fetchedAt: fetchedAt, problem: problem, archive: archive)
    }
}

extension Fetched where Value == LaunchPage {
    /// The page as frozen data must be shown at `now` (`Launch.frozen`): the built-in
    /// archive's answer, or any answer of a source that no longer changes (the r/SpaceX API).
    public func frozen(at now: Date, sourceIsFrozen: Bool) -> Self {
        guard archive != nil || sourceIsFrozen else { return self }
        var page = self
        page.value.launches = value.launches.map { $0.frozen(at: now, dataTo: archive) }
        return page
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
    /// Where `R` finds the rockets to filter by: the source's catalogue (the r/SpaceX API's
    /// four), or the rockets the lists at hand name (Launch Library 2's catalogue is hundreds
    /// of rockets long: the ones flying in the list are the ones worth cycling through).
    public var rocketFilterChoices = RocketFilterChoices.catalogue
    public var launches: @Sendable (_ segment: LaunchSegment, _ cursor: PageCursor, _ mode: FetchMode) async throws(APIError) -> Fetched<LaunchPage>
    public var rockets: @Sendable (_ mode: FetchMode) async throws(APIError) -> Fetched<[Rocket]>
    /// The rest of a catalogue too long to ask at once (Launch Library 2's retired rockets,
    /// 100 a page): page 1, 2… after what `rockets` answered, asked as the user reaches the end
    /// of the list; nil for a source whose `rockets` is the whole catalogue.
    public var moreRockets: (@Sendable (_ page: Int, _ mode: FetchMode) async throws(APIError) -> Fetched<RocketPage>)?
    /// One rocket's launches, newest first.
    public var rocketLaunches: @Sendable (_ rocketID: String, _ cursor: PageCursor, _ mode: FetchMode) async throws(APIError) -> Fetched<LaunchPage>
    /// The whole record of one launch, for sources whose list rows leave things out (Launch
    /// Library 2 lists carry no videos); nil when a row already holds everything.
    public var launchDetail: (@Sendable (_ id: String, _ mode: FetchMode) async throws(APIError) -> Fetched<Launch>)?
    /// The source's events (dockings, spacewalks, landings…), paged like launches; nil for a
    /// source that has none (the r/SpaceX API), which the Events tab says.
    public var events: (@Sendable (_ segment: LaunchSegment, _ cursor: PageCursor, _ mode: FetchMode) async throws(APIError) -> Fetched<EventPage>)?
    /// How many requests the source still allows (Launch Library 2's `/api-throttle/`, which
    /// costs nothing); nil for a source that does not say.
    public var allowance: (@Sendable () async throws(APIError) -> RequestAllowance)?
    /// tminus's own pace for the source's server (the governor's bucket), read at once.
    public var ownAllowance: (@Sendable () -> OwnAllowance)?
    /// The launches that can be next at `now` under the list query's follow, soonest first
    /// (a source that holds all it knows: the replica); `Launch.next` picks among them.
    public var nextLaunches: (@Sendable (_ query: ListQuery, _ now: Date, _ mode: FetchMode) async throws(APIError) -> Fetched<[Launch]>)?

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
