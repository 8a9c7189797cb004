import TminusCore
import TminusImage
import TminusRender

/// While the first launches load: the logo at half the terminal's width, square, centred
/// (`ScreenLayout.startupLogo`), once the effect runner has made it (off the frame, like any
/// picture: the first frame never waits for chafa); the glyph logo until then, and for good
/// with `--no-images`. It is only a picture of waiting: the list replaces it the moment data
/// arrives.
enum StartupLogo {
    static func draw(what: String, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        let box = layout.startupLogo
        let key = PictureKey(url: Logo.url, columns: box.columns, rows: box.rows)
        var caption: Int
        if context.pictureMode == .pictures { frame.place(key, priority: 0) }
        if let picture = context.picture(key) {
            PictureView.drawPicture(picture, key: key, rows: 0..<box.rows, x: box.x, y: box.y, context: context, into: &frame.grid)
            caption = box.y + box.rows + 1
        } else {
            // The glyph logo in the middle of the same box.
            let top = box.y + max(0, (box.rows - Logo.glyphs.count) / 2)
            for (i, line) in Logo.glyphs.enumerated() {
                frame.grid.putCentered(line, y: top + i, style: Style(foreground: .theme.accent))
            }
            caption = top + Logo.glyphs.count + 1
        }
        frame.grid.putCentered("tminus · loading \(what)…", y: min(caption, layout.statusRow - 1), style: Theme.label)
    }
}
