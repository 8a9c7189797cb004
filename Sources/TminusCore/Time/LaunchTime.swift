import Foundation
import Synchronization

/// How launch dates and countdowns read on screen. All of it in one place, so a row, the
/// detail and (later) the command-line output agree.
public struct LaunchTime: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// `yyyy-MM-dd HH:mm` in the user's zone for an hour-precision date; coarser dates say only
    /// what is known, in UTC, because the API stores them as midnight UTC on the first day of
    /// the period (shown in a zone west of UTC they would slip into the previous day/month).
    public func listDate(_ date: Date?, precision: DatePrecision) -> String {
        guard let date else { return "date unknown" }
        switch precision {
        case .hour: return format(date, "yyyy-MM-dd HH:mm", in: timeZone)
        case .day: return format(date, "yyyy-MM-dd", in: .gmt)
        case .month: return "NET " + format(date, "yyyy-MM", in: .gmt)
        case .quarter: return "NET " + format(date, "yyyy", in: .gmt) + " Q\(quarter(of: date))"
        case .half: return "NET " + format(date, "yyyy", in: .gmt) + " H\(quarter(of: date) <= 2 ? 1 : 2)"
        case .year: return "NET " + format(date, "yyyy", in: .gmt)
        }
    }

    /// The full date for the detail screen, with the zone spelled out for an exact time:
    /// `2022-10-09 01:05:00 Europe/Warsaw (UTC+02:00)`, or `… UTC`.
    public func detailDate(_ date: Date?, precision: DatePrecision) -> String {
        guard let date else { return "-" }
        if precision == .hour {
            let zone = zoneName
            let suffix = zone == "UTC" ? "UTC" : "\(zone) (UTC\(offset(at: date)))"
            return format(date, "yyyy-MM-dd HH:mm:ss", in: timeZone) + " " + suffix
        }
        return listDate(date, precision: precision)
    }

    /// `09:27:00`: the time of day in the user's zone (a launch-day step, beside the date).
    public func timeOfDay(_ date: Date) -> String { format(date, "HH:mm:ss", in: timeZone) }

    /// The zone's IANA name, or `UTC`. (Abbreviations are not used: on Linux, Foundation
    /// calls Warsaw "GMT+2" rather than CEST, and abbreviations are ambiguous anyway.)
    public var zoneName: String {
        ["GMT", "UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu"].contains(timeZone.identifier)
            ? "UTC" : timeZone.identifier
    }

    /// `+02:00`, `-05:00`, `+05:30`.
    func offset(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
    }

    private func quarter(of date: Date) -> Int {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = .gmt
        return (cal.component(.month, from: date) - 1) / 3 + 1
    }

    private func format(_ date: Date, _ pattern: String, in zone: TimeZone) -> String {
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

/// The countdown on the detail screen.
public struct Countdown: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// NET is ahead: `T-` and it ticks.
        case counting
        /// NET has passed but the launch is still listed as upcoming: `T+`, labelled.
        case sinceNET
        /// The date is only known to the day/month: no ticking to a made-up time.
        case noExactTime
        case noDate
    }

    public var kind: Kind
    /// e.g. `T-02d 04:11:09`, `T+1480d 00:12:00`, or `NET 2022-12`.
    public var text: String
    /// A few words under the clock.
    public var label: String

    public init(to date: Date?, precision: DatePrecision, now: Date, time: LaunchTime) {
        guard let date else {
            self.init(kind: .noDate, text: "NET unknown", label: "no date announced")
            return
        }
        guard precision == .hour else {
            self.init(kind: .noExactTime, text: time.listDate(date, precision: precision),
                      label: "no exact time yet (\(precision.rawValue) precision)")
            return
        }
        let delta = date.timeIntervalSince(now)
        if delta > 0 {
            self.init(kind: .counting, text: "T-" + Self.clock(delta), label: "until launch")
        } else {
            self.init(kind: .sinceNET, text: "T+" + Self.clock(-delta), label: "since NET — launch time has passed")
        }
    }

    public init(kind: Kind, text: String, label: String) {
        self.kind = kind; self.text = text; self.label = label
    }

    /// `DDd HH:MM:SS`, whole seconds rounded down (T-00d 00:00:01 is the last second before).
    static func clock(_ seconds: TimeInterval) -> String {
        // Capped (~31,000 years) so an absurd date from the network (`date_unix: 1e300`) cannot trap Int(_:).
        let total = Int(min(seconds, 1e12).rounded(.down))
        let d = total / 86_400, h = (total % 86_400) / 3600, m = (total % 3600) / 60, s = total % 60
        return String(format: "%02dd %02d:%02d:%02d", d, h, m, s)
    }
}
