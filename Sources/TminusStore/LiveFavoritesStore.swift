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
            database = try FavoritesDatabase(url: url, now: now)
        } catch let first {
            do {
                let aside = try FavoritesDatabase.moveAside(url, now: now())
                problem = "favorites database was unreadable (\(describe(first))); kept it as \(aside.lastPathComponent) and started a new one"
                database = try FavoritesDatabase(url: url, now: now)
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
    /// Renames the database and its WAL/SHM companions to `<name>.corrupt-<yyyyMMdd-HHmmss>`.
    static func moveAside(_ url: URL, now: Date) throws -> URL {
        let stamp = now.formatted(Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)\(month: .twoDigits)\(day: .twoDigits)-\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased))\(minute: .twoDigits)\(second: .twoDigits)",
            timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
        let aside = url.deletingLastPathComponent().appending(path: url.lastPathComponent + ".corrupt-" + stamp)
        let fm = FileManager.default
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
