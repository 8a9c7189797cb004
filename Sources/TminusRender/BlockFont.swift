/// Big letters for the countdown, five rows tall, drawn with full and half blocks: a stroke
/// down is one column of `█` (a cell is about twice as tall as wide, so that is as thick as a
/// half-block stroke across, `▀` or `▄`). Digits are all four columns wide, so a ticking
/// clock does not jiggle; glyphs are one blank column apart.
///
/// It has what `T-02d 04:11:09`, `T+…`, `HOLD` and `LIFTOFF` need; `width(of:)` is nil for a
/// text with any other character (the countdown then draws on one line).
public enum BlockFont {
    public static let height = 5
    public static let gap = 1

    public static let glyphs: [Character: [String]] = [
        "0": ["█▀▀█",
              "█  █",
              "█  █",
              "█  █",
              "█▄▄█"],
        "1": [" ▄█ ",
              "  █ ",
              "  █ ",
              "  █ ",
              " ▄█▄"],
        "2": ["▀▀▀█",
              "   █",
              "█▀▀▀",
              "█   ",
              "█▄▄▄"],
        "3": ["▀▀▀█",
              "   █",
              " ▀▀█",
              "   █",
              "▄▄▄█"],
        "4": ["█  █",
              "█  █",
              "▀▀▀█",
              "   █",
              "   █"],
        "5": ["█▀▀▀",
              "█   ",
              "▀▀▀█",
              "   █",
              "▄▄▄█"],
        "6": ["█▀▀▀",
              "█   ",
              "█▀▀█",
              "█  █",
              "█▄▄█"],
        "7": ["▀▀▀█",
              "   █",
              "   █",
              "   █",
              "   █"],
        "8": ["█▀▀█",
              "█  █",
              "█▀▀█",
              "█  █",
              "█▄▄█"],
        "9": ["█▀▀█",
              "█  █",
              "▀▀▀█",
              "   █",
              "▄▄▄█"],
        "T": ["▀▀█▀▀",
              "  █  ",
              "  █  ",
              "  █  ",
              "  █  "],
        "+": ["   ",
              " █ ",
              "▀█▀",
              " ▀ ",
              "   "],
        "-": ["   ",
              "   ",
              "▀▀▀",
              "   ",
              "   "],
        ":": [" ",
              "▄",
              " ",
              "▀",
              " "],
        " ": ["  ",
              "  ",
              "  ",
              "  ",
              "  "],
        "d": ["   █",
              "   █",
              "█▀▀█",
              "█  █",
              "█▄▄█"],
        // HOLD and LIFTOFF. The letter O is round, so it is not read as a zero.
        "H": ["█  █",
              "█  █",
              "█▀▀█",
              "█  █",
              "█  █"],
        "O": ["▄▀▀▄",
              "█  █",
              "█  █",
              "█  █",
              "▀▄▄▀"],
        "L": ["█   ",
              "█   ",
              "█   ",
              "█   ",
              "█▄▄▄"],
        "D": ["█▀▀▄",
              "█  █",
              "█  █",
              "█  █",
              "█▄▄▀"],
        "I": ["▀█▀",
              " █ ",
              " █ ",
              " █ ",
              "▄█▄"],
        "F": ["█▀▀▀",
              "█   ",
              "█▀▀ ",
              "█   ",
              "█   "],
    ]

    /// Columns `text` takes in big letters (glyphs and the gaps between them); nil when a
    /// character has no glyph.
    public static func width(of text: String) -> Int? {
        var total = 0
        for character in text {
            guard let glyph = glyphs[character] else { return nil }
            total += glyph[0].count
        }
        return text.isEmpty ? 0 : total + gap * (text.count - 1)
    }

    /// The five rows of `text` in big letters, each `width(of:)` columns; nil as for `width(of:)`.
    public static func rows(_ text: String) -> [String]? {
        guard width(of: text) != nil else { return nil }
        let spacer = String(repeating: " ", count: gap)
        return (0..<height).map { row in
            text.map { glyphs[$0]![row] }.joined(separator: spacer)
        }
    }
}
