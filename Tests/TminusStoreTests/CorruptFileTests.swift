import Foundation
import GRDB
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damaged file is moved aside (renamed `.corrupt-<time>`, its bytes kept), a fresh
/// database takes its place and every row that can still be read is copied into it; a path
/// that cannot hold a database at all refuses every write with the reason (issue 35: it used
/// to keep favorites in memory and say "saved"). `openProblem` says what happened.
@Suite struct CorruptFileTests {
    /// The clock stands at Sample.reference, 2022-10-01 12:00:00 UTC.
    static let asideName = "favorites.sqlite.corrupt-20221001-120000"
    let now: @Sendable () -> Date = { Sample.reference }

    // MARK: Damaged files: moved aside, fresh database

    @Test func garbageBytesAreMovedAsideWithTheirCompanions() async throws {
        let dir = try TempDir("garbage"); defer { dir.remove() }
        var random = SeededGenerator(seed: 1)
        let garbage = Data(random.bytes(8192))
        let garbageWAL = Data(random.bytes(3000))
        try garbage.write(to: dir.database)
        try garbageWAL.write(to: dir.file("favorites.sqlite-wal"))

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        try await expectMovedAside(store, dir, original: garbage)
        #expect(try Data(contentsOf: dir.file(Self.asideName + "-wal")) == garbageWAL)
    }

    @Test func aTruncatedDatabaseIsMovedAside() async throws {
        let dir = try TempDir("truncated"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 40)
        let whole = try Data(contentsOf: dir.database)
        #expect(whole.count > 16 * 1024)
        let truncated = whole.prefix(1024)
        try truncated.write(to: dir.database)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        try await expectMovedAside(store, dir, original: truncated)
    }

    @Test func aValidHeaderWithGarbagePagesIsMovedAside() async throws {
        let dir = try TempDir("garbage-pages"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 40)
        var bytes = try Data(contentsOf: dir.database)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        #expect(bytes.count >= 6 * pageSize)
        // Keep page 1 (the header and the schema) intact; scribble over pages 2 to 5.
        var random = SeededGenerator(seed: 2)
        bytes.replaceSubrange(pageSize..<(5 * pageSize), with: random.bytes(4 * pageSize))
        try bytes.write(to: dir.database)
        #expect(String(decoding: bytes.prefix(15), as: UTF8.self) == "SQLite format 3")

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        // Page 1 holds the schema; rows on the scribbled pages would be lost, the rest come
        // back. (With this seed the scribbled pages are index and free pages: every row reads,
        // but the tables can no longer count themselves, so the words cannot promise all.)
        let problem = try #require(store.openProblem)
        let match = try #require(problem.firstMatch(of: /recovered (\d+) favorites from the damaged database \(some may be lost\)/), "\(problem)")
        let recovered = Int(match.1)!
        #expect(recovered == 41)
        let loaded = try await store.load()
        #expect(loaded.launches.count + loaded.rockets.count == recovered, "the words count what is there")
        #expect(try Data(contentsOf: dir.file(Self.asideName)) == bytes)
        #expect(try integrityCheck(dir.database) == ["ok"])
    }

    /// The issue's case: `quick_check` fails, but every row still reads (as `sqlite3` showed):
    /// all of them come back, and the words say so.
    @Test func aDamagedIndexLosesNoRow() async throws {
        let dir = try TempDir("damaged-index"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 5)
        try damageIndex(dir.database, table: "watchedLaunch")
        #expect(try quickCheckFails(dir.database), "the file must be damaged for this test to mean anything")

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        let problem = try #require(store.openProblem)
        #expect(problem.contains("recovered 6 of 6 favorites from the damaged database"), "\(problem)")
        #expect(store.status().noticeIsError == false, "nothing lost: a notice, not an error")
        let loaded = try await store.load()
        #expect(loaded.launches.count == 5 && loaded.rockets.count == 1)
        #expect(try integrityCheck(dir.database) == ["ok"])
    }

    @Test func anEmptyFileIsJustANewDatabase() async throws {
        let dir = try TempDir("empty"); defer { dir.remove() }
        #expect(FileManager.default.createFile(atPath: dir.database.path, contents: Data()))
        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(store.openProblem == nil)
        _ = try await store.saveLaunch(Sample.crs26)
        #expect(try await store.load().launchIDs == ["crs-26"])
        #expect(!dir.contents.contains { $0.contains(".corrupt-") })
    }

    @Test func aSecondDamagedFileInTheSameSecondIsKeptToo() async throws {
        let dir = try TempDir("twice"); defer { dir.remove() }
        let first = Data(repeating: 0xAB, count: 5000)
        let second = Data(repeating: 0xCD, count: 7000)
        try first.write(to: dir.database)
        let one = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(one.openProblem != nil)
        // (The first store's connections stay open, as a running app's would.)
        try FileManager.default.removeItem(at: dir.database)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: dir.database.path + suffix) }
        try second.write(to: dir.database)

        let two = FavoritesStore.sqlite(at: dir.database, now: now)
        let problem = try #require(two.openProblem)
        #expect(try Data(contentsOf: dir.file(Self.asideName)) == first)
        let kept = dir.contents.filter { $0.hasPrefix(Self.asideName) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(kept.count == 2, "\(dir.contents)")
        let secondName = try #require(kept.first { $0 != Self.asideName })
        #expect(problem.contains(secondName))
        #expect(try Data(contentsOf: dir.file(secondName)) == second)
        _ = try await two.saveLaunch(Sample.crs26)
        #expect(try launchIDs(dir.database) == ["crs-26"])
    }

    // MARK: Paths that cannot hold a database: writes refused, with the reason

    @Test func aDirectoryWhereTheFileShouldBeRefusesWritesAndSaysWhy() async throws {
        let dir = try TempDir("dir"); defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.database, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: dir.database.appending(path: "inside.txt"))

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(store.status().readOnly == "\(dir.database.path) is a folder, not a database")
        try await expectRefused(store, reason: "\(dir.database.path) is a folder, not a database")
        // The directory is not ours to rename or fill.
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.database.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try String(contentsOf: dir.database.appending(path: "inside.txt"), encoding: .utf8) == "keep me")
        #expect(dir.contents == ["favorites.sqlite"])
        // Once the folder is gone, the next write makes the database.
        try FileManager.default.removeItem(at: dir.database)
        #expect(try await store.saveLaunch(Sample.crs26).launchIDs == ["crs-26"])
        #expect(try launchIDs(dir.database) == ["crs-26"])
    }

    @Test func aParentThatIsAFileRefusesWritesAndSaysWhy() async throws {
        let dir = try TempDir("parent-file"); defer { dir.remove() }
        let blocker = dir.file("data")
        try Data("not a directory".utf8).write(to: blocker)
        let url = blocker.appending(path: "favorites.sqlite")

        let store = FavoritesStore.sqlite(at: url, now: now)
        try await expectRefused(store, reason: "\(blocker.path) is a file, not a folder")
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
        #expect(dir.contents == ["data"])
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func anUnwritableParentRefusesWritesAndSaysWhy() async throws {
        let dir = try TempDir("readonly-parent"); defer { dir.remove() }
        #expect(chmod(dir.url.path, 0o500) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        try await expectRefused(store, reason: "no permission to write in \(dir.url.path)")
        #expect(dir.contents.isEmpty)
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func aGoodDatabaseInAnUnwritableDirectoryIsReadAndLeftAlone() async throws {
        let dir = try TempDir("readonly-dir-db"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 3)
        let before = try Data(contentsOf: dir.database)
        let listing = dir.contents
        #expect(chmod(dir.url.path, 0o500) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(store.openProblem == nil)
        #expect(try await store.load().launches.count == 3, "read what can be read")
        #expect(store.status().readOnly != nil)
        await #expect(throws: StoreError.self) { try await store.saveLaunch(Sample.crs26) }
        #expect(try Data(contentsOf: dir.database) == before)
        #expect(dir.contents == listing)
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func aReadOnlyGoodDatabaseIsReadNotTakenForADamagedOne() async throws {
        let dir = try TempDir("readonly-file"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 3)
        let before = try Data(contentsOf: dir.database)
        #expect(chmod(dir.database.path, 0o400) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(try await store.load().launches.count == 3)
        await #expect(throws: StoreError.self) { try await store.saveLaunch(Sample.crs26) }
        #expect(try Data(contentsOf: dir.database) == before)
        #expect(!dir.contents.contains { $0.contains(".corrupt-") }, "\(dir.contents)")
    }

    // MARK: Helpers

    /// A real database written by the store, checkpointed into the main file and closed.
    func makeRealDatabase(_ url: URL, launches count: Int) async throws {
        do {
            let database = try FavoritesDatabase(url: url, now: now)
            for launch in Sample.launches(count, upcoming: true) { _ = try await database.saveLaunch(launch) }
            _ = try await database.saveRocket(Sample.Rockets.falcon9)
            try await database.pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        // The pool is gone: its last connection checkpointed and removed the WAL.
        let wal = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0)
    }

    func expectMovedAside(_ store: FavoritesStore, _ dir: TempDir, original: Data,
                          sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let problem = try #require(store.openProblem, sourceLocation: sourceLocation)
        #expect(problem.contains(Self.asideName), "\(problem)", sourceLocation: sourceLocation)
        // The damaged bytes are kept, byte for byte.
        #expect(try Data(contentsOf: dir.file(Self.asideName)) == original, sourceLocation: sourceLocation)
        // A fresh, migrated, healthy database is at the original path, and the store uses it.
        #expect(try integrityCheck(dir.database) == ["ok"], sourceLocation: sourceLocation)
        #expect(try appliedMigrations(dir.database) == MigrationTests.all, sourceLocation: sourceLocation)
        #expect(problem.hasPrefix("nothing could be read from the damaged favorites database"), "\(problem)", sourceLocation: sourceLocation)
        #expect(try await store.load() == .empty, sourceLocation: sourceLocation)
        _ = try await store.saveLaunch(Sample.crs26)
        _ = try await store.saveRocket(Sample.Rockets.falcon9)
        #expect(try launchIDs(dir.database) == ["crs-26"], sourceLocation: sourceLocation)
        // The next run finds nothing wrong.
        let again = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(again.openProblem == nil, sourceLocation: sourceLocation)
        #expect(try await again.load().launchIDs == ["crs-26"], sourceLocation: sourceLocation)
        #expect(try await again.load().rocketIDs == [Sample.Rockets.falcon9.id], sourceLocation: sourceLocation)
    }

    /// Nothing to read, and every write refused with `reason`, never kept in memory as if saved.
    func expectRefused(_ store: FavoritesStore, reason: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await store.load() == .empty, sourceLocation: sourceLocation)
        do {
            _ = try await store.saveLaunch(Sample.crs26)
            Issue.record("the save was taken", sourceLocation: sourceLocation)
        } catch {
            #expect(error.reason == reason, sourceLocation: sourceLocation)
            #expect(error.lasts, sourceLocation: sourceLocation)
        }
        #expect(try await store.load() == .empty, "nothing pretends to be saved", sourceLocation: sourceLocation)
    }

    /// Empties the table's primary-key index, leaving its rows alone.
    func damageIndex(_ url: URL, table: String) throws {
        let queue = try DatabaseQueue(path: url.path)
        // Overwrite the index's root page cells count with zero: the index is empty while the
        // table has rows, which quick_check reports ("row N missing from index").
        let root = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", arguments: [table])!
        }
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let page = (root - 1) * pageSize
        // A leaf index page (0x0A): set its cell count (offset 3-4 of the b-tree header) to 0.
        #expect(bytes[page] == 0x0A, "the index is one leaf page")
        bytes[page + 3] = 0; bytes[page + 4] = 0
        try bytes.write(to: url)
    }

    func quickCheckFails(_ url: URL) throws -> Bool {
        var config = Configuration()
        config.readonly = true
        let check = try DatabaseQueue(path: url.path, configuration: config).read { db in
            try String.fetchAll(db, sql: "PRAGMA quick_check")
        }
        return check != ["ok"]
    }
}
