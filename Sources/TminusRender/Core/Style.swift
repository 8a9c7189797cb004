/// A terminal colour: the terminal's default, or an index into the xterm 256-colour palette.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// -1 is the terminal's own default colour (ncurses `use_default_colors`).
    public let index: Int16
    public init(_ index: Int16) { self.index = index }

    public static let `default` = Color(-1)
    // The palette tminus uses; named for what they mean, not how they look.
    public static let upcoming = Color(33)   // blue
    public static let success = Color(34)    // green
    public static let failure = Color(160)   // red
    public static let warning = Color(178)   // yellow/amber
    public static let accent = Color(39)     // bright blue for the selected tab and headings
    public static let muted = Color(245)     // grey for labels and dim text
    public static let selectionBackground = Color(236)
    public static let barBackground = Color(235)

    public var description: String { index < 0 ? "default" : "\(index)" }
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
