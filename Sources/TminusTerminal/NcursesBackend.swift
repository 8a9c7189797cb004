import CNcurses
import Foundation
import TminusImage
import TminusRender

/// Copies grids to the screen. Only the cells that differ from the last frame are written to
/// `stdscr` (rows equal to the last frame's are not touched at all), and ncurses' own diff
/// against what the terminal shows keeps the output to what changed: one `doupdate` a frame,
/// and no erase except on the first frame after a size change or `invalidate`.
final class NcursesBackend {
    private let colors: ColorPairs
    private var previous: Grid?
    private var text: [wchar_t] = []
    /// What the last `draw` wrote: the changed column ranges of each row, or nil when it
    /// wrote every cell (the first frame, after `invalidate` or a size change).
    private var lastChanges: [[Range<Int>]]?
    /// curses must not move lines on the terminal (pixel pictures are on: `prepare`). Its
    /// scroll optimisation, which has no switch, finds a line of the last frame on another row
    /// of the new one and scrolls the rows between with a scroll region, full width: a list
    /// that scrolled three rows carried the preview's picture three rows down with it, its
    /// bottom band left under the box. So the old rows the new frame shows elsewhere are
    /// forgotten (`wredrawln`) before `doupdate`: nothing is left for it to match, and those
    /// rows are sent whole.
    private var keepsLinesInPlace = false

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
        if let previous, previous.size == grid.size {
            // stdscr holds the previous frame: write only the cells that changed.
            var changes = [[Range<Int>]](repeating: [], count: rows)
            for y in 0..<rows {
                for range in grid.changedColumns(inRow: y, since: previous) where range.lowerBound < cols {
                    drawRow(y, of: grid, from: range.lowerBound, to: min(range.upperBound, cols), columns: cols, in: win)
                    changes[y].append(range)
                }
            }
            if keepsLinesInPlace {
                for y in Self.movedLines(from: previous, to: grid, changed: changes) {
                    wredrawln(win, Int32(y), 1)
                    changes[y] = [0..<cols]  // sent whole: a picture on the row is written again
                }
            }
            lastChanges = changes
        } else {
            werase(win)
            for y in 0..<rows { drawRow(y, of: grid, from: 0, to: cols, columns: cols, in: win) }
            lastChanges = nil
        }
        previous = grid
        wnoutrefresh(win)
        doupdate()
    }

    /// The changed rows whose last content the new frame shows on another row: what curses'
    /// scroll optimisation would move there by scrolling (it anchors on such exact matches).
    static func movedLines(from previous: Grid, to grid: Grid, changed: [[Range<Int>]]) -> [Int] {
        let rows = changed.indices
        var newRows: [Int: [Int]] = [:]
        for y in rows { newRows[grid.row(y).hashValue, default: []].append(y) }
        return rows.filter { y in
            guard !changed[y].isEmpty, let targets = newRows[previous.row(y).hashValue] else { return false }
            return targets.contains { $0 != y && grid.row($0) == previous.row(y) }
        }
    }

    /// Writes columns `start..<end` of a row (`start` not a continuation cell; a wide
    /// character at the end may take one column more) as runs of equally styled cells, one
    /// `waddnwstr` per run, each run placed with an explicit move so nothing depends on where
    /// the previous one left the cursor. `columns` is the width that fits on the terminal.
    private func drawRow(_ y: Int, of grid: Grid, from start: Int, to end: Int, columns: Int,
                         in win: UnsafeMutablePointer<WINDOW>?) {
        let row = grid.row(y)
        let first = row.startIndex
        var text = self.text
        self.text = []  // keeps the buffer unique, so appending never copies it
        defer { text.removeAll(keepingCapacity: true); self.text = text }
        var x = start
        var runStart = start
        var runStyle = start < end ? row[first + start].style : .plain

        while x < end {
            let cell = row[first + x]
            if cell.style != runStyle {
                flush(&text, style: runStyle, y: y, x: runStart, in: win)
                runStart = x
                runStyle = cell.style
            }
            let wide = !cell.isContinuation && x + 1 < grid.width && row[first + x + 1].isContinuation
            x += Self.appendGlyph(of: cell, wide: wide, room: columns - x, to: &text)
        }
        flush(&text, style: runStyle, y: y, x: runStart, in: win)
    }

    /// Draws the run collected in `text` at (x, y) in `style`, and empties it.
    private func flush(_ text: inout [wchar_t], style: Style, y: Int, x: Int, in win: UnsafeMutablePointer<WINDOW>?) {
        guard !text.isEmpty else { return }
        let (attributes, pair) = colors.resolve(style)
        wmove(win, Int32(y), Int32(x))
        // Writing the bottom-right cell returns ERR (the cursor cannot advance without
        // scrolling) but the character is placed, so the result is ignored.
        _ = text.withUnsafeBufferPointer {
            tm_waddnwstr_attr(win, $0.baseAddress, Int32($0.count), attributes, pair)
        }
        text.removeAll(keepingCapacity: true)
    }

    /// Appends what ncurses is given for one cell and returns the columns it takes. The common
    /// cases go straight in: a scalar as wide as its cell (ASCII, box drawing, half blocks),
    /// alone or followed by at most `CellGlyph.maxCombining` marks of width 0 (kitty's
    /// placeholders, accented letters), which is what `CellGlyph` gives for them too; anything
    /// else (a tail with a width of its own, too many marks, a width the grid disagrees with)
    /// goes through `CellGlyph`.
    @inline(__always)
    static func appendGlyph(of cell: Cell, wide: Bool, room: Int, to text: inout [wchar_t]) -> Int {
        if cell.isContinuation {
            text.append(0x20)  // a continuation without its wide character before it
            return 1
        }
        if wide, room < 2 {
            text.append(0x20)  // a wide character cut by a narrower terminal
            return 1
        }
        let span = wide ? 2 : 1
        let start = text.count
        var scalars = cell.character.unicodeScalars.makeIterator()
        if let base = scalars.next() {
            let value = base.value
            let width = value < 0x80 ? (value >= 0x20 && value < 0x7F ? 1 : -1) : cursesWidth(base)
            if width == span {
                text.append(wchar_t(truncatingIfNeeded: value))
                var marks = 0
                while let scalar = scalars.next() {
                    marks += 1
                    guard marks <= CellGlyph.maxCombining, cursesWidth(scalar) == 0 else { break }
                    text.append(wchar_t(truncatingIfNeeded: scalar.value))
                }
                if marks == text.count - start - 1 { return span }
                text.removeSubrange(start...)  // a hard case after all
            }
        }
        for scalar in CellGlyph.scalars(for: cell.character, columns: span, width: cursesWidth) {
            text.append(wchar_t(truncatingIfNeeded: scalar.value))
        }
        return span
    }

    static func cursesWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(tm_nc_wcwidth(Int32(bitPattern: scalar.value)))
    }
}

/// The screen pictures are drawn on: raw bytes after curses' own, and curses made to repaint
/// what pictures covered.
extension NcursesBackend: PictureScreen {
    func write(_ bytes: [UInt8]) {
        // Whatever curses still holds goes first (doupdate flushes; this is cheap insurance).
        fflush(tm_stdout())
        writeAll(STDOUT_FILENO, bytes)
    }

    /// `wredrawln` makes curses forget what those lines show, so the `doupdate` after it
    /// sends every cell of them again: the blanks over a picture's pixels included.
    func repaint(lines: IndexSet) {
        let win = tm_stdscr()
        let height = Int(tm_lines())
        for range in lines.rangeView where range.lowerBound < height {
            wredrawln(win, Int32(range.lowerBound), Int32(min(range.upperBound, height) - range.lowerBound))
        }
        wnoutrefresh(win)
        doupdate()
    }

    /// Sixel and iTerm2 pixels sit in cells curses believes blank: curses must not shift them,
    /// sideways with insert/delete-character (`idcok`), nor up or down by scrolling lines
    /// (`keepsLinesInPlace`).
    func prepare(for graphics: TerminalGraphics) {
        let pixels = graphics.pictureProtocol == .sixel || graphics.pictureProtocol == .iterm2
        idcok(tm_stdscr(), !pixels)
        keepsLinesInPlace = pixels
    }

    func redrew(columns: Range<Int>, rows: Range<Int>) -> Bool {
        guard let lastChanges else { return true }
        for y in rows where y >= 0 && y < lastChanges.count {
            if lastChanges[y].contains(where: { $0.overlaps(columns) }) { return true }
        }
        return false
    }
}

/// Writes every byte, through short writes and interruptions; stops on a closed terminal
/// (the loop finds out on its next read).
private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            return
        }
        offset += written
    }
}
