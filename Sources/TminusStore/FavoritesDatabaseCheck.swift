import Foundation
import GRDB
import TminusCore

extension FavoritesDatabase {
    /// What `tminus doctor` says of the favorites file.
    public struct Inspection: Sendable {
        public var rockets: Int
        public var launches: Int
        /// Why changes could not be saved there now (a read-only disk, no permission); nil
        /// when the folder takes writes.
        public var unwritable: String?
    }

    /// How many favorite rockets and watched launches the file at `url` holds, read only (it
    /// writes nothing, unlike opening the database; where SQLite cannot read it in place, as
    /// on a read-only disk, a copy is read): nil when there is no file yet; throws when the
    /// file is damaged or is not a favorites database. For `tminus doctor`.
    public static func inspect(_ url: URL) throws -> Inspection? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        func count(_ path: String) throws -> (Int, Int) {
            try checkExisting(URL(fileURLWithPath: path))
            var config = Configuration()
            config.readonly = true
            config.busyMode = .timeout(busyTimeout)
            return try DatabaseQueue(path: path, configuration: config).read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM favoriteRocket") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT count(*) FROM watchedLaunch") ?? 0)
            }
        }
        let counts = try readingInPlaceOrFromACopy(url) { try count($0.path) }
        let unwritable = FileSystemCondition.cause(near: url, error: CocoaError(.fileWriteUnknown))
        return Inspection(rockets: counts.0, launches: counts.1, unwritable: unwritable == "disk full" ? "disk full" : unwritable)
    }

    /// `read` on the file; where SQLite cannot read it in place (a WAL database on a read-only
    /// mount, where it can neither find nor make its shared-memory file; a program holding the
    /// file in exclusive locking mode, which keeps even readers out), on a copy of it in the
    /// temporary folder, removed afterwards (a connection `read` opened keeps reading it).
    /// Damage is not read around: it is thrown.
    static func readingInPlaceOrFromACopy<T>(_ url: URL, _ read: (URL) throws -> T) throws -> T {
        do {
            return try read(url)
        } catch {
            guard !isDamage(error), let copy = try? copyForReading(url) else { throw error }
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            return try read(copy)
        }
    }

    /// A copy of the file (and its WAL, if any) in the temporary folder, in a folder of the
    /// user's alone (the favorites are theirs to read). The caller removes its folder; a copy
    /// that fails leaves none behind (out of descriptors, each failed open left one).
    private static func copyForReading(_ url: URL) throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appending(path: "tminus-readonly-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try PrivateFiles.makeFolder(dir)
        let copy = dir.appending(path: url.lastPathComponent)
        do {
            try fm.copyItem(at: url, to: copy)
        } catch {
            try? fm.removeItem(at: dir)
            throw error
        }
        if fm.fileExists(atPath: url.path + "-wal") {
            try? fm.copyItem(atPath: url.path + "-wal", toPath: copy.path + "-wal")
        }
        return copy
    }
}
