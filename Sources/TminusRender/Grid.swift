
import TminusCore
import TminusImage

/// One terminal cell. A wide character occupies its cell and marks the next one as its
/// continuation, which the backend skips (the terminal fills it when drawing the wide one).
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

/// What a frame looks like: a width × height array of cells, and the pictures drawn in pixels
/// over it. Rendering fills one; the ncurses backend copies the cells to the screen and then
/// writes the placements; snapshot tests print the cells as text and colours.
public struct Grid: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// The pictures drawn in pixels this frame (kitty, iTerm2, sixel), in the order drawn.
    /// The cells under each are blank or kitty's placeholders (`PictureView`).
    public private(set) var placements: [PicturePlacement] = []
    /// For each placement, chafa's symbols of the picture: its visible rows are drawn from them
    /// only when something is drawn over it (`uncoverPictures`), not every frame.
    private var placementSymbols: [GlyphPicture] = []

    public var width: Int { size.width }
    public var height: Int { size.height }

    public init(size: Size, fill: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: fill, count: self.size.width * self.size.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public func row(_ y: Int) -> ArraySlice<Cell> { cells[(y * width)..<((y + 1) * width)] }

    /// The columns of row y that differ from `previous` (a grid of the same size; any other
    /// grid differs everywhere), as ascending ranges; empty when the row is unchanged. Ranges
    /// closer than `gap` columns are merged. A cell counts as changed when it differs or when
    /// a neighbour's continuation mark does, and a range never starts on a continuation cell,
    /// so drawing a range from its start lays out wide characters exactly as drawing the whole
    /// row would, and never writes over half of a wide character left outside the range. The
    /// backend asks this for every row of every frame: it compares in place, cheapest field
    /// first, copying no cells.
    public func changedColumns(inRow y: Int, since previous: Grid, gap: Int = 8) -> [Range<Int>] {
        guard y >= 0, y < height else { return [] }
        guard size == previous.size else { return width > 0 ? [0..<width] : [] }
        let start = y * width
        var ranges: [Range<Int>] = []
        cells.withUnsafeBufferPointer { new in
            previous.cells.withUnsafeBufferPointer { old in
                func differs(_ x: Int) -> Bool {
                    let i = start + x
                    if new[i].style != old[i].style || new[i].isContinuation != old[i].isContinuation
                        || new[i].character != old[i].character { return true }
                    // How a cell is drawn also depends on its neighbours' continuation marks: the
                    // next one's makes it wide or not, the previous one's decides whether a
                    // continuation here is the second half of a wide character or a blank.
                    return (x + 1 < width && new[i + 1].isContinuation != old[i + 1].isContinuation)
                        || (x > 0 && new[i - 1].isContinuation != old[i - 1].isContinuation)
                }
                var x = 0
                while x < width {
                    guard differs(x) else { x += 1; continue }
                    var lower = x
                    while lower > 0, new[start + lower].isContinuation { lower -= 1 }
                    var upper = x + 1
                    while upper < width, differs(upper) { upper += 1 }
                    if let last = ranges.last, lower - last.upperBound < gap {
                        ranges[ranges.count - 1] = last.lowerBound..<upper
                    } else {
                        ranges.append(lower..<upper)
                    }
                    x = upper
                }
            }
        }
        return ranges
    }

    /// Writes `text` at (x, y), sanitized, within `maxWidth` columns (default: to the right
    /// edge), cutting it with `…` when it does not fit. A wide character that would straddle
    /// the limit is not drawn. Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let startX = max(0, x)
        let limit = min(maxWidth ?? (width - startX), width - startX)
        guard limit > 0 else { return 0 }
        if let written = putASCII(text, x: startX, y: y, limit: limit, style: style) { return written }
        let clean = TerminalText.truncate(TerminalText.sanitize(text), toWidth: limit)
        var col = startX
        for ch in clean {
            guard place(ch, x: &col, y: y, end: startX + limit, style: style) else { break }
        }
        return col - startX
    }

    /// `put` for printable ASCII, most of what is drawn: nothing to sanitize, one column a
    /// character, so no grapheme walking or width lookups. The same cells as the general path
    /// (cut to `limit - 1` characters and `…` when too long). Nil for any other text.
    private mutating func putASCII(_ text: String, x startX: Int, y: Int, limit: Int, style: Style) -> Int? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let fits = utf8.count <= limit
        var col = startX
        for byte in utf8.prefix(fits ? limit : limit - 1) {
            clearWide(at: col, y: y)
            self[col, y] = Cell(Character(Unicode.Scalar(byte)), style: style)
            col += 1
        }
        if !fits { _ = place("…", x: &col, y: y, end: startX + limit, style: style) }
        return col - startX
    }

    /// Writes one character at (x, y) when it fits before `end` and moves x past it; a
    /// zero-width one is skipped. Returns false when it does not fit (nothing after it will).
    private mutating func place(_ ch: Character, x col: inout Int, y: Int, end: Int, style: Style) -> Bool {
        let w = TerminalText.width(of: ch)
        if w == 0 { return true }
        if col + w > end { return false }
        clearWide(at: col, y: y)
        self[col, y] = Cell(ch, style: style)
        if w == 2 {
            clearWide(at: col + 1, y: y)
            self[col + 1, y] = Cell(" ", style: style, isContinuation: true)
        }
        col += w
        return true
    }

    /// Paints the style over a rectangle, keeping the characters (used for row highlights).
    /// The part of the rectangle outside the grid is ignored (all of it, if need be), and so
    /// are the cells under a pixel picture: a kitty placeholder's colour is its image id.
    public mutating func restyle(x: Int, y: Int, width w: Int, height h: Int = 1, _ transform: (Style) -> Style) {
        let (columns, rows) = clip(x: x, y: y, width: w, height: h)
        let pictures = placements.filter { $0.intersects(columns: columns, rows: rows) }
        for yy in rows {
            for xx in columns where !pictures.contains(where: { $0.covers(x: xx, y: yy) }) {
                self[xx, yy].style = transform(self[xx, yy].style)
            }
        }
    }

    // MARK: - Pixel pictures

    /// Adds a pixel picture whose cells the caller has drawn (blank, or kitty placeholders),
    /// with `symbols`, the whole picture as chafa's cells (the box's size), for when something
    /// covers it. A placement that continues the last one (the next rows of the same picture,
    /// as a scrolling body draws it row by row) is merged into it.
    public mutating func place(_ placement: PicturePlacement, symbols: GlyphPicture) {
        precondition(symbols.columns == placement.columns && symbols.rows == placement.rows)
        if let last = placements.last, last.id == placement.id, last.x == placement.x,
           last.columns == placement.columns, last.rows == placement.rows,
           last.visibleRows.upperBound == placement.visibleRows.lowerBound,
           last.y + last.visibleRows.count == placement.y {
            placements[placements.count - 1].visibleRows = last.visibleRows.lowerBound..<placement.visibleRows.upperBound
            return
        }
        placements.append(placement)
        placementSymbols.append(symbols)
    }

    /// Something is about to be drawn over this rectangle (an overlay): every pixel picture it
    /// touches turns back into symbols (its placement dropped), so no picture the terminal
    /// draws after the text can sit on top of it.
    public mutating func uncoverPictures(x: Int, y: Int, width w: Int, height h: Int) {
        let (columns, rows) = clip(x: x, y: y, width: w, height: h)
        var i = 0
        while i < placements.count {
            let placement = placements[i]
            guard placement.intersects(columns: columns, rows: rows) else { i += 1; continue }
            draw(placementSymbols[i], rows: placement.visibleRows, x: placement.x, y: placement.y)
            placements.remove(at: i)
            placementSymbols.remove(at: i)
        }
    }

    /// Rows `rows` of chafa's cells, the first at `y`: `.rgb` as a direct colour, `.index` as
    /// the palette's, nil as the terminal's default (the screen shows through).
    public mutating func draw(_ picture: GlyphPicture, rows: Range<Int>, x: Int, y: Int) {
        func color(_ c: PictureColor?) -> Color {
            switch c {
            case let .rgb(r, g, b)?: .rgb(r, g, b)
            case .index(let n)?: Color(Int16(n))
            case nil: .default
            }
        }
        for (i, row) in rows.clamped(to: 0..<picture.rows).enumerated() {
            let gy = y + i
            guard gy >= 0, gy < height else { continue }
            for column in 0..<picture.columns {
                let gx = x + column
                guard gx >= 0, gx < width else { continue }
                let cell = picture[column, row]
                self[gx, gy] = Cell(Character(cell.character),
                                    style: Style(foreground: color(cell.foreground), background: color(cell.background)))
            }
        }
    }

    /// Fills a rectangle with blanks of one style (or with `character`, which must be one
    /// column wide and printable; anything else fills with blanks). A wide character cut by
    /// the rectangle's left or right edge loses its other half too, so no row grows wider
    /// than the grid.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: Style = .plain, character: Character = " ") {
        let (columns, rows) = clip(x: x, y: y, width: w, height: h)
        guard !columns.isEmpty else { return }
        let glyph: Character = TerminalText.width(of: character) == 1
            && TerminalText.sanitize(String(character)) == String(character) ? character : " "
        for yy in rows {
            clearWide(at: columns.lowerBound, y: yy)
            clearWide(at: columns.upperBound - 1, y: yy)
            for xx in columns {
                self[xx, yy] = Cell(glyph, style: style)
            }
        }
    }

    /// The columns and rows of a rectangle that lie on the grid (empty ranges when none do).
    private func clip(x: Int, y: Int, width w: Int, height h: Int) -> (columns: Range<Int>, rows: Range<Int>) {
        let left = min(max(0, x), width), right = max(left, min(width, x + max(0, w)))
        let top = min(max(0, y), height), bottom = max(top, min(height, y + max(0, h)))
        return (left..<right, top..<bottom)
    }

    /// Overwriting half of a wide character leaves the other half blank, never a dangling
    /// continuation cell or a wide glyph without its room.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x < width else { return }
        let cell = self[x, y]
        if cell.isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", style: self[x - 1, y].style)
        } else if x + 1 < width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
    }

    // MARK: - Text views (snapshots, end-to-end comparisons, debugging)

    /// The characters, one line per row, trailing blanks kept so widths are visible.
    public var text: String {
        (0..<height).map { y in
            String(row(y).filter { !$0.isContinuation }.map(\.character))
        }.joined(separator: "\n")
    }
}

extension PicturePlacement {
    /// The cells it takes on screen: its visible rows from `y`, its columns from `x`.
    public func covers(x cx: Int, y cy: Int) -> Bool {
        cx >= x && cx < x + columns && cy >= y && cy < y + visibleRows.count
    }

    public func intersects(columns cs: Range<Int>, rows rs: Range<Int>) -> Bool {
        cs.overlaps(x..<(x + columns)) && rs.overlaps(y..<(y + visibleRows.count))
    }
}
