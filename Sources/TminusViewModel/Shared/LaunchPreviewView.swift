import TminusCore
import TminusRender

/// On wide terminals (`ScreenLayout.isSplit`) a launch list has the selected launch beside it,
/// following the selection like lazygit's or k9s's detail pane: its patch, name, status,
/// rocket and pad, the countdown (or the date and outcome), the links, and its description.
enum LaunchPreviewView {
    /// Draws the list in its part of `rect` (all of it without a preview) and, when there is
    /// one (`AppState.previewLaunch`, `previewRocket`), the preview of `launch` or `rocket`
    /// right of it, `ScreenLayout.previewWidth` wide.
    static func drawSplit(_ launch: Launch?, rocket: Rocket? = nil, in rect: Rect, context: RenderContext, into frame: inout Frame,
                          drawList: (Rect, inout Frame) -> Void) {
        let split = launch != nil || rocket != nil
        let listWidth = split ? min(rect.width, context.layout.listWidth) : rect.width
        drawList(rect.prefix(columns: listWidth), &frame)
        guard split else { return }
        // The list keeps to its width; the pane is cleared anyway, so nothing long can show through.
        let divider = rect.x + listWidth
        frame.grid.fill(x: divider, y: rect.y, width: rect.right - divider, height: rect.height)
        for y in rect.y..<rect.bottom { frame.grid.put("│", x: divider, y: y, style: Style(foreground: .theme.faint)) }
        // A column of air each side of the text.
        let pane = Rect(x: divider + 2, y: rect.y, width: rect.right - divider - 3, height: rect.height)
        if let launch {
            draw(launch, in: pane, context: context, into: &frame)
        } else if let rocket {
            RocketPreviewView.draw(rocket, in: pane, context: context, into: &frame)
        }
    }

    /// The picture's box: about a third of the pane, square in half-block pixels.
    static func patchColumns(in pane: Rect) -> Int { max(8, pane.width / 3 / 2 * 2) }

    static func draw(_ launch: Launch, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let left = rect.x
        let width = rect.width
        let bottom = rect.bottom  // exclusive
        var y = rect.y

        // The patch, with the facts beside it; without pictures (`--no-images`, few colours) no
        // box at all: a pane of shading helps nobody.
        let pictures = context.pictureMode == .pictures
        let patchColumns = pictures ? patchColumns(in: rect) : 0, patchRows = patchColumns / 2
        if pictures {
            PictureView.drawPatch(launch.headerPicture, context: context, x: left, y: y,
                                  columns: patchColumns, rows: patchRows, priority: 0, into: &frame)
        }
        let textX = pictures ? left + patchColumns + 2 : left
        let textWidth = max(0, left + width - textX)
        var ty = y
        for line in LaunchDetailDocument.wrap(launch.name, width: max(1, textWidth)).prefix(2) {
            frame.grid.put(line, x: textX, y: ty, maxWidth: textWidth, style: .bold)
            ty += 1
        }
        if context.watched.contains(launch.id) {
            frame.grid.put(Theme.favoriteMark + " watched", x: textX, y: ty, style: Theme.favoriteStyle)
            ty += 1
        }
        frame.grid.put(launch.statusWord(at: context.now), x: textX, y: ty, maxWidth: textWidth,
                       style: Theme.style(launch.statusTone(at: context.now)))
        ty += 2
        let facts: [(String, String?)] = [
            ("Rocket", launch.rocket?.object?.name),
            ("Provider", launch.providerName),
            ("Pad", launch.launchpad?.object?.name),
            ("Where", launch.launchpad?.object?.locality),
            ("Mission", LaunchColumns.mission(launch)),
            ("Flight", launch.flightNumber.map { "#\($0)" }),
        ]
        let labelWidth = 9
        for (label, value) in facts {
            guard !pictures || ty < y + patchRows, let value, !value.isEmpty else { continue }
            frame.grid.put(label, x: textX, y: ty, style: Theme.label)
            frame.grid.put(value, x: textX + labelWidth, y: ty, maxWidth: max(0, textWidth - labelWidth))
            ty += 1
        }
        y = max(y + patchRows, ty) + 1

        // The clock (big digits when the pane has room), or the date and how it went.
        y += CountdownView.draw(launch, context: context, x: left, y: y, width: width, height: max(0, bottom - y), into: &frame.grid) + 1

        // The launch day's steps against the clock, and the next one in words.
        if !launch.timeline.isEmpty, y + 1 < bottom {
            let net = launch.datePrecision == .hour ? launch.date : nil
            TimelineStrip.draw(launch.timeline, net: net, now: context.now, x: left, y: y, width: width, into: &frame.grid)
            if let net, let next = zip(launch.timeline, TimelineProgress.marks(launch.timeline, net: net, now: context.now))
                .first(where: { $0.1 == .next })?.0 {
                let x = left + frame.grid.put("next ", x: left, y: y + 1, style: Theme.label)
                frame.grid.put("\(next.name)  \(TimelineProgress.offsetText(next.offset))", x: x, y: y + 1, maxWidth: left + width - x,
                         style: Style(foreground: .theme.accent, attributes: .bold))
            }
            y += 3
        }

        // The links `Enter` then `o` would open: which exist.
        if y < bottom {
            var x = left + frame.grid.put("Links ", x: left, y: y, style: Theme.label)
            for slot in launch.linkSlots where x < left + width {
                let available = !slot.targets.isEmpty
                x += frame.grid.put(slot.title, x: x, y: y, maxWidth: max(0, left + width - x),
                              style: available ? Style(foreground: .theme.accent) : Style(foreground: .theme.unavailable))
                x += 2
            }
            y += 2
        }

        // As much of the description as fits, the last line ending in `…` when cut.
        guard let details = launch.details, y < bottom - 1 else { return }
        let lines = LaunchDetailDocument.wrap(details, width: width)
        let room = bottom - 1 - y
        for (i, line) in lines.prefix(room).enumerated() {
            let cut = i == room - 1 && lines.count > room
            frame.grid.put(cut ? TerminalText.truncate(line + " …", toWidth: width) : line, x: left, y: y + i, maxWidth: width)
        }
        // How to see the rest.
        frame.grid.put("Enter opens the launch", x: left, y: bottom - 1, style: Theme.label)
    }
}
