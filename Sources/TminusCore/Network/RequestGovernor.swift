import Foundation
import Synchronization

/// Sits below every client so that no bug above it (a retry loop, a list that never ends, a key
/// held down) can make the app send more than a few requests a minute to one API:
///
/// - Per host and budget, a token bucket (`RequestBudget`). When it is empty the request is not
///   sent, and not queued out of sight either: it fails at once with `.heldBack`, whose message
///   says so on screen and whose `retryAfter` says when to ask again.
/// - Per request (method, URL and body, `HTTPClient.Request.key`), at most one in flight: an
///   identical request while one is out waits for the same answer and spends no token.
///
/// Below `CachedFetcher`, so an answer from the cache costs nothing. One governor serves the
/// whole app; each client says whose budget it spends (`HTTPClient.governed(by:budget:)`).
public final class RequestGovernor: Sendable {
    /// The budgets counted in this process alone (no ledger, a ledger that cannot be used,
    /// the pictures').
    private let memory = Mutex(BudgetLedger.State())
    private let flights = SharedFlights<Result<HTTPClient.Response, APIError>>(cancelled: .failure(.transport("cancelled")))
    private let now: @Sendable () -> Date
    /// The buckets every tminus on the machine shares (`BudgetLedger`); nil: this process's own.
    private let ledger: BudgetLedger?

    /// - Parameters:
    ///   - now: the clock the buckets refill by (a test's clock in tests).
    ///   - ledger: the file the shared budgets live in; without one (or when it cannot be
    ///     used) each budget is counted in this process alone.
    public init(now: @escaping @Sendable () -> Date = { Date() }, ledger: BudgetLedger? = nil) {
        self.now = now
        self.ledger = ledger
    }

    /// `request` through `send`, within `budget`.
    ///
    /// A caller whose task is cancelled leaves at once (`.transport("cancelled")`); the request
    /// itself goes on for the others waiting on it, and is cancelled when the last one leaves.
    public func send(_ request: HTTPClient.Request, budget: RequestBudget,
                     via send: @escaping @Sendable (HTTPClient.Request) async throws(APIError) -> HTTPClient.Response)
        async throws(APIError) -> HTTPClient.Response {
        let result = await flights.value(for: budget.name + "\n" + request.key) { [self] () async -> Result<HTTPClient.Response, APIError> in
            if let held = take(from: budget, for: request.url) { return .failure(held) }
            do throws(APIError) {
                let response = try await send(request)
                // Each redirect was one more request at the server (a list that sends itself
                // elsewhere costs each hop, not one).
                charge(response.redirects, of: budget, for: request.url)
                return .success(response)
            } catch {
                // Nothing reached the server (refused, no route, no name, TLS, connect timeout):
                // it counted nothing there, so it counts nothing here.
                if !error.reachedServer { refund(budget, for: request.url) }
                if error == .tooManyRedirects { charge(HTTPClient.maxRedirects, of: budget, for: request.url) }
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Takes a token for `url`'s host: nil when one was there, else why not and for how long.
    ///
    /// The request's origin (`RequestOrigin.current`) counts: one that names a launch near
    /// T-0 keeps the last of the bucket for that launch's refreshes, and only a refresh may
    /// spend what is kept.
    func take(from budget: RequestBudget, for url: URL) -> APIError? {
        guard budget.interval > 0 else { return nil }
        let key = budget.name + " " + Self.hostAndPort(url)
        let now = now(), origin = RequestOrigin.current, host = Self.host(url)
        return withState(shared: budget.shared) { state -> APIError? in
            var bucket = state.buckets[key] ?? BudgetLedger.Bucket(tokens: Double(budget.burst), updated: now)
            if let keep = origin.keep {
                state.reservations[key] = BudgetLedger.Reservation(host: host, launch: keep.launch, until: now.addingTimeInterval(keep.span),
                                                                   count: RequestOrigin.keptRequests)
            }
            state.reservations = state.reservations.filter { $0.value.until > now }
            let reservation = origin.kind == .refresh ? nil : state.reservations[key]
            var keeping = reservation?.count ?? 0
            if origin.kind == .background { keeping = max(keeping, RequestOrigin.backgroundSpare(burst: budget.burst)) }
            let wait = Self.take(&bucket, budget: budget, now: now, keeping: keeping)
            state.buckets[key] = bucket
            state.log.removeAll { now.timeIntervalSince($0.at) >= 3600 }
            guard let wait else {
                state.log.append(BudgetLedger.Entry(at: now, host: host, purpose: BudgetLedger.purpose(of: url, origin: origin)))
                return nil
            }
            // Held back by what is kept, or by the budget itself (nothing left at all).
            let kept = bucket.tokens >= 1 ? reservation?.launch : nil
            return .heldBack(host: host, retryAfter: wait, keptFor: kept)
        }
    }

    /// The bucket refilled to `now`, then one token taken, leaving at least `keeping`: nil, or
    /// the time until one is there.
    private static func take(_ bucket: inout BudgetLedger.Bucket, budget: RequestBudget, now: Date, keeping: Int = 0) -> TimeInterval? {
        // A clock set back refills nothing (and takes nothing away).
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(Double(budget.burst), bucket.tokens + elapsed / budget.interval)
        bucket.updated = now
        let needed = 1 + Double(min(keeping, budget.burst - 1))
        guard bucket.tokens >= needed else { return (needed - bucket.tokens) * budget.interval }
        bucket.tokens -= 1
        return nil
    }

    /// The bucket for `url`'s host as it is now (refilled, nothing taken): what tminus may still
    /// send there at once.
    public func ownAllowance(_ budget: RequestBudget, for url: URL) -> OwnAllowance {
        let key = budget.name + " " + Self.hostAndPort(url)
        let now = now()
        let tokens = withState(shared: budget.shared) { state -> Double in
            guard let bucket = state.buckets[key] else { return Double(budget.burst) }
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            return budget.interval > 0 ? min(Double(budget.burst), bucket.tokens + elapsed / budget.interval) : Double(budget.burst)
        }
        return OwnAllowance(tokens: tokens, at: now, burst: budget.burst, every: budget.interval)
    }

    /// Takes `hops` more tokens for requests that went out unasked (redirects followed), and
    /// logs them: the bucket may fall below empty, so the next request waits for them too.
    func charge(_ hops: Int, of budget: RequestBudget, for url: URL) {
        guard hops > 0, budget.interval > 0 else { return }
        let key = budget.name + " " + Self.hostAndPort(url)
        let now = now(), host = Self.host(url)
        withState(shared: budget.shared) { state in
            var bucket = state.buckets[key] ?? BudgetLedger.Bucket(tokens: Double(budget.burst), updated: now)
            bucket.tokens = max(-Double(budget.burst), bucket.tokens - Double(hops))
            state.buckets[key] = bucket
            for _ in 0..<hops { state.log.append(BudgetLedger.Entry(at: now, host: host, purpose: "redirect")) }
        }
    }

    /// Gives back the token a request took that never reached its server.
    func refund(_ budget: RequestBudget, for url: URL) {
        guard budget.interval > 0 else { return }
        let key = budget.name + " " + Self.hostAndPort(url)
        let host = Self.host(url), purpose = BudgetLedger.purpose(of: url, origin: RequestOrigin.current)
        withState(shared: budget.shared) { state in
            if var bucket = state.buckets[key] {
                bucket.tokens = min(Double(budget.burst), bucket.tokens + 1)
                state.buckets[key] = bucket
            }
            if let last = state.log.lastIndex(where: { $0.host == host && $0.purpose == purpose }) { state.log.remove(at: last) }
        }
    }

    /// `body` on the budgets every tminus shares (the ledger) when `shared` and the ledger can
    /// be used, else on this process's own.
    private func withState<T>(shared: Bool, _ body: (inout BudgetLedger.State) -> T) -> T {
        let now = now()
        return withoutActuallyEscaping(body) { body in
            let sane = { (state: inout BudgetLedger.State) -> T in
                state.forgetFuture(at: now)
                return body(&state)
            }
            if shared, let ledger, let result = ledger.update(sane) { return result }
            return memory.withLock { sane(&$0) }
        }
    }

    /// Requests being sent now (identical ones counted once).
    public var inFlight: Int { flights.inFlight }

    /// Callers waiting for those requests (joined ones included).
    public var waiting: Int { flights.waiting }

    /// The bucket's host: the port counts (two servers on one machine are two hosts).
    static func hostAndPort(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(url.host ?? "") \(port)"
    }

    /// The host as the user knows it: with the port only when the URL names one.
    static func host(_ url: URL) -> String {
        let host = url.host ?? "the server"
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

extension HTTPClient {
    /// This client below `governor`, spending `budget`: requests past it fail with `.heldBack`
    /// without being sent, and identical requests in flight are sent once.
    public func governed(by governor: RequestGovernor, budget: RequestBudget) -> HTTPClient {
        let next = send
        return HTTPClient { (request: Request) async throws(APIError) -> Response in
            try await governor.send(request, budget: budget, via: next)
        }
    }
}
