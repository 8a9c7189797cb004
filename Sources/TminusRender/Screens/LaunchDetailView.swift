import TminusCore
import TminusViewModel

/// A launch: a fixed header (name, countdown or date, links) over a scrolling body of fields.
enum LaunchDetailView {
    /// - Parameter body: the detail's body as the state lays it out (`AppState.detailBody`).
    static func draw(_ detail: LaunchDetailState, body lines: [DetailLine], context: RenderContext, into grid: inout Grid) {
        let launch = detail.launch
        let layout = context.layout
        let top = layout.detailHeaderTop

        // The patch on the left, down to the links bar; the text beside it.
        PictureView.drawPatch(launch.links.patchLarge ?? launch.links.patchSmall, context: context, x: 2, y: top,
                              columns: layout.detailPatchColumns, rows: layout.detailPatchRows, into: &grid)
        let textX = layout.detailHeaderTextX

        // The first row: name, status word.
        // The source's own word, but never more than a status column's worth of the row (a
        // status from the network can be any length).
        let word = TerminalText.truncate(launch.statusWord, toWidth: 16)
        let statusX = grid.width - max(LaunchListView.statusWidth, TerminalText.width(word)) - 1
        let watched = context.watched.contains(launch.id)
        let markWidth = 10  // " ★ watched"
        let used = grid.put(launch.name, x: textX, y: top, maxWidth: statusX - textX - 2 - markWidth, style: Style(attributes: .bold))
        grid.put(watched ? " ★ watched" : " ☆", x: textX + used, y: top, style: watched ? Theme.favoriteStyle : Theme.label)
        grid.put(word, x: statusX, y: top, style: Theme.style(launch.status.tone))

        // The second: the short facts.
        let subtitle = [launch.flightNumber.map { "Flight #\($0)" }, launch.provider, launch.rocket?.object?.name,
                        launch.launchpad?.object?.name].compactMap { $0 }.joined(separator: " · ")
        grid.put(subtitle, x: textX, y: top + 1, maxWidth: grid.width - textX - 2, style: Theme.label)

        // Then the countdown (in big digits on a tall terminal), what it means and the NET; or,
        // for a launch that is over, its date and outcome.
        CountdownView.draw(launch, context: context, x: textX, y: layout.detailCountdownTop,
                           width: grid.width - textX - 2, height: layout.detailCountdownHeight, into: &grid)

        // The links bar; the selected one is what `o` opens.
        let linksY = layout.detailLinksRow
        var x = textX + grid.put("Links ", x: textX, y: linksY, style: Theme.label)
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
            x += grid.put(" \(title) ", x: x, y: linksY, style: style)
            x += 1
        }
        grid.horizontalRule(y: layout.detailRuleRow)

        // The body.
        DocumentView.draw(lines, context: context, scroll: detail.scroll, top: layout.detailBodyTop, height: layout.detailBodyHeight, into: &grid)
        if detail.scroll + layout.detailBodyHeight < lines.count {
            grid.putRight("↓ more ", right: grid.width, y: layout.statusRow - 1, style: Theme.label)
        }
    }
}
