import Foundation
import GRDB
import TminusCore

/// The favorites database: one SQLite file under the data dir, WAL mode so two tminus
/// processes can read and write it at once, `synchronous = FULL` so a commit has reached the
/// disk before the UI shows it, a versioned migration from the first day.
public final class FavoritesDatabase: Sendable {
    let pool: DatabasePool
    let now: @Sendable () -> Date

    /// Opens (creating if needed) the database at `url`. Throws when the file is not a usable
    /// database; `FavoritesStore.sqlite(at:)` turns that into a fresh file and a message.
    public init(url: URL, now: @escaping @Sendable () -> Date = Date.init) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Look before touching: opening a pool writes to the file (GRDB creates and drops a
        // table to set up the WAL, and the last connection checkpoints on close), which would
        // change a damaged file before it is moved aside. A read-only connection writes nothing.
        try Self.checkExisting(url)
        var config = Configuration()
        config.busyMode = .timeout(5)  // another instance may hold the write lock for a moment
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        pool = try DatabasePool(path: url.path, configuration: config)
        // DatabasePool sets `synchronous = NORMAL` on its writer when it turns WAL on, after
        // `prepareDatabase` ran: say FULL again on the one connection that commits.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        self.now = now
        do {
            try Self.migrator.migrate(pool)
        } catch {
            // The migrator reads which migrations are applied outside the transaction that
            // applies them, so two processes opening a new file at once can both decide to run
            // v1, and the second fails ("table already exists"). That file is fine, and must
            // not be taken for a damaged one: if the schema is complete now, all is well.
            guard (try? pool.read(Self.migrator.hasCompletedMigrations)) == true else { throw error }
        }
    }

    /// A damaged file can open fine and fail later: check an existing regular file now, read
    /// only, while starting afresh is cheap. Throws `SQLITE_CORRUPT` or `SQLITE_NOTADB` for damage.
    static func checkExisting(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        let check = try DatabaseQueue(path: url.path, configuration: config).read { db in
            try String.fetchAll(db, sql: "PRAGMA quick_check(4)")
        }
        guard check == ["ok"] else {
            // The first line is only "*** in database main ***": say what is wrong.
            let lines = check.flatMap { $0.split(separator: "\n") }.map(String.init)
            let findings = lines.filter { !$0.hasPrefix("***") }.joined(separator: "; ")
            throw DatabaseError(resultCode: .SQLITE_CORRUPT,
                                message: "quick_check: \(findings.isEmpty ? lines.joined(separator: "; ") : findings)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favorite rockets and watched launches") { db in
            try db.create(table: "favoriteRocket") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("description", .text)
                t.column("imageURL", .text)
                t.column("active", .boolean)
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("snapshot", .blob).notNull()  // the whole rocket as JSON, API-shaped
            }
            try db.create(table: "watchedLaunch") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("date", .datetime)
                t.column("datePrecision", .text).notNull()
                t.column("status", .text).notNull()
                t.column("rocketName", .text)
                t.column("patchURL", .text)
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("snapshot", .blob).notNull()  // the whole launch as JSON, API-shaped
            }
        }
        return migrator
    }

    // MARK: - Reading and writing

    public func load() throws -> Favorites {
        try pool.read(Self.fetchAll)
    }

    public func load() async throws -> Favorites {
        try await pool.read(Self.fetchAll)
    }

    /// Every change is one transaction, and returns what is committed afterwards.
    func change(_ body: @Sendable @escaping (Database, Date) throws -> Void) async throws -> Favorites {
        let time = now()
        return try await pool.write { db in
            try body(db, time)
            return try Self.fetchAll(db)
        }
    }

    public func saveRocket(_ rocket: Rocket) async throws -> Favorites {
        try await change { db, time in try RocketRow(rocket, addedAt: time, updatedAt: time).upsertKeepingAddedAt(db) }
    }

    public func removeRocket(id: String) async throws -> Favorites {
        try await change { db, _ in _ = try RocketRow.deleteOne(db, key: id) }
    }

    public func saveLaunch(_ launch: Launch) async throws -> Favorites {
        try await change { db, time in try LaunchRow(launch, addedAt: time, updatedAt: time).upsertKeepingAddedAt(db) }
    }

    public func removeLaunch(id: String) async throws -> Favorites {
        try await change { db, _ in _ = try LaunchRow.deleteOne(db, key: id) }
    }

    /// Updates the stored copies of favorites that appear in fresh data; adds nothing.
    public func refresh(launches: [Launch], rockets: [Rocket]) async throws -> Favorites {
        try await change { db, time in
            let watched = try Set(String.fetchAll(db, sql: "SELECT id FROM watchedLaunch"))
            for launch in launches where watched.contains(launch.id) {
                try LaunchRow(launch, addedAt: time, updatedAt: time).upsertKeepingAddedAt(db)
            }
            let saved = try Set(String.fetchAll(db, sql: "SELECT id FROM favoriteRocket"))
            for rocket in rockets where saved.contains(rocket.id) {
                try RocketRow(rocket, addedAt: time, updatedAt: time).upsertKeepingAddedAt(db)
            }
        }
    }

    /// Rows whose snapshot cannot be read (written by a newer version, say) are skipped, not fatal.
    static func fetchAll(_ db: Database) throws -> Favorites {
        let rockets = try RocketRow.fetchAll(db).compactMap(\.favorite)
        let launches = try LaunchRow.fetchAll(db).compactMap(\.watched)
        return Favorites(rockets: rockets, launches: launches)
    }
}

// MARK: - Rows

struct RocketRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favoriteRocket"
    var id: String
    var name: String
    var description: String?
    var imageURL: String?
    var active: Bool?
    var addedAt: Date
    var updatedAt: Date
    var snapshot: Data

    init(_ rocket: Rocket, addedAt: Date, updatedAt: Date) throws {
        id = rocket.id; name = rocket.name; description = rocket.description
        imageURL = rocket.flickrImages.first?.absoluteString; active = rocket.active
        self.addedAt = addedAt; self.updatedAt = updatedAt
        snapshot = try JSONEncoder().encode(rocket)
    }

    var favorite: FavoriteRocket? {
        guard let rocket = try? JSONDecoder().decode(Rocket.self, from: snapshot) else { return nil }
        return FavoriteRocket(rocket, addedAt: addedAt)
    }

    /// Insert, or replace everything but when it was first added.
    func upsertKeepingAddedAt(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO favoriteRocket (id, name, description, imageURL, active, addedAt, updatedAt, snapshot)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description,
              imageURL = excluded.imageURL, active = excluded.active, updatedAt = excluded.updatedAt,
              snapshot = excluded.snapshot
            """, arguments: [id, name, description, imageURL, active, addedAt, updatedAt, snapshot])
    }
}

struct LaunchRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "watchedLaunch"
    var id: String
    var name: String
    var date: Date?
    var datePrecision: String
    var status: String
    var rocketName: String?
    var patchURL: String?
    var addedAt: Date
    var updatedAt: Date
    var snapshot: Data

    init(_ launch: Launch, addedAt: Date, updatedAt: Date) throws {
        id = launch.id; name = launch.name; date = launch.date; datePrecision = launch.datePrecision.rawValue
        status = "\(launch.status)"; rocketName = launch.rocket?.object?.name
        patchURL = (launch.links.patchSmall ?? launch.links.patchLarge)?.absoluteString
        self.addedAt = addedAt; self.updatedAt = updatedAt
        snapshot = try JSONEncoder().encode(launch)
    }

    var watched: WatchedLaunch? {
        guard let launch = try? JSONDecoder().decode(Launch.self, from: snapshot) else { return nil }
        return WatchedLaunch(launch, addedAt: addedAt)
    }

    func upsertKeepingAddedAt(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO watchedLaunch (id, name, date, datePrecision, status, rocketName, patchURL, addedAt, updatedAt, snapshot)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, date = excluded.date,
              datePrecision = excluded.datePrecision, status = excluded.status, rocketName = excluded.rocketName,
              patchURL = excluded.patchURL, updatedAt = excluded.updatedAt, snapshot = excluded.snapshot
            """, arguments: [id, name, date, datePrecision, status, rocketName, patchURL, addedAt, updatedAt, snapshot])
    }
}
