import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloaded picture bytes on disk, one file per URL, bounded in size, least recently used
/// first out.
///
/// - An entry is `<directory>/<sha256 of the URL>.img`: a header that holds the URL itself,
///   the body's length and an FNV-1a checksum, then the body. A read checks all of them, so a
///   hash collision, a truncated file or flipped bits are a miss, never another picture.
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
    /// 50 MB.
    public static let defaultLimit = 50 * 1024 * 1024

    public let directory: URL
    /// The most bytes the entries may take together.
    public let limit: Int

    private let now: @Sendable () -> Date
    private let hash: @Sendable (String) -> String
    private let lock = Mutex<Void>(())

    static let entryExtension = "img"
    static let tempExtension = "tmp"
    /// Temporary files older than this are some crashed writer's and are swept by eviction.
    static let staleTemp: TimeInterval = 10 * 60

    /// - Parameters:
    ///   - directory: where the entries live (e.g. `AppPaths.cache/images`); made when needed.
    ///   - limit: the most bytes the entries may take together (default 50 MB).
    public convenience init(directory: URL, limit: Int = DiskCache.defaultLimit) {
        self.init(directory: directory, limit: limit, now: { Date() }, hash: { SHA256.hex(Data($0.utf8)) })
    }

    /// For tests: a settable clock (access times) and a hash that can be made to collide.
    /// `hash` must answer a string that is safe as a file name.
    init(directory: URL, limit: Int, now: @escaping @Sendable () -> Date,
         hash: @escaping @Sendable (String) -> String) {
        self.directory = directory
        self.limit = max(0, limit)
        self.now = now
        self.hash = hash
    }

    // MARK: - Reading

    /// The bytes stored for `url`, or nil. A hit counts as a use (for eviction). An entry that
    /// cannot be read or fails its checks is removed and is a miss; an entry that belongs to
    /// another URL (a hash collision) is a miss and stays.
    public func data(for url: URL) -> Data? {
        lock.withLock { _ in
            let file = entryURL(for: url)
            guard let raw = try? Data(contentsOf: file) else { return nil }
            switch Entry.parse(raw) {
            case .none:
                try? FileManager.default.removeItem(at: file)
                return nil
            case .some(let entry) where entry.url != url.absoluteString:
                return nil
            case .some(let entry):
                try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
                return entry.body
            }
        }
    }

    // MARK: - Writing

    /// Keeps `data` for `url`, replacing what was there, then evicts if the directory grew
    /// over `limit`. Silently does nothing when the directory cannot be written, or when the
    /// entry alone would take more than the whole cache.
    public func store(_ data: Data, for url: URL) {
        lock.withLock { _ in
            let entry = Entry.encode(url: url.absoluteString, body: data)
            guard entry.count <= limit else { return }
            let fm = FileManager.default
            guard (try? fm.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else { return }
            let key = hash(url.absoluteString)
            let temp = directory.appending(path: ".\(key).\(UUID().uuidString).\(Self.tempExtension)",
                                           directoryHint: .notDirectory)
            do {
                try entry.write(to: temp)
            } catch {
                try? fm.removeItem(at: temp)
                return
            }
            let destination = entryURL(for: url)
            guard rename(temp.path, destination.path) == 0 else {
                try? fm.removeItem(at: temp)
                return
            }
            try? fm.setAttributes([.modificationDate: now()], ofItemAtPath: destination.path)
            evictIfNeeded()
        }
    }

    /// Forgets what is stored for `url` (e.g. bytes that no longer decode). Leaves another
    /// URL's entry alone.
    public func remove(for url: URL) {
        lock.withLock { _ in
            let file = entryURL(for: url)
            guard let raw = try? Data(contentsOf: file) else { return }
            if let entry = Entry.parse(raw), entry.url != url.absoluteString { return }
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// The bytes the entries take now (their file sizes).
    public var totalSize: Int {
        lock.withLock { _ in scan().entries.reduce(0) { $0 + $1.size } }
    }

    // MARK: - Internals

    func entryURL(for url: URL) -> URL {
        directory.appending(path: "\(hash(url.absoluteString)).\(Self.entryExtension)", directoryHint: .notDirectory)
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

// MARK: - Entry format

/// `TMIMG01\n`, the URL's length (UInt32, big-endian), the URL (UTF-8), the body's length
/// (UInt64), the body's FNV-1a 64 (UInt64), the body.
struct Entry: Equatable {
    static let magic = Data("TMIMG01\n".utf8)

    var url: String
    var body: Data

    static func encode(url: String, body: Data) -> Data {
        let urlBytes = Data(url.utf8)
        var out = Data(capacity: magic.count + 4 + urlBytes.count + 16 + body.count)
        out.append(magic)
        out.appendBigEndian(UInt32(urlBytes.count))
        out.append(urlBytes)
        out.appendBigEndian(UInt64(body.count))
        out.appendBigEndian(fnv1a64(body))
        out.append(body)
        return out
    }

    /// Nil for anything that is not exactly one well-formed entry.
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
              let urlLength = integer(UInt32.self),
              let urlBytes = take(Int(urlLength)),
              let url = String(data: urlBytes, encoding: .utf8),
              let bodyLength = integer(UInt64.self), bodyLength <= UInt64(Int.max),
              let checksum = integer(UInt64.self),
              raw.count - at == Int(bodyLength),
              let body = take(Int(bodyLength)),
              fnv1a64(body) == checksum
        else { return nil }
        return Entry(url: url, body: body)
    }

    static func fnv1a64(_ data: Data) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01b3
        }
        return h
    }
}

private extension Data {
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

// MARK: - SHA-256

/// FIPS 180-4 SHA-256, enough to name cache files (Foundation on Linux has no digest).
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func digest(_ data: Data) -> [UInt8] {
        var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                           0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var message = [UInt8](data)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }

        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var w = [UInt32](repeating: 0, count: 64)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] = UInt32(message[j]) << 24 | UInt32(message[j + 1]) << 16 | UInt32(message[j + 2]) << 8 | UInt32(message[j + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let ch = (e & f) ^ (~e & g)
                let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
            h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    static func hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef")
        return String(digest(data).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
    }
}
