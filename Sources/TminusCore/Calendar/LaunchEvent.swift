import Foundation

/// A launch as an iCalendar event (RFC 5545), for `c` in the app and `tminus ics ID`: the UID
/// comes from the launch id (so importing it again updates the same event), NET is the start,
/// the event lasts an hour, and the webcast is its URL.
public enum LaunchEvent {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// Only a month, quarter, half or year is known: a calendar entry would invent a day.
        case noExactDate(String)
        case noDate

        public var description: String {
            switch self {
            case .noExactDate(let net): "no day to put in a calendar yet (\(net))"
            case .noDate: "no date announced yet"
            }
        }
    }

    /// The whole `.ics` file. An hour-precision NET is a timed event of one hour; a day-precision
    /// one an all-day event.
    public static func ics(for launch: Launch, now: Date, version: String = TminusVersion.current) throws(Problem) -> String {
        guard let date = launch.date else { throw .noDate }
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//tminus//tminus \(version)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "BEGIN:VEVENT",
            "UID:\(text(launch.id))@tminus",
            "DTSTAMP:\(utc(now))",
        ]
        switch launch.datePrecision {
        case .hour:
            lines.append("DTSTART:\(utc(date))")
            lines.append("DTEND:\(utc(date.addingTimeInterval(3600)))")
        case .day:
            lines.append("DTSTART;VALUE=DATE:\(day(date))")
            lines.append("DTEND;VALUE=DATE:\(day(date.addingTimeInterval(86_400)))")
        default:
            throw .noExactDate(LaunchTime(timeZone: .gmt).listDate(date, precision: launch.datePrecision))
        }
        lines.append("SUMMARY:\(text(launch.name))")
        let webcast = launch.links.webcast ?? launch.videos.first?.url
        // One line each: who, what, the mission's words, where to watch.
        let about = [launch.provider, launch.rocket?.object?.name, launch.details].compactMap { $0 }
            + (webcast.map { ["Webcast: \($0.absoluteString)"] } ?? [])
        if !about.isEmpty { lines.append("DESCRIPTION:" + about.map(text).joined(separator: "\\n")) }
        if let pad = launch.launchpad?.object {
            let place = [pad.name, pad.locality, pad.region].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { lines.append("LOCATION:\(text(place))") }
        }
        if let webcast { lines.append("URL:\(webcast.absoluteString)") }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A file name for the event: the launch's name in safe characters and its id.
    public static func fileName(for launch: Launch) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        var slug = ""
        for ch in launch.name.lowercased() {
            if allowed.contains(ch) { slug.append(ch) } else if slug.last != "-" { slug.append("-") }
        }
        slug = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(48))
        let id = String(launch.id.filter { allowed.contains($0) }.prefix(12))
        return "tminus-" + [slug, id].filter { !$0.isEmpty }.joined(separator: "-") + ".ics"
    }

    /// TEXT values: made safe like everything from the network (no controls, no escape
    /// sequences), then `\ ; ,` escaped (RFC 5545 3.3.11).
    static func text(_ value: String) -> String {
        var out = ""
        for ch in TerminalText.sanitize(value) {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Lines longer than 75 octets continue on the next line after a space (3.1), never
    /// splitting a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for ch in line {
            let size = String(ch).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.append(ch)
            octets += size
        }
        return out
    }

    static func utc(_ date: Date) -> String {
        format(date, "yyyyMMdd'T'HHmmss'Z'")
    }

    static func day(_ date: Date) -> String {
        format(date, "yyyyMMdd")
    }

    /// In UTC by civil arithmetic (no ICU, issue 28) in the years it reads as Foundation does;
    /// `DateFormatter` outside them.
    private static func format(_ date: Date, _ pattern: String) -> String {
        // The civil pattern is the formatter's without its quotes: 'T' is a letter either way.
        if let text = Civil.formatted(Civil.seconds(date), pattern.replacingOccurrences(of: "'", with: "")) { return text }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = .gmt
        f.dateFormat = pattern
        return f.string(from: date)
    }
}
