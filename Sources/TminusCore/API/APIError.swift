import Foundation

/// Why a request failed, in words a user can act on. Every failure a client can meet ends up
/// as one of these; the UI shows `message` and keeps what it already had.
public enum APIError: Error, Sendable, Hashable, CustomStringConvertible {
    case http(status: Int, retryAfter: TimeInterval?)
    case timedOut
    case offline(String)
    case badData(String)
    case notAvailable(String)
    case transport(String)
    /// A cache-only read found nothing (start-up draws the cache before asking the network).
    case notCached
    /// A source answered 429, or `CachedFetcher` is still holding off after one (then
    /// `retryAfter` is the time left). Named after the source because the user can act on it
    /// (wait, or switch source) and Launch Library 2's free tier makes it a normal event, not
    /// a fault. `retryAfter` is nil when the server did not say how long to wait.
    case rateLimited(source: String, retryAfter: TimeInterval?)
    /// The body ran past the cap for its kind (`HTTPClient.Request.Kind.maxBodyBytes`, counted
    /// after decompression): the transfer was stopped there rather than let a runaway server
    /// fill the memory.
    case tooLarge(maxBytes: Int)
    /// `RequestGovernor` did not send the request: this client has spent its budget for the
    /// host, and `retryAfter` is how long until it may send again. Said on screen so that a
    /// quiet list is never a mystery; no request left the app.
    /// `keptFor` names the launch near T-0 whose refreshes the rest of the budget is kept for,
    /// when that (not an empty budget) is what holds it back.
    case heldBack(host: String, retryAfter: TimeInterval, keptFor: String? = nil)
    /// The request never reached the server (the name not found, the connection refused or
    /// timed out, TLS failing): it cost the server nothing, so it spends no budget, and it is
    /// said as what it is, a network error.
    case unreached(String)
    /// The server answered that what was asked for is not there or not allowed: a 4xx other
    /// than 408 (a timeout) and 429 (its limit). Asking again by itself cannot change that, so
    /// it is not retried by itself; the words name the source and what was missing.
    case refused(source: String, path: String, status: Int)

    public var message: String {
        switch self {
        case .http(429, let retry):
            if let retry { return "rate limited (HTTP 429), retry in \(Self.minutes(retry))" }
            return "rate limited (HTTP 429)"
        case .http(let status, _) where status >= 500:
            return "server error (HTTP \(status))"
        case .http(404, _):
            return "not found (HTTP 404)"
        case .http(let status, _):
            return "request refused (HTTP \(status))"
        case .timedOut:
            return "the request timed out"
        case .offline(let why):
            return why
        case .badData(let why):
            return "bad data from the server: \(why)"
        case .notAvailable(let why):
            return why
        case .transport(let why), .unreached(let why):
            return "network error: \(why)"
        case let .refused(source, path, status) where status == 404 || status == 410:
            return "\(source) has no \(path) (HTTP \(status))"
        case let .refused(source, path, status) where status == 401 || status == 403:
            return "\(source) does not allow \(path) (HTTP \(status))"
        case let .refused(source, path, status):
            return "\(source) refused \(path) (HTTP \(status))"
        case .notCached:
            return "nothing cached yet"
        case .rateLimited(let source, let retry?):
            return "rate limited by \(source), retry in \(Self.minutes(retry))"
        case .rateLimited(let source, nil):
            return "rate limited by \(source), retry later"
        case .tooLarge(let maxBytes):
            return "the response was too large (over \(Self.size(maxBytes)))"
        case .heldBack(let host, let retryAfter, nil):
            return "holding back requests to \(host) to stay within its budget — next request in \(Self.wait(retryAfter))"
        case .heldBack(let host, let retryAfter, let launch?):
            return "holding back requests to \(host): the rest of its budget is kept for \(launch) near T-0 — next request in \(Self.wait(retryAfter))"
        }
    }

    public var description: String { message }

    /// The cause in the fewest words, for a status line too narrow for `message`'s (issue 37:
    /// `holding back requests to 127.0.0.1:45299 to stay…` at 50 columns cut the cause).
    public var shortMessage: String {
        switch self {
        case .heldBack(_, let retryAfter, nil):
            return "within budget: next request in \(Self.wait(retryAfter))"
        case .heldBack(_, let retryAfter, let launch?):
            return "kept for \(launch): next request in \(Self.wait(retryAfter))"
        case let .refused(source, _, status):
            return "HTTP \(status) from \(source)"
        case .rateLimited(_, let retry?):
            return "rate limited, retry in \(Self.minutes(retry))"
        case .transport, .unreached:
            return "network error (no answer)"
        default:
            return message
        }
    }

    /// A request that went from redirect to redirect past `HTTPClient.maxRedirects`.
    public static let tooManyRedirects = APIError.transport("too many redirects (more than \(HTTPClient.maxRedirects))")

    /// Whether the request got to the server (and so counted against its limit).
    public var reachedServer: Bool {
        switch self {
        case .unreached, .offline, .heldBack, .notCached: false
        default: true
        }
    }

    /// A 4xx the server will answer again the same way (not 408, not 429).
    static func isRefusal(status: Int) -> Bool { (400..<500).contains(status) && status != 408 && status != 429 }

    /// A refusal said with what was refused (`Launch Library 2 has no /2.3.0/events/upcoming/
    /// (HTTP 404)`), never a bare `not found (HTTP 404)`; any other error as it is.
    public func naming(source: String, url: URL) -> APIError {
        guard case .http(let status, _) = self, Self.isRefusal(status: status) else { return self }
        return .refused(source: source, path: url.path(percentEncoded: false), status: status)
    }

    private static func minutes(_ seconds: TimeInterval) -> String {
        let m = Int((seconds / 60).rounded(.up))
        return m <= 1 ? "1 min" : "\(m) min"
    }

    /// Seconds under a minute (a picture host's budget refills in seconds), minutes above.
    private static func wait(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "a while" }
        let seconds = min(seconds, 24 * 3600) // a budget refills within hours; no Int overflow
        let whole = max(1, Int(seconds.rounded(.up)))
        return whole < 60 ? "\(whole) s" : minutes(seconds)
    }

    /// Whole megabytes (every cap is), else kilobytes.
    private static func size(_ bytes: Int) -> String {
        let mb = 1024 * 1024
        return bytes >= mb && bytes % mb == 0 ? "\(bytes / mb) MB" : "\(max(1, bytes / 1024)) KB"
    }
}
