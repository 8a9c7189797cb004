import TminusCore
import TminusRender

/// A launch: a fixed header (name, countdown or date, links) over a scrolling body of fields.
enum LaunchDetailView {
    /// Its header's rows and boxes are the detail's part of `ScreenLayout` (they depend on the
    /// terminal's size: the big countdown, the patch); `rect` bounds it.
    /// - Parameter body: the detail's body as the state lays it out (`AppState.detailBody`).
    static func draw(_ detail: LaunchDetailState, body lines: [DetailLine], in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let launch = detail.launch
        let layout = context.layout
        let top = layout.detailHeaderTop

        // The patch on the left, down to the links bar; the text beside it.
        PictureView.drawPatch(launch.headerPicture, context: context, x: 2, y: top,
                              columns: layout.detailPatchColumns, rows: layout.detailPatchRows, into: &frame)
        let textX = layout.detailHeaderTextX

        // The first row: name, status word.
        // The source's own word, but never more than a status column's worth of the row (a
        // status from the network can be any length).
        let word = TerminalText.truncate(launch.statusWord, toWidth: 16)
        let statusX = rect.right - max(LaunchListView.statusWidth, TerminalText.width(word)) - 1
        let watched = context.watched.contains(launch.id)
        let markWidth = 10  // " ★ watched"
        // A name too long for the row goes on over the second (issue 25: it was cut here, and
        // nowhere on the screen was it whole); the facts it displaces are the body's fields too.
        let wrapped = LaunchDetailDocument.wrap(launch.name, width: max(2, statusX - textX - 2 - markWidth), maxLines: 2)
        let nameLines = wrapped.isEmpty ? [""] : wrapped
        var used = 0
        for (i, line) in nameLines.enumerated() {
            used = frame.grid.put(line, x: textX, y: top + i, maxWidth: statusX - textX - 2 - markWidth, style: Style(attributes: .bold))
        }
        frame.grid.put(watched ? " ★ watched" : " ☆", x: textX + used, y: top + nameLines.count - 1,
                 style: watched ? Theme.favoriteStyle : Theme.label)
        frame.grid.put(word, x: statusX, y: top, style: Theme.style(launch.statusTone))

        // The second: the short facts.
        if nameLines.count < 2 {
            let subtitle = [launch.flightNumber.map { "Flight #\($0)" }, launch.provider, launch.rocket?.object?.name,
                            launch.launchpad?.object?.name].compactMap { $0 }.joined(separator: " · ")
            frame.grid.put(subtitle, x: textX, y: top + 1, maxWidth: rect.right - textX - 2, style: Theme.label)
        }

        // Then the countdown (in big digits on a tall terminal), what it means and the NET; or,
        // for a launch that is over, its date and outcome.
        CountdownView.draw(launch, context: context, x: textX, y: layout.detailCountdownTop,
                           width: rect.right - textX - 2, height: layout.detailCountdownHeight, into: &frame.grid)

        // The links bar; the selected one is what `o` opens, and a click chooses one.
        LinkBar.draw(detail.linkSlots, selected: detail.linkIndex, x: layout.detailLinksX, y: layout.detailLinksRow, into: &frame)
        frame.grid.horizontalRule(y: layout.detailRuleRow)

        // The body.
        DocumentView.draw(lines, context: context, scroll: detail.scroll, top: layout.detailBodyTop, height: max(1, rect.bottom - layout.detailBodyTop), into: &frame)
    }
}
