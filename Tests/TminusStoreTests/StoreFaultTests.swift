import Foundation
import GRDB
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusStore

/// Issue 35 at the store's level, without root: another connection's lock, the data folder
/// deleted under an open store, and the first call never waiting on a lock for long.
@Suite struct StoreFaultTests {
    let now: @Sendable () -> Date = { Sample.reference }

    /// A second connection holding the write lock (as another program would) until `release`.
    final class Locker: @unchecked Sendable {
        private let queue: DatabaseQueue
        private let done = DispatchSemaphore(value: 0)
        private let holding = DispatchSemaphore(value: 0)

        /// `exclusive`: the file's exclusive locking mode, which keeps readers out too.
        init(_ url: URL, exclusive: Bool = false) throws {
            queue = try DatabaseQueue(path: url.path)
            let (done, holding, queue) = (done, holding, queue)
            Thread.detachNewThread {
                try? queue.writeWithoutTransaction { db in
                    if exclusive { try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
                    try db.execute(sql: "BEGIN EXCLUSIVE")
                    _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM watchedLaunch")
                    holding.signal()
                    done.wait()
                    try db.execute(sql: "COMMIT")
                    if exclusive {
                        try db.execute(sql: "PRAGMA locking_mode = NORMAL")
                        _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM watchedLaunch")  // gives the lock up
                    }
                }
                holding.signal()
            }
            holding.wait()
        }

        func release() {
            done.signal()
            holding.wait()
        }
    }

    func makeDatabase(_ dir: TempDir, launches: Int) async throws {
        let store = FavoritesStore.sqlite(at: dir.database, now: now)
        for launch in Sample.launches(launches, upcoming: true) { _ = try await store.saveLaunch(launch) }
    }

    @Test func aWriteLockKeepsReadsGoingAndAWriteWaitsABoundedTimeThenSaysWhy() async throws {
        let dir = try TempDir("locked"); defer { dir.remove() }
        try await makeDatabase(dir, launches: 2)
        let locker = try Locker(dir.database)

        let store = FavoritesStore.sqlite(at: dir.database, now: now, busyTimeout: 0.3)
        #expect(try await store.load().launches.count == 2, "reads go on under another's write lock (WAL)")
        let started = ContinuousClock.now
        do {
            _ = try await store.saveRocket(Sample.Rockets.falcon9)
            Issue.record("the write went through a held lock")
        } catch {
            #expect(error.reason == "the database is locked by another program")
            #expect(error.lasts)
        }
        // The lock is held until `release()` below: a write waiting on it would never come back,
        // so any finite bound tells the two apart. Wide (the busy timeouts come to 0.6 s): CI's
        // loaded two cores once took 5.3 s to get here.
        #expect(ContinuousClock.now - started < .seconds(30), "bounded by the busy timeout, not the lock")

        locker.release()
        #expect(try await store.saveRocket(Sample.Rockets.falcon9).rocketIDs == [Sample.Rockets.falcon9.id], "and it goes once the lock is gone")
    }

    @Test func anExclusiveLockStillLetsTheFavoritesBeReadFromACopy() async throws {
        let dir = try TempDir("exclusive"); defer { dir.remove() }
        try await makeDatabase(dir, launches: 3)
        let locker = try Locker(dir.database, exclusive: true)

        let store = FavoritesStore.sqlite(at: dir.database, now: now, busyTimeout: 0.3)
        #expect(try await store.load().launches.count == 3, "read what can be read")
        #expect(store.status().readOnly == "the database is locked by another program")
        await #expect(throws: StoreError.self) { try await store.saveRocket(Sample.Rockets.falcon9) }

        locker.release()
        _ = try await store.saveRocket(Sample.Rockets.falcon9)
        #expect(try await store.load().rockets.count == 1)
        #expect(try launchIDs(dir.database).count == 3, "written to the real file, not the copy")
        #expect(store.status().readOnly == nil)
    }

    @Test func aDataFolderDeletedUnderAnOpenStoreIsMadeAgainWithItsRows() async throws {
        let dir = try TempDir("deleted"); defer { dir.remove() }
        let data = dir.url.appending(path: "data")
        let url = data.appending(path: "favorites.sqlite")
        let store = FavoritesStore.sqlite(at: url, now: now)
        _ = try await store.saveLaunch(Sample.crs26)
        try FileManager.default.removeItem(at: data)

        let after = try await store.saveRocket(Sample.Rockets.falcon1)
        #expect(after.launchIDs == ["crs-26"] && after.rocketIDs == [Sample.Rockets.falcon1.id])
        #expect(try launchIDs(url) == ["crs-26"], "the new file has the rows the deleted one held")
        #expect(try integrityCheck(url) == ["ok"])
    }

    @Test func theFirstCallDoesNotOpenBeforeItIsAsked() async throws {
        let dir = try TempDir("lazy"); defer { dir.remove() }
        _ = FavoritesStore.sqlite(at: dir.database, now: now)
        #expect(!FileManager.default.fileExists(atPath: dir.database.path), "nothing is opened until the first call")
    }
}
