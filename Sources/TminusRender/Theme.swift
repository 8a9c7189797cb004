

/// Tones (what a value means) to styles (how it looks), in one table.
public enum Theme {
    public static func style(_ tone: Tone) -> Style {
        switch tone {
        case .plain: .plain
        case .muted: Style(foreground: .theme.muted)
        case .upcoming: Style(foreground: .theme.upcoming, attributes: .bold)
        case .success: light(.theme.success, bold: true)
        case .failure: Style(foreground: .theme.failure, attributes: .bold)
        case .warning: light(.theme.warning, bold: true)
        case .undecided: Style(foreground: .theme.muted, attributes: .bold)
        case .active: Style(foreground: .theme.accent, attributes: .bold)
        }
    }

    /// Text in a light status colour (success, warning): as a badge where the theme has one
    /// (`ThemeColors.badgeText`), else the colour itself.
    public static func light(_ color: Color, bold: Bool) -> Style {
        if let text = Color.theme.badgeText { return Style(foreground: text, background: color) }
        return Style(foreground: color, attributes: bold ? .bold : [])
    }

    public static var bar: Style { Style(background: .theme.barBackground) }

    /// A cell of a selected row: on the selection band unless it has a background of its own
    /// (a picture, a selected link), and in the band's text colour when the theme has one.
    public static func selected(_ cell: Style) -> Style {
        guard cell.background == .default else { return cell }
        let colors = Color.theme
        var style = cell.background(colors.selectionBackground).foreground(colors.selectionText ?? cell.foreground)
        // The band's own text colour is meant to be read: never dimmed (issue 25: dim dates on
        // ansi16's blue band were hard to read).
        if colors.selectionText != nil { style.attributes.remove(.dim) }
        return style
    }

    public static var heading: Style { Style(foreground: .theme.accent, attributes: .bold) }
    public static var label: Style { Style(foreground: .theme.muted) }
    public static var error: Style { Style(foreground: .theme.failure, attributes: .bold) }

    /// Mission patch stand-ins until images arrive: a filled disc when there is a patch to
    /// load, an empty one when the launch has none.
    public static let patchGlyph: Character = "◉"
    public static let noPatchGlyph: Character = "○"

    /// Marks a favorite rocket or a watched launch.
    public static let favoriteMark = "★"
    public static var favoriteStyle: Style { light(.theme.warning, bold: true) }

    /// An event's stand-in (a docking, a spacewalk…) until its picture is drawn.
    public static let eventGlyph: Character = "✦"

    /// A rocket's thumbnail stand-in on the rockets list.
    public static let rocketGlyph: Character = "▲"
    /// Glyph art in a rocket's picture box until the picture itself is drawn.
    public static let rocketArt = [
        "▲",
        "▐█▌",
        "▐█▌",
        "▟███▙",
    ]
}

extension Theme {
    /// A bold name followed by ` ★` when it is a favorite; the star always fits (the name is
    /// cut first).
    /// Returns the columns used.
    @discardableResult
    public static func putMarked(_ name: String, marked: Bool, x: Int, y: Int, maxWidth: Int, into grid: inout Grid) -> Int {
        let room = marked ? maxWidth - 2 : maxWidth
        let used = grid.put(name, x: x, y: y, maxWidth: max(0, room), style: .bold)
        guard marked else { return used }
        return used + grid.put(" " + favoriteMark, x: x + used, y: y, maxWidth: 2, style: favoriteStyle)
    }

    /// A webcast on air right now.
    public static var liveStyle: Style { Style(foreground: .theme.failure, attributes: .bold) }
}

extension Grid {
    /// Writes `text` so that it ends at column `right` (exclusive). Returns its start column.
    @discardableResult
    public mutating func putRight(_ text: String, right: Int, y: Int, style: Style = .plain) -> Int {
        let w = TerminalTextWidth.of(text)
        let x = Swift.max(0, right - w)
        put(text, x: x, y: y, maxWidth: right - x, style: style)
        return x
    }

    /// Writes `text` centred on row y.
    public mutating func putCentered(_ text: String, y: Int, style: Style = .plain) {
        let w = Swift.min(TerminalTextWidth.of(text), width)
        put(text, x: Swift.max(0, (width - w) / 2), y: y, maxWidth: width, style: style)
    }

    public mutating func horizontalRule(y: Int, style: Style = Theme.label) {
        put(String(repeating: "─", count: Swift.max(0, width)), x: 0, y: y, style: style)
    }
}

import TminusCore
public enum TerminalTextWidth {
    public static func of(_ text: String) -> Int { TerminalText.width(TerminalText.sanitize(text)) }
}
