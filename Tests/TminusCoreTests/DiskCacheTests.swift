import Foundation
import Synchronization
import Testing
@testable import TminusCore

@Suite struct DiskCacheTests {
    // MARK: Hashing

    /// Vectors from the FNV reference test suite (Landon Curt Noll's `test_fnv.c`).
    @Test func fnv1aMatchesTheReferenceVectors() {
        #expect(FNV1a.hash64(Data()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash64("foobar".utf8) == 0x8594_4171_f739_67e8)
        #expect(FNV1a.hex("foobar".utf8) == "85944171f73967e8")
        // Continuing from a seed is hashing the concatenation.
        #expect(FNV1a.hash64("bar".utf8, seed: FNV1a.hash64("foo".utf8)) == FNV1a.hash64("foobar".utf8))
    }

    @Test func aFileNameIsAlwaysSixteenHexDigits() {
        // Some key whose hash has leading zero nibbles (found by search): still 16 digits.
        let key = (0...).lazy.map { "k\($0)" }.first { FNV1a.hash64($0.utf8) >> 56 == 0 }!
        #expect(DiskCache.fileName(for: key).count == 16)
        #expect(DiskCache.fileName(for: key).hasPrefix("00"))
        #expect(DiskCache.fileName(for: "x").allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func anEntryIsNamedByTheHashOfItsURL() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        cache.store(Data("patch".utf8), for: url("patch.png"))
        let expected = DiskCache.fileName(for: url("patch.png").absoluteString) + ".img"
        #expect(listing(dir) == [expected])
    }

    // MARK: Round trips

    @Test func storedBytesComeBackAndSurviveANewInstance() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let body = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        DiskCache(directory: dir).store(body, for: url("a.png"))
        let restarted = DiskCache(directory: dir)
        #expect(restarted.data(for: url("a.png")) == body)
        #expect(restarted.data(for: url("b.png")) == nil)
        #expect(restarted.data(for: url("a.png?size=2")) == nil)
    }

    @Test func anEmptyBodyIsAnEntryToo() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        cache.store(Data(), for: url("empty"))
        #expect(cache.data(for: url("empty")) == Data())
    }

    @Test func aStoreReplacesTheEntry() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        cache.store(Data("old".utf8), for: url("a.png"))
        cache.store(Data("new".utf8), for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == Data("new".utf8))
        #expect(listing(dir).count == 1)
    }

    @Test func removeForgetsOnlyThatURL() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        cache.store(Data("a".utf8), for: url("a.png"))
        cache.store(Data("b".utf8), for: url("b.png"))
        cache.remove(for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == nil)
        #expect(cache.data(for: url("b.png")) == Data("b".utf8))
    }

    @Test func theDirectoryIsMadeOnDemand() {
        let root = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appending(path: "cache/images", directoryHint: .isDirectory)
        let cache = DiskCache(directory: dir)
        #expect(cache.data(for: url("a.png")) == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.path), "a read makes nothing")
        cache.store(Data("a".utf8), for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == Data("a".utf8))
    }

    @Test func anUnwritableDirectoryMakesTheCacheANoOp() throws {
        // A directory below a regular file can never be made (even by root, who ignores modes).
        let root = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appending(path: "file")
        try Data("not a directory".utf8).write(to: blocker)
        let cache = DiskCache(directory: blocker.appending(path: "images", directoryHint: .isDirectory))
        cache.store(Data("a".utf8), for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == nil)
        cache.remove(for: url("a.png"))
        #expect(cache.totalSize == 0)
    }

    // MARK: Atomic writes

    @Test func writesLeaveNoTemporaryFilesBehind() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        // Many writers, some to the same entries, at once.
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<64 {
                group.addTask {
                    cache.store(Data(repeating: UInt8(i), count: 1000 + i), for: url("p\(i % 8).png"))
                }
            }
        }
        let files = listing(dir)
        #expect(files.count == 8)
        #expect(files.allSatisfy { $0.hasSuffix(".img") && !$0.hasPrefix(".") }, "\(files)")
        for i in 0..<8 {
            let body = cache.data(for: url("p\(i).png"))
            // Whichever writer came last, its entry is whole.
            #expect(body.map { b in b.allSatisfy { Int($0) % 8 == i } && b.count == 1000 + Int(b[0]) } == true)
        }
    }

    @Test func staleTemporaryFilesOfACrashedWriterAreSwept() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let stale = dir.appending(path: ".abc.1234.tmp"), fresh = dir.appending(path: ".def.5678.tmp")
        try Data("half an entry".utf8).write(to: stale)
        try Data("being written".utf8).write(to: fresh)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: stale.path)
        let cache = DiskCache(directory: dir)
        cache.store(Data("a".utf8), for: url("a.png"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path), "another process may still be writing it")
        #expect(cache.totalSize == Entry.encode(key: url("a.png").absoluteString, storedAt: Date(), body: Data("a".utf8)).count,
                "temporary files are not entries")
    }

    // MARK: Corruption

    @Test(arguments: ["garbage", "truncated", "flipped bit", "trailing byte", "empty file", "bad magic"])
    func aCorruptEntryIsAMissAndIsRemoved(_ damage: String) throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        let body = Data((0..<300).map { UInt8(truncatingIfNeeded: $0) })
        cache.store(body, for: url("a.png"))
        let file = cache.entryURL(for: url("a.png"))
        var raw = try Data(contentsOf: file)
        switch damage {
        case "garbage": raw = Data("<html>oops</html>".utf8)
        case "truncated": raw = raw.prefix(raw.count - 10)
        case "flipped bit": raw[raw.count - 100] ^= 0x10
        case "trailing byte": raw.append(0)
        case "empty file": raw = Data()
        default: raw[0] = UInt8(ascii: "X")
        }
        try raw.write(to: file)
        #expect(cache.data(for: url("a.png")) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // And the next store works as if nothing happened.
        cache.store(body, for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == body)
    }

    @Test func anUnreadableEntryIsAMiss() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        // A directory where the entry should be: reading fails.
        try FileManager.default.createDirectory(at: cache.entryURL(for: url("a.png")), withIntermediateDirectories: true)
        #expect(cache.data(for: url("a.png")) == nil)
    }

    // MARK: Collisions

    @Test func collidingURLsNeverAnswerEachOthersBytes() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        // Every URL hashes the same.
        let cache = DiskCache(directory: dir, limit: DiskCache.defaultLimit, now: { Date() }, hash: { _ in "same" })
        cache.store(Data("A".utf8), for: url("a.png"))
        #expect(cache.data(for: url("b.png")) == nil)
        #expect(cache.data(for: url("a.png")) == Data("A".utf8), "a collision's miss leaves the entry alone")
        cache.remove(for: url("b.png"))
        #expect(cache.data(for: url("a.png")) == Data("A".utf8), "removing the other URL leaves it alone")
        cache.store(Data("B".utf8), for: url("b.png"))
        #expect(cache.data(for: url("b.png")) == Data("B".utf8))
        #expect(cache.data(for: url("a.png")) == nil)
    }

    @Test func aForgedEntryForAnotherURLIsAMiss() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        // A well-formed entry of b's, sitting in a's file.
        let forged = Entry.encode(key: url("b.png").absoluteString, storedAt: Date(), body: Data("B".utf8))
        try forged.write(to: cache.entryURL(for: url("a.png")))
        #expect(cache.data(for: url("a.png")) == nil)
        #expect(cache.data(for: url("b.png")) == nil)
    }

    @Test func theEntryFormatRoundTripsAndRejectsEveryPrefix() {
        let stored = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456)
        let entry = Entry.encode(key: "https://x.test/ü", storedAt: stored, body: Data("body".utf8))
        #expect(Entry.parse(entry) == Entry(key: "https://x.test/ü", storedAt: stored, body: Data("body".utf8)))
        #expect(Entry.parse(entry.dropFirst(3)) == nil)
        for n in 0..<entry.count { #expect(Entry.parse(entry.prefix(n)) == nil) }
    }

    // MARK: Ages

    @Test func storedAtSurvivesAReopen() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let stored = Date(timeIntervalSince1970: 1_700_000_000.25)
        let first = DiskCache(directory: dir, limit: DiskCache.defaultLimit, now: { stored })
        first.store(Data("a".utf8), for: url("a.png"))
        // Another instance, on another clock: the age is the one recorded, to the bit.
        let later = Date(timeIntervalSince1970: 1_800_000_000)
        let restarted = DiskCache(directory: dir, limit: DiskCache.defaultLimit, now: { later })
        let entry = try #require(restarted.entry(for: url("a.png")))
        #expect(entry.data == Data("a".utf8))
        #expect(entry.storedAt == stored)
        // Reading (a use, for eviction) does not make it younger.
        #expect(restarted.entry(for: url("a.png"))?.storedAt == stored)
    }

    @Test func aStoreCanRecordTheCallersTime() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        let given = Date(timeIntervalSince1970: 1_000_000_000)
        cache.store(Data("x".utf8), for: "GET https://api.test/x", storedAt: given)
        #expect(DiskCache(directory: dir).entry(for: "GET https://api.test/x")?.storedAt == given)
        cache.store(Data("y".utf8), for: "GET https://api.test/x", storedAt: given.addingTimeInterval(60))
        #expect(cache.entry(for: "GET https://api.test/x")?.storedAt == given.addingTimeInterval(60), "a store replaces the time too")
    }

    // MARK: Keys

    @Test func anyStringIsAKeyAndAURLIsItsAbsoluteString() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        let query = "POST https://api.test/v5/launches/query\n{\"query\":{\"upcoming\":true}}"
        let other = "POST https://api.test/v5/launches/query\n{\"query\":{\"upcoming\":false}}"
        cache.store(Data("upcoming".utf8), for: query)
        cache.store(Data("past".utf8), for: other)
        #expect(cache.data(for: query) == Data("upcoming".utf8))
        #expect(cache.data(for: other) == Data("past".utf8))
        #expect(cache.data(for: "POST https://api.test/v5/launches/query") == nil)
        #expect(listing(dir) == [DiskCache.fileName(for: other) + ".img", DiskCache.fileName(for: query) + ".img"].sorted())

        // The URL forms are the string forms of `absoluteString`, both ways.
        cache.store(Data("patch".utf8), for: url("patch.png"))
        #expect(cache.data(for: url("patch.png").absoluteString) == Data("patch".utf8))
        cache.store(Data("logo".utf8), for: url("logo.png").absoluteString)
        #expect(cache.entry(for: url("logo.png"))?.data == Data("logo".utf8))
        cache.remove(for: url("logo.png"))
        #expect(cache.data(for: url("logo.png").absoluteString) == nil)
        #expect(cache.entryURL(for: url("patch.png")) == cache.entryURL(for: url("patch.png").absoluteString))
    }

    // MARK: Old formats

    /// An entry as the previous version wrote it: `TMIMG01\n`, the URL, the body's length and
    /// FNV-1a, the body; no time.
    private func formatOneEntry(url: String, body: Data) -> Data {
        func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return Data("TMIMG01\n".utf8) + bigEndian(UInt32(url.utf8.count)) + Data(url.utf8)
            + bigEndian(UInt64(body.count)) + bigEndian(FNV1a.hash64(body)) + body
    }

    @Test func anOldFormatEntryIsAMissAndIsReplaced() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        let file = cache.entryURL(for: url("a.png"))
        try formatOneEntry(url: url("a.png").absoluteString, body: Data("old".utf8)).write(to: file)
        #expect(cache.totalSize > 0, "an old entry still counts against the limit until it goes")
        #expect(cache.entry(for: url("a.png")) == nil)
        #expect(cache.data(for: url("a.png")) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        cache.store(Data("new".utf8), for: url("a.png"))
        #expect(cache.data(for: url("a.png")) == Data("new".utf8))
    }

    /// The checksum covers the header too: a damaged key or time is a miss, not a wrong age.
    @Test(arguments: ["key", "time", "body length"])
    func aFlippedBitInTheHeaderIsAMiss(_ field: String) throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir)
        cache.store(Data("body".utf8), for: "k", storedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let file = cache.entryURL(for: "k")
        var raw = try Data(contentsOf: file)
        let keyAt = Entry.magic.count + 4
        switch field {
        case "key": raw[keyAt] ^= 0x01          // "k" -> "j": same length, another key
        case "time": raw[keyAt + 1 + 7] ^= 0x01 // the lowest bit of the time
        default: raw[keyAt + 1 + 8 + 7] ^= 0x01 // the body length's lowest bit
        }
        try raw.write(to: file)
        #expect(cache.entry(for: "k") == nil)
        #expect(cache.entry(for: "j") == nil)
    }

    // MARK: Eviction

    /// An entry of exactly 200 bytes (the header holds the 30-byte URL).
    private func body200(_ name: String) -> Data {
        let header = Entry.encode(key: url(name).absoluteString, storedAt: Date(), body: Data()).count
        return Data(repeating: UInt8(ascii: "x"), count: 200 - header)
    }

    @Test func evictionDropsTheLeastRecentlyUsedUntilUnder80Percent() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let clock = SteppingClock()
        let cache = DiskCache(directory: dir, limit: 1000, now: { clock() })
        for name in ["a", "b", "c", "d", "e"] { cache.store(body200(name), for: url(name)) }
        #expect(cache.totalSize == 1000, "at the limit, not over it: nothing goes")
        #expect(cache.data(for: url("a")) != nil) // a is now the most recently used

        cache.store(body200("f"), for: url("f")) // 1200 > 1000: down to 800 or less
        #expect(cache.totalSize == 800)
        #expect(cache.data(for: url("b")) == nil)
        #expect(cache.data(for: url("c")) == nil)
        for name in ["a", "d", "e", "f"] { #expect(cache.data(for: url(name)) != nil, "\(name)") }
    }

    @Test func theSizeBoundHoldsOverManyStores() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let clock = SteppingClock()
        let cache = DiskCache(directory: dir, limit: 2000, now: { clock() })
        for i in 0..<50 {
            cache.store(Data(repeating: 1, count: 100 + i * 7), for: url("p\(i)"))
            #expect(cache.totalSize <= 2000)
        }
        // The newest entry always survives its own store.
        #expect(cache.data(for: url("p49")) != nil)
        #expect(cache.data(for: url("p0")) == nil)
    }

    @Test func anEntryBiggerThanTheWholeCacheIsNotKept() {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir, limit: 500)
        cache.store(Data(repeating: 1, count: 100), for: url("small"))
        cache.store(Data(repeating: 2, count: 600), for: url("huge"))
        #expect(cache.data(for: url("huge")) == nil)
        #expect(cache.data(for: url("small")) != nil, "and it does not flush the rest")
    }

    @Test func aHitRefreshesTheAccessTime() throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let clock = SteppingClock()
        let cache = DiskCache(directory: dir, limit: DiskCache.defaultLimit, now: { clock() })
        cache.store(Data("a".utf8), for: url("a"))
        let file = cache.entryURL(for: url("a"))
        func modified() throws -> Date { try #require(file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) }
        let stored = try modified()
        _ = cache.data(for: url("a"))
        #expect(try modified() > stored)
    }

    @Test func concurrentReadersAndWritersAgree() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let cache = DiskCache(directory: dir, limit: 20_000)
        let wrong = Tally()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    let name = "p\(i % 20)"
                    if i % 3 == 0 {
                        cache.store(Data(repeating: UInt8(i % 20), count: 500), for: url(name))
                    } else if let body = cache.data(for: url(name)), body != Data(repeating: UInt8(i % 20), count: 500) {
                        wrong.bump()
                    }
                }
            }
        }
        #expect(wrong.count == 0)
        #expect(cache.totalSize <= 20_000)
    }
}
