import TminusCore
import TminusViewModel

/// A launch: a fixed header (name, countdown or date, links) over a scrolling body of fields.
enum LaunchDetailView {
    /// - Parameter body: the detail's body as the state lays it out (`AppState.detailBody`).
    static func draw(_ detail: LaunchDetailState, body lines: [DetailLine], context: RenderContext, into grid: inout Grid) {
        let launch = detail.launch
        let layout = context.layout
        let top = layout.detailHeaderTop
        let time = context.time

        // The patch on the left of rows 1–4; the text beside it.
        PictureView.drawPatch(launch.links.patchLarge ?? launch.links.patchSmall, context: context, x: 2, y: top,
                              columns: layout.detailPatchColumns, rows: layout.detailPatchRows, into: &grid)
        let textX = layout.detailHeaderTextX

        // Row 1: name, status word.
        // The source's own word, but never more than a status column's worth of the row (a
        // status from the network can be any length).
        let word = TerminalText.truncate(launch.statusWord, toWidth: 16)
        let statusX = grid.width - max(LaunchListView.statusWidth, TerminalText.width(word)) - 1
        let watched = context.watched.contains(launch.id)
        let markWidth = 10  // " ★ watched"
        let used = grid.put(launch.name, x: textX, y: top, maxWidth: statusX - textX - 2 - markWidth, style: Style(attributes: .bold))
        grid.put(watched ? " ★ watched" : " ☆", x: textX + used, y: top, style: watched ? Theme.favoriteStyle : Theme.label)
        grid.put(word, x: statusX, y: top, style: Theme.style(launch.statusTone))

        // Row 2: the short facts.
        let subtitle = [launch.flightNumber.map { "Flight #\($0)" }, launch.provider, launch.rocket?.object?.name,
                        launch.launchpad?.object?.name].compactMap { $0 }.joined(separator: " · ")
        grid.put(subtitle, x: textX, y: top + 1, maxWidth: grid.width - textX - 2, style: Theme.label)

        // Row 3: the clock (upcoming) or the date (past). Row 4: what it means.
        if launch.upcoming {
            let countdown = Countdown(to: launch.date, precision: launch.datePrecision, now: context.now, time: time)
            let tone: Tone = countdown.kind == .counting ? .upcoming : .warning
            let x = textX + grid.put(countdown.text, x: textX, y: top + 2, style: Theme.style(tone))
            grid.put("  " + countdown.label, x: x, y: top + 2, style: Theme.label)
            let net = textX + grid.put("NET " + time.detailDate(launch.date, precision: launch.datePrecision), x: textX, y: top + 3, style: .dim)
            if let change = context.changes[launch.id] {
                grid.put("  \(change.text) since you last looked", x: net, y: top + 3, maxWidth: grid.width - net - 2,
                         style: Theme.changeStyle(change))
            }
        } else {
            let x = textX + grid.put(time.detailDate(launch.date, precision: launch.datePrecision), x: textX, y: top + 2, style: .bold)
            let outcome: String
            switch launch.status {
            case .success: outcome = "  launched successfully"
            case .failure: outcome = "  launch failed"
            default: outcome = "  outcome unknown"
            }
            grid.put(outcome, x: x, y: top + 2, style: Theme.label)
        }

        // Row 5: the links bar; the selected one is what `o` opens.
        var x = textX + grid.put("Links ", x: textX, y: top + 4, style: Theme.label)
        for (index, slot) in launch.linkSlots.enumerated() {
            let available = !slot.targets.isEmpty
            let style: Style
            if index == detail.linkIndex && available {
                style = Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
            } else {
                style = available ? Style(foreground: .theme.accent) : Style(foreground: .theme.unavailable)
            }
            // Several pages behind one link (`o` then asks which): say how many.
            let title = slot.targets.count > 1 ? "\(slot.title) (\(slot.targets.count))" : slot.title
            x += grid.put(" \(title) ", x: x, y: top + 4, style: style)
            x += 1
        }
        grid.horizontalRule(y: top + 5)

        // The body.
        DocumentView.draw(lines, context: context, scroll: detail.scroll, top: layout.detailBodyTop, height: layout.detailBodyHeight, into: &grid)
        if detail.scroll + layout.detailBodyHeight < lines.count {
            grid.putRight("↓ more ", right: grid.width, y: layout.statusRow - 1, style: Theme.label)
        }
    }
}
