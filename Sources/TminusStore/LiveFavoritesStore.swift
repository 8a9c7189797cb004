import Foundation
import GRDB
import TminusCore

extension FavoritesStore {
    /// The favorites database at `url`, opened on the first call (never while the app draws its
    /// first frame: a lock held by another program must not blank the screen). What it says
    /// is what the file holds:
    /// - a file that is not a usable database is moved aside (`.corrupt-<time>`, never deleted),
    ///   a fresh one is started and every row that can still be read is copied into it;
    /// - a file that can be read but not written (a read-only mount or file, a folder we may
    ///   not write in) is read, and every write is refused with the reason;
    /// - a write that fails (disk full, a lock held past the busy timeout, the folder gone)
    ///   throws a `StoreError` in words and changes nothing; the caller keeps it and tries
    ///   again. A data folder deleted while running is made again on the next write, with the
    ///   favorites the open file still held.
    public static func sqlite(at url: URL, now: @escaping @Sendable () -> Date = Date.init,
                              busyTimeout: TimeInterval = FavoritesDatabase.busyTimeout) -> FavoritesStore {
        let file = FavoritesFile(url: url, now: now, busyTimeout: busyTimeout)
        @Sendable func write(_ change: FavoritesDatabase.Write) async throws(StoreError) -> Favorites {
            try await file.run { () throws(StoreError) in try file.write(change) }
        }
        return FavoritesStore(
            load: { () async throws(StoreError) in try await file.run { () throws(StoreError) in try file.read() } },
            saveRocket: { rocket async throws(StoreError) in try await write(.saveRocket(rocket)) },
            removeRocket: { id async throws(StoreError) in try await write(.removeRocket(id)) },
            saveLaunch: { launch async throws(StoreError) in try await write(.saveLaunch(launch)) },
            removeLaunch: { id async throws(StoreError) in try await write(.removeLaunch(id)) },
            refresh: { launches, rockets async throws(StoreError) in try await write(.refresh(launches, rockets)) },
            saveEvent: { event async throws(StoreError) in try await write(.saveEvent(event)) },
            removeEvent: { id async throws(StoreError) in try await write(.removeEvent(id)) },
            status: { file.status() })
    }
}

/// The database file as the app uses it: opened lazily, watched for being moved, deleted or
/// replaced, and every failure turned into words. Every call runs on its own serial queue,
/// which is also what keeps its fields consistent; a lock's wait blocks that queue, never
/// Swift's cooperative threads.
final class FavoritesFile: @unchecked Sendable {
    let url: URL
    let now: @Sendable () -> Date
    let busyTimeout: TimeInterval
    private let queue = DispatchQueue(label: "tminus.favorites", qos: .userInitiated)

    // Touched only on `queue`.
    private var database: FavoritesDatabase?
    /// The file `database` has open (device and inode): when the path names another file, or
    /// none, the data folder was deleted or replaced while running.
    private var identity: FileIdentity?
    /// Why writes cannot work, as found when opening; nil when they can be tried.
    private var refusal: StoreError?
    private var notice: String?
    private var noticeIsError = true
    private var opened = false

    init(url: URL, now: @escaping @Sendable () -> Date, busyTimeout: TimeInterval) {
        self.url = url; self.now = now; self.busyTimeout = busyTimeout
    }

    /// Runs `work` on the file's queue and waits for it without blocking the caller's thread.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
        let result: Result<T, StoreError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(StoreError) { continuation.resume(returning: .success(try work())) } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Blocking; the app asks from background work only.
    func status() -> StoreStatus {
        queue.sync {
            openIfNeeded()
            return StoreStatus(notice: notice, noticeIsError: noticeIsError,
                               readOnly: database?.isReadOnly == true || database == nil ? refusal?.reason : nil)
        }
    }

    // MARK: - Reading and writing (on `queue`)

    func read() throws(StoreError) -> Favorites {
        openIfNeeded()
        // Reading from a read-only connection or a copy because writes were refused: the
        // cause may be gone (the lock released, the disk remounted): look at the file again.
        if refusal != nil { reopenForWriting() }
        guard let database else {
            // Nothing at the path to read (no file, a folder in its place): no favorites.
            if !FavoritesDatabase.isRegularFile(url) { return .empty }
            throw refusal ?? StoreError("favorites: cannot open \(url.path)", reason: "cannot open \(url.path)")
        }
        do { return try database.load() } catch { throw describe(error, doing: "read") }
    }

    func write(_ change: FavoritesDatabase.Write) throws(StoreError) -> Favorites {
        openIfNeeded()
        if database == nil || database?.isReadOnly == true || !stillAtPath() { reopenForWriting() }
        guard let database, !database.isReadOnly else {
            throw refusal ?? StoreError("favorites: cannot write \(url.path)", reason: "cannot write \(url.path)")
        }
        // A lock another connection held for the whole busy timeout gets one more wait (3 s in
        // all): two tminus saving at once on a loaded machine should not fail each other.
        // Only a lock held past that is said (and the change kept waiting by the app).
        for attempt in 1...2 {
            do { return try database.changeNow { db, time in try change.apply(db, time) } } catch {
                if attempt == 1, let busy = error as? DatabaseError, busy.resultCode == .SQLITE_BUSY || busy.resultCode == .SQLITE_LOCKED {
                    continue
                }
                throw describe(error, doing: "write")
            }
        }
        throw describe(DatabaseError(resultCode: .SQLITE_BUSY), doing: "write")
    }

    // MARK: - Opening

    private func openIfNeeded() {
        guard !opened else { return }
        opened = true
        open()
    }

    /// Opens for writing; failing that, for reading with the reason writes are refused.
    private func open() {
        do {
            try openWritable()
        } catch let first {
            if FavoritesDatabase.isDamage(first), FavoritesDatabase.isRegularFile(url) {
                setAsideAndSalvage(first)
                return
            }
            refusal = describe(first, doing: "open")
            database = nil
            guard FavoritesDatabase.isRegularFile(url) else { return }
            // A good file that cannot be written is still read (a read-only mount, a lock that
            // keeps the migrations out, a folder we may not write in).
            database = openReader()
            if database != nil { identity = FileIdentity(url) }
        }
    }

    /// A read-only connection to the file, or failing that to a copy of it.
    private func openReader() -> FavoritesDatabase? {
        try? FavoritesDatabase.readingInPlaceOrFromACopy(url) { file in
            let reader = try FavoritesDatabase(url: file, now: now, busyTimeout: busyTimeout, readOnly: true)
            _ = try reader.load()
            return reader
        }
    }

    private func openWritable() throws {
        if FavoritesDatabase.isDirectory(url) {
            throw FolderInTheWay(path: url.path)
        }
        // A read-only mount where a killed run left the WAL's shm: SQLite opens the file as if
        // for writing and the first change fails. Said from the start, as any read-only disk.
        if FileSystemCondition.isReadOnlyMount(url.deletingLastPathComponent()), FavoritesDatabase.isRegularFile(url) {
            throw POSIXError(.EROFS)
        }
        let database = try FavoritesDatabase(url: url, now: now, busyTimeout: busyTimeout)
        self.database = database
        identity = FileIdentity(url)
        refusal = nil
    }

    /// Writes were refused or the file moved: try again now (the disk may have been
    /// remounted, the folder made again, the file put back).
    private func reopenForWriting() {
        if let database, !database.isReadOnly, identity != nil, FileIdentity(url) == nil {
            // Our file was deleted under us (the data folder removed while running): the open
            // connection still holds its rows; copy them to the path, then use that.
            do {
                try PrivateFiles.makeFolder(url.deletingLastPathComponent())
                try database.pool.writeWithoutTransaction { db in
                    try db.execute(sql: "VACUUM INTO ?", arguments: [url.path])
                }
            } catch {
                refusal = describe(error, doing: "write")
                return
            }
        }
        let previous = database
        database = nil
        do { try openWritable() } catch {
            refusal = describe(error, doing: "write")
            // Read on from what was open; with nothing open, whatever can be read now.
            if let previous, stillAtPath() || previous.isReadOnly {
                database = previous
            } else if FavoritesDatabase.isRegularFile(url), let reader = openReader() {
                database = reader
                identity = FileIdentity(url)
            }
        }
    }

    private func stillAtPath() -> Bool {
        guard let identity else { return false }
        return FileIdentity(url) == identity
    }

    private func setAsideAndSalvage(_ damage: Error) {
        let found = FavoritesStore.describe(damage)
        do {
            let aside = try FavoritesDatabase.moveAside(url, now: now())
            try openWritable()
            let outcome = database.map { FavoritesSalvage.copy(from: aside, into: $0) } ?? .init()
            // What counts first (what came back), then where the old file is; the technical
            // finding after ` — `, which a narrow status line leaves out (the log keeps it).
            notice = "\(outcome.words); kept it as \(aside.lastPathComponent) and started a new one — \(found)"
            noticeIsError = outcome.lost
        } catch {
            refusal = describe(error, doing: "open")
            notice = "favorites database \(url.path) is damaged and could not be set aside: \(refusal?.reason ?? "") — \(found)"
        }
    }

    // MARK: - Words

    /// The cause of a failure in the user's words, the file system's condition first: SQLite
    /// says "disk I/O error" for a full disk or a read-only remount as often as it names them.
    func describe(_ error: Error, doing: String) -> StoreError {
        let technical = FavoritesStore.describe(error)
        let reason: String
        if let cause = FileSystemCondition.cause(near: url, error: error) {
            reason = cause
        } else if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: reason = "the database is locked by another program"
            case .SQLITE_FULL: reason = "disk full"
            case .SQLITE_READONLY: reason = "the database is read-only"
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: reason = "the database is damaged"
            case .SQLITE_CANTOPEN: reason = "cannot open \(url.path)"
            case .SQLITE_PERM, .SQLITE_AUTH: reason = "no permission to write \(url.path)"
            default: reason = technical
            }
        } else if let folder = error as? FolderInTheWay {
            reason = "\(folder.path) is a folder, not a database"
        } else {
            reason = technical
        }
        return StoreError("favorites: could not \(doing) \(url.path): \(technical)", reason: reason, lasts: true)
    }
}

/// A folder where the database file should be: never ours to rename or fill.
struct FolderInTheWay: Error { var path: String }

/// Which file a path names (device and inode), to notice it deleted or replaced.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev); inode = UInt64(info.st_ino)
    }
}

/// What the file system holding a path says about writing there.
enum FileSystemCondition {
    /// The folder is on a file system mounted read-only.
    static func isReadOnlyMount(_ folder: URL) -> Bool {
        var info = statvfs()
        return statvfs(folder.path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// `read-only file system`, `disk full`, `no permission to write in …`, `… is a
    /// file, not a folder`, or nil when the file system has no objection (the cause is
    /// SQLite's own: a lock, damage).
    static func cause(near url: URL, error: Error) -> String? {
        let fm = FileManager.default
        // The nearest folder that exists, going up from the database's own.
        var dir = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        while !(fm.fileExists(atPath: dir.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            if fm.fileExists(atPath: dir.path) { return "\(dir.path) is a file, not a folder" }
            let up = dir.deletingLastPathComponent()
            if up.path == dir.path { break }
            dir = up
        }
        if isReadOnlyMount(dir) { return "read-only file system" }
        var info = statvfs()
        if statvfs(dir.path, &info) == 0 {
            // Nearly nothing left: a write that failed there failed for want of room.
            if UInt64(info.f_bavail) * UInt64(info.f_frsize) < 16 * 1024 || posixCode(error) == ENOSPC { return "disk full" }
        }
        if posixCode(error) == ENOSPC { return "disk full" }
        if posixCode(error) == EROFS { return "read-only file system" }
        if access(dir.path, W_OK) != 0 { return "no permission to write in \(dir.path)" }
        if let code = (error as? DatabaseError)?.resultCode, code == .SQLITE_READONLY || code == .SQLITE_CANTOPEN || code == .SQLITE_PERM,
           FavoritesDatabase.isRegularFile(url), access(url.path, W_OK) != 0 {
            return "no permission to write \(url.path)"
        }
        return nil
    }

    static func posixCode(_ error: Error) -> Int32? {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError { return underlying.code.rawValue }
        if let error = error as? POSIXError { return error.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }
}

extension FavoritesStore {
    static func describe(_ error: Error) -> String {
        if let db = error as? DatabaseError {
            return db.message ?? "SQLite error \(db.resultCode.rawValue)"
        }
        if let folder = error as? FolderInTheWay { return "\(folder.path) is a folder" }
        return error.localizedDescription
    }
}

extension FavoritesDatabase {
    /// Whether opening failed because the file's contents are damaged (as opposed to locked,
    /// unreachable or read-only).
    static func isDamage(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    static func isRegularFile(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular
    }

    static func isDirectory(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeDirectory
    }

    /// Renames the database and its WAL/SHM companions to `<name>.corrupt-<yyyyMMdd-HHmmss>`
    /// (with `-2`, `-3` … after it when that name is taken: an earlier damaged file is kept too).
    static func moveAside(_ url: URL, now: Date) throws -> URL {
        let stamp = now.formatted(Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)\(month: .twoDigits)\(day: .twoDigits)-\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased))\(minute: .twoDigits)\(second: .twoDigits)",
            timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
        let fm = FileManager.default
        let base = url.lastPathComponent + ".corrupt-" + stamp
        var aside = url.deletingLastPathComponent().appending(path: base)
        var n = 2
        while ["", "-wal", "-shm"].contains(where: { fm.fileExists(atPath: aside.path + $0) }) {
            aside = url.deletingLastPathComponent().appending(path: "\(base)-\(n)")
            n += 1
        }
        guard fm.fileExists(atPath: url.path) else { return aside }
        try fm.moveItem(at: url, to: aside)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: url.path + suffix)
            if fm.fileExists(atPath: companion.path) {
                try? fm.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))
            }
        }
        return aside
    }
}

extension AppPaths {
    public var favoritesDatabase: URL { data.appending(path: "favorites.sqlite") }
}
