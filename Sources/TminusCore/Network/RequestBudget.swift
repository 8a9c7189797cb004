import Foundation

/// How many requests one client may send to one host: `burst` at once, then one more every
/// `interval` (a token bucket). Set per client, not per host name, because a client knows whose
/// rules it is under, and in tests every API is the same 127.0.0.1:PORT.
public struct RequestBudget: Sendable, Hashable {
    /// Whose budget it is; buckets are kept apart by it (and by host).
    public var name: String
    /// Requests that may go at once after a quiet spell.
    public var burst: Int
    /// Seconds for one more request to become available; 0 or less: never runs out.
    public var interval: TimeInterval

    public init(name: String, burst: Int, interval: TimeInterval) {
        self.name = name; self.burst = max(1, burst); self.interval = interval
    }

    /// A budget of `count` requests in any hour: a third of them at once, the rest spread over
    /// the hour, so that no hour-long window ever holds more than `count` (a burst of B with one
    /// request every 3600/(count − B) s allows B + (count − B) in any hour).
    public static func perHour(_ count: Int, name: String) -> RequestBudget {
        let count = max(2, count)
        let burst = max(1, count / 3)
        return RequestBudget(name: name, burst: burst, interval: 3600 / Double(count - burst))
    }

    /// Launch Library 2's free tier: 15 requests an hour, counted over the last hour (a sliding
    /// window), and a 429 for the rest of it once they are spent. Burst 5, then one every 6 min.
    public static let launchLibrary2 = perHour(15, name: "Launch Library 2")

    /// The r/SpaceX API asks for no limit; this one is only against our own bugs: 20 at once
    /// (`tminus ics` looks for a past launch through every page, 12 of them, in one go), then 6
    /// a minute.
    public static let spaceX = RequestBudget(name: "r/SpaceX API", burst: 20, interval: 10)

    /// Pictures come from many hosts (each its own bucket): 16 at once (a screen of rows), then
    /// one a second.
    public static let pictures = RequestBudget(name: "pictures", burst: 16, interval: 1)
}
