import TminusCore
import TminusRender

/// On wide terminals (`ScreenLayout.isSplit`) a launch list has the selected launch beside it,
/// following the selection like lazygit's or k9s's detail pane: its patch, name, status,
/// rocket and pad, the countdown (or the date and outcome), the links, and its description.
enum LaunchPreviewView {
    /// Draws the list (which keeps to `context.listWidth`) and, when there is one
    /// (`AppState.previewLaunch`, `previewRocket`), the preview of `launch` or `rocket` right of it.
    static func drawSplit(_ launch: Launch?, rocket: Rocket? = nil, context: RenderContext, into grid: inout Grid,
                          drawList: (inout Grid) -> Void) {
        drawList(&grid)
        let layout = context.layout
        guard launch != nil || rocket != nil else { return }
        // The list keeps to its width; the pane is cleared anyway, so nothing long can show through.
        let rows = layout.subheaderRow..<layout.statusRow
        grid.fill(x: layout.listWidth, y: rows.lowerBound, width: grid.width - layout.listWidth, height: rows.count)
        for y in rows { grid.put("│", x: layout.listWidth, y: y, style: Style(foreground: .theme.faint)) }
        if let launch {
            draw(launch, context: context, into: &grid)
        } else if let rocket {
            RocketPreviewView.draw(rocket, context: context, into: &grid)
        }
    }

    static func draw(_ launch: Launch, context: RenderContext, into grid: inout Grid) {
        let layout = context.layout
        let left = layout.previewX
        let width = layout.previewTextWidth
        let bottom = layout.statusRow  // exclusive
        var y = layout.subheaderRow

        // The patch, with the facts beside it; without pictures (`--no-images`, few colours) no
        // box at all: a pane of shading helps nobody.
        let pictures = context.pictureMode == .pictures
        let patchColumns = pictures ? layout.previewPatchColumns : 0, patchRows = pictures ? layout.previewPatchRows : 0
        if pictures {
            PictureView.drawPatch(launch.headerPicture, context: context, x: left, y: y,
                                  columns: patchColumns, rows: patchRows, into: &grid)
        }
        let textX = pictures ? left + patchColumns + 2 : left
        let textWidth = max(0, left + width - textX)
        var ty = y
        for line in LaunchDetailDocument.wrap(launch.name, width: max(1, textWidth)).prefix(2) {
            grid.put(line, x: textX, y: ty, maxWidth: textWidth, style: .bold)
            ty += 1
        }
        if context.watched.contains(launch.id) {
            grid.put(Theme.favoriteMark + " watched", x: textX, y: ty, style: Theme.favoriteStyle)
            ty += 1
        }
        grid.put(launch.statusWord, x: textX, y: ty, maxWidth: textWidth, style: Theme.style(launch.statusTone))
        ty += 2
        let facts: [(String, String?)] = [
            ("Rocket", launch.rocket?.object?.name),
            ("Provider", launch.provider),
            ("Pad", launch.launchpad?.object?.name),
            ("Where", launch.launchpad?.object?.locality),
            ("Mission", LaunchColumns.mission(launch)),
            ("Flight", launch.flightNumber.map { "#\($0)" }),
        ]
        let labelWidth = 9
        for (label, value) in facts {
            guard !pictures || ty < y + patchRows, let value, !value.isEmpty else { continue }
            grid.put(label, x: textX, y: ty, style: Theme.label)
            grid.put(value, x: textX + labelWidth, y: ty, maxWidth: max(0, textWidth - labelWidth))
            ty += 1
        }
        y = max(y + patchRows, ty) + 1

        // The clock (big digits when the pane has room), or the date and how it went.
        y += CountdownView.draw(launch, context: context, x: left, y: y, width: width, height: max(0, bottom - y), into: &grid) + 1

        // The launch day's steps against the clock, and the next one in words.
        if !launch.timeline.isEmpty, y + 1 < bottom {
            let net = launch.datePrecision == .hour ? launch.date : nil
            TimelineStrip.draw(launch.timeline, net: net, now: context.now, x: left, y: y, width: width, into: &grid)
            if let net, let next = zip(launch.timeline, TimelineProgress.marks(launch.timeline, net: net, now: context.now))
                .first(where: { $0.1 == .next })?.0 {
                let x = left + grid.put("next ", x: left, y: y + 1, style: Theme.label)
                grid.put("\(next.name)  \(TimelineProgress.offsetText(next.offset))", x: x, y: y + 1, maxWidth: left + width - x,
                         style: Style(foreground: .theme.accent, attributes: .bold))
            }
            y += 3
        }

        // The links `Enter` then `o` would open: which exist.
        if y < bottom {
            var x = left + grid.put("Links ", x: left, y: y, style: Theme.label)
            for slot in launch.linkSlots where x < left + width {
                let available = !slot.targets.isEmpty
                x += grid.put(slot.title, x: x, y: y, maxWidth: max(0, left + width - x),
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
            grid.put(cut ? TerminalText.truncate(line + " …", toWidth: width) : line, x: left, y: y + i, maxWidth: width)
        }
        // How to see the rest.
        grid.put("Enter opens the launch", x: left, y: bottom - 1, style: Theme.label)
    }
}
