import Foundation

/// How many requests a source still allows, as it says itself: Launch Library 2's
/// `/api-throttle/` (`{"your_request_limit": 15, "limit_frequency_secs": 3600,
/// "current_use": 3, "next_use_secs": 0, "ident": "…"}`). Asking costs nothing there.
public struct RequestAllowance: Sendable, Hashable {
    /// Requests allowed per `period`.
    public var limit: Int
    /// Requests made in the current period.
    public var used: Int
    /// The period, in seconds (3600: an hour).
    public var period: TimeInterval
    /// Seconds until a request may be made again, when rate limited (0 otherwise).
    public var nextUse: TimeInterval

    public init(limit: Int, used: Int, period: TimeInterval = 3600, nextUse: TimeInterval = 0) {
        self.limit = limit; self.used = used; self.period = period; self.nextUse = nextUse
    }

    /// Requests left in this period (never below 0: `current_use` can pass the limit).
    public var left: Int { max(0, limit - used) }
}

/// tminus's own pace for a server (the request governor's bucket, shared by every tminus on
/// the machine): how many it may send at once at `at`, and how fast they come back. Said on
/// the status line beside the server's count, which is another thing (the server counts every
/// client on this address over the last hour).
public struct OwnAllowance: Sendable, Hashable {
    public var tokens: Double
    public var at: Date
    public var burst: Int
    /// Seconds for one more request to come back.
    public var every: TimeInterval

    public init(tokens: Double, at: Date, burst: Int, every: TimeInterval) {
        self.tokens = tokens; self.at = at; self.burst = burst; self.every = every
    }

    /// Requests it may send at `now`, the bucket refilled since `at`.
    public func available(at now: Date) -> Int {
        guard every > 0 else { return burst }
        return Int(min(Double(burst), tokens + max(0, now.timeIntervalSince(at)) / every).rounded(.down))
    }
}

extension LaunchLibrary2 {
    /// The throttle record; `ident` (the IP or the token's owner) is not read: it is nobody's
    /// business on screen.
    struct ThrottleRecord: Decodable {
        var limit: Int
        var period: Double?
        var used: Int
        var nextUse: Double?
        enum CodingKeys: String, CodingKey {
            case limit = "your_request_limit", period = "limit_frequency_secs", used = "current_use", nextUse = "next_use_secs"
        }
    }

    /// `{base}/api-throttle/`.
    public static func throttleURL(base: URL) -> URL {
        endpoint(base, path: ["api-throttle"], query: nil)
    }

    public static func decodeThrottle(_ data: Data) throws(APIError) -> RequestAllowance {
        let record = try JSONProblem.decode(ThrottleRecord.self, from: data)
        return RequestAllowance(limit: max(0, record.limit), used: max(0, record.used), period: record.period ?? 3600,
                                nextUse: max(0, record.nextUse ?? 0))
    }

    /// Asks `/api-throttle/` through `http`, which must not spend the list budget (the
    /// endpoint costs nothing at Launch Library 2: its own small budget below the governor),
    /// and skips the response cache: an old count is worse than none.
    public static func allowance(base: URL, http: HTTPClient) -> @Sendable () async throws(APIError) -> RequestAllowance {
        { () async throws(APIError) -> RequestAllowance in
            try decodeThrottle(try await http.data(HTTPClient.Request(url: throttleURL(base: base), kind: .apiDetail)))
        }
    }
}
