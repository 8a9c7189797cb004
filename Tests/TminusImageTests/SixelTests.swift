import Testing
import TminusImage

@Suite("Sixel encoding")
struct SixelTests {
    @Test func aDECSIXELStringWithThePicturesSize() throws {
        // The introducer keeps what is under unpainted pixels (P2=1), the raster attributes
        // give the size in pixels, the string terminator ends it.
        let white = [UInt8]([255, 255, 255, 255])
        let image = RGBAImage(width: 5, height: 7, pixels: Array([[UInt8]](repeating: white, count: 35).joined()))
        let bytes = Sixel.encode(image)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;5;6"), "cut to one whole band")
        #expect(text.hasSuffix("\u{1B}\\"))
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.width == 5 && decoded.height == 6)
        #expect(decoded.pixels.prefix(30).allSatisfy { $0 == RGBA(255, 255, 255) })
        // Shorter than a band: padded with rows left unpainted.
        let short = try SixelDecoder.decode(Sixel.encode(RGBAImage(width: 2, height: 2, pixels: Array(white + white + white + white))))
        #expect(short.height == 6 && short.pixels.prefix(4).allSatisfy { $0 == RGBA(255, 255, 255) })
        #expect(short.pixels[4...].allSatisfy { $0 == nil })
    }

    @Test func theSamePictureIsTheSameBytes() {
        // The presenter caches encodings and tests compare bytes: no dithering noise.
        let image = gradient(width: 40, height: 30)
        #expect(Sixel.encode(image) == Sixel.encode(image))
    }

    @Test func aGradientGetsItsOwnPalette() throws {
        // A fixed 240-colour palette has 6 levels of blue; a palette made for the picture
        // follows a smooth ramp with many more, which is what keeps a sky free of bands.
        let image = gradient(width: 64, height: 12)
        let decoded = try SixelDecoder.decode(Sixel.encode(image))
        #expect(decoded.registers > 32, "\(decoded.registers) registers")
        let blues = Set((0..<64).compactMap { decoded.pixels[$0]?.b })
        #expect(blues.count > 32, "\(blues.count) shades of blue in the top row")
    }

    @Test func nothingToDrawIsNoBytes() {
        #expect(Sixel.encode(RGBAImage(width: 0, height: 0, pixels: [])).isEmpty)
    }

    /// Blue rising left to right, a little red down the rows.
    func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(y * 4), 40, UInt8(x * 255 / max(1, width - 1)), 255] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func decodesBackToThePicture() throws {
        // 9x12: two bands, five colours, a transparent hole, and runs.
        let colours: [RGBA] = [RGBA(255, 0, 0), RGBA(0, 95, 255), RGBA(255, 255, 255), RGBA(0, 0, 0), RGBA(128, 128, 128)]
        var pixels: [UInt8] = []
        var expected: [RGBA?] = []
        for y in 0..<12 {
            for x in 0..<9 {
                if (3...4).contains(x) && (5...7).contains(y) {
                    pixels += [10, 20, 30, 0]; expected.append(nil); continue
                }
                let c = colours[(x / 3 + y / 4) % colours.count]
                pixels += [c.r, c.g, c.b, 255]; expected.append(c)
            }
        }
        let image = RGBAImage(width: 9, height: 12, pixels: pixels)
        let decoded = try SixelDecoder.decode(Sixel.encode(image))
        #expect(decoded.width == 9 && decoded.height == 12)
        for y in 0..<12 {
            for x in 0..<9 {
                let got = decoded.pixels[y * 9 + x]
                guard let want = expected[y * 9 + x] else {
                    #expect(got == nil, "(\(x),\(y)) should be left unpainted"); continue
                }
                let g = try #require(got, "(\(x),\(y)) not painted")
                // Five colours fit the palette exactly; percents cost at most ~1.3 a channel.
                #expect(abs(Int(g.r) - Int(want.r)) <= 2 && abs(Int(g.g) - Int(want.g)) <= 2 && abs(Int(g.b) - Int(want.b)) <= 2,
                        "(\(x),\(y)): \(g) for \(want)")
            }
        }
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
