import Foundation

extension LaunchLibrary2 {
    /// Launch Library 2 as a `LaunchSource`: the Upcoming and Previous lists (paged by
    /// following `next`), each launch's detail, the events, the launcher configurations as rockets
    /// (active ones, then the retired ones a page at a time) and a rocket's launches, every
    /// answer through the fetcher's disk cache.
    public static func launchSource(baseURL: URL, fetcher: CachedFetcher) -> LaunchSource {
        let fresh = LaunchSource.freshFor
        var source = LaunchSource(
            name: name,
            launches: { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                let url = url(for: cursor, base: baseURL, segment: segment)
                // The past changes little (a landing's outcome, a date made exact): its pages
                // are good for a day, and the budget goes to what is coming.
                let maxAge = segment == .past ? pastFreshFor : fresh
                return try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: maxAge, mode: mode) { (data) throws(APIError) in
                    try decodeList(data, page: cursor.page)
                }
            },
            launchDetail: { (id, mode) async throws(APIError) -> Fetched<Launch> in
                try await fetcher.fetch(.init(url: detailURL(base: baseURL, id: id), kind: .apiDetail), maxAge: fresh, mode: mode,
                                        decode: decodeLaunch)
            })
        source.rockets = { (mode) async throws(APIError) -> Fetched<[Rocket]> in
            try await rocketPages(base: baseURL, active: true, fetcher: fetcher, mode: mode)
        }
        source.moreRockets = { (page, mode) async throws(APIError) -> Fetched<RocketPage> in
            let url = rocketsURL(base: baseURL, active: false, offset: max(0, page - 1) * rocketPageSize)
            return try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: rocketsFreshFor, mode: mode) { (data) throws(APIError) in
                let answer = try decodeRockets(data)
                return RocketPage(rockets: answer.rockets.sorted(by: catalogueOrder), more: answer.more && page < rocketPagesMax)
            }
        }
        source.rocketLaunches = { (rocketID, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
            guard let configuration = configurationID(ofRocket: rocketID) else {
                throw .notAvailable("\(name) has no launches of that rocket")
            }
            let url = url(for: cursor, base: baseURL) { limit, offset in
                rocketLaunchesURL(base: baseURL, configurationID: configuration, offset: offset, limit: limit)
            }
            return try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: fresh, mode: mode) { (data) throws(APIError) in
                try decodeList(data, page: cursor.page)
            }
        }
        source.events = events(base: baseURL, fetcher: fetcher)
        source.rocketFilterChoices = .rowsAtHand
        return source
    }

    /// Launcher configurations change rarely: a catalogue answer is good for a week.
    public static let rocketsFreshFor: TimeInterval = 7 * 24 * 3600

    /// A page of past launches is good for a day.
    public static let pastFreshFor: TimeInterval = 24 * 3600

    /// The active rockets, every page of them (one today), through the cache. A page after
    /// the first that fails leaves the ones already read, with the failure as the problem.
    static func rocketPages(base: URL, active: Bool, fetcher: CachedFetcher, mode: FetchMode) async throws(APIError) -> Fetched<[Rocket]> {
        var rockets: [Rocket] = []
        var oldest: Date?
        var problem: APIError?
        for page in 0..<rocketPagesMax {
            let url = rocketsURL(base: base, active: active, offset: page * rocketPageSize)
            let fetched: Fetched<(rockets: [Rocket], more: Bool)>
            do throws(APIError) {
                fetched = try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: rocketsFreshFor, mode: mode, decode: decodeRockets)
            } catch {
                if page == 0 { throw error }
                problem = error
                break
            }
            rockets += fetched.value.rockets
            if let at = fetched.fetchedAt { oldest = min(oldest ?? at, at) }
            problem = problem ?? fetched.problem
            if !fetched.value.more { break }
        }
        return Fetched(rockets.sorted(by: catalogueOrder), fetchedAt: oldest, problem: problem)
    }
}
