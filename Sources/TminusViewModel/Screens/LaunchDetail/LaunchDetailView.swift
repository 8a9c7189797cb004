import TminusCore
import TminusRender

/// A launch: a fixed header (name, countdown or date, links) over a scrolling body of fields.
enum LaunchDetailView {
    /// Its header's rows and boxes are the detail's part of `ScreenLayout` (they depend on the
    /// terminal's size: the big countdown, the patch); `rect` bounds it.
    /// - Parameter body: the detail's body as the state lays it out (`AppState.detailBody`).
    static func draw(_ detail: LaunchDetailState, body lines: [DetailLine], in rect: Rect, context: RenderContext, into frame: inout Frame) {
        // Frozen data past its date is `NO DATA` here too, whichever list it was opened from.
        let launch = detail.launch.passedFrozen(at: context.now) ?? detail.launch
        let layout = context.layout
        let top = layout.detailHeaderTop, textX = layout.detailHeaderTextX
        DetailChrome.draw(picture: launch.headerPicture, links: detail.linkSlots, selected: detail.linkIndex, body: lines,
                          scroll: detail.scroll, in: rect, context: context, into: &frame)

        // The first row: name, status word.
        // The source's own word, but never more than a status column's worth of the row (a
        // status from the network can be any length).
        let word = TerminalText.truncate(launch.statusWord(at: context.now), toWidth: 16)
        let statusX = rect.right - max(LaunchListView.statusWidth, TerminalText.width(word)) - 1
        // The facts a long name displaces are the body's fields too.
        let nameLines = DetailChrome.drawTitle(launch.name, watched: context.watched.contains(launch.id), x: textX, y: top,
                                               width: statusX - textX - 2, into: &frame.grid)
        frame.grid.put(word, x: statusX, y: top, style: Theme.style(launch.statusTone(at: context.now)))

        // The second: the short facts.
        if nameLines < 2 {
            let subtitle = [launch.flightNumber.map { "Flight #\($0)" }, launch.provider, launch.rocket?.object?.name,
                            launch.launchpad?.object?.name].compactMap { $0 }.joined(separator: " · ")
            frame.grid.put(subtitle, x: textX, y: top + 1, maxWidth: rect.right - textX - 2, style: Theme.label)
        }

        // Then the countdown (in big digits on a tall terminal), what it means and the NET; or,
        // for a launch that is over, its date and outcome.
        CountdownView.draw(launch, context: context, x: textX, y: layout.detailCountdownTop,
                           width: rect.right - textX - 2, height: layout.detailCountdownHeight, into: &frame.grid)
    }
}
