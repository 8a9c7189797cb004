import Foundation
import TminusCore
import TminusRender

/// One line of the launch detail body, already worded and wrapped. The view model builds
/// these (so tests can check every field and every `-`), the renderer only styles them.
public enum DetailLine: Sendable, Hashable {
    case heading(String)
    /// A label and its value; a wrapped value continues on lines with an empty label.
    case field(label: String, value: String, tone: Tone)
    case blank
    /// One row of a picture box (a tall picture is many lines, so it scrolls like text).
    case picture(PictureKey, row: Int)
    /// One step of the launch day's timeline.
    case timeline(TimelineLine)
}

/// A timeline step as the detail shows it: `✓ T-00:38:00  08:49:00  GO for Prop Load`.
public struct TimelineLine: Sendable, Hashable {
    /// Done, next or later; nil while NET is not exact (then nothing can be placed on the clock).
    public var mark: TimelineMark?
    /// `T-00:38:00`.
    public var offset: String
    /// The wall-clock time in the user's zone, `08:49:00`; nil while NET is not exact.
    public var time: String?
    public var name: String
    /// The source's longer words, given for the next step only.
    public var note: String?

    public init(mark: TimelineMark?, offset: String, time: String?, name: String, note: String? = nil) {
        self.mark = mark; self.offset = offset; self.time = time; self.name = name; self.note = note
    }
}

extension LaunchStatus {
    public var tone: Tone {
        switch self {
        case .upcoming: .upcoming
        case .success: .success
        case .failure: .failure
        case .unknown: .plain
        case .other: .warning
        }
    }
}

extension Launch {
    /// The tone of the status word: the source's own status is finer than what it means, so
    /// GO (decided: blue), TBD and TBC (not yet: muted), HOLD (warning) and IN FLIGHT (active)
    /// never look alike; the rest as `status.tone` (green success, red failure).
    /// The tone of `statusWord(at:)`: an overdue outcome is a warning, whatever the source's word.
    /// The verdict as one mark (a rocket's launches): `?` where the outcome is overdue or the
    /// data stopped (`NO OUTCOME`, `NO DATA`), else the status's own.
    public func statusIcon(at now: Date) -> String {
        if passedFrozen(at: now) != nil || sourceStatus?.kind == .noData || isOutcomeOverdue(at: now) { return "?" }
        return status.icon
    }

    public func statusTone(at now: Date) -> Tone {
        if let passed = passedFrozen(at: now) { return passed.statusTone }
        return isOutcomeOverdue(at: now) ? .warning : statusTone
    }

    public var statusTone: Tone {
        switch sourceStatus?.kind {
        case .toBeDetermined?, .toBeConfirmed?: .undecided
        case .hold?: .warning
        case .inFlight?: .active
        default: status.tone
        }
    }
}

public enum LaunchDetailDocument {
    public static let labelWidth = 14
    /// The source's notes shown on a detail (the newest).
    static let maxUpdates = 8
    static let missing = "-"

    /// The body, `width` columns of text (`ScreenLayout.detailBodyWidth`: the screen less a
    /// two-column margin each side).
    /// - Parameter now: the clock the timeline's steps are marked against.
    /// - Parameter imageBox: the launch image's box (`ScreenLayout.detailImageBox`), or nil
    ///   when the terminal draws no pictures (a screenful of shading helps nobody).
    public static func lines(for launch: Launch, time: LaunchTime, now: Date, width: Int,
                             imageBox: (columns: Int, rows: Int)? = nil) -> [DetailLine] {
        let launch = launch.passedFrozen(at: now) ?? launch
        var out: [DetailLine] = []
        let valueWidth = max(8, width - labelWidth - 1)

        func field(_ label: String, _ value: String?, tone: Tone = .plain) {
            let text = value.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            guard let text else {
                out.append(.field(label: label, value: missing, tone: .muted))
                return
            }
            for (i, line) in wrap(text, width: valueWidth).enumerated() {
                out.append(.field(label: i == 0 ? label : "", value: line, tone: tone))
            }
        }
        func list(_ label: String, _ values: [String], empty: String) {
            if values.isEmpty { field(label, empty, tone: .muted); return }
            for (i, v) in values.enumerated() { field(i == 0 ? label : "", v) }
        }

        out.append(.heading("Mission"))
        switch launch.origin {
        case .spacex:
            field("Flight", launch.flightNumber.map { "#\($0)" })
            field("Date", time.detailDate(launch.date, precision: launch.datePrecision))
            field("Precision", launch.precisionWords)
            field("Status", launch.statusWord(at: now), tone: launch.statusTone(at: now))
            field("Launchpad", launchpadText(launch.launchpad))
            field("Details", launch.details)
            list("Payloads", launch.payloads.map(payloadText), empty: missing)
            field("Crew", "\(launch.crew.count)")
            list("Failures", launch.failures.map(failureText), empty: "none")
            list("Boosters", launch.cores.map(coreText), empty: missing)

            out.append(.blank)
            out.append(.heading("Rocket"))
            let rocket = launch.rocket?.object
            field("Name", rocket?.name)
            field("Type", rocketType(rocket, cores: launch.cores))
            field("Reused", launch.isReused.map { $0 ? "yes" : "no" })
        case .launchLibrary2:
            field("Date", time.detailDate(launch.date, precision: launch.datePrecision))
            field("Precision", launch.precisionWords)
            field("Status", statusText(launch, now: now), tone: launch.statusTone(at: now))
            if launch.webcastLive { field("Webcast", "● LIVE", tone: .failure) }
            field("Provider", launch.providerName)
            field("Rocket", launch.rocket?.object?.name)
            field("Pad", launch.launchpad?.object?.name)
            field("Location", launch.launchpad?.object?.locality)
            field("Type", launch.missionType)
            field("Orbit", launch.orbit)
            field("Probability", launch.probability.map { "\($0)% weather go" })
            // The detailed record's stages: which boosters fly, and where they land.
            if !launch.cores.isEmpty { list("Boosters", launch.cores.map(coreText), empty: missing) }
            field("Description", launch.details)
            // Before the picture: on launch day the steps matter more than the photo.
            out += timelineLines(launch, time: time, now: now)
            if let box = imageBox, let image = launch.image {
                out.append(.blank)
                let key = PictureKey(url: image, columns: box.columns, rows: box.rows)
                out += (0..<box.rows).map { .picture(key, row: $0) }
            }
        }

        if !launch.updates.isEmpty {
            out.append(.blank)
            out.append(.heading("Updates"))
            // The latest few, each dated (day and time in the user's zone), then who posted it.
            for update in launch.updates.prefix(maxUpdates) {
                field(update.postedAt.map { time.listDate($0, precision: .day) } ?? missing, update.comment)
                if let author = update.author { field("", "— " + author, tone: .muted) }
            }
        }

        out.append(.blank)
        out.append(.heading("Links"))
        for slot in launch.linkSlots {
            if slot.targets.isEmpty { field(slot.title, nil); continue }
            for (i, target) in slot.targets.enumerated() {
                let label = i == 0 ? slot.title : ""
                // A bare link (the SpaceX ones) is its URL; a titled one gets its title too.
                if target.title == nil, target.publisher == nil {
                    field(label, target.url.absoluteString)
                } else {
                    field(label, target.label)
                    field("", target.url.absoluteString, tone: .muted)
                }
            }
        }
        return out
    }

    /// The `Timeline` section (none without steps): each step against the clock, done (✓),
    /// next (▶) or later, with its T-offset and wall-clock time; while NET is not known to the
    /// minute, only the offsets, and a line saying the times come once it is.
    static func timelineLines(_ launch: Launch, time: LaunchTime, now: Date) -> [DetailLine] {
        guard !launch.timeline.isEmpty else { return [] }
        var out: [DetailLine] = [.blank, .heading("Timeline")]
        guard launch.datePrecision == .hour, let net = launch.date else {
            out.append(.field(label: "", value: "times once NET is exact", tone: .muted))
            return out + launch.timeline.map {
                .timeline(TimelineLine(mark: nil, offset: TimelineProgress.offsetText($0.offset), time: nil, name: $0.name))
            }
        }
        let marks = TimelineProgress.marks(launch.timeline, net: net, now: now)
        for (event, mark) in zip(launch.timeline, marks) {
            out.append(.timeline(TimelineLine(mark: mark, offset: TimelineProgress.offsetText(event.offset),
                                              time: time.timeOfDay(event.date(net: net)), name: event.name,
                                              note: mark == .next ? event.description : nil)))
        }
        return out
    }

    static func launchpadText(_ ref: Ref<Launchpad>?) -> String? {
        guard let pad = ref?.object else { return nil }
        let name = pad.name ?? pad.fullName
        let place = [pad.locality, pad.region].compactMap { $0 }.joined(separator: ", ")
        switch (name, place.isEmpty) {
        case (let n?, false): return "\(n) — \(place)"
        case (let n?, true): return n
        case (nil, false): return place
        case (nil, true): return nil
        }
    }

    static func payloadText(_ ref: Ref<Payload>) -> String {
        guard let p = ref.object else { return missing }
        let mass = p.massKg.map { Formatting.grouped($0) + " kg" } ?? missing
        let customers = (p.customers ?? []).isEmpty ? "" : " · for " + (p.customers ?? []).joined(separator: ", ")
        return "\(p.name ?? missing) · orbit \(p.orbit ?? missing) · \(mass)\(customers)"
    }

    /// The list's word first (`GO`, as on the row), then the source's own name where it says
    /// more (`GO · Go for Launch`): one status, the same word on both screens.
    static func statusText(_ launch: Launch, now: Date) -> String {
        let word = launch.statusWord(at: now)
        guard let name = launch.sourceStatus?.name, name.uppercased() != word else { return word }
        return "\(word) · \(name)"
    }

    /// `T+33s at 12 km: reason`; what is not known is left out (`T+33s: reason`), never `- km`.
    static func failureText(_ f: LaunchFailure) -> String {
        let time = f.time.map { "T+\($0)s" } ?? "T+\(missing)"
        let altitude = f.altitude.map { " at \($0) km" } ?? ""
        return "\(time)\(altitude): \(f.reason ?? missing)"
    }

    /// `B1082 · flight 12 · reused · landed (ASDS on OCISLY)`; a Launch Library 2 stage says
    /// more where it knows it: `B1065 · side booster · flight 6 · 6 flights so far · reused ·
    /// 290 days since its previous flight · no landing attempt`.
    static func coreText(_ c: LaunchCore) -> String {
        let serial = c.core?.object?.serial ?? "core \(missing)"
        let side = c.stage?.lowercased().contains("strap-on") == true ? "side booster" : nil
        let flight = c.flight.map { "flight \($0)" } ?? "flight \(missing)"
        let soFar = c.flightsSoFar.map { "\($0) flight\($0 == 1 ? "" : "s") so far" }
        let reused = c.reused.map { $0 ? "reused" : "new" } ?? "reuse \(missing)"
        let since = c.daysSincePreviousFlight.map { "\($0) day\($0 == 1 ? "" : "s") since its previous flight" }
        let landing: String
        switch (c.landingAttempt, c.landingSuccess) {
        // Where an unflown-back booster ends up, when the source says (`EXP on ATL`: expended
        // in the Atlantic).
        case (false?, _): landing = "no landing attempt" + (landingPlace(c).map { " (\($0))" } ?? "")
        case (true?, true?): landing = "landed (\(landingWhere(c)))"
        case (true?, false?): landing = "landing failed (\(landingWhere(c)))"
        case (true?, nil): landing = "landing attempt (\(landingWhere(c)))"
        case (nil, _): landing = "landing \(missing)"
        }
        return [serial, side, flight, soFar, reused, since, landing].compactMap { $0 }.joined(separator: " · ")
    }

    private static func landingWhere(_ c: LaunchCore) -> String { landingPlace(c) ?? missing }

    /// The landing's type and place as the source abbreviates them (`ASDS on OCISLY`, `RTLS on LZ-1`).
    private static func landingPlace(_ c: LaunchCore) -> String? {
        [c.landingType, c.landpad?.object?.name].compactMap { $0 }.joined(separator: " on ").nonEmpty
    }

    /// The rocket's type and variant: `rocket · engine 1D+ · block 5` (each part only if known).
    static func rocketType(_ rocket: Rocket?, cores: [LaunchCore]) -> String? {
        guard let rocket else { return nil }
        var parts: [String] = []
        if let type = rocket.type { parts.append(type) }
        if let version = rocket.engineVersion {
            parts.append("engine " + [rocket.engineType?.capitalized, version].compactMap { $0 }.joined(separator: " "))
        }
        let blocks = Set(cores.compactMap { $0.core?.object?.block }).sorted()
        if !blocks.isEmpty { parts.append("block " + blocks.map(String.init).joined(separator: "/")) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `wrap`, kept to `maxLines` lines; when text was left out, the last line ends in `…`.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        let all = wrap(text, width: width)
        guard all.count > maxLines else { return all }
        guard maxLines > 0 else { return [] }
        var kept = Array(all.prefix(maxLines))
        kept[kept.count - 1] = TerminalText.truncate(kept[kept.count - 1] + "…", toWidth: max(2, width))
        return kept
    }

    /// Word-wraps to `width` display columns; a word longer than a line is cut.
    public static func wrap(_ text: String, width: Int) -> [String] {
        // Two columns at least: a wide character must fit a line, or the cutting never ends.
        let width = max(2, width)
        let clean = TerminalText.sanitize(text)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in clean.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var w = TerminalText.width(word)
            if lineWidth > 0, lineWidth + 1 + w > width {
                lines.append(line); line = ""; lineWidth = 0
            }
            while w > width {
                // A URL or an unbroken run: hard-cut it across lines.
                var head = ""
                var headWidth = 0
                var rest = Substring(word)
                while let ch = rest.first, headWidth + TerminalText.width(of: ch) <= width - lineWidth - (lineWidth > 0 ? 1 : 0) {
                    head.append(ch); headWidth += TerminalText.width(of: ch); rest.removeFirst()
                }
                if head.isEmpty { lines.append(line); line = ""; lineWidth = 0; continue }
                line += (lineWidth > 0 ? " " : "") + head
                lines.append(line); line = ""; lineWidth = 0
                word = String(rest); w = TerminalText.width(word)
            }
            if word.isEmpty { continue }
            line += (lineWidth > 0 ? " " : "") + word
            lineWidth += (lineWidth > 0 ? 1 : 0) + w
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
