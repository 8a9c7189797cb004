import TminusCore

/// The theme: `t` cycles it (and saves the choice like the units), and the terminal's
/// background, once known, decides what `auto` draws.
extension AppReducer {
    /// `t`: auto → dark → light → ansi16 → auto, saved through the preferences' in-order writes.
    mutating func userCycledTheme() {
        state.theme.choice = state.theme.choice.next
        state.preferences.theme = state.theme.choice
        show(Notice(state.theme.notice))
        effects.append(.savePreferences(state.preferences))
    }

    /// The terminal answered (or did not, and this is the guess): `auto` follows it.
    mutating func receivedBackground(_ background: TerminalBackground) {
        state.theme.background = background
    }
}
