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
    /// Counted in the ledger every tminus on the machine shares (`BudgetLedger`), not per
    /// process: the APIs' budgets. The pictures' (a bucket per host, a request a second) stay
    /// each process's own.
    public var shared: Bool

    public init(name: String, burst: Int, interval: TimeInterval, shared: Bool = true) {
        self.name = name; self.burst = max(1, burst); self.interval = interval; self.shared = shared
    }

    /// A budget of `count` requests in any hour: a third of them at once, the rest spread over
    /// the hour, so that no hour-long window ever holds more than `count` (a burst of B with one
    /// request every 3600/(count − B) s allows B + (count − B) in any hour).
    public static func perHour(_ count: Int, name: String) -> RequestBudget {
        let count = max(2, count)
        let burst = max(1, count / 3)
        return RequestBudget(name: name, burst: burst, interval: 3600 / Double(count - burst))
    }

    /// How it is spent, in words: `15 an hour: 5 at once, then one every 6 min`.
    public var pace: String {
        guard interval > 0 else { return "no limit" }
        let hourly = burst + Int((3600 / interval).rounded(.down))
        return "\(hourly) an hour — \(burst) at once, then one every \(Formatting.duration(interval))"
    }

    /// Launch Library 2's free tier: 15 requests an hour, counted over the last hour (a sliding
    /// window), and a 429 for the rest of it once they are spent. Burst 5, then one every 6 min.
    public static let launchLibrary2 = perHour(15, name: "Launch Library 2")

    /// Launch Library 2 with an API key (`--ll2-token`). Its docs name no figures for the
    /// Patreon tiers, and the smallest one allows a few hundred calls an hour: 120 an hour
    /// (40 at once, then one every 45 s) stays under any of them while being 8 times the free
    /// tier, and `/api-throttle/` shows the real count on the status line.
    public static let launchLibrary2WithToken = perHour(120, name: "Launch Library 2")

    /// Launch Library 2's `/api-throttle/`, which costs nothing there, so it must not spend
    /// the list budget: 2 at once, then one every 2 minutes (the app asks at most every 5).
    public static let launchLibrary2Throttle = RequestBudget(name: "Launch Library 2 throttle", burst: 2, interval: 120)

    /// The r/SpaceX API asks for no limit; this one is only against our own bugs: 20 at once
    /// (`tminus ics` looks for a past launch through every page, 12 of them, in one go), then 6
    /// a minute.
    public static let spaceX = RequestBudget(name: "r/SpaceX API", burst: 20, interval: 10)

    /// The Spaceflight News API: another host with limits of its own (its docs name none; the
    /// app asks once per detail opened, cached for half an hour): 10 at once, then one a minute.
    public static let spaceflightNews = RequestBudget(name: "Spaceflight News", burst: 10, interval: 60)

    /// Pictures come from many hosts (each its own bucket): 16 at once (a screen of rows), then
    /// one a second.
    public static let pictures = RequestBudget(name: "pictures", burst: 16, interval: 1, shared: false)
}
