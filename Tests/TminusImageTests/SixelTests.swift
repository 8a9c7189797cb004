import Testing
import TminusImage

@Suite("Sixel encoding")
struct SixelTests {
    @Test func oneBySixInTwoColours() {
        // Red over blue: register 0 red (100% 0% 0%), register 1 blue; column of red is
        // bits 0-2 (7, '?'+7 = 'F'), blue bits 3-5 (56, '?'+56 = 'w'). No trailing '$' or '-'.
        let red = [UInt8]([255, 0, 0, 255]), blue = [UInt8]([0, 0, 255, 255])
        let image = RGBAImage(width: 1, height: 6, pixels: red + red + red + blue + blue + blue)
        #expect(String(decoding: Sixel.encode(image), as: UTF8.self)
            == "\u{1B}P0;1;0q\"1;1;1;6#0;2;100;0;0#1;2;0;0;100#0F$#1w\u{1B}\\")
    }

    @Test func runsOfFourOrMoreAreCounted() {
        // 5x1 white: one band, bit 0 set in every column ('@'), as a run; 3x1 stays literal.
        let white = [UInt8]([255, 255, 255, 255])
        let five = RGBAImage(width: 5, height: 1, pixels: Array([[UInt8]](repeating: white, count: 5).joined()))
        #expect(String(decoding: Sixel.encode(five), as: UTF8.self) == "\u{1B}P0;1;0q\"1;1;5;1#0;2;100;100;100#0!5@\u{1B}\\")
        let three = RGBAImage(width: 3, height: 1, pixels: Array([[UInt8]](repeating: white, count: 3).joined()))
        #expect(String(decoding: Sixel.encode(three), as: UTF8.self) == "\u{1B}P0;1;0q\"1;1;3;1#0;2;100;100;100#0@@@\u{1B}\\")
    }

    @Test func decodesBackToThePicture() throws {
        // 9x13: three bands (the last one row high), five colours on the palette, a
        // transparent hole, and long runs.
        let colours: [RGBA] = [RGBA(255, 0, 0), RGBA(0, 95, 255), RGBA(255, 255, 255), RGBA(0, 0, 0), RGBA(128, 128, 128)]
        var pixels: [UInt8] = []
        var expected: [RGBA?] = []
        for y in 0..<13 {
            for x in 0..<9 {
                if (3...4).contains(x) && (5...7).contains(y) {
                    pixels += [10, 20, 30, 0]; expected.append(nil); continue
                }
                let c = colours[(x / 3 + y / 4) % colours.count]
                pixels += [c.r, c.g, c.b, 255]; expected.append(c)
            }
        }
        let image = RGBAImage(width: 9, height: 13, pixels: pixels)
        let decoded = try SixelDecoder.decode(Sixel.encode(image))
        #expect(decoded.width == 9 && decoded.height == 13)
        for y in 0..<13 {
            for x in 0..<9 {
                let got = decoded.pixels[y * 9 + x]
                guard let want = expected[y * 9 + x] else {
                    #expect(got == nil, "(\(x),\(y)) should be left unpainted"); continue
                }
                let g = try #require(got, "(\(x),\(y)) not painted")
                // 128 grey quantises to the ramp's 128; percents cost at most ~1.3 a channel.
                #expect(abs(Int(g.r) - Int(want.r)) <= 2 && abs(Int(g.g) - Int(want.g)) <= 2 && abs(Int(g.b) - Int(want.b)) <= 2,
                        "(\(x),\(y)): \(g) for \(want)")
            }
        }
        #expect(decoded.registers == 5)
    }
}

/// A small DECSIXEL reader for the tests: raster attributes, RGB colour registers, `#`, `!`,
/// `$`, `-` and sixel characters; pixels never painted stay nil.
struct SixelDecoder {
    struct Failure: Error { let why: String }
    var width = 0, height = 0, registers = 0
    var pixels: [RGBA?] = []

    static func decode(_ bytes: [UInt8]) throws -> SixelDecoder {
        let text = Array(bytes)
        guard text.starts(with: [0x1B, UInt8(ascii: "P")]), text.suffix(2) == [0x1B, UInt8(ascii: "\\")],
              let q = text.firstIndex(of: UInt8(ascii: "q")) else { throw Failure(why: "not a sixel DCS") }
        var body = Array(text[(q + 1)..<(text.count - 2)])
        var result = SixelDecoder()
        var palette: [Int: RGBA] = [:]
        var canvas: [Int: RGBA] = [:]
        var current = 0, x = 0, top = 0
        func number() -> [Int] {
            var values: [Int] = [], digits = ""
            while let c = body.first, c == UInt8(ascii: ";") || (0x30...0x39).contains(c) {
                body.removeFirst()
                if c == UInt8(ascii: ";") { values.append(Int(digits) ?? 0); digits = "" } else { digits.append(Character(Unicode.Scalar(c))) }
            }
            values.append(Int(digits) ?? 0)
            return values
        }
        func paint(_ char: UInt8, times: Int) throws {
            guard (63...126).contains(char) else { throw Failure(why: "bad sixel \(char)") }
            let bits = char - 63
            for _ in 0..<times {
                for r in 0..<6 where bits & (1 << r) != 0 {
                    guard let colour = palette[current] else { throw Failure(why: "register \(current) undefined") }
                    canvas[(top + r) * 100_000 + x] = colour
                }
                x += 1
            }
        }
        while let c = body.first {
            body.removeFirst()
            switch c {
            case UInt8(ascii: "\""):
                let v = number(); guard v.count == 4 else { throw Failure(why: "raster attributes") }
                result.width = v[2]; result.height = v[3]
            case UInt8(ascii: "#"):
                let v = number()
                if v.count == 5 {
                    guard v[1] == 2 else { throw Failure(why: "not RGB") }
                    func byte(_ p: Int) -> UInt8 { UInt8((p * 255 + 50) / 100) }
                    palette[v[0]] = RGBA(byte(v[2]), byte(v[3]), byte(v[4]))
                    result.registers = max(result.registers, v[0] + 1)
                } else { current = v[0] }
            case UInt8(ascii: "!"):
                let n = number()[0]
                guard let char = body.first else { throw Failure(why: "run without a character") }
                body.removeFirst()
                try paint(char, times: n)
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; top += 6
            default: try paint(c, times: 1)
            }
        }
        result.pixels = (0..<(result.width * result.height)).map { i in
            canvas[(i / max(result.width, 1)) * 100_000 + i % max(result.width, 1)]
        }
        // Nothing may be painted outside the raster.
        for key in canvas.keys where key % 100_000 >= result.width || key / 100_000 >= result.height {
            throw Failure(why: "painted outside the raster at \(key)")
        }
        return result
    }
}
