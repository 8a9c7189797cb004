import Foundation

/// Whether the terminal's background is light or dark, for the `auto` theme: from the
/// terminal's answer to OSC 11 (`ESC ] 11 ; ?`), else from `COLORFGBG`, else dark. These are
/// the pure parts; the asking is TminusTerminal's (`BackgroundProbe`).
public enum TerminalBackground: String, Sendable, Hashable {
    case dark, light

    /// An sRGB colour's relative luminance (WCAG 2.x), 0 (black) to 1 (white); channels 0…1.
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio of two luminances: 1 (none) to 21 (black on white).
    public static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Light when black text has more contrast on it than white text: luminance above
    /// √(1.05 × 0.05) − 0.05 ≈ 0.179 (a mid grey, #767676, is about 0.18).
    public init(luminance: Double) {
        self = Self.contrast(luminance, 0) > Self.contrast(luminance, 1) ? .light : .dark
    }

    /// A terminal's answer to OSC 11: `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST
    /// (`ESC \`), 1–4 hex digits per channel (`rgba:` with a fourth, ignored, as some send).
    /// Nil for anything else.
    public init?(reply: String) {
        var text = Substring(reply)
        guard text.hasPrefix("\u{1B}]11;") else { return nil }
        text = text.dropFirst(5)
        if text.hasSuffix("\u{07}") {
            text = text.dropLast()
        } else if text.hasSuffix("\u{1B}\\") {
            text = text.dropLast(2)
        } else {
            return nil
        }
        self.init(color: String(text))
    }

    /// The colour part of an answer alone: `rgb:ffff/ffff/ffff`.
    public init?(color: String) {
        guard let rgb = Self.parseColor(color) else { return nil }
        self.init(luminance: Self.luminance(red: rgb.red, green: rgb.green, blue: rgb.blue))
    }

    /// `rgb:R/G/B` (or `rgba:R/G/B/A`), each 1–4 hex digits, as 0…1 per channel: a channel of
    /// n digits is scaled by 16ⁿ − 1 (`f`, `ff` and `ffff` are all full).
    public static func parseColor(_ text: String) -> (red: Double, green: Double, blue: Double)? {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let fields = parts[1].split(separator: "/", omittingEmptySubsequences: false)
        switch parts[0].lowercased() {
        case "rgb": guard fields.count == 3 else { return nil }
        case "rgba": guard fields.count == 4 else { return nil }
        default: return nil
        }
        var channels: [Double] = []
        for field in fields.prefix(3) {
            guard (1...4).contains(field.count), field.allSatisfy(\.isHexDigit), let value = Int(field, radix: 16) else { return nil }
            channels.append(Double(value) / Double((1 << (4 * field.count)) - 1))
        }
        return (channels[0], channels[1], channels[2])
    }

    /// `COLORFGBG` as rxvt, Konsole and others set it: `fg;bg` (or `fg;default;bg`), colour
    /// numbers of the 16; a background of 7 or 15 (white) is light, another number dark. Nil when
    /// unset or unreadable.
    public init?(colorFGBG: String?) {
        guard let fields = colorFGBG?.split(separator: ";", omittingEmptySubsequences: false), fields.count >= 2,
              let bg = Int(fields[fields.count - 1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self = bg == 7 || bg == 15 ? .light : .dark
    }
}
