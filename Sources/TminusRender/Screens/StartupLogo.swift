import TminusCore
import TminusImage
import TminusViewModel

/// While the first launches load: the logo, up to half the terminal's width and `Logo.maxRows`
/// tall, aspect kept, drawn by chafa in the terminal's colours (glyph art with `--no-images`). It
/// is only a picture of waiting: the list replaces it the moment data arrives.
enum StartupLogo {
    static func draw(what: String, context: RenderContext, into grid: inout Grid) {
        let layout = context.layout
        let room = layout.listHeight - 2  // a line for the caption and one of air
        var caption = layout.listTop + layout.listHeight / 2
        if context.pictureMode == .pictures {
            // Square logo: a cell is about twice as tall as wide.
            let rows = max(1, min(room, grid.width / 4, Logo.maxRows))
            let columns = rows * 2
            let top = layout.listTop + max(0, (room - rows) / 2)
            let picture = Logo.picture(rows: rows, depth: context.pictureLook.depth, background: context.pictureLook.background)
            grid.draw(picture, rows: 0..<rows, x: (grid.width - columns) / 2, y: top)
            caption = top + rows + 1
        } else {
            let top = layout.listTop + max(0, (room - Logo.glyphs.count) / 2)
            for (i, line) in Logo.glyphs.enumerated() {
                grid.putCentered(line, y: top + i, style: Style(foreground: .theme.accent))
            }
            caption = top + Logo.glyphs.count + 1
        }
        grid.putCentered("tminus · loading \(what)…", y: min(caption, layout.statusRow - 1), style: Theme.label)
    }
}
