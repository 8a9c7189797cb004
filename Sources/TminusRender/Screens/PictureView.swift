import Foundation
import TminusCore
import TminusImage
import TminusViewModel

/// A box that holds a picture: half-block cells once it is ready, glyph art until then (or
/// for good, with `--no-images`, on a terminal with few colours, or when it failed). Both fill
/// the same box, so nothing moves when the picture arrives.
enum PictureView {
    static func draw(_ key: PictureKey?, context: RenderContext, x: Int, y: Int, columns: Int, rows: Int,
                     placeholder: [String], into grid: inout Grid) {
        if let picture = context.picture(key) {
            drawPicture(picture, x: x, y: y, direct: context.directColor, into: &grid)
        } else {
            drawPlaceholder(placeholder, x: x, y: y, columns: columns, rows: rows, into: &grid)
        }
    }

    /// A mission patch in its box: the picture, or the patch glyph (a dimmer one without a patch).
    static func drawPatch(_ url: URL?, context: RenderContext, x: Int, y: Int, columns: Int, rows: Int, into grid: inout Grid) {
        draw(url.map { PictureKey(url: $0, columns: columns, rows: rows) }, context: context, x: x, y: y,
             columns: columns, rows: rows, placeholder: [String(url == nil ? Theme.noPatchGlyph : Theme.patchGlyph)], into: &grid)
    }

    /// One row of a picture box, for bodies that scroll line by line: the picture's row once
    /// it is ready, else that row of the placeholder (shade, a glyph on the middle row).
    static func drawRow(_ row: Int, of key: PictureKey, context: RenderContext, x: Int, y: Int, into grid: inout Grid) {
        if let picture = context.picture(key) {
            // The fitted picture may be smaller than the box: centred in it, blank around.
            let left = x + max(0, (key.columns - picture.columns) / 2)
            let pictureRow = row - max(0, (key.rows - picture.rows) / 2)
            guard (0..<picture.rows).contains(pictureRow) else { return }
            var one = Grid(size: Size(width: picture.columns, height: 1))
            drawPicture(picture, x: 0, y: -pictureRow, direct: context.directColor, into: &one)
            for column in 0..<picture.columns where left + column < grid.width {
                grid[left + column, y] = one[column, 0]
            }
        } else {
            let middle = key.rows / 2
            drawPlaceholder(row == middle ? [String(Theme.rocketGlyph)] : [], x: x, y: y, columns: key.columns, rows: 1, into: &grid)
        }
    }

    /// Each cell is `▀`: the upper pixel as foreground, the lower as background. A missing
    /// pixel takes the screen's background (`▄` or a blank keeps the other half right).
    static func drawPicture(_ picture: CellPicture, x: Int, y: Int, direct: Bool = false, into grid: inout Grid) {
        // The picture's own colours where the terminal has direct colour, else the nearest
        // of the xterm palette.
        func color(_ c: RGBA) -> Color { direct ? .rgb(c.r, c.g, c.b) : Color(XtermPalette.nearest(c)) }
        for row in 0..<picture.rows {
            for column in 0..<picture.columns {
                let cell = picture[column, row]
                let gx = x + column, gy = y + row
                guard gx >= 0, gy >= 0, gx < grid.width, gy < grid.height else { continue }
                switch (cell.top, cell.bottom) {
                case let (top?, bottom?):
                    grid[gx, gy] = Cell("▀", style: Style(foreground: color(top), background: color(bottom)))
                case let (top?, nil):
                    grid[gx, gy] = Cell("▀", style: Style(foreground: color(top)))
                case let (nil, bottom?):
                    grid[gx, gy] = Cell("▄", style: Style(foreground: color(bottom)))
                case (nil, nil):
                    grid[gx, gy] = Cell(" ")
                }
            }
        }
    }

    /// A shaded box with the glyph art centred in it.
    static func drawPlaceholder(_ art: [String], x: Int, y: Int, columns: Int, rows: Int, into grid: inout Grid) {
        grid.fill(x: x, y: y, width: columns, height: rows, style: Style(foreground: .theme.faint), character: "░")
        let top = y + max(0, (rows - art.count) / 2)
        for (i, line) in art.enumerated() where top + i < y + rows {
            let w = TerminalText.width(line)
            grid.put(line, x: x + max(0, (columns - w) / 2), y: top + i, maxWidth: columns, style: Style(foreground: .theme.muted))
        }
    }
}
