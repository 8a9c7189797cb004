import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes on disk, one file per key, bounded in size, least recently used first out. The one
/// implementation behind both downloaded pictures (keyed by URL) and API responses (keyed by
/// method, URL and body; see `CachedFetcher`): each use gets its own directory and limit.
///
/// - An entry is `<directory>/<FNV-1a 64 of the key, in hex>.img`: a header that holds the key
///   itself, when the entry was stored, the body's length and an FNV-1a checksum, then the
///   body. A read checks all of them, so a hash collision, a truncated file or flipped bits are
///   a miss, never another key's bytes or a wrong age. (Older versions named entries by a
///   SHA-256: no key leads to those files any more, so they are never read; they still count
///   against the limit and, never touched, are the first to be evicted.)
/// - Each entry knows when it was stored (`entry(for:)`), so a caller can tell how old its
///   data is even after a restart, without trusting file times that a copy or a backup resets.
/// - Writes go to a temporary file in the same directory that is then renamed over the entry:
///   a crash leaves the old entry or the new one, never half of one.
/// - A hit sets the entry's modification time to now; when a store takes the directory over
///   `limit` bytes, the entries touched longest ago go until it is under 80% of `limit`.
/// - The directory is created on demand. When it cannot be (or cannot be written), the cache
///   does nothing: every read is a miss, every store is dropped. Never an error to the user.
///
/// Thread-safe: one lock serializes this instance's file operations. Two processes sharing
/// the directory are safe too (renames are atomic, reads validate), only less tidy.
public final class DiskCache: Sendable {
    /// 50 MB: the pictures' default (`PictureLoader`). API responses are far smaller and use
    /// `CachedFetcher.defaultCacheLimit`.
    public static let defaultLimit = 50 * 1024 * 1024

    public let directory: URL
    /// The most bytes the entries may take together.
    public let limit: Int

    private let now: @Sendable () -> Date
    private let hash: @Sendable (String) -> String
    private let lock = Mutex<Void>(())

    /// `img` for every kind of entry: the name predates responses, and keeping it means the
    /// files an older version left are still counted and evicted (and, being of the old
    /// format, removed when read), never orphaned outside the limit.
    static let entryExtension = "img"
    static let tempExtension = "tmp"
    /// Temporary files older than this are some crashed writer's and are swept by eviction.
    static let staleTemp: TimeInterval = 10 * 60

    /// - Parameters:
    ///   - directory: where the entries live (e.g. `AppPaths.responses`); made when needed.
    ///   - limit: the most bytes the entries may take together (default 50 MB).
    public convenience init(directory: URL, limit: Int = DiskCache.defaultLimit) {
        self.init(directory: directory, limit: limit, now: { Date() })
    }

    /// For tests: a settable clock (access times, and `storedAt` when a store gives none) and
    /// a hash that can be made to collide. `hash` must answer a string that is safe as a file
    /// name.
    init(directory: URL, limit: Int, now: @escaping @Sendable () -> Date,
         hash: @escaping @Sendable (String) -> String = DiskCache.fileName(for:)) {
        self.directory = directory
        self.limit = max(0, limit)
        self.now = now
        self.hash = hash
    }

    // MARK: - Reading

    /// The bytes stored for `key` and when they were stored, or nil. A hit counts as a use
    /// (for eviction). An entry that cannot be read or fails its checks (including one written
    /// in an older format) is removed and is a miss; an entry that belongs to another key (a
    /// hash collision) is a miss and stays.
    public func entry(for key: String) -> (data: Data, storedAt: Date)? {
        lock.withLock { _ in
            let file = entryURL(for: key)
            guard let raw = try? Data(contentsOf: file) else { return nil }
            switch Entry.parse(raw) {
            case .none:
                try? FileManager.default.removeItem(at: file)
                return nil
            case .some(let entry) where entry.key != key:
                return nil
            case .some(let entry):
                try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
                return (entry.body, entry.storedAt)
            }
        }
    }

    /// The bytes stored for `key`, or nil; see `entry(for:)`.
    public func data(for key: String) -> Data? {
        entry(for: key)?.data
    }

    // MARK: - Writing

    /// Keeps `data` for `key`, replacing what was there, then evicts if the directory grew
    /// over `limit`. Silently does nothing when the directory cannot be written, or when the
    /// entry alone would take more than the whole cache.
    ///
    /// - Parameter storedAt: the age to record; nil records the cache's own now. A caller with
    ///   its own clock passes it, so the ages it reads back are on that clock.
    public func store(_ data: Data, for key: String, storedAt: Date? = nil) {
        lock.withLock { _ in
            let entry = Entry.encode(key: key, storedAt: storedAt ?? now(), body: data)
            guard entry.count <= limit else { return }
            let fm = FileManager.default
            guard (try? PrivateFiles.makeFolder(directory)) != nil else { return }
            let temp = directory.appending(path: ".\(hash(key)).\(UUID().uuidString).\(Self.tempExtension)",
                                           directoryHint: .notDirectory)
            do {
                try entry.write(to: temp)
            } catch {
                try? fm.removeItem(at: temp)
                return
            }
            let destination = entryURL(for: key)
            guard rename(temp.path, destination.path) == 0 else {
                try? fm.removeItem(at: temp)
                return
            }
            try? fm.setAttributes([.modificationDate: now()], ofItemAtPath: destination.path)
            evictIfNeeded()
        }
    }

    /// Forgets what is stored for `key` (e.g. bytes that no longer decode). Leaves another
    /// key's entry alone.
    public func remove(for key: String) {
        lock.withLock { _ in
            let file = entryURL(for: key)
            guard let raw = try? Data(contentsOf: file) else { return }
            if let entry = Entry.parse(raw), entry.key != key { return }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The bytes the entries take now (their file sizes).
    public var totalSize: Int {
        lock.withLock { _ in scan().entries.reduce(0) { $0 + $1.size } }
    }

    // MARK: - Internals

    /// An entry's file name without its extension: `hash`'s default.
    static func fileName(for key: String) -> String { FNV1a.hex(key.utf8) }

    func entryURL(for key: String) -> URL {
        directory.appending(path: "\(hash(key)).\(Self.entryExtension)", directoryHint: .notDirectory)
    }

    private struct Listed { var url: URL; var size: Int; var modified: Date }

    private func scan() -> (entries: [Listed], temps: [Listed]) {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let files = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: []) else { return ([], []) }
        var entries: [Listed] = [], temps: [Listed] = []
        for file in files {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let listed = Listed(url: file, size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
            switch file.pathExtension {
            case Self.entryExtension: entries.append(listed)
            case Self.tempExtension: temps.append(listed)
            default: continue
            }
        }
        return (entries, temps)
    }

    /// Over the limit: drop entries, least recently used first, until under 80% of it. Also
    /// sweeps temporary files a crashed writer left behind.
    private func evictIfNeeded() {
        let (entries, temps) = scan()
        let fm = FileManager.default
        let cutoff = now().addingTimeInterval(-Self.staleTemp)
        for temp in temps where temp.modified < cutoff { try? fm.removeItem(at: temp.url) }

        var total = entries.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        let target = limit - limit / 5
        let oldestFirst = entries.sorted {
            $0.modified != $1.modified ? $0.modified < $1.modified : $0.url.lastPathComponent < $1.url.lastPathComponent
        }
        for entry in oldestFirst {
            guard total > target else { break }
            if (try? fm.removeItem(at: entry.url)) != nil { total -= entry.size }
        }
    }
}

// MARK: - URL keys

extension DiskCache {
    /// Pictures are keyed by their URL: these use `url.absoluteString` as the key.
    public func entry(for url: URL) -> (data: Data, storedAt: Date)? { entry(for: url.absoluteString) }
    public func data(for url: URL) -> Data? { data(for: url.absoluteString) }
    public func store(_ data: Data, for url: URL, storedAt: Date? = nil) {
        store(data, for: url.absoluteString, storedAt: storedAt)
    }
    public func remove(for url: URL) { remove(for: url.absoluteString) }

    func entryURL(for url: URL) -> URL { entryURL(for: url.absoluteString) }
}

// MARK: - Entry format

extension DiskCache {
    /// `TMIMG02\n`, the key's length (UInt32, big-endian), the key (UTF-8), when it was stored
    /// (the bits of a Float64 of seconds since 2001, as `Date` keeps it: exact round trip),
    /// the body's length (UInt64), an FNV-1a 64 (UInt64) of everything before it and the body,
    /// the body.
    ///
    /// `TMIMG01\n` entries (no time, checksum of the body only) are simply not parsed: an old
    /// version's entry is a miss and is removed, and the next store writes the new format.
    struct Entry: Equatable {
        static let magic = Data("TMIMG02\n".utf8)

        var key: String
        var storedAt: Date
        var body: Data

        static func encode(key: String, storedAt: Date, body: Data) -> Data {
            let keyBytes = Data(key.utf8)
            var out = Data(capacity: magic.count + 4 + keyBytes.count + 24 + body.count)
            out.append(magic)
            out.appendBigEndian(UInt32(keyBytes.count))
            out.append(keyBytes)
            out.appendBigEndian(storedAt.timeIntervalSinceReferenceDate.bitPattern)
            out.appendBigEndian(UInt64(body.count))
            out.appendBigEndian(FNV1a.hash64(body, seed: FNV1a.hash64(out)))
            out.append(body)
            return out
        }

        /// Nil for anything that is not exactly one well-formed entry of this format.
        static func parse(_ raw: Data) -> Entry? {
            let raw = Data(raw) // indices from 0
            var at = 0
            func take(_ n: Int) -> Data? {
                guard n >= 0, raw.count - at >= n else { return nil }
                defer { at += n }
                return raw.subdata(in: at..<at + n)
            }
            func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
                guard let bytes = take(MemoryLayout<T>.size) else { return nil }
                return bytes.reduce(T(0)) { $0 << 8 | T($1) }
            }
            guard take(magic.count) == magic,
                  let keyLength = integer(UInt32.self),
                  let keyBytes = take(Int(keyLength)),
                  let key = String(data: keyBytes, encoding: .utf8),
                  let timeBits = integer(UInt64.self),
                  case let seconds = Double(bitPattern: timeBits), seconds.isFinite,
                  let bodyLength = integer(UInt64.self), bodyLength <= UInt64(Int.max),
                  case let headerEnd = at,
                  let checksum = integer(UInt64.self),
                  raw.count - at == Int(bodyLength),
                  let body = take(Int(bodyLength)),
                  FNV1a.hash64(body, seed: FNV1a.hash64(raw.prefix(headerEnd))) == checksum
            else { return nil }
            return Entry(key: key, storedAt: Date(timeIntervalSinceReferenceDate: seconds), body: body)
        }
    }
}

private extension Data {
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
