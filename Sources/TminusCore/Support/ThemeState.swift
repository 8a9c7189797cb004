/// Which colours the frame is drawn in: the choice in force, what `auto` needs to decide
/// (the terminal's background and how many colours it has) and config.toml's `[colors]`.
/// The renderer turns it into colours every frame, so `t` and a late answer from the
/// terminal show at once.
public struct ThemeState: Sendable, Hashable {
    /// The theme in force: `--theme`/`TMINUS_THEME`, else the one saved with `t`, else
    /// config.toml's, else auto; `t` changes it.
    public var choice: ThemeChoice = .auto
    /// The terminal's background as it answered (OSC 11) or as `COLORFGBG` says; nil until known.
    public var background: TerminalBackground?
    /// How many colours the terminal has (256 until it says otherwise).
    public var colors = 256
    /// config.toml's `[colors]`: role name → palette index (-1 the terminal's default), over
    /// whichever theme is in force.
    public var overrides: [String: Int] = [:]

    public init(choice: ThemeChoice = .auto, background: TerminalBackground? = nil, colors: Int = 256, overrides: [String: Int] = [:]) {
        self.choice = choice; self.background = background; self.colors = colors; self.overrides = overrides
    }

    /// The palette drawn: never `auto`.
    public var palette: ThemeChoice { choice.resolved(background: background, colors: colors) }

    /// Whether the first frame should wait for the terminal's answer: `auto` with 256 colours
    /// and no background known yet (drawing dark and then light would flash).
    public var waitsForBackground: Bool { choice == .auto && colors >= 256 && background == nil }

    /// What the status line says after `t`: `theme: light (t to change)`, and for auto what it
    /// stands for here (`theme: auto → dark (t to change)`).
    public var notice: String {
        let name = choice == .auto ? "auto → \(palette.rawValue)" : choice.rawValue
        return "theme: \(name) (t to change)"
    }
}
