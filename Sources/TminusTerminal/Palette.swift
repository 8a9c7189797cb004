import TminusRender

/// How many colours the terminal can show, as far as drawing cares.
enum ColorMode: Equatable, CustomStringConvertible {
    /// No colours (no `colors` capability, or NO_COLOR): attributes only.
    case monochrome
    case basic8
    case basic16
    case indexed256
    /// 24-bit colour (terminfo `colors#0x1000000` with `RGB`, e.g. TERM=xterm-direct):
    /// colour numbers are RGB values, except 0–7, which stay the ANSI colours.
    case direct

    init(colors: Int) {
        switch colors {
        case 0x100_0000...: self = .direct
        case 256...: self = .indexed256
        case 16...: self = .basic16
        case 8...: self = .basic8
        default: self = .monochrome
        }
    }

    var description: String {
        switch self {
        case .monochrome: "monochrome"
        case .basic8: "8"
        case .basic16: "16"
        case .indexed256: "256"
        case .direct: "direct"
        }
    }
}

/// A style as a given terminal can show it: colour indexes it has (-1 = its default) and the
/// attributes to draw with, which may stand in for colours it lacks.
struct AdaptedStyle: Hashable {
    var foreground: Int32
    var background: Int32
    var attributes: Attributes
}

/// Maps the 256-colour palette the renderer uses onto smaller terminals.
enum Palette {
    static func adapt(_ style: Style, to mode: ColorMode) -> AdaptedStyle {
        if mode == .direct {
            return AdaptedStyle(foreground: direct(style.foreground), background: direct(style.background),
                                attributes: style.attributes)
        }
        // A direct colour on a palette terminal takes the palette's nearest.
        let fg = paletteIndex(style.foreground), bg = paletteIndex(style.background)
        switch mode {
        case .direct, .indexed256:
            return AdaptedStyle(foreground: Int32(fg), background: Int32(bg), attributes: style.attributes)
        case .monochrome:
            // Bars and the selected row are told apart by their background; without colour,
            // reverse video is what keeps them visible.
            var attributes = style.attributes
            if bg >= 0 { attributes.insert(.reverse) }
            return AdaptedStyle(foreground: -1, background: -1, attributes: attributes)
        case .basic8, .basic16:
            let colors = mode == .basic8 ? 8 : 16
            var adapted = AdaptedStyle(foreground: fg < 0 ? -1 : Int32(basic(fg, colors: colors)),
                                       background: bg < 0 ? -1 : Int32(basic(bg, colors: colors)),
                                       attributes: style.attributes)
            // The dark greys used for bars and the selection quantise to black, which vanishes
            // on a dark terminal: use bright black where there is one, reverse video otherwise.
            if bg >= 0, adapted.background == 0, bg != 0, bg != 16 {
                if colors == 16 {
                    adapted.background = 8
                } else {
                    adapted.background = -1
                    adapted.attributes.insert(.reverse)
                }
            }
            return adapted
        }
    }

    /// A colour as a direct-colour terminal takes it: the default stays -1, ANSI 0–7 stay
    /// themselves (the user's theme), everything else is its RGB value.
    static func direct(_ color: Color) -> Int32 {
        if let rgb = color.rgbValue { return rgb < 8 ? 8 : rgb }  // 0x000000…7 would read as ANSI
        let index = Int(color.index)
        guard index >= 8 else { return Int32(index) }
        let (r, g, b) = rgb(index)
        let value = Int32(r << 16 | g << 8 | b)
        return value < 8 ? 8 : value
    }

    /// The palette index of a colour; a direct colour's nearest palette entry.
    static func paletteIndex(_ color: Color) -> Int16 {
        guard let rgb = color.rgbValue else { return color.index }
        return nearest256(Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
    }

    /// Nearest of the 6×6×6 cube and the grey ramp (16…255).
    static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int16 {
        var best = 16, bestDistance = Int.max
        for index in 16..<256 {
            let (pr, pg, pb) = rgb(index)
            let d = (pr - r) * (pr - r) + (pg - g) * (pg - g) + (pb - b) * (pb - b)
            if d < bestDistance { best = index; bestDistance = d }
        }
        return Int16(best)
    }

    /// The nearest of the first 8 or 16 colours to a 256-palette index: greys by lightness,
    /// other colours by hue (so the palette's azure blues stay blue rather than turning cyan),
    /// bright variants for the fully saturated ones.
    static func basic(_ index: Int16, colors: Int) -> Int16 {
        if index < 16 {
            if colors >= 16 || index < 8 { return index }
            return index == 8 ? 7 : index - 8  // bright black is grey, not black, as text
        }
        let (r, g, b) = rgb(Int(index))
        let hi = max(r, g, b), lo = min(r, g, b), chroma = hi - lo
        if chroma < 48 {
            let light = (r + g + b) / 3
            if colors >= 16 {
                switch light {
                case ..<60: return 0
                case ..<150: return 8
                case ..<220: return 7
                default: return 15
                }
            }
            return light < 60 ? 0 : 7
        }
        let hue: Double
        let c = Double(chroma)
        if hi == r {
            hue = (60 * (Double(g - b) / c) + 360).truncatingRemainder(dividingBy: 360)
        } else if hi == g {
            hue = 60 * (Double(b - r) / c) + 120
        } else {
            hue = 60 * (Double(r - g) / c) + 240
        }
        let base: Int16
        switch hue {
        case 30..<90: base = 3     // yellow (amber and orange included)
        case 90..<150: base = 2    // green
        case 150..<195: base = 6   // cyan
        case 195..<270: base = 4   // blue
        case 270..<330: base = 5   // magenta
        default: base = 1          // red
        }
        return colors >= 16 && hi >= 230 ? base + 8 : base
    }

    /// xterm's RGB for a palette index.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16:
            let table: [(Int, Int, Int)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
                (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
                (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return table[index]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let i = index - 16
            return (levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
        default:
            let v = 8 + 10 * (min(index, 255) - 232)
            return (v, v, v)
        }
    }
}
