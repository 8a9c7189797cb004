/// A terminal colour: the terminal's default, an index into the xterm 256-colour palette, or
/// (for pictures on terminals that have it) a direct 24-bit RGB colour.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// -1 is the terminal's own default colour (ncurses `use_default_colors`); 0…255 the
    /// palette; `Color.rgbFlag | 0xRRGGBB` a direct colour.
    public let value: Int32
    public init(_ index: Int16) { value = Int32(index) }
    private init(value: Int32) { self.value = value }

    static let rgbFlag: Int32 = 0x100_0000

    /// A direct colour (drawn as itself where the terminal has direct colour).
    public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color {
        Color(value: rgbFlag | Int32(r) << 16 | Int32(g) << 8 | Int32(b))
    }

    public var isRGB: Bool { value >= Self.rgbFlag }
    /// The 24-bit value of a direct colour.
    public var rgbValue: Int32? { isRGB ? value & 0xFF_FFFF : nil }
    /// The palette index (-1 default). A direct colour has none: use `isRGB` first.
    public var index: Int16 { isRGB ? -1 : Int16(value) }

    public static let `default` = Color(-1)

    /// The theme in force (`ThemeColors.current`): its roles are the palette tminus uses,
    /// named for what they mean, not how they look: `Style(foreground: .theme.accent)`.
    public static var theme: ThemeColors { ThemeColors.current }

    public var description: String {
        if let rgb = rgbValue { return "#" + String(rgb, radix: 16).leftPadded(to: 6) }
        return index < 0 ? "default" : "\(index)"
    }
}

/// Text attributes, as a set.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)

    public func foreground(_ c: Color) -> Style { var s = self; s.foreground = c; return s }
    public func background(_ c: Color) -> Style { var s = self; s.background = c; return s }
    public func adding(_ a: Attributes) -> Style { var s = self; s.attributes.formUnion(a); return s }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// The colours of a theme, by role. `default` is the 256-colour look; `ansi16` uses only the
/// terminal's 16 colours (and its default), so it follows the terminal's own palette and
/// reads on light and dark backgrounds alike. Pictures keep their own colours.
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

    public static let standard = ThemeColors(
        upcoming: Color(33), success: Color(34), failure: Color(160), warning: Color(178), accent: Color(39),
        muted: Color(245), selectionBackground: Color(236), barBackground: Color(235), barText: Color(250),
        onAccent: Color(16), faint: Color(238), unavailable: Color(240))

    /// Blue, green, red and yellow for statuses; no grey text (the terminal's default colour
    /// instead); the selection a cyan band, the bar the terminal's own background.
    public static let ansi16 = ThemeColors(
        upcoming: Color(4), success: Color(2), failure: Color(1), warning: Color(3), accent: Color(4),
        muted: .default, selectionBackground: Color(6), barBackground: .default, barText: .default,
        onAccent: Color(15), faint: .default, unavailable: .default)

    /// The theme in force for the renderer (the app sets it around each frame; tests with
    /// `withValue`).
    @TaskLocal public static var current = ThemeColors.standard

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
            case "selection": t.selectionBackground = c
            case "bar": t.barBackground = c
            default: break
            }
        }
        return t
    }
}
