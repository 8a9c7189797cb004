/// How the terminal at hand shows pictures, as the start-up probe (or `--pictures`) found:
/// the protocol, and the size of one cell in pixels, which pixel protocols need to scale a
/// picture to its box. The view model keeps it in `AppState.graphics`; the loader scales to
/// it, the renderer places by it, the terminal backend writes by it.
public struct TerminalGraphics: Sendable, Hashable {
    public var pictureProtocol: PictureProtocol
    /// One cell's width and height in pixels (TIOCGWINSZ, else `CSI 16 t`, else 10×20).
    public var cellWidth: Int
    public var cellHeight: Int

    public init(pictureProtocol: PictureProtocol = .symbols, cellWidth: Int = 10, cellHeight: Int = 20) {
        self.pictureProtocol = pictureProtocol
        self.cellWidth = max(1, cellWidth); self.cellHeight = max(1, cellHeight)
    }

    /// Text cells only: every picture is chafa's symbols.
    public static let symbols = TerminalGraphics()

    /// Pictures go out as pixels (kitty, iTerm2, sixel), not as symbols.
    public var drawsPixels: Bool { pictureProtocol != .symbols }
}

/// A picture drawn in pixels this frame: the renderer lists one for every pixel picture on
/// screen (in `Grid.placements`), and the terminal backend writes them after the frame's
/// `doupdate`, clearing the ones that went away. The text grid under a placement is blank
/// (sixel, iTerm2) or kitty's Unicode placeholder cells (kitty), so curses never draws over
/// a picture it does not know about.
public struct PicturePlacement: Sendable, Hashable {
    /// Stable for one picture in one box (kitty's image id; a 24-bit number, never 0).
    public var id: UInt32
    /// The picture's pixels, already scaled to fit `columns × rows` cells (centred in them).
    public var image: RGBAImage
    /// The box: its top-left cell, and its size in cells.
    public var x: Int
    public var y: Int
    public var columns: Int
    public var rows: Int
    /// The box's rows that are on screen (a picture in a scrolled body may be cut at the top
    /// or the bottom): `0..<rows` when all of it shows. `y` is where row `visibleRows.lowerBound`
    /// is drawn.
    public var visibleRows: Range<Int>

    public init(id: UInt32, image: RGBAImage, x: Int, y: Int, columns: Int, rows: Int, visibleRows: Range<Int>? = nil) {
        self.id = id; self.image = image; self.x = x; self.y = y
        self.columns = columns; self.rows = rows
        self.visibleRows = visibleRows ?? 0..<rows
    }
}
