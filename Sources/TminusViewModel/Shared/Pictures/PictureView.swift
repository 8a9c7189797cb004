import Foundation
import TminusCore
import TminusImage
import TminusRender

/// A box that holds a picture: chafa's symbols once it is ready, or on a terminal that takes
/// pixels the picture itself over blank cells (sixel, iTerm2) or kitty's placeholder cells,
/// with a `PicturePlacement` in the grid for the backend to write; glyph art until then (or
/// for good, with `--no-images`, or when it failed). All fill the same box, so nothing moves
/// when the picture arrives.
enum PictureView {
    /// The box is recorded in the frame (`Frame.place`): that is what asks for the picture;
    /// `priority` says how soon it is asked for (`Frame.place`).
    static func draw(_ key: PictureKey?, context: RenderContext, x: Int, y: Int, columns: Int, rows: Int,
                     placeholder: [String], priority: Int = 2, into frame: inout Frame) {
        if let key, context.pictureMode == .pictures { frame.place(key, priority: priority) }
        if let key, let picture = context.picture(key) {
            drawPicture(picture, key: key, rows: 0..<key.rows, x: x, y: y, context: context, into: &frame.grid)
        } else {
            drawPlaceholder(placeholder, x: x, y: y, columns: columns, rows: rows, into: &frame.grid)
        }
    }

    /// A mission patch in its box: the picture, or the patch glyph (a dimmer one without a patch).
    static func drawPatch(_ url: URL?, context: RenderContext, x: Int, y: Int, columns: Int, rows: Int, priority: Int = 2,
                          into frame: inout Frame) {
        draw(url.map { PictureKey(url: $0, columns: columns, rows: rows) }, context: context, x: x, y: y,
             columns: columns, rows: rows, placeholder: [String(url == nil ? Theme.noPatchGlyph : Theme.patchGlyph)],
             priority: priority, into: &frame)
    }

    /// One row of a picture box, for bodies that scroll line by line: the picture's row once
    /// it is ready (a pixel picture's rows drawn one after another make one placement of the
    /// rows on screen), else that row of the placeholder (shade, a glyph on the middle row).
    static func drawRow(_ row: Int, of key: PictureKey, context: RenderContext, x: Int, y: Int, into grid: inout Grid) {
        if let picture = context.picture(key) {
            guard (0..<key.rows).contains(row) else { return }
            drawPicture(picture, key: key, rows: row..<(row + 1), x: x, y: y, context: context, into: &grid)
        } else {
            let middle = key.rows / 2
            drawPlaceholder(row == middle ? [String(Theme.rocketGlyph)] : [], x: x, y: y, columns: key.columns, rows: 1, into: &grid)
        }
    }

    /// Rows `rows` of a ready picture, the first at `y`: in pixels when the terminal takes them
    /// and the box lies on the grid, else as symbols.
    static func drawPicture(_ picture: LoadedPicture, key: PictureKey, rows: Range<Int>, x: Int, y: Int,
                            context: RenderContext, into grid: inout Grid) {
        let glyphs = picture.glyphs
        let protocol_ = context.graphics.pictureProtocol
        let fits = x >= 0 && y >= 0 && x + key.columns <= grid.width && y + rows.count <= grid.height
            && glyphs.columns == key.columns && glyphs.rows == key.rows
            && (protocol_ != .kitty || max(key.columns, key.rows) <= KittyPlaceholder.maxSpan)
        guard context.graphics.drawsPixels, let pixels = picture.pixels, fits, !rows.isEmpty else {
            grid.draw(glyphs, rows: rows, x: x, y: y)
            return
        }
        // kitty reads the id from the placeholders' foreground: without direct colour curses
        // sends a palette index, so the id must be one (16–255, clear of the theme's 16).
        let id = placementID(key, image: pixels, in: grid,
                             palette: protocol_ == .kitty && context.pictureLook.depth != .truecolor)
        let style = kittyStyle(id: id)
        for (i, row) in rows.enumerated() {
            if protocol_ == .kitty {
                let characters = KittyPlaceholder.characters(row: row, imageID: id)
                for column in 0..<key.columns { grid[x + column, y + i] = Cell(characters[column], style: style) }
            } else {
                for column in 0..<key.columns { grid[x + column, y + i] = .blank }
            }
        }
        grid.place(PicturePlacement(id: id, image: pixels, x: x, y: y, columns: key.columns, rows: key.rows, visibleRows: rows),
                   symbols: glyphs)
    }

    /// The style of kitty's Unicode placeholders (their row and column are diacritics in the
    /// character): the image id in the foreground colour, a palette index when it fits in one,
    /// as kitty reads `38;5;n`.
    static func kittyStyle(id: UInt32) -> Style {
        let (r, g, b) = KittyPlaceholder.foreground(imageID: id)
        return Style(foreground: id & 0xFF_FFFF < 256 ? Color(Int16(id & 0xFF)) : Color.rgb(r, g, b))
    }

    /// The placement id of the picture `key`: the same for the same URL in the same box in
    /// every frame (kitty keeps the image under it), 24 bits, never 0. The same picture twice
    /// on screen (two launches with one patch) shares it; another picture of this frame that
    /// hashed to the same number pushes this one to the next free one.
    static func placementID(_ key: PictureKey, image: RGBAImage, in grid: Grid, palette: Bool = false) -> UInt32 {
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for byte in key.url.absoluteString.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        for byte in "#\(key.columns)x\(key.rows)".utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        // The ids there are: 24 bits (never 0), or palette indexes 16–255.
        let first: UInt32 = palette ? 16 : 1, count: UInt32 = palette ? 240 : 0xFF_FFFF
        var id = first + (hash ^ (hash >> 24)) % count
        // Another picture has it this frame: the next free one (the presenter sends an image
        // again when its id comes back with other pixels).
        for _ in 0..<count {
            guard grid.placements.contains(where: { $0.id == id && ($0.columns != key.columns || $0.rows != key.rows || $0.image != image) })
            else { break }
            id = first + (id - first + 1) % count
        }
        return id
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
