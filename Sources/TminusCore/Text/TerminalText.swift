import CWidth

/// Makes text from the network safe to draw, and measures it in terminal columns.
///
/// Every string that reaches the screen passes through `Grid.put`, which calls `sanitize`,
/// so a launch name cannot retitle the window, clear the screen or reorder text with bidi
/// overrides, and the width we reserve is the width the terminal will advance.
public enum TerminalText {
    /// Removes escape sequences (CSI, OSC, DCS, SOS/PM/APC and two-byte ESC sequences), C0 and C1
    /// controls, DEL, bidi embeddings/overrides/isolates and other invisible format characters.
    /// Tabs and newlines become single spaces so a field never spills onto another row.
    public static func sanitize(_ text: String) -> String {
        // Fast path: printable ASCII only (most names) needs no work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let s = scalars.popFirst() {
            switch s.value {
            case 0x1B: // ESC: drop the whole sequence it starts
                skipEscapeSequence(&scalars)
            case 0x9B: // C1 CSI
                skipCSI(&scalars)
            case 0x90, 0x9D, 0x98, 0x9E, 0x9F: // C1 DCS, OSC, SOS, PM, APC: run to ST or BEL
                skipString(&scalars)
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                if out.last != " " { out.append(" ") }
            default:
                if isDroppable(s) { continue }
                out.append(s)
            }
        }
        return String(out)
    }

    /// Scalars that must never reach the terminal: controls and invisible format characters
    /// (bidi overrides U+202A–U+202E and isolates U+2066–U+2069 among them). ZWJ and variation
    /// selectors stay: they are part of emoji sequences.
    static func isDroppable(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) { return false }
        switch s.properties.generalCategory {
        case .format, .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    private static func skipEscapeSequence(_ s: inout ArraySlice<Unicode.Scalar>) {
        guard let next = s.first else { return }
        switch next {
        case "[": s.removeFirst(); skipCSI(&s)
        case "]", "P", "X", "^", "_": s.removeFirst(); skipString(&s)
        default:
            // Intermediate bytes (0x20–0x2F) then one final byte, e.g. ESC ( B or ESC c.
            while let c = s.first, (0x20...0x2F).contains(c.value) { s.removeFirst() }
            if !s.isEmpty { s.removeFirst() }
        }
    }

    /// CSI: parameter and intermediate bytes, then a final byte in 0x40–0x7E.
    private static func skipCSI(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.popFirst() {
            if (0x40...0x7E).contains(c.value) { return }
            if c.value < 0x20 || c.value > 0x7E { return }
        }
    }

    /// OSC/DCS/SOS/PM/APC: everything up to BEL, ESC \ or C1 ST.
    private static func skipString(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let c = s.popFirst() {
            if c.value == 0x07 || c.value == 0x9C { return }
            if c.value == 0x1B {
                if s.first == "\\" { s.removeFirst() }
                return
            }
        }
    }

    // MARK: - Display width

    /// Columns a character takes in a terminal: 0, 1 or 2. Uses the C library's `wcwidth`
    /// (the same table ncurses uses to advance its cursor, so our grid and the screen agree),
    /// with emoji presentation sequences counted as 2.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }),
           first.properties.isEmoji {
            return 2
        }
        return scalarWidth(first)
    }

    public static func width(_ text: String) -> Int {
        // Printable ASCII, most of what is measured (names, dates, words): a column a byte,
        // without walking grapheme clusters (a list's columns measure hundreds a frame).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for ch in text { total += width(of: ch) }
        return total
    }

    /// Cuts `text` to at most `maxWidth` columns, ending with `…` when anything was cut.
    public static func truncate(_ text: String, toWidth maxWidth: Int) -> String {
        guard maxWidth > 0 else { return "" }
        if width(text) <= maxWidth { return text }
        var out = ""
        var used = 0
        for ch in text {
            let w = width(of: ch)
            if used + w > maxWidth - 1 { break }
            out.append(ch)
            used += w
        }
        return out + "…"
    }

    private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let w = tm_wcwidth(scalar.value)
        if w < 0 { return 1 } // unknown to the C library: reserve one column rather than none
        return Int(w)
    }
}
