import CNcurses
import Logging
import TminusRender

/// Turns styles into what ncurses draws with: an attribute mask and a colour pair number.
/// Pairs come from ncurses 6's `alloc_pair`, cached per (foreground, background).
final class ColorPairs {
    let mode: ColorMode
    private let defaultColorsAvailable: Bool
    private let pairLimit: Int
    private var pairs: [PairKey: Int32] = [:]
    private var exhaustedLogged = false
    private let logger: Logger

    private struct PairKey: Hashable { var fg: Int32; var bg: Int32 }

    init(mode: ColorMode, defaultColorsAvailable: Bool, pairLimit: Int, logger: Logger) {
        self.mode = mode
        self.defaultColorsAvailable = defaultColorsAvailable
        self.pairLimit = pairLimit
        self.logger = logger
    }

    func resolve(_ style: Style) -> (attributes: attr_t, pair: Int32) {
        let adapted = Palette.adapt(style, to: mode)
        return (Self.curses(adapted.attributes), pair(fg: adapted.foreground, bg: adapted.background))
    }

    private func pair(fg: Int32, bg: Int32) -> Int32 {
        guard mode != .monochrome else { return 0 }
        var key = PairKey(fg: fg, bg: bg)
        if !defaultColorsAvailable {
            // Without use_default_colors, -1 is not a colour; curses' own default is white on black.
            if key.fg < 0 { key.fg = 7 }
            if key.bg < 0 { key.bg = 0 }
        }
        if key.fg < 0, key.bg < 0 { return 0 }
        if let pair = pairs[key] { return pair }
        // alloc_pair recycles the oldest pair once the table is full, which would recolour
        // cells already on screen behind our cache's back; stop one short and fall back to
        // the default pair instead.
        guard pairs.count < pairLimit - 1 else { return exhausted() }
        let pair = alloc_pair(key.fg, key.bg)
        guard pair > 0 else { return exhausted() }
        pairs[key] = pair
        return pair
    }

    private func exhausted() -> Int32 {
        if !exhaustedLogged {
            exhaustedLogged = true
            logger.warning("colour pairs exhausted after \(pairs.count); drawing further colours plain")
        }
        return 0
    }

    private static let bold = tm_a_bold(), dim = tm_a_dim(), reverse = tm_a_reverse()
    private static let underline = tm_a_underline(), italic = tm_a_italic()

    static func curses(_ attributes: Attributes) -> attr_t {
        var mask = tm_a_normal()
        if attributes.contains(.bold) { mask |= bold }
        if attributes.contains(.dim) { mask |= dim }
        if attributes.contains(.reverse) { mask |= reverse }
        if attributes.contains(.underline) { mask |= underline }
        if attributes.contains(.italic) { mask |= italic }
        return mask
    }
}
