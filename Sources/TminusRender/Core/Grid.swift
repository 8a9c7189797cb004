import TminusCore

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

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// What a frame looks like: a width × height array of cells. Rendering fills one; the
/// ncurses backend copies it to the screen; snapshot tests print it as text and colours.
public struct Grid: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

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

    /// Writes `text` at (x, y), sanitized, within `maxWidth` columns (default: to the right
    /// edge), cutting it with `…` when it does not fit. A wide character that would straddle
    /// the limit is not drawn. Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let startX = max(0, x)
        let limit = min(maxWidth ?? (width - startX), width - startX)
        guard limit > 0 else { return 0 }
        let clean = TerminalText.truncate(TerminalText.sanitize(text), toWidth: limit)
        var col = startX
        for ch in clean {
            let w = TerminalText.width(of: ch)
            if w == 0 { continue }
            if col + w > startX + limit { break }
            clearWide(at: col, y: y)
            self[col, y] = Cell(ch, style: style)
            if w == 2 {
                clearWide(at: col + 1, y: y)
                self[col + 1, y] = Cell(" ", style: style, isContinuation: true)
            }
            col += w
        }
        return col - startX
    }

    /// Paints the style over a rectangle, keeping the characters (used for row highlights).
    /// The part of the rectangle outside the grid is ignored (all of it, if need be).
    public mutating func restyle(x: Int, y: Int, width w: Int, height h: Int = 1, _ transform: (Style) -> Style) {
        let (columns, rows) = clip(x: x, y: y, width: w, height: h)
        for yy in rows {
            for xx in columns {
                self[xx, yy].style = transform(self[xx, yy].style)
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
