import Foundation
import TminusCore
import TminusRender

/// The body of an event's detail, worded and wrapped (tests read every field and every `-`).
enum EventDocument {
    static func lines(_ detail: EventDetailState, time: LaunchTime, now: Date, width: Int) -> [DetailLine] {
        let event = detail.event
        var out: [DetailLine] = [.heading("Event")]
        let valueWidth = max(8, width - LaunchDetailDocument.labelWidth - 1)
        func field(_ label: String, _ value: String?, tone: Tone = .plain) {
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                out.append(.field(label: label, value: LaunchDetailDocument.missing, tone: .muted))
                return
            }
            for (i, line) in LaunchDetailDocument.wrap(TerminalText.sanitize(value), width: valueWidth).enumerated() {
                out.append(.field(label: i == 0 ? label : "", value: line, tone: tone))
            }
        }
        func list(_ label: String, _ values: [String]) {
            if values.isEmpty { return field(label, nil) }
            for (i, value) in values.enumerated() { field(i == 0 ? label : "", value) }
        }
        field("Type", event.type)
        field("Date", time.detailDate(event.date, precision: event.datePrecision))
        field("Precision", event.precisionName ?? event.datePrecision.rawValue)
        if event.webcastLive { field("Webcast", "● LIVE", tone: .failure) }
        field("Location", event.location)
        field("Description", event.description)
        list("Stations", event.stations)
        list("Expeditions", event.expeditions)
        if !event.programs.isEmpty { list("Programs", event.programs) }

        out += [.blank, .heading("Launches")]
        if event.launches.isEmpty { field("", "none named") }
        for (index, launch) in event.launches.enumerated() {
            let selected = index == detail.launchIndex
            let words = [launch.name, time.listDate(launch.date, precision: launch.datePrecision), launch.statusWord]
            field("", (selected ? "› " : "  ") + words.joined(separator: " · "), tone: selected ? .upcoming : .plain)
        }
        if !event.launches.isEmpty { field("", "↑↓ choose a launch, Enter opens it", tone: .muted) }
        return out + NewsDocument.lines(detail.news, now: now, width: width)
    }
}
