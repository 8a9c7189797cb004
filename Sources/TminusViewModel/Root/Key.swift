/// A key press, as the view models see it (the terminal backend translates ncurses codes).
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, backTab
    /// Ctrl plus a letter, e.g. `.control("c")`.
    case control(Character)
}
