import Foundation
import Synchronization

/// How launch dates and countdowns read on screen. All of it in one place, so a row, the
/// detail and (later) the command-line output agree.
public struct LaunchTime: Sendable {
    public let zone: Zone
    /// The zone's offsets from the system's zoneinfo (`ZoneRules`); nil for a zone it does not
    /// have, which Foundation formats instead.
    let rules: ZoneRules?

    public init(zone: Zone) {
        self.zone = zone
        rules = ZoneRules.cached(zone.identifier)
    }

    public init(timeZone: TimeZone) { self.init(zone: Zone(timeZone)) }

    /// `yyyy-MM-dd HH:mm` in the user's zone for an hour-precision date; coarser dates say only
    /// what is known, in UTC, because the API stores them as midnight UTC on the first day of
    /// the period (shown in a zone west of UTC they would slip into the previous day/month).
    public func listDate(_ date: Date?, precision: DatePrecision) -> String {
        guard let date else { return "date unknown" }
        switch precision {
        case .hour: return format(date, "yyyy-MM-dd HH:mm", inUTC: false)
        case .day: return format(date, "yyyy-MM-dd", inUTC: true)
        case .month: return "NET " + format(date, "yyyy-MM", inUTC: true)
        case .quarter: return "NET " + format(date, "yyyy", inUTC: true) + " Q\(quarter(of: date))"
        case .half: return "NET " + format(date, "yyyy", inUTC: true) + " H\(quarter(of: date) <= 2 ? 1 : 2)"
        case .year: return "NET " + format(date, "yyyy", inUTC: true)
        }
    }

    /// The full date for the detail screen, with the zone spelled out for an exact time:
    /// `2022-10-09 01:05:00 Europe/Warsaw (UTC+02:00)`, or `… UTC`.
    public func detailDate(_ date: Date?, precision: DatePrecision) -> String {
        guard let date else { return "-" }
        if precision == .hour {
            let zone = zoneName
            let suffix = zone == "UTC" ? "UTC" : "\(zone) (UTC\(offset(at: date)))"
            return format(date, "yyyy-MM-dd HH:mm:ss", inUTC: false) + " " + suffix
        }
        return listDate(date, precision: precision)
    }

    /// `09:27:00`: the time of day in the user's zone (a launch-day step, beside the date).
    public func timeOfDay(_ date: Date) -> String { format(date, "HH:mm:ss", inUTC: false) }

    /// The NET as a line of its own: `NET 2022-10-09 01:05:00 UTC`, `NET 2022-11-08`,
    /// `NET 2022-12`, `NET 2026 Q4`. The coarse dates already start with `NET` (a list shows
    /// them so); it is never said twice.
    public func netLine(_ date: Date?, precision: DatePrecision) -> String {
        guard date != nil else { return "NET unknown" }
        let text = detailDate(date, precision: precision)
        return text.hasPrefix("NET ") ? text : "NET " + text
    }

    /// The zone's IANA name, or `UTC`. (Abbreviations are not used: on Linux, Foundation
    /// calls Warsaw "GMT+2" rather than CEST, and abbreviations are ambiguous anyway.)
    public var zoneName: String {
        ["GMT", "UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu"].contains(zone.identifier)
            ? "UTC" : zone.identifier
    }

    /// `+02:00`, `-05:00`, `+05:30`.
    func offset(at date: Date) -> String {
        let seconds = zoneOffset(at: Civil.seconds(date)) ?? zone.foundation.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + Civil.two(minutes / 60) + ":" + Civil.two(minutes % 60)
    }

    private func quarter(of date: Date) -> Int { (Civil(Civil.seconds(date)).month - 1) / 3 + 1 }  // in UTC

    /// `pattern` (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss` and literal `-`, `:`, ` `) at `date` in
    /// the user's zone or in UTC: from the zoneinfo and civil arithmetic, as Foundation's
    /// Gregorian calendar reads it, from 1970 to 9999 (in UTC from 1583); Foundation itself otherwise (before 1970
    /// the zoneinfo and ICU's copy of the database part ways by design: the zoneinfo keeps one
    /// history for zones that agree since 1970).
    func format(_ date: Date, _ pattern: String, inUTC utc: Bool) -> String {
        let seconds = Civil.seconds(date)
        if let offset = utc ? 0 : zoneOffset(at: seconds), let text = Civil.formatted(seconds + Int64(offset), pattern) {
            return text
        }
        return foundationFormat(date, pattern, in: utc ? .gmt : zone.foundation)
    }

    /// The user's zone's offset from the zoneinfo, for an instant it answers for (1970 on).
    private func zoneOffset(at seconds: Int64) -> Int? {
        guard let rules, seconds >= 0 || rules.isRuleOnly else { return nil }
        return rules.offset(at: seconds)
    }

    private func foundationFormat(_ date: Date, _ pattern: String, in zone: TimeZone) -> String {
        Self.formatters.withLock { cache in
            let key = pattern + "|" + zone.identifier
            if let f = cache[key] { return f.string(from: date) }
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.calendar = Calendar(identifier: .gregorian)
            f.timeZone = zone
            f.dateFormat = pattern
            cache[key] = f
            return f.string(from: date)
        }
    }

    /// Making a DateFormatter costs tens of microseconds, and every row of every frame formats
    /// a date: one per pattern and zone, kept. Used under the lock only (not thread-safe).
    private static let formatters = Mutex<[String: DateFormatter]>([:])
}

