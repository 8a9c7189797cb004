import TminusCore


/// The colours of a theme, by role. `dark` and `light` are 256-colour palettes for a dark and
/// a light terminal background; `ansi16` uses only the terminal's 16 colours (and its default),
/// so it follows the terminal's own palette. Pictures keep their own colours.
///
/// Every value is checked by ThemeContrastTests: text at least 4.5:1 against what it is drawn
/// on (3:1 when bold: status words, headings), on the theme's own kind of background.
public struct ThemeColors: Sendable, Hashable {
    public var upcoming, success, failure, warning, accent, muted: Color
    public var selectionBackground, barBackground: Color
    /// Text on the bar background.
    public var barText: Color
    /// Text on the accent colour (the selected tab, a selected link).
    public var onAccent: Color
    /// Placeholders and rules that should hardly show.
    public var faint: Color
    /// Text for something that cannot be used (a link with no target).
    public var unavailable: Color
    /// When set, every text cell on the selection band takes this colour: a band whose text
    /// colour is known (ansi16's blue) reads with it on any terminal, which the terminal's own
    /// foreground (light or dark, nobody knows) would not.
    public var selectionText: Color?
    /// When set, the light status colours (success, warning) are badges: this text colour on
    /// the status colour, which reads on any background. ansi16's green and yellow are light
    /// colours that no text on a white terminal reads in, and bold makes them brighter still
    /// (issue 25: `SUCCESS` in bright green on white).
    public var badgeText: Color?

    /// For a dark background (tuned on black): the blues, green, red and amber of the statuses
    /// are bright, the greys light, the bands charcoal.
    public static let dark = ThemeColors(
        upcoming: Color(33), success: Color(34), failure: Color(196), warning: Color(178), accent: Color(39),
        muted: Color(247), selectionBackground: Color(236), barBackground: Color(235), barText: Color(250),
        onAccent: Color(16), faint: Color(239), unavailable: Color(241))

    /// For a light background (tuned on white): deep blue, green, red and brown-amber, a
    /// dark teal accent, dark greys for muted text, a light grey band for the selection and
    /// a darker one for the bars.
    public static let light = ThemeColors(
        upcoming: Color(25), success: Color(28), failure: Color(160), warning: Color(94), accent: Color(23),
        muted: Color(240), selectionBackground: Color(254), barBackground: Color(252), barText: Color(238),
        onAccent: Color(231), faint: Color(249), unavailable: Color(245))

    /// Bright blue, green, red and yellow for statuses (xterm's blue 4 is unreadable on
    /// black, its bright blue reads on black and white); magenta for the accent (of the 16 the
    /// one nearest 4.5:1 on both); no grey text (the terminal's default colour instead); the
    /// selection a blue band with bright white text (white, unlike black, stays itself where a
    /// terminal draws bold text in the bright colours), the bar the terminal's own background.
    public static let ansi16 = ThemeColors(
        upcoming: Color(12), success: Color(2), failure: Color(1), warning: Color(3), accent: Color(5),
        muted: .default, selectionBackground: Color(4), barBackground: .default, barText: .default,
        onAccent: Color(15), faint: .default, unavailable: .default, selectionText: Color(15), badgeText: Color(0))

    /// The theme in force for the renderer: `Renderer.render` sets it from the state around
    /// each frame, so the views read it as `.theme.accent` without passing it down.
    @TaskLocal public static var current = ThemeColors.dark

    /// The colours a theme state draws with: its palette, with config.toml's `[colors]` over it.
    public init(_ theme: ThemeState) {
        switch theme.palette {
        case .light: self = .light
        case .ansi16: self = .ansi16
        case .dark, .auto: self = .dark
        }
        self = overridden(theme.overrides)
    }

    public init(upcoming: Color, success: Color, failure: Color, warning: Color, accent: Color, muted: Color,
                selectionBackground: Color, barBackground: Color, barText: Color, onAccent: Color, faint: Color,
                unavailable: Color, selectionText: Color? = nil, badgeText: Color? = nil) {
        self.upcoming = upcoming; self.success = success; self.failure = failure; self.warning = warning
        self.accent = accent; self.muted = muted; self.selectionBackground = selectionBackground
        self.barBackground = barBackground; self.barText = barText; self.onAccent = onAccent; self.faint = faint
        self.unavailable = unavailable; self.selectionText = selectionText; self.badgeText = badgeText
    }

    /// A theme with `[colors]` overrides from config.toml (role name → palette index, -1 default).
    public func overridden(_ colors: [String: Int]) -> ThemeColors {
        var t = self
        for (role, index) in colors {
            let c = Color(Int16(index))
            switch role {
            case "accent": t.accent = c
            case "upcoming": t.upcoming = c
            case "success": t.success = c
            case "failure": t.failure = c
            case "warning": t.warning = c
            case "muted": t.muted = c
            case "selection":
                // The user's band: the cells keep their own colours on it, as on any band.
                t.selectionBackground = c
                t.selectionText = nil
            case "bar": t.barBackground = c
            default: break
            }
        }
        return t
    }
}
