import Foundation
import GRDB
import TminusCore

extension FavoritesStore {
    /// The favorites database at `url`. A file that is not a usable database is moved aside
    /// (renamed with `.corrupt-<time>`, never deleted) and a fresh one is started; if even
    /// that fails, favorites live in memory for this run. Either way `openProblem` says so.
    public static func sqlite(at url: URL, now: @escaping @Sendable () -> Date = Date.init) -> FavoritesStore {
        let database: FavoritesDatabase
        var problem: String?
        do {
            database = try FavoritesDatabase.openWaitingOutLocks(url: url, now: now)
        } catch let first {
            // Only a damaged file is moved aside: not a directory, nor a good file that is
            // locked by another process or that permissions keep us from writing.
            guard FavoritesDatabase.isDamage(first), FavoritesDatabase.isRegularFile(url) else {
                var store = FavoritesStore.inMemory(now: now)
                store.openProblem = "favorites database \(url.path) cannot be used (\(describe(first))); favorites will not be saved this run"
                return store
            }
            do {
                let aside = try FavoritesDatabase.moveAside(url, now: now())
                problem = "favorites database was unreadable (\(describe(first))); kept it as \(aside.lastPathComponent) and started a new one"
                database = try FavoritesDatabase.openWaitingOutLocks(url: url, now: now)
            } catch {
                var store = FavoritesStore.inMemory(now: now)
                store.openProblem = "favorites database \(url.path) cannot be used (\(describe(error))); favorites will not be saved this run"
                return store
            }
        }
        return FavoritesStore(
            load: { () async throws(StoreError) in try await run { try await database.load() } },
            saveRocket: { rocket async throws(StoreError) in try await run { try await database.saveRocket(rocket) } },
            removeRocket: { id async throws(StoreError) in try await run { try await database.removeRocket(id: id) } },
            saveLaunch: { launch async throws(StoreError) in try await run { try await database.saveLaunch(launch) } },
            removeLaunch: { id async throws(StoreError) in try await run { try await database.removeLaunch(id: id) } },
            refresh: { launches, rockets async throws(StoreError) in
                try await run { try await database.refresh(launches: launches, rockets: rockets) }
            },
            saveEvent: { event async throws(StoreError) in try await run { try await database.saveEvent(event) } },
            removeEvent: { id async throws(StoreError) in try await run { try await database.removeEvent(id: id) } },
            openProblem: problem)
    }

    /// Runs a database call; any failure becomes a `StoreError` in words.
    static func run(_ body: @Sendable () async throws -> Favorites) async throws(StoreError) -> Favorites {
        do { return try await body() } catch { throw StoreError("favorites: \(describe(error))") }
    }

    static func describe(_ error: Error) -> String {
        if let db = error as? DatabaseError {
            return db.message ?? "SQLite error \(db.resultCode.rawValue)"
        }
        return error.localizedDescription
    }
}

extension FavoritesDatabase {
    /// Opens the database, trying again for a while when it is locked. Two processes starting
    /// on a new file race to turn WAL on, and `PRAGMA journal_mode = WAL` then fails with
    /// SQLITE_BUSY at once (SQLite does not call the busy handler there): a moment later the
    /// other process is done and the file is fine.
    static func openWaitingOutLocks(url: URL, now: @escaping @Sendable () -> Date) throws -> FavoritesDatabase {
        var attempt = 0
        while true {
            do {
                return try FavoritesDatabase(url: url, now: now)
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && attempt < 40 {
                attempt += 1
                usleep(UInt32.random(in: 5_000...50_000))  // about a second in all, at most
            }
        }
    }

    /// Whether opening failed because the file's contents are damaged (as opposed to locked,
    /// unreachable or read-only).
    static func isDamage(_ error: Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    static func isRegularFile(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular
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
