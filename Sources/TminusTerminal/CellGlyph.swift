import TminusRender

/// What to hand ncurses for one grid cell so that its cursor advances exactly as many columns
/// as the grid reserved. ncurses measures with the C library's `wcwidth` per scalar; the grid
/// (TerminalText) counts emoji presentation sequences as 2. Where the two disagree, the
/// grid's layout wins and the glyph is simplified, because a single column of drift would
/// shift everything after it on the row.
enum CellGlyph {
    /// ncurses keeps one spacing character plus up to 4 combining ones per cell (CCHARW_MAX 5).
    static let maxCombining = 4

    /// The scalars to write for the character at a cell that the grid gives `columns` (1 or 2)
    /// columns. `width` is ncurses' measure of a scalar (`wcwidth`).
    static func scalars(for character: Character, columns: Int,
                        width: (Unicode.Scalar) -> Int) -> [Unicode.Scalar] {
        let all = Array(character.unicodeScalars)
        guard let base = all.first else { return Array(repeating: " ", count: columns) }
        let baseWidth = width(base)
        let tail = all.dropFirst()
        // A tail with its own width (ZWJ sequences, flags) would make ncurses start new cells.
        let tailIsCombining = tail.allSatisfy { width($0) == 0 }

        switch (baseWidth, columns) {
        case (1, 1), (2, 2):
            return tailIsCombining ? [base] + tail.prefix(maxCombining) : [base]
        case (1, 2):
            // e.g. "❤️": the grid reserved two columns for the emoji form, ncurses counts one.
            // Drop the selector so the terminal draws the one-column text form, then pad.
            return [base, " "]
        case (2, 1):
            return ["?"]
        default:
            // Not printable in this locale (or zero-width on its own): keep the columns.
            return Array(repeating: "?", count: columns)
        }
    }
}
