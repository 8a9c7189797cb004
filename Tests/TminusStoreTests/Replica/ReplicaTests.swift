import Foundation
import GRDB
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// The local replica of Launch Library 2: its answers are `ListQuery.matches` over every
/// launch held, its sync asks only what changed, and a damaged file is built again.
@Suite struct ReplicaTests {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// A server of `count` random launches and a replica synced with all of it.
    static func filled(_ count: Int, seed: UInt64) async throws -> (FakeLL2, ReplicaSync, LaunchReplica) {
        let server = FakeLL2()
        var generator = SeededGenerator(seed: seed)
        for n in 0..<count { server.put(FakeLL2.random(n, using: &generator, now: now)) }
        let replica = LaunchReplica()
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: nil, now: { now }, replica: { replica })
        try await sync.sync(force: true)
        while try await !sync.fillHistory() {}
        return (server, sync, replica)
    }

    /// Every page of a question, read to its end.
    static func all(_ replica: LaunchReplica, _ scope: ReplicaQuery.Scope, _ filters: ListQuery) throws -> [Launch] {
        var out: [Launch] = []
        for page in 0... {
            let answer = try replica.answer(ReplicaQuery(scope, filters: filters, offset: page * 20, limit: 20))
            out += answer.launches
            if answer.launches.count < 20 { break }
        }
        return out
    }

    // MARK: - Answers

    /// The property the app stands on: whatever the filters and follow, the replica answers
    /// exactly the launches `ListQuery.matches` keeps, in the list's order, counted right.
    @Test func everyAnswerIsTheFiltersOverEveryLaunchHeld() async throws {
        let (_, _, replica) = try await Self.filled(400, seed: 44)
        let held = try Self.all(replica, .segment(.upcoming), .default) + Self.all(replica, .segment(.past), .default)
        #expect(held.count == 400)
        var generator = SeededGenerator(seed: 4_444)
        for _ in 0..<150 {
            var query = ListQuery()
            if Bool.random(using: &generator) { query.text = ["star", "CRS", "transito", "100%", "sure_", "crew 1", "ó"].randomElement(using: &generator)! }
            query.outcome = ListQuery.Outcome.allCases.randomElement(using: &generator)!
            query.reversed = Bool.random(using: &generator)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                let rocket = FakeLL2.rockets.randomElement(using: &generator)!
                query.rocket = .init(id: "ll2-config-\(rocket.id)", name: rocket.name)
            }
            var follow = Follow()
            if Bool.random(using: &generator) { follow.providers = [["spx", "SpaceX", "ISRO", "RL", "ULA", "nasa"].randomElement(using: &generator)!] }
            if Bool.random(using: &generator) { follow.locations = [["Florida", "Vandenberg", "Mahia", "India", "Kennedy"].randomElement(using: &generator)!] }
            if Int.random(in: 0..<4, using: &generator) == 0 { follow.hide = ["starlink"] }
            query.follow = follow
            let segment = Bool.random(using: &generator) ? LaunchSegment.upcoming : .past
            let expected = held.filter { $0.outcomePending == (segment == .upcoming) && query.matches($0) }
                .sorted { a, b in
                    let ascending = (segment == .upcoming) != query.reversed
                    return ascending ? (a.date!, a.id) < (b.date!, b.id) : (a.date!, a.id) > (b.date!, b.id)
                }
            let answered = try Self.all(replica, .segment(segment), query)
            #expect(answered.map(\.id) == expected.map(\.id), "\(segment) \(query)")
            let total = try replica.answer(ReplicaQuery(.segment(segment), filters: query, limit: 1)).total
            #expect(total == expected.count)
        }
    }

    /// `next`'s question to the replica (the launches that can be next, from the stored
    /// `nextUntil` and live webcast) leads to the one `Launch.next` picks from everything held,
    /// at every moment, under a follow or none.
    @Test func theLaunchesThatCanBeNextHoldTheNextOne() async throws {
        let (_, _, replica) = try await Self.filled(400, seed: 45)
        let held = try Self.all(replica, .segment(.upcoming), .default) + Self.all(replica, .segment(.past), .default)
        let dates = held.compactMap(\.date)
        var generator = SeededGenerator(seed: 4_545)
        var named = 0
        for _ in 0..<200 {
            let anchor = dates.randomElement(using: &generator)!
            let now = anchor.addingTimeInterval(Double(Int.random(in: -7_200...30_000, using: &generator)))
            let follow = Bool.random(using: &generator) ? Follow() : Follow(providers: [["spx", "ISRO", "RL"].randomElement(using: &generator)!])
            let candidates = try replica.answer(ReplicaQuery(.next(at: now), filters: ListQuery(follow: follow), limit: LaunchSource.nextCandidates)).launches
            let expected = Launch.next(in: held.filter(follow.follows), now: now)
            #expect(Launch.next(in: candidates, now: now)?.id == expected?.id, "\(now) \(follow)")
            if expected != nil { named += 1 }
        }
        #expect(named > 20, "the moments name launches: \(named)")
    }

    /// `spx` and `SpaceX` and the initials `ISRO` follow the same launches, whether or not a
    /// record carries its provider's abbreviation.
    @Test func aProviderIsFollowedByNameAbbreviationOrInitials() async throws {
        let (server, _, replica) = try await Self.filled(300, seed: 7)
        func ids(_ provider: String) throws -> Set<String> {
            Set(try Self.all(replica, .segment(.past), ListQuery(follow: Follow(providers: [provider]))).map(\.id))
        }
        let spacex = Set(server.records.values.filter { $0.provider.id == 121 && !$0.upcoming }.map(\.id))
        #expect(!spacex.isEmpty && server.records.values.contains { $0.provider.id == 121 && $0.provider.abbrev == nil })
        #expect(try ids("spx") == spacex)
        #expect(try ids("SpaceX") == spacex)
        let isro = Set(server.records.values.filter { $0.provider.id == 31 && !$0.upcoming }.map(\.id))
        let followedISRO = try ids("ISRO")
        #expect(!isro.isEmpty && followedISRO == isro)
        #expect(try ids("SpaceXX").isEmpty)
        // Each row is read with its provider's abbreviation.
        #expect(try Self.all(replica, .segment(.past), .default).filter { $0.providerID == "121" }.allSatisfy { $0.providerAbbrev == "SpX" })
    }

    @Test func aRocketsLaunchesAreEveryOneHeldNewestFirst() async throws {
        let (server, _, replica) = try await Self.filled(250, seed: 9)
        let electron = try Self.all(replica, .rocket("ll2-config-26"), .default)
        let expected = server.records.values.filter { $0.rocket.id == 26 }.sorted { $0.net > $1.net }.map(\.id)
        #expect(electron.map(\.id) == expected)
    }

    // MARK: - Sync

    @Test func aSyncAsksOnlyWhatChangedAndNothingChangedCostsOneRequest() async throws {
        let (server, sync, replica) = try await Self.filled(120, seed: 3)
        server.forgetAsked()
        try await sync.sync(force: true)
        #expect(server.asked.count == 1)
        #expect(server.asked[0].query?.contains("last_updated__gte=") == true && server.asked[0].query?.contains("ordering=last_updated") == true)

        // One launch's NET slips on the server: the next sync brings it with one request.
        let moved = server.records.values.first { $0.upcoming }!
        let slipped = moved.net.addingTimeInterval(86_400)
        server.change(moved.id) { $0.net = slipped }
        server.forgetAsked()
        try await sync.sync(force: true)
        #expect(server.asked.count == 1)
        #expect(replica.launch(id: moved.id)?.date == slipped)
    }

    @Test func aFreshReplicaIsNotSyncedAgain() async throws {
        let server = FakeLL2()
        var generator = SeededGenerator(seed: 1)
        for n in 0..<10 { server.put(FakeLL2.random(n, using: &generator, now: Self.now)) }
        let clock = TestClock(Self.now)
        let replica = LaunchReplica()
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: nil, now: clock.clock.now, replica: { replica })
        #expect(try await sync.sync(force: false))
        #expect(try await !sync.sync(force: false))
        clock.set(Self.now.addingTimeInterval(ReplicaSync.freshFor + 1))
        #expect(try await sync.sync(force: false))
        #expect(server.asked.count == 2)
    }

    /// Random changes on the server (new launches, slips, launches that fly or fail, names
    /// that change) between syncs and history pages: once the history is in and a last sync
    /// ran, the replica holds exactly the server's launches, each as the server has it.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func theReplicaEqualsTheServerAfterAnyChanges(seed: UInt64) async throws {
        let server = FakeLL2()
        var generator = SeededGenerator(seed: seed)
        var next = 0
        for _ in 0..<Int.random(in: 0..<260, using: &generator) { server.put(FakeLL2.random(next, using: &generator, now: Self.now)); next += 1 }
        let replica = LaunchReplica()
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: nil, now: { Self.now }, replica: { replica })
        for _ in 0..<40 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: server.put(FakeLL2.random(next, using: &generator, now: Self.now)); next += 1
            case 1:
                if let id = server.records.keys.sorted().randomElement(using: &generator) {
                    let days = Double(Int.random(in: -3...30, using: &generator))
                    server.change(id) { $0.net = $0.net.addingTimeInterval(days * 86_400) }
                }
            case 2:
                if let id = server.records.values.filter(\.upcoming).map(\.id).sorted().randomElement(using: &generator) {
                    let status = Bool.random(using: &generator) ? 3 : 4
                    server.change(id) { $0.status = status }
                }
            case 3:
                if let id = server.records.keys.sorted().randomElement(using: &generator) { server.change(id) { $0.name += " (renamed)" } }
            case 4: try await sync.sync(force: true)
            default: try await sync.fillHistory()
            }
        }
        while try await !sync.fillHistory() {}
        try await sync.sync(force: true)
        let held = try Self.all(replica, .segment(.upcoming), .default) + Self.all(replica, .segment(.past), .default)
        let expected = server.records.values
        #expect(held.count == expected.count)
        for record in expected {
            let launch = held.first { $0.id == record.id }
            #expect(launch?.date == record.net && launch?.name == record.name && launch?.upcoming == record.upcoming
                    && launch?.success == (record.upcoming ? nil : record.status == 3), "\(record.id)")
        }
    }

    @Test func historyGoesOnWhereItStoppedAfterARestart() async throws {
        let dir = try TempDir("replica-history"); defer { dir.remove() }
        let server = FakeLL2()
        var generator = SeededGenerator(seed: 5)
        for n in 0..<350 { server.put(FakeLL2.random(n, using: &generator, now: Self.now)) }
        let file = dir.file("replica.sqlite")
        func sync() -> ReplicaSync {
            ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: dir.file("replica.lock"), now: { Self.now },
                        replica: { LaunchReplica.open(at: file) })
        }
        let first = sync()
        try await first.sync(force: true)
        try await first.fillHistory()
        #expect(await first.replica.state.historyOffset == 100)
        let past = server.records.values.filter { !$0.upcoming }.count
        server.forgetAsked()
        let second = sync()
        while try await !second.fillHistory() {}
        #expect(server.asked.first?.query?.contains("offset=100") == true)
        #expect(server.asked.count == (past - 100 + 99) / 100)
        #expect(try await second.replica.answer(ReplicaQuery(.segment(.past), limit: 0)).held == past)
        #expect(await second.replica.state.historyComplete)
    }

    @Test func anOlderRecordNeverReplacesANewerOne() throws {
        let replica = LaunchReplica()
        var launch = Launch(origin: .launchLibrary2, id: "a", name: "New name", date: Self.now, upcoming: true)
        launch.lastUpdated = Self.now
        try replica.upsert([launch])
        var older = launch
        older.name = "Old name"
        older.lastUpdated = Self.now.addingTimeInterval(-60)
        try replica.upsert([older])
        #expect(replica.launch(id: "a")?.name == "New name")
    }

    @Test func twoProcessesShareOneSync() async throws {
        let dir = try TempDir("replica-lock"); defer { dir.remove() }
        let held = ReplicaLock(dir.file("replica.lock"))
        #expect(held.tryLock())
        let server = FakeLL2()
        var generator = SeededGenerator(seed: 2)
        server.put(FakeLL2.random(0, using: &generator, now: Self.now))
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: dir.file("replica.lock"), now: { Self.now },
                               replica: { LaunchReplica() })
        // The other process syncs: this one asks nothing and answers from what is held.
        #expect(try await !sync.sync(force: true))
        #expect(server.asked.isEmpty)
        held.unlock()
        #expect(try await sync.sync(force: true))
        #expect(server.asked.count == 1)
    }

    // MARK: - A damaged replica

    @Test(arguments: ["garbage", "foreign", "empty"])
    func aDamagedOrForeignReplicaIsSetAsideAndBuiltAgain(kind: String) throws {
        let dir = try TempDir("replica-damaged"); defer { dir.remove() }
        let file = dir.file("replica.sqlite")
        switch kind {
        case "garbage": try Data(repeating: 0x5A, count: 8192).write(to: file)
        case "foreign":
            let queue = try DatabaseQueue(path: file.path)
            try queue.write { try $0.execute(sql: "CREATE TABLE launch (id TEXT); INSERT INTO launch VALUES ('x')") }
        default: try Data().write(to: file)
        }
        let replica = LaunchReplica.open(at: file, now: Self.now)
        var launch = Launch(origin: .launchLibrary2, id: "a", name: "A", date: Self.now, upcoming: true)
        launch.lastUpdated = Self.now
        try replica.upsert([launch])
        #expect(replica.launch(id: "a")?.name == "A")
        if kind == "empty" {
            // An empty file is a new database, not a damaged one.
            #expect(replica.problem == nil)
        } else {
            #expect(replica.problem?.contains("set aside") == true)
            #expect(dir.contents.contains { $0.hasPrefix("replica.sqlite.damaged-") })
        }
        #expect(replica.url == file)
    }

    @Test func aReplicaThatCannotBeWrittenLastsTheRunInMemory() throws {
        let replica = LaunchReplica.open(at: URL(fileURLWithPath: "/proc/tminus-cannot-be-here/replica.sqlite"))
        #expect(replica.url == nil && replica.problem?.contains("in memory") == true)
        var launch = Launch(origin: .launchLibrary2, id: "a", name: "A", date: Self.now, upcoming: true)
        launch.lastUpdated = Self.now
        try replica.upsert([launch])
        #expect(try replica.answer(ReplicaQuery(.segment(.upcoming), limit: 1)).launches.map(\.id) == ["a"])
    }

    @Test func anotherServersReplicaIsEmptiedFirst() async throws {
        let replica = LaunchReplica()
        var launch = Launch(origin: .launchLibrary2, id: "elsewhere", name: "A", date: Self.now, upcoming: true)
        launch.lastUpdated = Self.now
        try replica.upsert([launch])
        let server = FakeLL2()
        let sync = ReplicaSync(base: FakeLL2.base, fetcher: server.fetcher(), lockFile: nil, now: { Self.now }, replica: { replica })
        #expect(await sync.replica.launch(id: "elsewhere") == nil)
    }
}
