/// The xterm 256-colour palette's fixed part: the 6×6×6 colour cube (16–231) and the grey
/// ramp (232–255). Indices 0–15 are never chosen: their colours are whatever the user's
/// theme says.
public enum XtermPalette {
    /// The cube's six levels per channel.
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    // Perceptual weights for the squared distance (green counts most, blue least but more
    // than nothing): a common cheap stand-in for a proper colour-difference formula.
    private static let wr = 3, wg = 4, wb = 2

    /// The cube or grey-ramp index closest to `c` (alpha ignored): always in 16...255.
    public static func nearest(_ c: RGBA) -> Int16 {
        let r = Int(c.r), g = Int(c.g), b = Int(c.b)
        // Cube: the distance splits per channel, so the nearest level per channel wins.
        let ri = level(r), gi = level(g), bi = level(b)
        let cr = cubeValue(ri), cg = cubeValue(gi), cb = cubeValue(bi)
        let cubeDistance = wr * (r - cr) * (r - cr) + wg * (g - cg) * (g - cg) + wb * (b - cb) * (b - cb)
        // Grey: the weighted mean is the best grey; take the ramp step nearest to it.
        let wsum = wr + wg + wb
        let mean2 = 2 * (wr * r + wg * g + wb * b)          // twice the weighted sum
        // k = round((mean - 8) / 10), with mean = weighted sum / wsum, in integers.
        var k = (mean2 - 16 * wsum + 10 * wsum) / (20 * wsum)
        k = min(23, max(0, k))
        let v = 8 + 10 * k
        let greyDistance = wr * (r - v) * (r - v) + wg * (g - v) * (g - v) + wb * (b - v) * (b - v)
        if greyDistance < cubeDistance { return Int16(232 + k) }
        return Int16(16 + 36 * ri + 6 * gi + bi)
    }

    /// The RGB of an xterm-256 index. 0–15 get xterm's default colours, which a theme may
    /// change (this is for tests and previews only).
    public static func rgb(_ index: Int16) -> RGBA {
        switch index {
        case 16...231:
            let i = Int(index) - 16
            return RGBA(UInt8(cubeValue(i / 36)), UInt8(cubeValue(i / 6 % 6)), UInt8(cubeValue(i % 6)))
        case 232...255:
            let v = UInt8(8 + 10 * (Int(index) - 232))
            return RGBA(v, v, v)
        case 0...15:
            return system[Int(index)]
        default:
            return RGBA(0, 0, 0)
        }
    }

    /// The nearest cube level for one channel (midpoints 48, 115, 155, 195, 235).
    @inline(__always)
    private static func level(_ v: Int) -> Int {
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return (v - 35) / 40
    }

    @inline(__always)
    private static func cubeValue(_ i: Int) -> Int { i == 0 ? 0 : 55 + 40 * i }

    private static let system: [RGBA] = [
        RGBA(0, 0, 0), RGBA(205, 0, 0), RGBA(0, 205, 0), RGBA(205, 205, 0),
        RGBA(0, 0, 238), RGBA(205, 0, 205), RGBA(0, 205, 205), RGBA(229, 229, 229),
        RGBA(127, 127, 127), RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(255, 255, 0),
        RGBA(92, 92, 255), RGBA(255, 0, 255), RGBA(0, 255, 255), RGBA(255, 255, 255),
    ]
}
