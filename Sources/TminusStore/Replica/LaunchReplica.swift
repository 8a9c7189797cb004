import Foundation
import GRDB
import TminusCore

/// The local replica of Launch Library 2: every launch tminus has been sent, one row each (the
/// record as the app reads it, plus the columns lists, filters and follows ask by), and where
/// the sync stands. Every list, `next` and a rocket's launches are answered from it, by the
/// app and the subcommands alike (`ReplicaQuery`).
///
/// It is a cache, kept apart from the favorites (`replica.sqlite` in the cache folder): a file
/// that is damaged, foreign or from another schema is set aside and built again from the
/// network, and nothing the user chose is in it. WAL, so a sync in one process does not stop
/// another from reading; one process syncs at a time (`ReplicaSync`'s file lock).
public final class LaunchReplica: Sendable {
    let db: any DatabaseWriter
    /// Where the file is (nil: in memory, when no file could be made).
    public let url: URL?
    /// What happened to a file that could not be used (set aside, or none could be made).
    public let problem: String?
    /// The launches last read, decoded: a list asked again (a refresh, the next keystroke of
    /// `/`) decodes only what changed.
    let decoded = DecodedLaunches(limit: 300)

    /// The schema's version: a file with another one is built again (it is a cache).
    static let schemaVersion = 5
    /// SQLite's application id for tminus's replica ("tmnr"): a file that says otherwise is
    /// not ours.
    static let applicationID: Int32 = 0x746D_6E72

    /// Opens the replica at `url`, setting aside (renaming to `…damaged-<time>`) a file that
    /// is not a usable replica of this schema, and falling back on one in memory when no file
    /// can be made (a full or read-only disk): the app works, the replica lasts the run.
    public static func open(at url: URL, now: Date = Date()) -> LaunchReplica {
        do {
            return try LaunchReplica(url: url)
        } catch {
            let aside = url.deletingLastPathComponent()
                .appending(path: url.lastPathComponent + ".damaged-\(Int(now.timeIntervalSince1970))")
            var why = "the replica \(url.path) could not be read (\(Self.describe(error)))"
            if FileManager.default.fileExists(atPath: url.path) {
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
                if (try? FileManager.default.moveItem(at: url, to: aside)) != nil {
                    why += "; set aside as \(aside.lastPathComponent) and built again"
                }
            }
            if let fresh = try? LaunchReplica(url: url, problem: why) { return fresh }
            return LaunchReplica(memoryBecause: why + "; kept in memory for this run")
        }
    }

    init(url: URL, problem: String? = nil) throws {
        try PrivateFiles.makeFolder(url.deletingLastPathComponent())
        PrivateFiles.makeFile(url)
        var config = Configuration()
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            // A deflated detailed record is about 2 KB: one to a 4 KB page leaves half of each
            // empty (10,000 launches took 33 MB for 21 MB of records); 16 KB pages hold seven.
            // Only a new file takes it; in WAL mode it stays.
            try db.execute(sql: "PRAGMA page_size = 16384")
            // The WAL is written back into the file past 1 MB (64 pages, not SQLite's 1,000:
            // 16 MB at this page size) and goes back to 1 MB then, not the largest it was.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 64")
            try db.execute(sql: "PRAGMA journal_size_limit = 1048576")
        }
        let pool = try DatabasePool(path: url.path, configuration: config)
        try Self.prepare(pool)
        db = pool
        self.url = url
        self.problem = problem
    }

    /// A replica in memory (tests; the fallback when no file can be made).
    public init(memoryBecause problem: String? = nil) {
        // An in-memory queue with this schema cannot fail to open.
        let queue = try! DatabaseQueue()
        try! Self.prepare(queue)
        db = queue
        url = nil
        self.problem = problem
    }

    /// The schema, on a new file; an existing one must be ours and of this version.
    static func prepare(_ db: any DatabaseWriter) throws {
        try db.write { db in
            let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if id == applicationID, version == schemaVersion { return }
            guard id == 0, version == 0, tables == 0 else {
                throw ReplicaError("not a tminus replica of schema \(schemaVersion) (application id \(id), version \(version))")
            }
            try db.execute(sql: """
                CREATE TABLE launch (
                    id TEXT PRIMARY KEY NOT NULL,
                    -- the Upcoming list's: no outcome yet (to come, on hold, in flight)
                    upcoming INTEGER NOT NULL,
                    net REAL,
                    -- a NET known (the lists put launches without one last, either way)
                    dated INTEGER NOT NULL,
                    -- r/SpaceX's own order among launches of one date (the archive's "2022-12")
                    flight_number INTEGER,
                    success INTEGER,
                    provider_id TEXT,
                    provider_name TEXT,
                    provider_abbrev TEXT,
                    rocket_id TEXT,
                    pad_id TEXT,
                    pad_name TEXT,
                    pad_locality TEXT,
                    location_id TEXT,
                    crewed INTEGER NOT NULL,
                    webcast INTEGER NOT NULL,
                    -- its webcast on now, and until when its countdown means something
                    -- (`Launch.nextUntil`): what `next` asks
                    live INTEGER NOT NULL,
                    next_until REAL,
                    last_updated REAL,
                    search TEXT NOT NULL,
                    words TEXT NOT NULL
                );
                -- The lists' two orders, read straight off an index (a page is its first rows).
                CREATE INDEX launch_soonest ON launch(upcoming, dated DESC, net, flight_number, id);
                CREATE INDEX launch_newest ON launch(upcoming, dated, net, flight_number, id);
                CREATE INDEX launch_by_rocket ON launch(rocket_id, dated, net, flight_number, id);
                -- What a count reads without the rows: an outcome (`F`), a name (`/`, a LIKE
                -- over the index alone), the providers and pads a follow resolves.
                CREATE INDEX launch_outcome ON launch(upcoming, success);
                CREATE INDEX launch_search ON launch(upcoming, search);
                CREATE INDEX launch_by_provider ON launch(provider_id, upcoming, provider_name, provider_abbrev);
                CREATE INDEX launch_by_pad ON launch(pad_id, upcoming, pad_name, pad_locality, location_id);
                CREATE INDEX launch_by_update ON launch(last_updated);
                -- The records apart from the columns: a count or a filter reads small rows.
                CREATE TABLE launch_record (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL);
                CREATE TABLE sync (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                PRAGMA application_id = \(applicationID);
                PRAGMA user_version = \(schemaVersion);
                """)
        }
    }

    // MARK: - Writing

    /// Keeps these launches, each replacing the row of its id (a record newer than the one
    /// held, or the same one again). A record older than the one held (`last_updated`) is
    /// not kept: answers can cross (a history page read after a change came).
    ///
    /// A row whose record carries no provider abbreviation (LL2's shorter modes leave it out)
    /// takes the one another row of the same provider id carries, so `spx` follows every
    /// SpaceX launch and each is read with it (`answer`).
    public func upsert(_ launches: [Launch]) throws {
        guard !launches.isEmpty else { return }
        let encoder = JSONEncoder()
        // Keys in one order and links as written: records alike deflate alike (`Deflate`).
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try db.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO launch (id, upcoming, net, dated, flight_number, success, provider_id, provider_name, provider_abbrev,
                                    rocket_id, pad_id, pad_name, pad_locality, location_id, crewed, webcast,
                                    live, next_until, last_updated, search, words)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET
                    upcoming = excluded.upcoming, net = excluded.net, dated = excluded.dated,
                    flight_number = excluded.flight_number,
                    success = excluded.success, provider_id = excluded.provider_id,
                    provider_name = excluded.provider_name, provider_abbrev = excluded.provider_abbrev,
                    rocket_id = excluded.rocket_id, pad_id = excluded.pad_id, pad_name = excluded.pad_name,
                    pad_locality = excluded.pad_locality, location_id = excluded.location_id,
                    crewed = excluded.crewed, webcast = excluded.webcast, live = excluded.live,
                    next_until = excluded.next_until, last_updated = excluded.last_updated,
                    search = excluded.search, words = excluded.words
                WHERE launch.last_updated IS NULL OR excluded.last_updated IS NULL
                   OR excluded.last_updated >= launch.last_updated
                """)
            let record = try db.cachedStatement(sql: "INSERT OR REPLACE INTO launch_record (id, record) VALUES (?, ?)")
            for launch in launches {
                let pad = launch.launchpad?.object
                let arguments: [(any DatabaseValueConvertible)?] = [
                    launch.id, launch.outcomePending, launch.date?.timeIntervalSince1970, launch.date != nil,
                    launch.flightNumber, launch.success, launch.providerID, launch.providerName, launch.providerAbbrev,
                    launch.rocket?.id, launch.launchpad?.id, pad?.name, pad?.locality,
                    pad?.locationID, launch.isCrewed, launch.links.webcast != nil || launch.webcastLive,
                    launch.webcastLive, launch.nextUntil?.timeIntervalSince1970,
                    launch.lastUpdated?.timeIntervalSince1970, Self.searchText(launch.name), Follow.folded(launch.name),
                ]
                try statement.execute(arguments: StatementArguments(arguments))
                // The record goes with its columns, or not at all (an older one is not kept).
                if db.changesCount > 0 {
                    let json = try encoder.encode(launch)
                    try record.execute(arguments: [launch.id, Deflate.compress(json) ?? json])
                }
            }
            for provider in Set(launches.compactMap(\.providerID)) {
                try db.execute(sql: """
                    UPDATE launch SET provider_abbrev = (SELECT min(provider_abbrev) FROM launch WHERE provider_id = ?1)
                    WHERE provider_id = ?1 AND provider_abbrev IS NULL
                    """, arguments: [provider])
            }
        }
    }

    /// A name as `/` compares it: case and accents folded (`ListQuery.matches`).
    static func searchText(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    // MARK: - Sync state

    /// Where the sync stands, as kept in the file.
    public var state: ReplicaState {
        (try? db.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM sync")
            var values: [String: String] = [:]
            for row in rows { values[row["key"]] = row["value"] }
            return ReplicaState(values)
        }) ?? ReplicaState([:])
    }

    public func save(_ state: ReplicaState) throws {
        try db.write { db in
            for (key, value) in state.values {
                try db.execute(sql: "INSERT INTO sync (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                               arguments: [key, value])
            }
        }
    }

    /// Forgets every launch and where the sync stood, for another server's data.
    func reset(base: String) throws {
        try db.write { db in
            try db.execute(sql: "DELETE FROM launch")
            try db.execute(sql: "DELETE FROM launch_record")
            try db.execute(sql: "DELETE FROM sync")
            try db.execute(sql: "INSERT INTO sync (key, value) VALUES ('base', ?)", arguments: [base])
        }
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        if let error = error as? ReplicaError { return error.message }
        return "\(error)"
    }
}

/// Why a file is not a usable replica.
struct ReplicaError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Where the sync stands: how far the changes were read (the server's newest `last_updated`
/// held), when this machine last synced, and how far the history has come.
public struct ReplicaState: Sendable, Hashable {
    var values: [String: String]
    init(_ values: [String: String]) { self.values = values }

    private func date(_ key: String) -> Date? { values[key].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) } }
    private mutating func set(_ key: String, _ date: Date?) { values[key] = date.map { String($0.timeIntervalSince1970) } }

    /// The newest `last_updated` held: the next sync asks for what changed from there on.
    public var changesMark: Date? { get { date("changes_mark") } set { set("changes_mark", newValue) } }
    /// When the replica was last brought up to date (this machine's clock): how old it is.
    public var syncedAt: Date? { get { date("synced_at") } set { set("synced_at", newValue) } }
    /// How many past launches the history has read, newest first.
    public var historyOffset: Int { get { values["history_offset"].flatMap(Int.init) ?? 0 } set { values["history_offset"] = String(newValue) } }
    /// How many past launches the source says it has (its last answer's count).
    public var historyTotal: Int? { get { values["history_total"].flatMap(Int.init) } set { values["history_total"] = newValue.map(String.init) } }

    /// The server the replica was built from (its `--ll2-api`).
    public var base: String? { values["base"] }

    /// The whole history is in.
    public var historyComplete: Bool { historyTotal.map { historyOffset >= $0 } ?? false }
}
