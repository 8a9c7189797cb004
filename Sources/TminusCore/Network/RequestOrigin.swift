import Foundation

/// Who a request is for, which the request budget treats differently. Set around the work
/// that asks (`RequestOrigin.$current.withValue(…)`) rather than passed down through every
/// client: the governor at the bottom reads it.
///
/// A launch within the hour before NET is refreshed at the close cadence, and that cadence
/// comes first: while one is near, a request that names it keeps the last of the budget back
/// for its refreshes (`keep`), and only a scheduled refresh may spend that.
public struct RequestOrigin: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Something the user did (a key, a screen opened, a subcommand).
        case user
        /// The app's own refresh schedule.
        case refresh
        /// Work nobody waits for (the replica's history, filled in the background): it spends
        /// only what is spare, never the last requests of the bucket (`backgroundSpare`) nor
        /// those kept for a launch near T-0.
        case background
    }

    /// The launch a refresh keeps requests for, and until when (the reservation lapses by
    /// itself when no refresh renews it).
    public struct Keep: Sendable, Hashable {
        public var launch: String
        /// How long from the request on: the governor dates it by the clock the ledger keeps
        /// (the real time), whatever clock the screen runs on (`--now`).
        public var span: TimeInterval
        public init(launch: String, for span: TimeInterval) { self.launch = launch; self.span = span }
    }

    public var kind: Kind
    public var keep: Keep?

    public init(_ kind: Kind, keep: Keep? = nil) { self.kind = kind; self.keep = keep }

    public static let user = RequestOrigin(.user)
    public static let background = RequestOrigin(.background)

    /// Requests a background request leaves in the bucket: half the burst, at least 3 (Launch
    /// Library 2's free 5: after the first sync, history takes one request only while 4 are
    /// there, so the first minutes' tabs, a detail, a refresh and `r` still find theirs; a
    /// token's 40 leave 20, and history comes at once).
    public static func backgroundSpare(burst: Int) -> Int { min(burst - 1, max(3, (burst + 1) / 2)) }

    /// Requests kept for a launch near T-0: one, the next refresh's (the close cadence is the
    /// budget's sustained rate, so one in hand is always enough).
    public static let keptRequests = 1

    @TaskLocal public static var current = RequestOrigin.user
}
