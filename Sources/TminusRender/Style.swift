/// A terminal colour: the terminal's default, an index into the xterm 256-colour palette, or
/// (for pictures on terminals that have it) a direct 24-bit RGB colour.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// -1 is the terminal's own default colour (ncurses `use_default_colors`); 0…255 the
    /// palette; `Color.rgbFlag | 0xRRGGBB` a direct colour.
    public let value: Int32
    public init(_ index: Int16) { value = Int32(index) }
    private init(value: Int32) { self.value = value }

    public static let rgbFlag: Int32 = 0x100_0000

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

    /// The theme in force for the frame being drawn (`ThemeColors.current`, which `Renderer`
    /// sets from the state): its roles are the palette tminus uses, named for what they mean,
    /// not how they look: `Style(foreground: .theme.accent)`.
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
    public func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// How a value reads: the renderer turns tones into colours.
public enum Tone: Sendable, Hashable, CaseIterable {
    case plain, muted, upcoming, success, failure, warning
    /// Still to come but not decided (TBD, TBC): quieter than a GO.
    case undecided
    /// Happening now (IN FLIGHT).
    case active
}
