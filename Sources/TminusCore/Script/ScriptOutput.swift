import Foundation

/// What the subcommands print (`tminus next`, `list`, `rockets`, `favorites`): plain lines and
/// aligned tables for shells and status bars, JSON for programs. Pure functions of the data and
/// the clock, so the output is golden-tested.
public enum ScriptOutput {
    /// `tminus next` without `--format`: `Starlink 4-36  T-02d 04:11:09`, and `  LIVE` after it
    /// while the webcast is live.
    public static let defaultNextFormat = "{name}  {countdown}{live}"
    /// The placeholders `--format` knows.
    public static let placeholders = ["name", "countdown", "date", "rocket", "status", "provider", "id", "webcast", "live"]

    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var placeholder: String
        public var description: String {
            "unknown placeholder {\(placeholder)} in --format: use " + placeholders.map { "{\($0)}" }.joined(separator: " ")
        }
    }

    /// Every placeholder's text for one launch, made safe for a terminal.
    public static func fields(_ launch: Launch, now: Date, time: LaunchTime) -> [String: String] {
        // Frozen data past its date reads as the app shows it (`NO DATA`, its date, no clock).
        let launch = launch.passedFrozen(at: now) ?? launch
        let countdown = Countdown(launch, now: now, time: time).text
        let raw: [String: String] = [
            "name": launch.name,
            "countdown": countdown,
            "date": time.listDate(launch.date, precision: launch.datePrecision),
            "rocket": launch.rocket?.object?.name ?? "-",
            "status": launch.statusWord(at: now),
            "provider": launch.providerName ?? "-",
            "id": launch.id,
            "webcast": launch.webcastURL?.absoluteString ?? "-",
            "live": launch.webcastLive ? "  LIVE" : "",
        ]
        return raw.mapValues(TerminalText.sanitize)
    }

    /// `template` with `{placeholder}`s filled in; `{{` and `}}` are literal braces.
    public static func format(_ template: String, _ launch: Launch, now: Date, time: LaunchTime) throws(FormatError) -> String {
        let values = fields(launch, now: now, time: time)
        return try fill(template) { values[$0] }
    }

    /// Throws what `format` would for `template`, without a launch: `tminus next` refuses a bad
    /// `--format` while it parses its flags (so the error comes with its own usage line) and
    /// before any request.
    public static func check(_ template: String) throws(FormatError) {
        _ = try fill(template) { placeholders.contains($0) ? "" : nil }
    }

    /// The one reading of a template: `value` gives a placeholder's text, nil for an unknown one.
    private static func fill(_ template: String, _ value: (String) -> String?) throws(FormatError) -> String {
        var out = ""
        var rest = Substring(template)
        while let ch = rest.first {
            if rest.hasPrefix("{{") { out += "{"; rest = rest.dropFirst(2); continue }
            if rest.hasPrefix("}}") { out += "}"; rest = rest.dropFirst(2); continue }
            if ch == "{", let close = rest.firstIndex(of: "}") {
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let text = value(name) else { throw FormatError(placeholder: name) }
                out += text
                rest = rest[rest.index(after: close)...]
                continue
            }
            out.append(ch)
            rest = rest.dropFirst()
        }
        return out
    }

    /// An aligned table: DATE, STATUS, NAME, ROCKET, PROVIDER, the same columns for every source,
    /// list and subcommand (a script reads the fourth column as the rocket whatever it asked).
    /// Colours (the status word, as in the app) only when `color` (stdout is a terminal and
    /// `NO_COLOR` is unset). With `countdownAt`, a launch that counts down shows its countdown
    /// instead of its date, as the Favorites tab does.
    /// `verdictAt`: the clock a launch's status word is decided at (`Launch.statusWord(at:)`, as
    /// the app shows it); without it, the source's word.
    public static func launchTable(_ launches: [Launch], time: LaunchTime, color: Bool, countdownAt now: Date? = nil,
                                   verdictAt: Date? = nil) -> String {
        let verdictTime = verdictAt ?? now
        let launches = verdictTime.map { at in launches.map { $0.passedFrozen(at: at) ?? $0 } } ?? launches
        func when(_ launch: Launch) -> String {
            guard let now, launch.countsDown else { return time.listDate(launch.date, precision: launch.datePrecision) }
            return Countdown(launch, now: now, time: time).text
        }
        let rows = launches.map { launch -> [String] in
            [when(launch), verdictTime.map { launch.statusWord(at: $0) } ?? launch.statusWord, launch.name,
             launch.rocket?.object?.name ?? "-", launch.providerName ?? "-"].map(TerminalText.sanitize)
        }
        return table(header: ["DATE", "STATUS", "NAME", "ROCKET", "PROVIDER"], rows: rows) { row, column, text in
            guard color, column == 1 else { return text }
            return sgr(launches[row], at: verdictTime) + text + "\u{1B}[0m"
        }
    }

    public static func rocketTable(_ rockets: [Rocket], units: UnitPreferences) -> String {
        let rows = rockets.map { rocket -> [String] in
            [rocket.name, rocket.active.map { $0 ? "active" : "retired" } ?? "-",
             Units.text(rocket.heightMeters, .height, in: units[.height]),
             Units.text(rocket.massKg, .mass, in: units[.mass]),
             rocket.successRatePct.map { "\(Int($0.rounded()))%" } ?? "-"].map(TerminalText.sanitize)
        }
        return table(header: ["NAME", "STATUS", "HEIGHT", "MASS", "SUCCESS"], rows: rows) { _, _, text in text }
    }

    /// `tminus events`: the date (`yyyy-MM-dd HH:mm` in the zone, no finer than known), the
    /// type, the name, where; `LIVE` after the name while its webcast is on.
    public static func eventTable(_ events: [SpaceEvent], time: LaunchTime) -> String {
        let rows = events.map { event -> [String] in
            [time.listDate(event.date, precision: event.datePrecision), event.type ?? "-",
             event.name + (event.webcastLive ? "  LIVE" : ""), event.location ?? "-"].map(TerminalText.sanitize)
        }
        return table(header: ["DATE", "TYPE", "NAME", "LOCATION"], rows: rows) { _, _, text in text }
    }

    /// Columns two spaces apart, each as wide as its widest cell (display width, so CJK lines
    /// up); the last column is not padded. `decorate` may wrap a cell's text (colour) after padding.
    static func table(header: [String], rows: [[String]], decorate: (Int, Int, String) -> String) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { TerminalText.width($0[column]) }.max() ?? 0 }
        var out = ""
        for (index, cells) in all.enumerated() {
            var line = ""
            for (column, cell) in cells.enumerated() {
                let last = column == cells.count - 1
                let padded = last ? cell : cell + String(repeating: " ", count: widths[column] - TerminalText.width(cell))
                line += index == 0 ? padded : decorate(index - 1, column, padded)
                if !last { line += "  " }
            }
            out += line + "\n"
        }
        return out
    }

    /// The status word's colour, told apart as in the app: GO blue, TBD and TBC dim (not yet
    /// decided), HOLD yellow, IN FLIGHT magenta, success green, failure red.
    static func sgr(_ launch: Launch, at now: Date? = nil) -> String {
        // An overdue outcome reads as the app shows it: a warning, not the upcoming blue.
        if let now, let passed = launch.passedFrozen(at: now) { return sgr(passed) }
        if let now, launch.isOutcomeOverdue(at: now) { return "\u{1B}[33m" }
        switch launch.sourceStatus?.kind {
        case .toBeDetermined?, .toBeConfirmed?: return "\u{1B}[2m"
        case .inFlight?: return "\u{1B}[35m"
        default: break
        }
        return switch launch.status {
        case .upcoming: "\u{1B}[34m"
        case .success: "\u{1B}[32m"
        case .failure: "\u{1B}[31m"
        case .other: "\u{1B}[33m"
        case .unknown: "\u{1B}[0m"
        }
    }

    /// JSON for programs: a stable, flat shape (not the APIs' own), dates in ISO 8601 UTC.
    /// `verdictAt`: as `launchTable`'s; `list`: the list asked (`tminus list`), said in each row.
    public static func launchJSON(_ launches: [Launch], verdictAt: Date? = nil, list: LaunchSegment? = nil) -> Data {
        let objects: [[String: Any]] = launches.map { launch in
            let word = verdictAt.map { launch.statusWord(at: $0) } ?? launch.statusWord
            var o: [String: Any] = [
                "id": launch.id, "name": launch.name, "source": launch.origin.rawValue,
                "date_precision": launch.datePrecision.rawValue, "status": word.lowercased(),
                "upcoming": launch.upcoming,
            ]
            // The list the row came from: frozen data's "upcoming" launch past its date is in
            // the upcoming list (as on the Upcoming tab) but not upcoming (`no data`).
            if let list { o["list"] = list.rawValue }
            o["date"] = launch.date.map(ISO8601.format) ?? NSNull()
            o["rocket"] = launch.rocket?.object?.name ?? NSNull()
            o["provider"] = launch.providerName ?? NSNull()
            // Where it flies from, as a follow's `--location` matches it.
            o["location"] = launch.site ?? NSNull()
            o["webcast"] = launch.webcastURL?.absoluteString ?? NSNull()
            // The precision as the detail says it: the source's own word (`Minute`, `Month`).
            o["precision"] = launch.precisionWords
            return o
        }
        return json(objects)
    }

    public static func rocketJSON(_ rockets: [Rocket]) -> Data {
        json(rockets.map { rocket in
            [
                "id": rocket.id, "name": rocket.name, "active": rocket.active ?? NSNull(),
                "height_m": rocket.heightMeters ?? NSNull(), "mass_kg": rocket.massKg ?? NSNull(),
                "success_rate_pct": rocket.successRatePct ?? NSNull(),
            ] as [String: Any]
        })
    }

    public static func eventJSON(_ events: [SpaceEvent]) -> Data {
        json(events.map { event in
            [
                "id": event.id, "name": event.name, "type": event.type ?? NSNull(),
                "date": event.date.map(ISO8601.format) ?? NSNull(), "date_precision": event.datePrecision.rawValue,
                "precision": event.precisionName ?? event.datePrecision.rawValue,
                "location": event.location ?? NSNull(), "webcast_live": event.webcastLive,
                "video": event.videos.first?.url.absoluteString ?? NSNull(),
                "launches": event.launches.map(\.id),
            ] as [String: Any]
        })
    }

    static func json(_ objects: [[String: Any]]) -> Data {
        var data = (try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        data.append(0x0A)
        return data
    }
}
