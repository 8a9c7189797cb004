import TminusCore
import TminusRender

/// The pinned one-line banner under the tab bar (`b`): the next launch, its clock ticking,
/// on every tab and screen. `NEXT  Starlink Group 15-22 · T-00d 00:27:00 · Vandenberg SFB, CA, USA`
enum NextLaunchBanner {
    static let tag = " NEXT "

    static func draw(_ next: NextLaunch, context: RenderContext, y: Int, into grid: inout Grid) {
        let right = grid.width - 1
        var x = 1 + grid.put(tag, x: 1, y: y, style: Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold))
        x += 1
        switch next {
        case .loading:
            grid.put("loading upcoming launches…", x: x, y: y, maxWidth: right - x, style: Theme.label)
        case .none(let loaded):
            grid.put("no launch with an exact time ahead among the \(loaded) upcoming loaded", x: x, y: y, maxWidth: right - x, style: Theme.label)
        case .launch(let launch):
            let countdown = Countdown(launch, now: context.now, time: context.time)
            let place = launch.launchpad?.object.flatMap { $0.locality ?? $0.name }.map { " · " + $0 } ?? ""
            // The clock always shows whole: the name may take the rest of the row, the place what is left.
            let nameRoom = max(0, right - x - TerminalText.width(" · " + countdown.text))
            x += Theme.putMarked(launch.name, marked: context.watched.contains(launch.id), x: x, y: y, maxWidth: nameRoom, into: &grid)
            x += grid.put(" · ", x: x, y: y, maxWidth: right - x, style: Theme.label)
            x += grid.put(countdown.text, x: x, y: y, maxWidth: right - x, style: Theme.style(CountdownView.tone(countdown.kind)))
            grid.put(place, x: x, y: y, maxWidth: right - x, style: Theme.label)
        }
    }
}
