import Foundation
import TminusCore
import TminusRender

/// The head of a two-line row with a thumbnail (the Rockets and Events tabs): the row's click
/// region, its picture (a glyph until it is drawn), its name with the ★ mark and, after the
/// name where there is room, a note (`· Blue Origin`, `· Docking`).
enum ThumbnailRow {
    /// Draws row `index` at `y`, its text from `x` up to `right`.
    static func drawHead(_ index: Int, picture: URL?, placeholder: Character, name: String, marked: Bool, note: String?,
                         x: Int, y: Int, right: Int, width: Int, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        // Two lines (the gap under them belongs to none).
        frame.click(Rect(x: 0, y: y, width: width, height: 2), .row(index))
        let key = picture.map { PictureKey(url: $0, columns: layout.thumbnailColumns, rows: layout.thumbnailRows) }
        PictureView.draw(key, context: context, x: 2, y: y, columns: layout.thumbnailColumns, rows: layout.thumbnailRows,
                         placeholder: [String(placeholder)], into: &frame)
        let nameWidth = Theme.putMarked(name, marked: marked, x: x, y: y, maxWidth: right - x - 2, into: &frame.grid)
        if let note, x + nameWidth + 4 < right - 2 {
            frame.grid.put("· " + note, x: x + nameWidth + 1, y: y, maxWidth: right - 2 - (x + nameWidth + 1), style: Theme.label)
        }
    }
}
