import Foundation

/// The request budgets as one file beside the cache, shared by every tminus on the machine
/// (the app, `tminus next` in a status bar every 15 s, `list`, `doctor`): the governor's token
/// buckets, and a log of the last hour's requests per host with what each was for, which
/// `tminus doctor` shows. Every read and change holds an exclusive `flock` on the file, so two
/// processes never spend the same token.
///
/// A file that cannot be opened or locked (a read-only cache, say) leaves each process its own
/// buckets in memory, as before: the budget is then per process, never absent.
public final class BudgetLedger: Sendable {
    public struct Bucket: Codable, Sendable, Hashable {
        public var tokens: Double
        public var updated: Date
    }

    /// One request that went out (and, for all it is known, reached its server).
    public struct Entry: Codable, Sendable, Hashable {
        public var at: Date
        /// `127.0.0.1:8080`, `ll.thespacedevs.com`
        public var host: String
        /// `list`, `detail`, `rockets`, `events`, `news`, `refresh` (the app's schedule),
        /// `allowance`, `redirect` (a hop the server sent the request on), `other`
        public var purpose: String
    }

    /// Requests kept back for a launch near T-0 (`RequestOrigin.Keep`): only its refreshes
    /// may spend the last `count` tokens of the bucket until `until`.
    public struct Reservation: Codable, Sendable, Hashable {
        /// As `Entry.host`.
        public var host: String
        public var launch: String
        public var until: Date
        public var count: Int
    }

    public struct State: Codable, Sendable, Hashable {
        public var buckets: [String: Bucket] = [:]
        public var log: [Entry] = []
        /// Per bucket (budget and host), as `buckets`.
        public var reservations: [String: Reservation] = [:]
        public init() {}

        /// Drops what a clock ahead of `now` wrote: a run with `--now` years on (before the
        /// ledger kept the real time), a clock set back since, a file edited by hand. Its
        /// entries would count as "the last hour" for years and its reservations keep requests
        /// back for a launch that is not near. A process a moment ahead (its own scripted
        /// clock) is within `BudgetLedger.futureLeeway`. A bucket stays as spent as it is (the
        /// requests went out, whatever their date): it refills from `now` on, not from then.
        public mutating func forgetFuture(at now: Date) {
            let ahead = now.addingTimeInterval(BudgetLedger.futureLeeway)
            for (key, bucket) in buckets where bucket.updated > now { buckets[key]?.updated = now }
            log.removeAll { $0.at > ahead }
            // A reservation lasts two refreshes of a near launch (minutes): one that reaches
            // past the hour was not written by this clock.
            reservations = reservations.filter { $0.value.until <= now.addingTimeInterval(3600) }
        }

        enum CodingKeys: String, CodingKey { case buckets, log, reservations }

        // A file written before reservations existed reads with none.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            buckets = try c.decodeIfPresent([String: Bucket].self, forKey: .buckets) ?? [:]
            log = try c.decodeIfPresent([Entry].self, forKey: .log) ?? []
            reservations = try c.decodeIfPresent([String: Reservation].self, forKey: .reservations) ?? [:]
        }
    }

    /// The most log entries kept: far more than an hour of any budget.
    static let logLimit = 5000
    /// How far ahead of a process's clock an entry may be and still be this hour's: another
    /// process's clock a moment ahead.
    public static let futureLeeway: TimeInterval = 120

    public let file: URL

    public init(file: URL) { self.file = file }

    /// `body` with the state under the lock, then written back. Nil when the file cannot be
    /// used (the caller keeps its own count).
    public func update<T>(_ body: (inout State) -> T) -> T? {
        try? PrivateFiles.makeFolder(file.deletingLastPathComponent())
        let fd = PrivateFiles.open(file, O_RDWR | O_CREAT)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        var state = Self.read(fd) ?? State()
        let result = body(&state)
        if state.log.count > Self.logLimit { state.log.removeFirst(state.log.count - Self.logLimit) }
        guard let data = try? Self.encoder.encode(state), Self.write(data, to: fd) else { return nil }
        return result
    }

    /// The state as it is now (for `doctor`), without changing it.
    public func read() -> State? {
        let fd = PrivateFiles.open(file, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_SH) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        return Self.read(fd)
    }

    /// The state at `now` as a reader should take it: without what a clock ahead wrote.
    public func read(at now: Date) -> State? {
        guard var state = read() else { return nil }
        state.forgetFuture(at: now)
        return state
    }

    /// What is kept for a launch near T-0 at `now`, per host.
    public func reservations(at now: Date) -> [Reservation] {
        (read(at: now)?.reservations.values).map { $0.filter { $0.until > now }.sorted { $0.host < $1.host } } ?? []
    }

    /// The requests of the hour before `now`, per host and purpose. An entry a little ahead of
    /// `now` counts too (another process's clock a moment ahead wrote it); one further ahead
    /// does not (`State.forgetFuture`).
    public func lastHour(at now: Date) -> [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        for entry in read(at: now)?.log ?? [] where now.timeIntervalSince(entry.at) < 3600 {
            counts[entry.host, default: [:]][entry.purpose, default: 0] += 1
        }
        return counts
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    /// Nil for an empty or damaged file (it is written afresh).
    private static func read(_ fd: Int32) -> State? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        lseek(fd, 0, SEEK_SET)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > 4 * 1024 * 1024 { return nil }  // not ours: start again
        }
        guard !data.isEmpty else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(State.self, from: data)
    }

    private static func write(_ data: Data, to fd: Int32) -> Bool {
        guard ftruncate(fd, 0) == 0 else { return false }
        lseek(fd, 0, SEEK_SET)
        return data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// What a request is for: a refresh when the app's schedule asked, else what its URL
    /// names. The words `doctor` counts by.
    public static func purpose(of url: URL, origin: RequestOrigin) -> String {
        origin.kind == .refresh ? "refresh" : purpose(of: url)
    }

    /// What a request is for, from its URL.
    public static func purpose(of url: URL) -> String {
        let parts = url.path.split(separator: "/").map(String.init)
        func has(_ word: String) -> Bool { parts.contains(word) }
        if has("api-throttle") { return "allowance" }
        if has("articles") || has("blogs") || has("reports") { return "news" }
        if has("launcher_configurations") || has("config") || has("rockets") || has("agencies") { return "rockets" }
        if has("events") || has("event") { return "events" }
        if let index = parts.lastIndex(where: { $0 == "launches" || $0 == "launch" }) {
            let rest = parts[(index + 1)...].filter { $0 != "upcoming" && $0 != "previous" && $0 != "query" }
            return rest.isEmpty ? "list" : "detail"
        }
        return "other"
    }
}
