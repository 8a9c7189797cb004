import Foundation
import GRDB
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// The schema comes from versioned migrations from the first day; the file is in WAL mode and
/// every connection commits with `synchronous = FULL`.
@Suite struct MigrationTests {
    static let v1 = "v1: favorite rockets and watched launches"
    static let v2 = "v2: favorite rockets keyed by source and id"
    static let v3 = "v3: watched events"
    static let all = [v1, v2, v3]

    @Test func aNewFileGetsTheSchemaAndTheMigrationIsRecorded() async throws {
        let dir = try TempDir("migrate-new"); defer { dir.remove() }
        let nested = dir.url.appending(path: "data/tminus/favorites.sqlite")  // directories are made too
        let store = FavoritesStore.sqlite(at: nested)
        #expect(store.openProblem == nil)
        #expect(try await store.load() == .empty)

        let migrations = try appliedMigrations(nested)
        #expect(migrations == Self.all)
        let columns = try rawRead(nested) { db in
            (rockets: try db.columns(in: "favoriteRocket").map(\.name),
             launches: try db.columns(in: "watchedLaunch").map(\.name),
             events: try db.columns(in: "watchedEvent").map(\.name))
        }
        #expect(columns.rockets == ["source", "id", "name", "description", "imageURL", "active", "addedAt", "updatedAt", "snapshot"])
        #expect(columns.launches == ["id", "name", "date", "datePrecision", "status", "rocketName", "patchURL",
                                     "addedAt", "updatedAt", "snapshot"])
        #expect(columns.events == ["id", "name", "type", "date", "datePrecision", "imageURL", "addedAt", "updatedAt", "snapshot"])
        #expect(try rawRead(nested) { db in try db.primaryKey("watchedLaunch").columns } == ["id"])
        #expect(try rawRead(nested) { db in try db.primaryKey("watchedEvent").columns } == ["id"])
        #expect(try rawRead(nested) { db in try db.primaryKey("favoriteRocket").columns } == ["source", "id"])
    }

    /// A database of the first version (rockets keyed by id alone, every one the r/SpaceX
    /// API's) keeps its favorites: they become the r/SpaceX API's, and a Launch Library 2
    /// rocket can be saved beside them.
    @Test func favoritesOfTheFirstVersionSurviveKeyingBySource() async throws {
        let dir = try TempDir("migrate-v2"); defer { dir.remove() }
        let falcon9 = Sample.Rockets.falcon9
        do {
            let queue = try DatabaseQueue(path: dir.database.path)
            try FavoritesDatabase.migrator.migrate(queue, upTo: Self.v1)
            let snapshot = try JSONEncoder().encode(falcon9)
            try queue.inDatabase { db in
                try db.execute(sql: """
                    INSERT INTO favoriteRocket (id, name, addedAt, updatedAt, snapshot) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [falcon9.id, falcon9.name, Date(timeIntervalSince1970: 1_600_000_000),
                                     Date(timeIntervalSince1970: 1_600_000_000), snapshot])
            }
        }
        let store = FavoritesStore.sqlite(at: dir.database)
        #expect(store.openProblem == nil)
        #expect(try await store.load().rockets.map(\.rocket) == [falcon9])
        #expect(try appliedMigrations(dir.database) == Self.all)
        #expect(try rawRead(dir.database) { db in try String.fetchAll(db, sql: "SELECT source FROM favoriteRocket") } == ["spacex"])

        var electron = Rocket(id: "ll2-config-26", name: "Electron", active: true)
        electron.origin = .launchLibrary2
        electron.provider = "Rocket Lab"
        let both = try await store.saveRocket(electron)
        #expect(Set(both.rockets.map(\.id)) == [falcon9.id, electron.id])
        #expect(both.rockets.first { $0.id == electron.id }?.rocket == electron, "the whole LL2 rocket comes back")
        #expect(try rawRead(dir.database) { db in
            try String.fetchAll(db, sql: "SELECT source || ':' || id FROM favoriteRocket ORDER BY source")
        } == ["ll2:ll2-config-26", "spacex:\(falcon9.id)"])
        #expect(try await store.removeRocket(electron.id).rockets.map(\.id) == [falcon9.id])
    }

    @Test func openingAnExistingDatabaseAgainChangesNothing() async throws {
        let dir = try TempDir("migrate-again"); defer { dir.remove() }
        let schema = { try rawRead(dir.database) { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")
        } }
        let contentBefore: Favorites
        do {
            let first = FavoritesStore.sqlite(at: dir.database)
            _ = try await first.saveLaunch(Sample.crs26)
            contentBefore = try await first.saveRocket(Sample.Rockets.falcon9)
        }
        // The first store is gone (its pool closed); open it again, a few times, closing each.
        let schemaBefore = try schema()
        for _ in 0..<3 {
            let again = FavoritesStore.sqlite(at: dir.database)
            #expect(again.openProblem == nil)
            #expect(try await again.load() == contentBefore)
        }
        // And while another instance has it open.
        let open = FavoritesStore.sqlite(at: dir.database)
        let database = try FavoritesDatabase(url: dir.database)
        #expect(open.openProblem == nil)
        #expect(try await database.load() == contentBefore)
        #expect(try rawRead(dir.database, FavoritesDatabase.migrator.hasCompletedMigrations))
        #expect(try appliedMigrations(dir.database) == Self.all)
        #expect(try schema() == schemaBefore)
        #expect(schemaBefore.map { $0["name"] as String } == [
            "favoriteRocket", "grdb_migrations", "sqlite_autoindex_favoriteRocket_1",
            "sqlite_autoindex_grdb_migrations_1", "sqlite_autoindex_watchedEvent_1", "sqlite_autoindex_watchedLaunch_1",
            "watchedEvent", "watchedLaunch",
        ])
    }

    /// A database of the second version (no events table), with a rocket and a launch in it,
    /// opens, gains the events table, keeps both, and can watch an event beside them.
    @Test func favoritesOfTheSecondVersionSurviveAddingEvents() async throws {
        let dir = try TempDir("migrate-v3"); defer { dir.remove() }
        let falcon9 = Sample.Rockets.falcon9, crs26 = Sample.crs26
        let added = Date(timeIntervalSince1970: 1_650_000_000)
        do {
            let queue = try DatabaseQueue(path: dir.database.path)
            try FavoritesDatabase.migrator.migrate(queue, upTo: Self.v2)
            try queue.inDatabase { db in
                try db.execute(sql: """
                    INSERT INTO favoriteRocket (source, id, name, active, addedAt, updatedAt, snapshot) VALUES ('spacex', ?, ?, 1, ?, ?, ?)
                    """, arguments: [falcon9.id, falcon9.name, added, added, try JSONEncoder().encode(falcon9)])
                try db.execute(sql: """
                    INSERT INTO watchedLaunch (id, name, date, datePrecision, status, addedAt, updatedAt, snapshot)
                    VALUES (?, ?, ?, 'hour', 'upcoming', ?, ?, ?)
                    """, arguments: [crs26.id, crs26.name, crs26.date, added, added, try JSONEncoder().encode(crs26)])
            }
            #expect(try await queue.read { db in try db.tableExists("watchedEvent") } == false)
            #expect(try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
                    == [Self.v1, Self.v2])
        }
        let clock = ManualClock(Sample.reference)
        let store = FavoritesStore.sqlite(at: dir.database, now: clock.now)
        #expect(store.openProblem == nil)
        #expect(try appliedMigrations(dir.database) == Self.all)
        #expect(try rawRead(dir.database) { db in try db.tableExists("watchedEvent") })
        #expect(dir.contents.allSatisfy { !$0.contains(".corrupt-") }, "\(dir.contents)")

        let loaded = try await store.load()
        #expect(loaded.rockets == [FavoriteRocket(falcon9, addedAt: added)])
        #expect(loaded.launches == [WatchedLaunch(crs26, addedAt: added)])
        #expect(loaded.events.isEmpty)

        let event = SpaceEvent(id: "1042", name: "Crew-5 Dragon Docking", type: "Docking", date: Sample.reference)
        let withEvent = try await store.saveEvent(event)
        #expect(withEvent.rockets == loaded.rockets && withEvent.launches == loaded.launches)
        #expect(withEvent.events == [WatchedEvent(event, addedAt: Sample.reference)])
        // Opened again, nothing more is migrated and all three are there.
        #expect(try await FavoritesStore.sqlite(at: dir.database).load() == withEvent)
        #expect(try appliedMigrations(dir.database) == Self.all)
    }

    @Test func walModeAndFullSynchronousOnEveryConnection() async throws {
        let dir = try TempDir("migrate-pragmas"); defer { dir.remove() }
        let database = try FavoritesDatabase(url: dir.database)

        #expect(try await database.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try await database.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
        #expect(try await database.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") } ?? 0 > 0)
        // Several readers at once, so the pool opens several connections: each one is FULL.
        let seen = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let value = try? database.pool.read { db -> Int? in
                usleep(50_000)  // keep this connection busy so the others need their own
                return try Int.fetchOne(db, sql: "PRAGMA synchronous")
            }
            seen.withLock { $0.append(value ?? -1) }
        }
        #expect(seen.withLock { $0 } == [2, 2, 2, 2])
        // WAL is recorded in the file itself (header bytes 18 and 19 are 2), not just the connection.
        let header = try Data(contentsOf: dir.database).prefix(20)
        #expect(header[18] == 2 && header[19] == 2)
        #expect(FileManager.default.fileExists(atPath: dir.database.path + "-wal"))
    }

    /// Two processes (here: several pools at once) opening a brand-new file race to migrate it;
    /// the loser must see a complete schema, not a damaged file (which would be moved aside
    /// while the winner is using it).
    @Test func openingANewFileFromSeveralPlacesAtOnceIsNotDamage() throws {
        for round in 0..<20 {
            let dir = try TempDir("migrate-race-\(round)"); defer { dir.remove() }
            let problems = Mutex<[String]>([])
            // Threads of their own (not a pool limited to the core count), released together.
            let start = DispatchSemaphore(value: 0), done = DispatchGroup()
            for _ in 0..<4 {
                done.enter()
                Thread {
                    start.wait()
                    if let problem = FavoritesStore.sqlite(at: dir.database).openProblem {
                        problems.withLock { $0.append(problem) }
                    }
                    done.leave()
                }.start()
            }
            for _ in 0..<4 { start.signal() }
            #expect(done.wait(timeout: .now() + 30) == .success)
            #expect(problems.withLock { $0 }.isEmpty, "round \(round)")
            #expect(dir.contents.allSatisfy { !$0.contains(".corrupt-") }, "round \(round): \(dir.contents)")
            #expect(try appliedMigrations(dir.database) == Self.all)
        }
    }
}
