import Foundation
import TminusCore

extension LaunchSource {
    /// Launch Library 2 answered from the local replica: the Upcoming and Past lists, their
    /// filters and follows and a rocket's launches are questions to the whole replica (`ReplicaQuery`),
    /// which a sync keeps current first (`ReplicaSync`: what changed since the last one, at
    /// most every 10 minutes, or now on `r`). The list's pages (100 upcoming, 20 past, as the
    /// screens page them) are the replica's; at the end of the history held, the next 100
    /// are asked. Events, rockets and the news stay the source's own; a launch's detail is
    /// the source's too, and is kept in the replica when it comes.
    ///
    /// Nothing held and never synced: the source's own error (or `.notCached`), so the app
    /// goes on to its fallbacks as before.
    public static func replicated(_ inner: LaunchSource, by sync: ReplicaSync) -> LaunchSource {
        var source = inner
        source.launches = { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
            let (synced, problem) = await bringUp(sync, mode: mode)
            let replica = await sync.replica
            let size = LaunchLibrary2.pageSize(segment)
            let offset = max(0, cursor.page - 1) * size
            let question = ReplicaQuery(.segment(segment), filters: cursor.query, offset: offset, limit: size)
            var answer = try ask(replica, question)
            var state = replica.state
            var historyProblem: APIError?
            let short = { (answer: ReplicaAnswer) in segment == .past && offset + size > answer.total }
            // A past page the history held cannot fill yet: from the cache alone that is no
            // answer (the network is asked next); asked of the source, the next pages of
            // history, a few at most for one page (each is a request of the user's).
            if short(answer), !state.historyComplete {
                if mode == .cacheOnly { throw .notCached }
                for _ in 0..<Self.historyPagesPerAnswer where short(answer) && !state.historyComplete {
                    do throws(APIError) {
                        try await sync.fillHistory()
                        answer = try ask(replica, question)
                        state = replica.state
                    } catch {
                        historyProblem = error
                        break
                    }
                }
            }
            // A sync that went well leaves the rest of the hour's spare requests to history.
            if synced { await sync.fillInBackground() }
            return try page(answer, state: state, cursor: cursor, offset: offset, size: size,
                            problem: problem ?? historyProblem, past: segment == .past)
        }
        source.nextLaunches = { (query, now, mode) async throws(APIError) -> Fetched<[Launch]> in
            let (_, problem) = await bringUp(sync, mode: mode)
            let replica = await sync.replica
            var filters = ListQuery.default
            filters.follow = query.follow
            let answer = try ask(replica, ReplicaQuery(.next(at: now), filters: filters, limit: Self.nextCandidates))
            let state = replica.state
            if state.syncedAt == nil, answer.total == 0 { throw problem.map(CachedFetcher.withNothingCached) ?? .notCached }
            return Fetched(answer.launches, fetchedAt: state.syncedAt, problem: problem.map(CachedFetcher.answeredFromCache))
        }
        let innerRocketLaunches = inner.rocketLaunches
        source.rocketLaunches = { (rocketID, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
            let replica = await sync.replica
            let state = replica.state
            // Until the history is in, the source knows a rocket's launches better: its
            // answer is kept in the replica as it comes.
            if !state.historyComplete {
                let fetched = try await innerRocketLaunches(rocketID, cursor, mode)
                try? replica.upsert(fetched.value.launches)
                return fetched
            }
            let size = LaunchSource.pageSize
            let offset = max(0, cursor.page - 1) * size
            let answer = try ask(replica, ReplicaQuery(.rocket(rocketID), filters: cursor.query, offset: offset, limit: size))
            return try page(answer, state: state, cursor: cursor, offset: offset, size: size, problem: nil, past: false)
        }
        if let innerDetail = inner.launchDetail {
            source.launchDetail = { (id, mode) async throws(APIError) -> Fetched<Launch> in
                let replica = await sync.replica
                do throws(APIError) {
                    let fetched = try await innerDetail(id, mode)
                    if fetched.problem == nil { try? replica.upsert([fetched.value]) }
                    return fetched
                } catch {
                    guard let held = replica.launch(id: id), held.carriesDetail else { throw error }
                    return Fetched(held, fetchedAt: replica.state.syncedAt, problem: mode == .cacheOnly ? nil : error)
                }
            }
        }
        if let innerEvents = inner.events {
            // An event names its launches as short rows (no pad): the replica's records say
            // where they flew from, so a follow by place keeps the event. A launch it does not
            // hold (one no list holds yet, as Europa Clipper's for its flyby) is asked by its
            // detail with spare requests only, a few a page.
            let innerDetail = inner.launchDetail
            source.events = { (segment, cursor, mode) async throws(APIError) -> Fetched<EventPage> in
                var fetched = try await innerEvents(segment, cursor, mode)
                let replica = await sync.replica
                if let innerDetail, mode != .cacheOnly {
                    let unknown = Set(fetched.value.events.flatMap(\.launches)
                        .filter { $0.launchpad == nil && replica.launch(id: $0.id) == nil }.map(\.id))
                    for id in unknown.sorted().prefix(Self.eventLaunchesPerPage) {
                        let detail = await RequestOrigin.$current.withValue(.background) { () async -> Fetched<Launch>? in
                            try? await innerDetail(id, .normal)
                        }
                        if let detail, detail.problem == nil { try? replica.upsert([detail.value]) }
                    }
                }
                fetched.value.events = fetched.value.events.map { event in
                    var event = event
                    event.launches = event.launches.map { launch in
                        guard launch.launchpad == nil, let held = replica.launch(id: launch.id) else { return launch }
                        var filled = launch
                        filled.launchpad = held.launchpad
                        if filled.providerID == nil { filled.providerID = held.providerID }
                        if filled.provider == nil { filled.provider = held.provider }
                        if filled.providerAbbrev == nil { filled.providerAbbrev = held.providerAbbrev }
                        return filled
                    }
                    return event
                }
                return fetched
            }
        }
        return source
    }

    /// Launches `next` decodes at most: those that can be next, soonest first. The rule
    /// (`Launch.next`) takes the soonest of them, so the first is the one; a few more cost a
    /// millisecond (a detailed record decodes in about 0.25 ms) and the property test holds
    /// the answer to the rule over everything held at this limit.
    static let nextCandidates = 3

    /// Launches an events page may ask the details of (those the replica does not hold).
    static let eventLaunchesPerPage = 3

    /// History pages one list page may ask for when what is held cannot fill it (a filter
    /// that few launches pass): the rest as the user scrolls, the list saying "so far".
    static let historyPagesPerAnswer = 3

    /// Syncs as far as `mode` allows: whether a sync ran, and its failure, if any (what is
    /// held still answers).
    private static func bringUp(_ sync: ReplicaSync, mode: FetchMode) async -> (synced: Bool, problem: APIError?) {
        guard mode != .cacheOnly else { return (false, nil) }
        do throws(APIError) {
            return (try await sync.sync(force: mode == .reload), nil)
        } catch {
            return (false, error)
        }
    }

    private static func ask(_ replica: LaunchReplica, _ query: ReplicaQuery) throws(APIError) -> ReplicaAnswer {
        do {
            return try replica.answer(query)
        } catch {
            throw .badData("the replica could not be read: \(LaunchReplica.describe(error))")
        }
    }

    /// The replica's answer as a page of the list, with how old the replica is and why it is
    /// older than asked (the sync's failure). A replica that never synced and holds nothing
    /// has no answer: the failure, or `.notCached`.
    private static func page(_ answer: ReplicaAnswer, state: ReplicaState, cursor: PageCursor, offset: Int, size: Int,
                             problem: APIError?, past: Bool) throws(APIError) -> Fetched<LaunchPage> {
        if state.syncedAt == nil, answer.total == 0 { throw problem.map(CachedFetcher.withNothingCached) ?? .notCached }
        // While history fills, a past list goes on: its next page asks for more history.
        let more = offset + size < answer.total || (past && !state.historyComplete)
        let next = more ? PageCursor(page: cursor.page + 1, query: cursor.query) : nil
        // The past's count is the source's while history is still filling and nothing narrows it.
        let unfilteredPast = past && !cursor.query.narrows && cursor.query.follow.isEmpty
        let total = past && !state.historyComplete ? (unfilteredPast ? state.historyTotal : nil) : answer.total
        let coverage = ListCoverage(matching: answer.total, held: answer.held, hiddenByFollow: answer.hiddenByFollow,
                                    filling: past && !state.historyComplete, oldest: answer.oldest)
        return Fetched(LaunchPage(launches: answer.launches, page: cursor.page, totalDocs: total, next: next, coverage: coverage),
                       fetchedAt: state.syncedAt, problem: problem.map(CachedFetcher.answeredFromCache))
    }
}
