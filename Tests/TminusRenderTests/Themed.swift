import TminusCore
import TminusViewModel

extension AppState {
    /// The same state in another theme, for snapshots: `Renderer.render(h.state.themed(.light), size: size)`.
    /// The renderer takes its colours from the state, so this is all a test needs.
    func themed(_ choice: ThemeChoice, background: TerminalBackground? = nil) -> AppState {
        var state = self
        state.theme.choice = choice
        state.theme.background = background
        return state
    }
}
