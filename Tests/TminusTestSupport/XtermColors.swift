import TminusImage

/// xterm's default 256-colour palette as RGB, for tests that measure how colours look
/// (contrast, what a palette index stands for): the 16 system colours, the 6×6×6 cube and
/// the grey ramp. The app itself never needs 0–15's RGB (they are the user's).
public enum XtermColors {
    public static func rgb(_ index: Int16) -> RGBA {
        switch index {
        case 0...15: return system[Int(index)]
        case 16...231:
            let i = Int(index) - 16
            func level(_ n: Int) -> UInt8 { n == 0 ? 0 : UInt8(55 + 40 * n) }
            return RGBA(level(i / 36), level(i / 6 % 6), level(i % 6))
        case 232...255:
            let v = UInt8(8 + 10 * (Int(index) - 232))
            return RGBA(v, v, v)
        default: return RGBA(0, 0, 0)
        }
    }

    private static let system: [RGBA] = [
        RGBA(0, 0, 0), RGBA(205, 0, 0), RGBA(0, 205, 0), RGBA(205, 205, 0),
        RGBA(0, 0, 238), RGBA(205, 0, 205), RGBA(0, 205, 205), RGBA(229, 229, 229),
        RGBA(127, 127, 127), RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(255, 255, 0),
        RGBA(92, 92, 255), RGBA(255, 0, 255), RGBA(0, 255, 255), RGBA(255, 255, 255),
    ]
}
