import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// Launch Library 2 read through the replica, as the app reads it (`LaunchSource`): a past
/// list that the history held cannot fill yet asks for more history, not the cache's "none".
@Suite struct ReplicatedSourceTests {
    static let now = ReplicaTests.now

    /// 350 launches on the server, the replica synced once (upcoming) and one history page in.
    static func source(seed: UInt64) async throws -> (FakeLL2, LaunchSource, ReplicaSync) {
        let server = FakeLL2()
        var generator = SeededGenerator(seed: seed)
        for n in 0..<350 { server.put(FakeLL2.random(n, using: &generator, now: now)) }
        let replica = LaunchReplica()
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: nil, now: { now }, replica: { replica })
        try await sync.sync(force: true)
        try await sync.fillHistory()
        let inner = LaunchSource(name: LaunchLibrary2.name, launches: { (_, _, _) throws(APIError) in throw .notAvailable("not asked") })
        return (server, .replicated(inner, by: sync), sync)
    }

    @Test func aFilterTheHistoryHeldCannotFillAsksForMoreHistory() async throws {
        let (server, source, _) = try await Self.source(seed: 11)
        let failures = ListQuery(outcome: .failure)
        // From the cache alone: no answer yet (the app then asks the source).
        await #expect(throws: APIError.notCached) { try await source.launches(.past, PageCursor(page: 1, query: failures), .cacheOnly) }
        server.forgetAsked()
        let page = try await source.launches(.past, PageCursor(page: 1, query: failures), .normal).value
        let expected = server.records.values.filter { $0.status == 4 }.sorted { $0.net > $1.net }.prefix(20).map(\.id)
        #expect(page.launches.map(\.id) == Array(expected))
        #expect(server.asked.allSatisfy { $0.path.hasSuffix("/previous") } && (1...3).contains(server.asked.count))
    }

    @Test func whileHistoryFillsAPastListGoesOnAndItsCountIsNotClaimed() async throws {
        let (_, source, sync) = try await Self.source(seed: 12)
        let state = await sync.replica.state
        #expect(!state.historyComplete)
        let everything = try await source.launches(.past, .first, .cacheOnly).value
        #expect(everything.next != nil, "the next page asks for more history")
        #expect(everything.totalDocs == state.historyTotal, "the unfiltered past counts what the server says it has")
    }

    @Test func aLaunchInFlightStaysUpcomingUntilItsOutcome() async throws {
        let (server, source, sync) = try await Self.source(seed: 13)
        let flying = server.records.values.filter(\.upcoming).min { $0.net < $1.net }!
        server.change(flying.id) { $0.status = 6 }
        try await sync.sync(force: true)
        let upcoming = try await source.launches(.upcoming, .first, .cacheOnly).value.launches
        #expect(upcoming.contains { $0.id == flying.id })
        server.change(flying.id) { $0.status = 3 }
        try await sync.sync(force: true)
        let after = try await source.launches(.upcoming, .first, .cacheOnly).value.launches
        #expect(!after.contains { $0.id == flying.id })
    }
}
