import CChafa

/// How many colours a picture may use on the terminal at hand.
public enum PictureColorDepth: Sendable, Hashable {
    /// 24-bit colour: cells carry the picture's own RGB.
    case truecolor
    /// The xterm palette's fixed part, 16–255 (the cube and the grey ramp). 0–15 are left
    /// out because their colours are whatever the user's theme says.
    case indexed256
    /// The terminal's own 16 colours (chafa assumes xterm's defaults for them).
    case indexed16
    /// No colour at all: the glyphs alone, in the terminal's default colours.
    case none
}

/// A colour a picture cell asks for: its own RGB, or an index into the terminal's palette.
public enum PictureColor: Hashable, Sendable {
    case rgb(UInt8, UInt8, UInt8)
    case index(UInt8)
}

/// One terminal cell of a picture drawn by chafa: a glyph (a block, sextant, quadrant, …)
/// whose set part shows `foreground` and whose clear part shows `background`. A nil colour
/// is "none": transparent, letterbox, or the terminal's default with `.none` depth.
public struct GlyphCell: Hashable, Sendable {
    public var character: Unicode.Scalar
    public var foreground: PictureColor?
    public var background: PictureColor?

    public init(_ character: Unicode.Scalar, foreground: PictureColor? = nil, background: PictureColor? = nil) {
        self.character = character; self.foreground = foreground; self.background = background
    }

    /// A cell where nothing of the picture shows.
    public static let blank = GlyphCell(" ")
}

/// A picture rendered into a box of terminal cells, ready to draw.
public struct GlyphPicture: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Row after row, `columns × rows`.
    public let cells: [GlyphCell]

    public init(columns: Int, rows: Int, cells: [GlyphCell]) {
        precondition(cells.count == columns * rows)
        self.columns = columns; self.rows = rows; self.cells = cells
    }

    public subscript(column: Int, row: Int) -> GlyphCell { cells[row * columns + column] }
}

/// Which kinds of glyph chafa may draw with (space and the full block always). The bits are
/// chafa's own symbol tags, so they go to chafa as they are.
public struct PictureSymbols: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    private init(_ tag: ChafaSymbolTags) { rawValue = tag.rawValue }

    /// ▀ ▄ ▌ ▐
    public static let halfBlocks = PictureSymbols(CHAFA_SYMBOL_TAG_HALF)
    /// ▖ ▗ ▘ ▝ ▚ ▞ and the three-quarter ones.
    public static let quadrants = PictureSymbols(CHAFA_SYMBOL_TAG_QUAD)
    /// The 2×3 mosaics (U+1FB00…): finer than quadrants, in fonts since Unicode 13.
    public static let sextants = PictureSymbols(CHAFA_SYMBOL_TAG_SEXTANT)
    /// The 2×4 dot patterns (U+2800…): shape without colour, for `.none` depth.
    public static let braille = PictureSymbols(CHAFA_SYMBOL_TAG_BRAILLE)

    /// What a colour terminal gets: blocks down to sextants.
    public static let blocks: PictureSymbols = [.halfBlocks, .quadrants, .sextants]

    var tags: ChafaSymbolTags {
        ChafaSymbolTags(rawValue: rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue)
    }
}

/// Renders a decoded picture into terminal cells with libchafa: the picture fitted into a
/// box of cells (aspect kept, cells taken as twice as tall as wide), centred, the rest blank.
///
/// Output is deterministic (no dithering; chafa's symbol search depends only on the pixels
/// and the settings here), so the same image and box always give the same cells. Safe to
/// call from several threads at once: every call has its own chafa objects.
public enum ChafaRenderer {
    /// Boxes are clamped to this many cells a side (no terminal is bigger; it keeps the
    /// arithmetic far from overflowing whatever the caller passes).
    public static let maxSide = 1024

    /// `image` rendered into `columns × rows` cells at `depth`.
    ///
    /// - The result always has the box's size (clamped to `0...maxSide`); an empty image gives
    ///   all-blank cells. The picture is scaled up or down to fill the box's limiting side.
    /// - Pixels that are mostly transparent leave a cell's colour nil (the screen shows
    ///   through); chafa blends the others over `background`, which should be the screen's
    ///   (a light theme's white, else black). Without colour (`.none`) it also tells chafa
    ///   which of a glyph's two parts is the ink: the foreground is taken as its opposite.
    public static func render(_ image: RGBAImage, columns: Int, rows: Int, depth: PictureColorDepth,
                              symbols: PictureSymbols? = nil, background: RGBA = RGBA(0, 0, 0)) -> GlyphPicture {
        let columns = min(max(0, columns), maxSide), rows = min(max(0, rows), maxSide)
        var cells = [GlyphCell](repeating: .blank, count: columns * rows)
        let w = image.width, h = image.height
        guard columns > 0, rows > 0, w > 0, h > 0, image.pixels.count >= w * h * 4 else {
            return GlyphPicture(columns: columns, rows: rows, cells: cells)
        }

        // The fitted size in cells (chafa stretches the picture over the whole canvas): the
        // box's limiting side filled, the other rounded to the nearest cell, a cell being two
        // square units tall and one wide. chafa_calc_canvas_geometry rounds down instead,
        // which loses up to a whole column.
        let fw: Int, fh: Int
        if w * rows * 2 >= h * columns {
            fw = columns
            fh = min(rows, max(1, (h * columns + w) / (2 * w)))
        } else {
            fh = rows
            fw = min(columns, max(1, (4 * w * rows + h) / (2 * h)))
        }
        let offX = (columns - fw) / 2, offY = (rows - fh) / 2

        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(fw), Int32(fh))
        chafa_canvas_config_set_canvas_mode(config, canvasMode(depth))
        // Fixed settings, so goldens stay put: no dithering, chafa's own defaults spelled out.
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
        chafa_canvas_config_set_color_extractor(config, CHAFA_COLOR_EXTRACTOR_AVERAGE)
        chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_RGB)
        chafa_canvas_config_set_work_factor(config, 0.5)
        chafa_canvas_config_set_transparency_threshold(config, 0.5)
        let bg = UInt32(background.r) << 16 | UInt32(background.g) << 8 | UInt32(background.b)
        chafa_canvas_config_set_bg_color(config, bg)
        chafa_canvas_config_set_fg_color(config, 0xFF_FFFF ^ bg)

        let map = chafa_symbol_map_new()!
        defer { chafa_symbol_map_unref(map) }
        chafa_symbol_map_add_by_tags(map, (symbols ?? defaultSymbols(depth)).tags)
        chafa_canvas_config_set_symbol_map(config, map)

        let canvas = chafa_canvas_new(config)!
        defer { chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(w), Int32(h), Int32(w * 4))
        }

        for y in 0..<fh {
            for x in 0..<fw {
                let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                var fg: Int32 = -1, bg: Int32 = -1
                chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &fg, &bg)
                let character = Unicode.Scalar(code) ?? " "
                // A colour the glyph cannot show is dropped (chafa leaves one there), so equal
                // looks are equal cells.
                cells[(offY + y) * columns + offX + x] = GlyphCell(
                    character, foreground: character == " " ? nil : color(fg, depth),
                    background: character == "█" ? nil : color(bg, depth))
            }
        }
        return GlyphPicture(columns: columns, rows: rows, cells: cells)
    }

    /// Blocks where there is colour; braille added without it, where shape is all there is.
    static func defaultSymbols(_ depth: PictureColorDepth) -> PictureSymbols {
        depth == .none ? PictureSymbols.blocks.union(.braille) : .blocks
    }

    static func canvasMode(_ depth: PictureColorDepth) -> ChafaCanvasMode {
        switch depth {
        case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
        case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
        case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
        case .none: CHAFA_CANVAS_MODE_FGBG
        }
    }

    /// A raw chafa colour as a cell colour: packed 0xRRGGBB in truecolour, a palette index in
    /// the indexed modes; negative (transparent) or out of range is nil.
    static func color(_ raw: Int32, _ depth: PictureColorDepth) -> PictureColor? {
        guard raw >= 0 else { return nil }
        switch depth {
        case .truecolor:
            return .rgb(UInt8(truncatingIfNeeded: raw >> 16), UInt8(truncatingIfNeeded: raw >> 8), UInt8(truncatingIfNeeded: raw))
        case .indexed256, .indexed16:
            return raw < 256 ? .index(UInt8(raw)) : nil
        case .none:
            return nil
        }
    }
}
