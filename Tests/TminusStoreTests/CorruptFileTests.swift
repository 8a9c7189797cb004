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

/// A damaged file is moved aside (renamed `.corrupt-<time>`, its bytes kept) and a fresh
/// database takes its place; a path that cannot hold a database at all gives an in-memory store.
/// Either way the store works and `openProblem` says what happened.
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
        try await expectMovedAside(store, dir, original: bytes)
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

    // MARK: Paths that cannot hold a database: in memory

    @Test func aDirectoryWhereTheFileShouldBeGivesAnInMemoryStore() async throws {
        let dir = try TempDir("dir"); defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.database, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: dir.database.appending(path: "inside.txt"))

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        let problem = try #require(store.openProblem)
        #expect(problem.contains(dir.database.path))
        #expect(problem.contains("not be saved"))
        try await expectWorksInMemory(store)
        // The directory is not ours to rename or fill.
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.database.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try String(contentsOf: dir.database.appending(path: "inside.txt"), encoding: .utf8) == "keep me")
        #expect(dir.contents == ["favorites.sqlite"])
    }

    @Test func aParentThatIsAFileGivesAnInMemoryStore() async throws {
        let dir = try TempDir("parent-file"); defer { dir.remove() }
        let blocker = dir.file("data")
        try Data("not a directory".utf8).write(to: blocker)
        let url = blocker.appending(path: "favorites.sqlite")

        let store = FavoritesStore.sqlite(at: url, now: now)
        let problem = try #require(store.openProblem)
        #expect(problem.contains(url.path))
        try await expectWorksInMemory(store)
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
        #expect(dir.contents == ["data"])
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func anUnwritableParentGivesAnInMemoryStore() async throws {
        let dir = try TempDir("readonly-parent"); defer { dir.remove() }
        #expect(chmod(dir.url.path, 0o500) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        let problem = try #require(store.openProblem)
        #expect(problem.contains(dir.database.path))
        try await expectWorksInMemory(store)
        #expect(dir.contents.isEmpty)
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func aGoodDatabaseInAnUnwritableDirectoryIsLeftAlone() async throws {
        let dir = try TempDir("readonly-dir-db"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 3)
        let before = try Data(contentsOf: dir.database)
        let listing = dir.contents
        #expect(chmod(dir.url.path, 0o500) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(store.openProblem != nil)
        try await expectWorksInMemory(store)
        #expect(try Data(contentsOf: dir.database) == before)
        #expect(dir.contents == listing)
    }

    @Test(.disabled(if: getuid() == 0, "permissions do not apply to root"))
    func aReadOnlyGoodDatabaseIsNotTakenForADamagedOne() async throws {
        let dir = try TempDir("readonly-file"); defer { dir.remove() }
        try await makeRealDatabase(dir.database, launches: 3)
        let before = try Data(contentsOf: dir.database)
        #expect(chmod(dir.database.path, 0o400) == 0)

        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(store.openProblem != nil)
        try await expectWorksInMemory(store)
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

    func expectWorksInMemory(_ store: FavoritesStore, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await store.load() == .empty, sourceLocation: sourceLocation)
        let saved = try await store.saveLaunch(Sample.crs26)
        #expect(saved.launchIDs == ["crs-26"], sourceLocation: sourceLocation)
        _ = try await store.saveRocket(Sample.Rockets.falcon1)
        let loaded = try await store.load()
        #expect(loaded.launchIDs == ["crs-26"] && loaded.rocketIDs == [Sample.Rockets.falcon1.id], sourceLocation: sourceLocation)
        let removed = try await store.removeLaunch("crs-26")
        #expect(removed.launches.isEmpty, sourceLocation: sourceLocation)
    }
}
