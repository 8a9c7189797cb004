import Foundation
import Synchronization

/// Fetches through the HTTP client with a disk cache in front, so a source can keep to its
/// server's limits (Launch Library 2's free tier allows about 15 requests an hour), still
/// answer offline, and always say how old what it answers is.
///
/// - A response younger than `maxAge` is answered from disk without a request (unless the
///   user asked to `reload`).
/// - Otherwise the request goes out; a 2xx body that decodes is kept, with the time it came.
///   A body that does not decode is never kept: it must not replace data that did.
/// - After a 429, nothing is sent until the server's Retry-After has passed: asking again
///   early only extends the ban. Every copy of a fetcher shares that wait.
/// - When the network fails (or the wait is on), whatever the cache holds for the request is
///   answered instead, however old, with the failure as its `problem`, so the screen shows the
///   old data and why it is old. Only with nothing usable on disk does the error reach the
///   caller.
///
/// A struct like `HTTPClient`: cheap to copy, safe to share between tasks.
public struct CachedFetcher: Sendable {
    /// 20 MB: a page of launches is tens of kilobytes, so this holds every list and detail a
    /// user looks at for a long time, and stays apart from the pictures' 50 MB.
    public static let defaultCacheLimit = 20 * 1024 * 1024

    public let http: HTTPClient
    public let cache: DiskCache?
    /// The source's name for messages, e.g. "Launch Library 2".
    public let sourceName: String

    private let now: @Sendable () -> Date
    private let gate: RateLimitGate

    /// - Parameters:
    ///   - http: the network (its `data(_:)` turns non-2xx answers into `APIError.http`).
    ///   - cache: where responses are kept (e.g. a `DiskCache` at `AppPaths.responses` with
    ///     `defaultCacheLimit`); nil fetches every time and has nothing to fall back on.
    ///   - sourceName: named in the rate-limit message.
    ///   - now: the clock for ages and the rate-limit wait (the app's clock, a test's clock).
    public init(http: HTTPClient, cache: DiskCache?, sourceName: String, now: @escaping @Sendable () -> Date) {
        self.http = http
        self.cache = cache
        self.sourceName = sourceName
        self.now = now
        self.gate = RateLimitGate()
    }

    /// The decoded answer to `request`: from the cache while it is younger than `maxAge`,
    /// else from the network, else (the network failed) from the cache however old, with the
    /// failure as `problem`.
    ///
    /// - Parameters:
    ///   - maxAge: how long a stored answer is good for without asking again.
    ///   - mode: `.cacheOnly` answers from the cache alone (however old; `.notCached` when it
    ///     has nothing); `.reload` (the user's `r`) skips a fresh entry but still falls back
    ///     on it, and still honours a rate-limit wait.
    ///   - decode: turns a body into the value. It also vets what is kept: a body it rejects
    ///     is not stored, and a stored body it rejects is not answered.
    /// - Throws: the failure (`.rateLimited` for a 429) when the cache has nothing usable.
    public func fetch<T: Sendable>(_ request: HTTPClient.Request, maxAge: TimeInterval, mode: FetchMode,
                                   decode: @escaping @Sendable (Data) throws(APIError) -> T) async throws(APIError) -> Fetched<T> {
        let key = Self.key(for: request)
        // Read once: the same bytes answer as fresh, or later as the fallback. Decoded only
        // when they are about to answer (a stale entry the network replaces never is).
        let stored = cache?.entry(for: key)
        if mode == .cacheOnly {
            guard let stored, let value = try? decode(stored.data) else { throw .notCached }
            return Fetched(value, fetchedAt: stored.storedAt)
        }
        if mode == .normal, let stored {
            let age = now().timeIntervalSince(stored.storedAt)
            // A negative age is an entry from "the future" (the clock was set back): how old it
            // really is cannot be known, so it is never fresh, only a fallback.
            if age >= 0, age < maxAge, let value = try? decode(stored.data) {
                return Fetched(value, fetchedAt: stored.storedAt)
            }
        }

        do throws(APIError) {
            let body = try await send(request)
            let value = try decode(body)
            let fetchedAt = now()
            cache?.store(body, for: key, storedAt: fetchedAt)
            return Fetched(value, fetchedAt: fetchedAt)
        } catch {
            guard let stored, let value = try? decode(stored.data) else {
                throw Self.withNothingCached(error)
            }
            return Fetched(value, fetchedAt: stored.storedAt, problem: Self.answeredFromCache(error))
        }
    }

    /// A failure with nothing stored to answer instead: `--offline` says that it is the cache
    /// that is empty.
    public static func withNothingCached(_ error: APIError) -> APIError {
        guard case .offline(let why) = error else { return error }
        return .offline("\(why): nothing cached for this yet — run tminus without --offline to fill the cache")
    }

    /// A failure beside what is stored, answered instead: offline says what it shows.
    public static func answeredFromCache(_ error: APIError) -> APIError {
        guard case .offline(let why) = error else { return error }
        return .offline("\(why): showing what the cache holds")
    }

    /// The decoded answer from the network, through the rate-limit gate, kept nowhere: for
    /// callers that keep what they are sent themselves (the local replica's sync).
    public func fetchFresh<T: Sendable>(_ request: HTTPClient.Request,
                                        decode: @Sendable (Data) throws(APIError) -> T) async throws(APIError) -> T {
        try decode(try await send(request))
    }

    /// The body of a 2xx answer, through the rate-limit gate: while it is closed nothing is
    /// sent; a 429 closes it for Retry-After; any 2xx opens it.
    private func send(_ request: HTTPClient.Request) async throws(APIError) -> Data {
        if let remaining = gate.remaining(at: now()) {
            throw .rateLimited(source: sourceName, retryAfter: remaining)
        }
        do throws(APIError) {
            let body = try await http.data(request)
            gate.open()
            return body
        } catch .http(status: 429, let retryAfter) {
            if let retryAfter { gate.close(for: retryAfter, at: now()) }
            throw .rateLimited(source: sourceName, retryAfter: retryAfter)
        } catch {
            // A refusal is said with what was missing, and not asked again by itself.
            throw error.naming(source: sourceName, url: request.url)
        }
    }

    /// What an answer is stored under: the request's `key`.
    static func key(for request: HTTPClient.Request) -> String { request.key }
}

/// The wait after a 429, shared by every copy of a `CachedFetcher` (a reference in a struct).
/// In memory only: a restarted app asks once, and the server says again if it must.
final class RateLimitGate: Sendable {
    private struct Closed { var until: Date; var retryAfter: TimeInterval }
    private let state = Mutex<Closed?>(nil)

    /// The time left to wait at `now`, or nil when requests may go. A wait longer than the
    /// server asked for means the clock was set back: the gate opens rather than hold off for
    /// however far back it went.
    func remaining(at now: Date) -> TimeInterval? {
        state.withLock { closed in
            guard let current = closed else { return nil }
            let left = current.until.timeIntervalSince(now)
            guard left > 0, left <= current.retryAfter else {
                closed = nil
                return nil
            }
            return left
        }
    }

    func close(for retryAfter: TimeInterval, at now: Date) {
        state.withLock { $0 = Closed(until: now.addingTimeInterval(retryAfter), retryAfter: retryAfter) }
    }

    func open() {
        state.withLock { $0 = nil }
    }
}
