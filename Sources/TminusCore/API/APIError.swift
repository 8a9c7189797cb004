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
        case .transport(let why):
            return "network error: \(why)"
        }
    }

    public var description: String { message }

    private static func minutes(_ seconds: TimeInterval) -> String {
        let m = Int((seconds / 60).rounded(.up))
        return m <= 1 ? "1 min" : "\(m) min"
    }
}
