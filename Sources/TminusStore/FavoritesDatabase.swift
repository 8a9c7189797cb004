import Foundation
import GRDB
import TminusCore

/// The favorites database: one SQLite file under the data dir, WAL mode so two tminus
/// processes can read and write it at once, `synchronous = FULL` so a commit has reached the
/// disk before the UI shows it, a versioned migration from the first day.
public final class FavoritesDatabase: Sendable {
    /// The connections: a WAL pool, or one read-only connection when the file cannot be
    /// written (a read-only mount or file, a folder we may not write in).
    let pool: any DatabaseWriter
    let now: @Sendable () -> Date
    /// Whether this is the read-only connection.
    let isReadOnly: Bool

    /// How long a write waits for another process's lock before it gives up: long enough
    /// for another tminus's commit (milliseconds), short enough that the user hears at once
    /// that a program holding the database for minutes keeps the change waiting.
    public static let busyTimeout: TimeInterval = 1.5

    /// Opens (creating if needed) the database at `url`. Throws when the file is not a usable
    /// database; `FavoritesStore.sqlite(at:)` turns that into a fresh file and a message.
    /// `readOnly` opens the existing file for reading only (it writes nothing at all).
    public init(url: URL, now: @escaping @Sendable () -> Date = Date.init,
                busyTimeout: TimeInterval = FavoritesDatabase.busyTimeout, readOnly: Bool = false) throws {
        self.now = now
        isReadOnly = readOnly
        if readOnly {
            var config = Configuration()
            config.readonly = true
            config.busyMode = .timeout(busyTimeout)
            pool = try DatabaseQueue(path: url.path, configuration: config)
            // A file from an older version has fewer tables: what it has is read, the rest is empty.
            return
        }
        try PrivateFiles.makeFolder(url.deletingLastPathComponent())
        // Look before touching: opening a pool writes to the file (GRDB creates and drops a
        // table to set up the WAL, and the last connection checkpoints on close), which would
        // change a damaged file before it is moved aside. A read-only connection writes nothing.
        try Self.checkExisting(url, busyTimeout: busyTimeout)
        PrivateFiles.makeFile(url)
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)  // another instance may hold the write lock for a moment
        config.prepareDatabase { db in
            // A new file takes 1 kB pages (an existing one keeps its own): favorites are a few
            // rows, and a WAL of 4 kB frames filled a small disk with the migrations alone.
            try db.execute(sql: "PRAGMA page_size = 1024")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: url.path, configuration: config)
        self.pool = pool
        // DatabasePool sets `synchronous = NORMAL` on its writer when it turns WAL on, after
        // `prepareDatabase` ran: say FULL again on the one connection that commits.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        // A database with every migration in needs no write to open: a lock held by another
        // program (for minutes, say) must not keep its favorites from being read.
        if (try? pool.read(Self.migrator.hasCompletedMigrations)) == true { return }
        // The migrator reads which migrations are applied outside the transaction that
        // applies them, so two processes opening a file at once can both decide to run the
        // same one, and the second fails ("table already exists"). That file is fine, and must
        // not be taken for a damaged one: the other process's migrations are in, or going in
        // (the write lock waits for them), so look again, and migrate what is still missing.
        for attempt in 1... {
            do {
                try Self.migrator.migrate(pool)
                break
            } catch {
                if (try? pool.read(Self.migrator.hasCompletedMigrations)) == true { break }
                guard attempt < 5, !Self.isLock(error) else { throw error }
                usleep(20_000 * UInt32(attempt))
            }
        }
        // The migrations' pages sit in the WAL (64 kB of it for a new file, kept at that size
        // for reuse): move them into the database and give the rest back, so a small disk is
        // not filled by the database's own bookkeeping.
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    static func isLock(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// A damaged file can open fine and fail later: check an existing regular file now, read
    /// only, while starting afresh is cheap. Throws `SQLITE_CORRUPT` or `SQLITE_NOTADB` for damage.
    static func checkExisting(_ url: URL, busyTimeout: TimeInterval = FavoritesDatabase.busyTimeout) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
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
                favoriteRocketColumns(t)
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
        // Rockets come from two catalogues (the r/SpaceX API's, Launch Library 2's): a favorite
        // is its source's rocket. Every rocket saved before was the r/SpaceX API's (the only
        // catalogue then); the rows are copied as they are. SQLite cannot change a primary
        // key in place, so the table is made again.
        migrator.registerMigration("v2: favorite rockets keyed by source and id") { db in
            try db.create(table: "favoriteRocketBySource") { t in
                t.column("source", .text).notNull()
                t.column("id", .text).notNull()
                favoriteRocketColumns(t)
                t.primaryKey(["source", "id"])
            }
            try db.execute(sql: """
                INSERT INTO favoriteRocketBySource (source, id, name, description, imageURL, active, addedAt, updatedAt, snapshot)
                SELECT 'spacex', id, name, description, imageURL, active, addedAt, updatedAt, snapshot FROM favoriteRocket
                """)
            try db.drop(table: "favoriteRocket")
            try db.rename(table: "favoriteRocketBySource", to: "favoriteRocket")
        }
        // Watched events (Launch Library 2's dockings, spacewalks…): a table of their own.
        migrator.registerMigration("v3: watched events") { db in
            try db.create(table: "watchedEvent") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("type", .text)
                t.column("date", .datetime)
                t.column("datePrecision", .text).notNull()
                t.column("imageURL", .text)
                t.column("addedAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("snapshot", .blob).notNull()  // the whole event as JSON (SpaceEvent's Codable)
            }
        }
        return migrator
    }

    /// A favorite rocket's columns after its key, in order: v2 makes the table again with the
    /// same ones (its `INSERT … SELECT` copies them by name). Both migrations call this, so the
    /// two cannot drift apart; what a migration creates is fixed once users have run it, so a
    /// new column takes a migration of its own (`alter(table:)`), never an edit here.
    private static func favoriteRocketColumns(_ t: TableDefinition) {
        t.column("name", .text).notNull()
        t.column("description", .text)
        t.column("imageURL", .text)
        t.column("active", .boolean)
        t.column("addedAt", .datetime).notNull()
        t.column("updatedAt", .datetime).notNull()
        t.column("snapshot", .blob).notNull()  // the whole rocket as JSON, API-shaped
    }

    // MARK: - Reading and writing

    public func load() throws -> Favorites {
        try pool.read(Self.fetchAll)
    }

    public func load() async throws -> Favorites {
        try await pool.read(Self.fetchAll)
    }

    /// Every change is one transaction, and returns what is committed afterwards (blocking:
    /// the live store calls it on its own queue).
    func changeNow(_ body: (Database, Date) throws -> Void) throws -> Favorites {
        let time = now()
        return try pool.write { db in
            try body(db, time)
            return try Self.fetchAll(db)
        }
    }

    /// Every change is one transaction, and returns what is committed afterwards.
    func change(_ body: @Sendable @escaping (Database, Date) throws -> Void) async throws -> Favorites {
        let time = now()
        return try await pool.write { db in
            try body(db, time)
            return try Self.fetchAll(db)
        }
    }

    public func saveRocket(_ rocket: Rocket) async throws -> Favorites { try await change(.saveRocket(rocket)) }

    /// A rocket id names its source too (`ll2-config-164`, an r/SpaceX hex id): removing by
    /// id removes that source's rocket.
    public func removeRocket(id: String) async throws -> Favorites { try await change(.removeRocket(id)) }
    public func saveLaunch(_ launch: Launch) async throws -> Favorites { try await change(.saveLaunch(launch)) }
    public func removeLaunch(id: String) async throws -> Favorites { try await change(.removeLaunch(id)) }
    public func saveEvent(_ event: SpaceEvent) async throws -> Favorites { try await change(.saveEvent(event)) }
    public func removeEvent(id: String) async throws -> Favorites { try await change(.removeEvent(id)) }

    /// Updates the stored copies of favorites that appear in fresh data; adds nothing.
    public func refresh(launches: [Launch], rockets: [Rocket]) async throws -> Favorites {
        try await change(.refresh(launches, rockets))
    }

    func change(_ write: Write) async throws -> Favorites {
        try await change { db, time in try write.apply(db, time) }
    }

    /// One change to the database, as a value: the live store queues and replays these.
    enum Write: Sendable {
        case saveRocket(Rocket), removeRocket(String), saveLaunch(Launch), removeLaunch(String)
        case saveEvent(SpaceEvent), removeEvent(String), refresh([Launch], [Rocket])

        func apply(_ db: Database, _ time: Date) throws {
            switch self {
            case .saveRocket(let rocket): try FavoriteRocket.save(rocket, at: time, in: db)
            case .removeRocket(let id): try db.execute(sql: "DELETE FROM favoriteRocket WHERE id = ?", arguments: [id])
            case .saveLaunch(let launch): try WatchedLaunch.save(launch, at: time, in: db)
            case .removeLaunch(let id): _ = try FavoriteRow<WatchedLaunch>.deleteOne(db, key: id)
            case .saveEvent(let event): try WatchedEvent.save(event, at: time, in: db)
            case .removeEvent(let id): _ = try FavoriteRow<WatchedEvent>.deleteOne(db, key: id)
            case let .refresh(launches, rockets):
                let watched = try Set(String.fetchAll(db, sql: "SELECT id FROM watchedLaunch"))
                for launch in launches where watched.contains(launch.id) {
                    try WatchedLaunch.save(launch, at: time, in: db)
                }
                let saved = try Set(Row.fetchAll(db, sql: "SELECT source, id FROM favoriteRocket").map { row in
                    [row["source"] as String, row["id"] as String]
                })
                for rocket in rockets where saved.contains([rocket.origin.rawValue, rocket.id]) {
                    try FavoriteRocket.save(rocket, at: time, in: db)
                }
            }
        }
    }

    /// Rows whose snapshot cannot be read (written by a newer version, say) are skipped, not fatal.
    static func fetchAll(_ db: Database) throws -> Favorites {
        let rockets = try StoredSnapshot<FavoriteRocket>.fetchAll(db).compactMap(\.favorite)
        let launches = try StoredSnapshot<WatchedLaunch>.fetchAll(db).compactMap(\.favorite)
        // A read-only file from before events were kept has no such table: none watched.
        let events = try db.tableExists(WatchedEvent.table) ? StoredSnapshot<WatchedEvent>.fetchAll(db).compactMap(\.favorite) : []
        return Favorites(rockets: rockets, launches: launches, events: events)
    }
}

// MARK: - Rows

/// A kind of favorite as its table stores it: a row holds the id, the favorite's own summary
/// fields (the columns a list could show without reading the snapshot), when it was first added
/// and last written, and the whole value as JSON (`snapshot`, API-shaped).
protocol StoredFavorite: Identifiable where ID == String {
    associatedtype Value: Codable
    static var table: String { get }
    /// The primary key's columns.
    static var key: [String] { get }
    init(_ value: Value, addedAt: Date)
    var addedAt: Date { get }
    /// The whole value, as last fetched.
    var value: Value { get }
    /// Puts the summary columns in a row being written.
    func summary(into row: inout PersistenceContainer)
}

extension StoredFavorite {
    /// Inserts the value's row, or replaces everything in it but when it was first added.
    static func save(_ value: Value, at time: Date, in db: Database) throws {
        let row = FavoriteRow(favorite: Self(value, addedAt: time), updatedAt: time)
        _ = try row.upsertAndFetch(db, as: StoredSnapshot<Self>.self, onConflict: key) { _ in [Column("addedAt").noOverwrite] }
    }
}

extension FavoriteRocket: StoredFavorite {
    static let table = "favoriteRocket"
    static let key = ["source", "id"]
    var value: Rocket { rocket }
    func summary(into row: inout PersistenceContainer) {
        row["source"] = rocket.origin.rawValue
        row["name"] = name; row["description"] = description; row["imageURL"] = imageURL?.absoluteString; row["active"] = active
    }
}

extension WatchedLaunch: StoredFavorite {
    static let table = "watchedLaunch"
    static let key = ["id"]
    var value: Launch { launch }
    func summary(into row: inout PersistenceContainer) {
        row["name"] = name; row["date"] = date; row["datePrecision"] = datePrecision.rawValue; row["status"] = "\(status)"
        row["rocketName"] = rocketName; row["patchURL"] = patchURL?.absoluteString
    }
}

extension WatchedEvent: StoredFavorite {
    static let table = "watchedEvent"
    static let key = ["id"]
    var value: SpaceEvent { event }
    func summary(into row: inout PersistenceContainer) {
        row["name"] = name; row["type"] = type; row["date"] = date; row["datePrecision"] = datePrecision.rawValue
        row["imageURL"] = imageURL?.absoluteString
    }
}

/// A favorite's row as written.
struct FavoriteRow<Favorite: StoredFavorite>: PersistableRecord {
    static var databaseTableName: String { Favorite.table }
    var favorite: Favorite
    var updatedAt: Date

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = favorite.id
        favorite.summary(into: &container)
        container["addedAt"] = favorite.addedAt
        container["updatedAt"] = updatedAt
        container["snapshot"] = try JSONEncoder().encode(favorite.value)
    }
}

/// A favorite's row as read: what makes the favorite again.
struct StoredSnapshot<Favorite: StoredFavorite>: Decodable, FetchableRecord, TableRecord {
    static var databaseTableName: String { Favorite.table }
    static var databaseSelection: [any SQLSelectable] { [Column("addedAt"), Column("snapshot")] }
    var addedAt: Date
    var snapshot: Data

    /// Nil when the snapshot cannot be read (written by a newer version, say).
    var favorite: Favorite? {
        (try? JSONDecoder().decode(Favorite.Value.self, from: snapshot)).map { Favorite($0, addedAt: addedAt) }
    }
}
