import Foundation
import TminusTestSupport
import Testing
import TminusImage

/// The real pictures under `$TMINUS_FIXTURES/images` (never copied into the project), so
/// tests that need them are skipped without it.
enum ImageFixtures {
    static let root: URL? = {
        guard let path = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    static var available: Bool { root != nil }

    static let skipMessage: Comment = "TMINUS_FIXTURES is not set; real image fixtures skipped"

    /// The bytes of `images/<name>`.
    static func data(_ name: String) throws -> Data {
        let root = try #require(root, "TMINUS_FIXTURES is not set")
        let url = root.appending(path: "images/\(name)")
        do {
            return try Data(contentsOf: url)
        } catch {
            Issue.record("cannot read fixture \(url.path): \(error)")
            throw error
        }
    }
}

/// Hand-built PNG files: chunks with real CRCs, image data zlib-wrapped in stored
/// (uncompressed) deflate blocks, so any colour type and bit depth can be made byte by byte.
enum PNGBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    enum ColorType: UInt8 { case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6 }

    /// A whole PNG. `rows` are the raw scanlines (without the filter byte; filter 0 is added).
    static func png(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: ColorType,
                    rows: [[UInt8]], before: [(String, [UInt8])] = []) -> Data {
        var out = signature
        out += chunk("IHDR", ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType))
        for (type, body) in before { out += chunk(type, body) }
        out += chunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }))
        out += chunk("IEND", [])
        return Data(out)
    }

    /// Signature and IHDR only, claiming `width × height`, then IEND: a header that lies.
    static func headerOnly(width: Int, height: Int) -> Data {
        Data(signature + chunk("IHDR", ihdr(width: width, height: height, bitDepth: 8, colorType: .rgba))
            + chunk("IEND", []))
    }

    static func ihdr(width: Int, height: Int, bitDepth: UInt8, colorType: ColorType) -> [UInt8] {
        be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType.rawValue, 0, 0, 0]
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(body.count)) + typeBytes + body + be32(crc32(typeBytes + body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, data.count - start)
            let final: UInt8 = start + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8((~n >> 8) & 0xff)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        return out + be32(adler32(data))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    /// `png` with its IHDR's width and height replaced (and the CRC redone).
    static func withClaimedSize(_ png: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](png)
        bytes.replaceSubrange(16..<24, with: be32(UInt32(width)) + be32(UInt32(height)))
        bytes.replaceSubrange(29..<33, with: be32(crc32(Array(bytes[12..<29]))))
        return Data(bytes)
    }
}

/// Hand-built baseline JPEGs whose blocks all have zero coefficients: every sample decodes
/// to 128. One-code Huffman tables (DC category 0 and AC end-of-block are both the bit 0)
/// make each block two bits.
enum JPEGBuilder {
    static func jpeg(width: Int, height: Int, components: Int, adobeTransform: UInt8? = nil) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        if let transform = adobeTransform {
            // APP14 "Adobe": version 100, flags 0, 0, transform (0 = CMYK as is, 2 = YCCK).
            out += segment(0xEE, Array("Adobe".utf8) + [0x00, 0x64, 0, 0, 0, 0, transform])
        }
        out += segment(0xDB, [0x00] + Array(repeating: 1, count: 64))
        var sof: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xff), UInt8(width >> 8), UInt8(width & 0xff),
                            UInt8(components)]
        for id in 1...components { sof += [UInt8(id), 0x11, 0] }
        out += segment(0xC0, sof)
        out += segment(0xC4, [0x00, 1] + Array(repeating: 0, count: 15) + [0x00]) // DC 0: category 0
        out += segment(0xC4, [0x10, 1] + Array(repeating: 0, count: 15) + [0x00]) // AC 0: end of block
        var sos: [UInt8] = [UInt8(components)]
        for id in 1...components { sos += [UInt8(id), 0x00] }
        out += segment(0xDA, sos + [0, 63, 0])
        // Two zero bits a block, padded with ones.
        let blocks = ((width + 7) / 8) * ((height + 7) / 8) * components
        let bits = blocks * 2
        var data = [UInt8](repeating: 0, count: (bits + 7) / 8)
        if bits % 8 != 0 { data[data.count - 1] = UInt8(0xFF >> (bits % 8)) }
        out += data
        out += [0xFF, 0xD9]
        return Data(out)
    }

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xff)] + body
    }

    /// `jpeg` with its first SOF0/SOF2 frame's height and width replaced.
    static func withClaimedSize(_ jpeg: Data, width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](jpeg)
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { i += 1; continue }
            let marker = bytes[i + 1]
            if marker == 0xC0 || marker == 0xC2 {
                bytes.replaceSubrange((i + 5)..<(i + 9),
                                      with: [UInt8(height >> 8), UInt8(height & 0xff), UInt8(width >> 8), UInt8(width & 0xff)])
                return Data(bytes)
            }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            i += 2 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}


/// Builds test pictures pixel by pixel.
extension RGBAImage {
    static func make(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA) -> RGBAImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [p.r, p.g, p.b, p.a]
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    static func filled(_ c: RGBA, width: Int, height: Int) -> RGBAImage { make(width: width, height: height) { _, _ in c } }
}

let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)
