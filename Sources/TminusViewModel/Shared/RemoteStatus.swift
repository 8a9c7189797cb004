import Foundation
import TminusCore

/// The one state machine for data that comes from a server: a launch list, the rockets, a
/// launch's whole record. Its transitions are pure (they take the time as an argument), so
/// what a list does after an answer, a failure or a tick is a unit test, not a scenario.
///
///     idle ──begin──▶ loadingFirst / loadingMore ──succeeded──▶ idle (or exhausted: PagedList)
///                                    │
///                                    └──failed──▶ idle + error + retryAt ──tick past retryAt──▶ begin
///
/// Rows already shown stay through every transition; only an answer replaces them.
public struct RemoteStatus: Sendable, Hashable {
    public enum Activity: Sendable, Hashable {
        case idle
        /// The first page, or a refresh from the top (rows already shown stay until it arrives).
        case loadingFirst
        case loadingMore
    }

    public var activity = Activity.idle
    /// Why the last request failed (the rows kept stay on screen beside it).
    public var error: APIError?
    /// Whether the failed request was a "load more" (then `r` retries that page).
    public var errorWasLoadMore = false
    /// Failures in a row, for the back-off.
    public var failures = 0
    /// When it asks again by itself, and how (a failed `r` is retried past the cache again).
    public var retryAt: Date?
    public var retryMode = FetchMode.normal
    /// When the data shown left the server (data from the cache keeps its age).
    public var updatedAt: Date?
    public var hasLoadedOnce = false
    /// The data shown is the built-in archive's (the source could not be reached and nothing
    /// was cached): the month it runs to, said instead of an age. The next answer from the
    /// source replaces it.
    public var archive: String?
    /// A refresh the request budget held back while the data was on screen: the data stays,
    /// no error is said (nothing is wrong with it), and the refresh goes again at this time.
    public var deferredUntil: Date?

    public init() {}

    public var isLoading: Bool { activity != .idle }

    /// A request goes out. A cache read keeps the last problem on screen until the network
    /// has answered.
    mutating func begin(_ activity: Activity, mode: FetchMode) {
        self.activity = activity
        retryAt = nil
        deferredUntil = nil
        if mode != .cacheOnly { error = nil }
    }

    /// The request failed: the error is shown and, unless asking again cannot help, a retry is
    /// set after a back-off.
    mutating func failed(_ error: APIError, mode: FetchMode, now: Date) {
        if error.heldBackFor != nil, hasLoadedOnce, activity == .loadingFirst {
            activity = .idle
            deferred(by: error, now: now)
            return
        }
        errorWasLoadMore = activity == .loadingMore
        activity = .idle
        self.error = error
        failures += 1
        retryAt = Self.retryTime(after: error, failures: failures, now: now)
        retryMode = mode
    }

    /// An answer arrived. Returns whether the network should be asked behind it: a cache read
    /// at start-up whose copy is stale. Data the cache answered because the network failed is
    /// shown with the reason, and asked for again later.
    /// - Parameter freshFor: how long the data stays fresh (a launch list's 10 minutes, the
    ///   events' hour): a cache read older than that asks the network behind it.
    mutating func succeeded(fetchedAt: Date, problem: APIError?, mode: FetchMode, now: Date, archive: String? = nil,
                            freshFor: TimeInterval = LaunchSource.freshFor) -> Bool {
        activity = .idle
        hasLoadedOnce = true
        self.archive = archive
        if mode == .cacheOnly {
            return now.timeIntervalSince(fetchedAt) >= freshFor || fetchedAt > now
        }
        errorWasLoadMore = false
        // The network was not asked because the budget held the request back, and the cache
        // answered: the data on screen is what there is, nothing is wrong with it, and the
        // refresh goes when the budget allows.
        if let problem, problem.heldBackFor != nil {
            error = nil
            deferred(by: problem, now: now)
            return false
        }
        error = problem
        if let problem {
            failures += 1
            retryAt = Self.retryTime(after: problem, failures: failures, now: now)
            retryMode = mode
        } else {
            failures = 0
        }
        return false
    }

    /// The governor held the request back over data on screen: no error, the refresh goes when
    /// it said.
    private mutating func deferred(by hold: APIError, now: Date) {
        deferredUntil = now.addingTimeInterval(max(1, hold.heldBackFor ?? 0))
    }

    /// Whether the retry timer has come (and nothing is in flight).
    func retryIsDue(now: Date) -> Bool {
        guard let retryAt, !isLoading else { return false }
        return retryAt <= now
    }

    /// When a failed request asks again by itself: after 5 s, then 10, 20… up to 5 min; after a
    /// 429 or a request the governor held back, when the server (or the governor) said, else in
    /// 5 min. Never for what asking again cannot change (`--offline`, a source without that list,
    /// a 404 or another 4xx the server would answer again).
    public static func retryTime(after error: APIError, failures: Int, now: Date) -> Date? {
        switch error {
        case .offline, .notAvailable, .notCached, .refused: return nil
        case .rateLimited(_, let after?), .http(429, let after?): return now.addingTimeInterval(max(1, after))
        case .rateLimited, .http(429, _): return now.addingTimeInterval(maxRetryDelay)
        default:
            if let wait = error.heldBackFor { return now.addingTimeInterval(max(1, wait)) }
            let exponent = Double(min(max(0, failures - 1), 10))
            // A request that never reached the server costs it nothing (and no budget): the
            // network coming back is noticed within half a minute, however long it was out.
            let ceiling = error.reachedServer ? maxRetryDelay : unreachedRetryDelay
            return now.addingTimeInterval(min(ceiling, 5 * pow(2, exponent)))
        }
    }

    public static let maxRetryDelay: TimeInterval = 5 * 60
    /// The longest wait between tries while the server cannot be reached at all.
    public static let unreachedRetryDelay: TimeInterval = 30
}

extension APIError {
    /// How long the request governor asks to wait, when it held this request back.
    var heldBackFor: TimeInterval? {
        if case .heldBack(_, let after, _) = self { return after }
        return nil
    }
}

extension APIError {
    /// The governor's hold on a request, whether it failed with it or the cache answered in
    /// its place.
    static func heldBack<T>(in result: Result<Fetched<T>, APIError>) -> APIError? {
        let error: APIError? = switch result {
        case .failure(let error): error
        case .success(let fetched): fetched.problem
        }
        return error?.heldBackFor == nil ? nil : error
    }
}
