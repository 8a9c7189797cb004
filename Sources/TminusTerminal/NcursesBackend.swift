import CNcurses
import TminusRender

/// Copies grids to the screen. Rows equal to the last frame's are not touched at all; changed
/// rows are rewritten whole and ncurses' own cell diff keeps the output to what changed.
final class NcursesBackend {
    private let colors: ColorPairs
    private var previous: Grid?
    private var text: [wchar_t] = []

    init(colors: ColorPairs) { self.colors = colors }

    /// Makes the next `draw` repaint every cell on the terminal (after a resize, a resume from
    /// a stop, or anything else that may have disturbed the screen behind ncurses' back).
    func invalidate() {
        clearok(tm_curscr(), true)
        previous = nil
    }

    func draw(_ grid: Grid) {
        let win = tm_stdscr()
        // The grid is rendered for the size we last reported; if the terminal changed since,
        // draw what fits and let the pending resize bring the next frame.
        let rows = min(grid.height, Int(tm_lines()))
        let cols = min(grid.width, Int(tm_cols()))
        let unchanged = previous.flatMap { $0.size == grid.size ? $0 : nil }
        if unchanged == nil { werase(win) }
        for y in 0..<rows where unchanged.map({ $0.row(y) != grid.row(y) }) ?? true {
            drawRow(y, of: grid, columns: cols, in: win)
        }
        previous = grid
        wnoutrefresh(win)
        doupdate()
    }

    /// Writes a row as runs of equally styled cells, one `waddnwstr` per run, each run placed
    /// with an explicit move so nothing depends on where the previous one left the cursor.
    private func drawRow(_ y: Int, of grid: Grid, columns: Int, in win: UnsafeMutablePointer<WINDOW>?) {
        var x = 0
        var runStart = 0
        var runStyle: Style?
        text.removeAll(keepingCapacity: true)

        func flush() {
            guard let style = runStyle, !text.isEmpty else { return }
            let (attributes, pair) = colors.resolve(style)
            wmove(win, Int32(y), Int32(runStart))
            // Writing the bottom-right cell returns ERR (the cursor cannot advance without
            // scrolling) but the character is placed, so the result is ignored.
            _ = text.withUnsafeBufferPointer {
                tm_waddnwstr_attr(win, $0.baseAddress, Int32($0.count), attributes, pair)
            }
            text.removeAll(keepingCapacity: true)
        }

        while x < columns {
            let cell = grid[x, y]
            let wide = !cell.isContinuation && x + 1 < grid.width && grid[x + 1, y].isContinuation
            var span = wide ? 2 : 1
            var scalars: [Unicode.Scalar]
            if cell.isContinuation {
                scalars = [" "]  // a continuation without its wide character before it
            } else if x + span > columns {
                scalars = [" "]  // a wide character cut by a narrower terminal
                span = 1
            } else {
                scalars = CellGlyph.scalars(for: cell.character, columns: span, width: Self.cursesWidth)
            }
            if cell.style != runStyle {
                flush()
                runStart = x
                runStyle = cell.style
            }
            for scalar in scalars { text.append(wchar_t(truncatingIfNeeded: scalar.value)) }
            x += span
        }
        flush()
    }

    private static func cursesWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(tm_nc_wcwidth(Int32(bitPattern: scalar.value)))
    }
}
