/// DEC sixel graphics (DECSIXEL), as bytes to write at the cursor (no I/O here): xterm
/// (`-ti vt340`), foot, WezTerm, mlterm, and tmux 3.4 and later.
///
/// The picture must already be scaled to the pixel size it will have on screen. Each pixel is
/// quantised to the xterm 256-colour cube and grey ramp (`Sixel.Palette`, 240 colours, a fixed
/// palette: the same colour always lands in the same place, and nothing is computed per
/// picture); only the colours the picture uses get a register, numbered from 0 in order of
/// first use. Pixels with alpha below half are not painted, and `P2=1` in the introducer keeps
/// what is under them.
///
/// Layout: `ESC P 0;1;0 q "1;1;W;H`, the register definitions `#n;2;r;g;b` (percent), then one
/// band per six rows: for each colour in the band, `#n` and one sixel character per column
/// (`?` + the 6-bit column, top pixel the low bit; runs of four or more as `!count char`;
/// trailing empty columns dropped), colours separated by `$` (back to the band's start), bands
/// by `-`; `ESC \` ends it.
public enum Sixel {
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        let width = image.width, height = image.height
        // Register per pixel (-1: not painted), and the registers' colours in order of use.
        var registers: [Int16: Int] = [:]
        var colours: [RGBA] = []
        var painted = [Int](repeating: -1, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image[x, y]
                guard pixel.a >= 128 else { continue }
                let index = Palette.nearest(pixel)
                let register: Int
                if let known = registers[index] {
                    register = known
                } else {
                    register = colours.count
                    registers[index] = register
                    colours.append(Palette.rgb(index))
                }
                painted[y * width + x] = register
            }
        }

        var out: [UInt8] = [0x1B, UInt8(ascii: "P")]
        out += Array("0;1;0q\"1;1;\(width);\(height)".utf8)
        for (register, colour) in colours.enumerated() {
            out += Array("#\(register);2;\(percent(colour.r));\(percent(colour.g));\(percent(colour.b))".utf8)
        }
        var line = [UInt8](repeating: 0, count: width)
        for top in stride(from: 0, to: height, by: 6) {
            if top > 0 { out.append(UInt8(ascii: "-")) }
            let rows = min(6, height - top)
            // The band's colours, in register order, so the output does not depend on hashing.
            var used = Set<Int>()
            for y in top..<(top + rows) {
                for x in 0..<width where painted[y * width + x] >= 0 { used.insert(painted[y * width + x]) }
            }
            for (n, register) in used.sorted().enumerated() {
                if n > 0 { out.append(UInt8(ascii: "$")) }
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for r in 0..<rows where painted[(top + r) * width + x] == register { bits |= 1 << r }
                    line[x] = bits
                }
                out += Array("#\(register)".utf8)
                appendRuns(line, to: &out)
            }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// 0...255 to the 0...100 the colour introducer takes, rounded.
    static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }

    private static func appendRuns(_ line: [UInt8], to out: inout [UInt8]) {
        var end = line.count
        while end > 0 && line[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            let bits = line[x]
            var run = 1
            while x + run < end && line[x + run] == bits { run += 1 }
            let char = UInt8(ascii: "?") + bits
            if run >= 4 {
                out += Array("!\(run)".utf8)
                out.append(char)
            } else {
                out += [UInt8](repeating: char, count: run)
            }
            x += run
        }
    }
}

extension Sixel {
    /// The xterm 256-colour palette's fixed part: the 6×6×6 colour cube (16–231) and the grey
    /// ramp (232–255), the registers' colours. 0–15 are never chosen: their colours are
    /// whatever the user's theme says.
    enum Palette {
        // Perceptual weights for the squared distance (green counts most, blue least but more
        // than nothing): a common cheap stand-in for a proper colour-difference formula.
        private static let wr = 3, wg = 4, wb = 2

        /// The cube or grey-ramp index closest to `c` (alpha ignored): always in 16...255.
        static func nearest(_ c: RGBA) -> Int16 {
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

        /// The RGB of a cube or grey-ramp index (16–255); black for any other.
        static func rgb(_ index: Int16) -> RGBA {
            switch index {
            case 16...231:
                let i = Int(index) - 16
                return RGBA(UInt8(cubeValue(i / 36)), UInt8(cubeValue(i / 6 % 6)), UInt8(cubeValue(i % 6)))
            case 232...255:
                let v = UInt8(8 + 10 * (Int(index) - 232))
                return RGBA(v, v, v)
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

        /// The cube's six levels: 0, 95, 135, 175, 215, 255.
        @inline(__always)
        private static func cubeValue(_ i: Int) -> Int { i == 0 ? 0 : 55 + 40 * i }
    }
}
