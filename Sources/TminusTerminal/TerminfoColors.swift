import CNcurses

/// What the terminfo database says about a terminal, read without starting curses (for
/// `tminus doctor`, which prints and leaves).
public enum Terminfo {
    /// The colours terminfo gives `term` (`tput colors`): 0 for an entry without colours, nil
    /// when `term` is empty or unknown.
    public static func colors(term: String) -> Int? {
        guard !term.isEmpty else { return nil }
        let count = tm_terminfo_colors(term)
        return count == -2 ? nil : max(0, Int(count))
    }
}
