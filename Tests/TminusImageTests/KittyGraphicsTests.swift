import Foundation
import Testing
import TminusImage

/// The bytes are written out by hand from the protocol's text
/// (kitty docs/graphics-protocol.rst), not produced by the encoder.
@Suite("Kitty graphics sequences")
struct KittyGraphicsTests {
    /// 2x2: red, green / blue, white, all opaque.
    static let tiny = RGBAImage(width: 2, height: 2, pixels: [
        255, 0, 0, 255, 0, 255, 0, 255,
        0, 0, 255, 255, 255, 255, 255, 255,
    ])

    @Test func transmitsATinyImageInOneQuietChunk() {
        // base64 of FF0000FF 00FF00FF 0000FFFF FFFFFFFF
        let expected = "\u{1B}_Ga=t,f=32,s=2,v=2,i=7,q=2,m=0;/wAA/wD/AP8AAP///////w==\u{1B}\\"
        #expect(String(decoding: KittyGraphics.transmit(Self.tiny, id: 7), as: UTF8.self) == expected)
    }

    @Test func transmitsPNGBytesWithFormat100() {
        let expected = "\u{1B}_Ga=t,f=100,i=9,q=2,m=0;iVBORw==\u{1B}\\"
        #expect(String(decoding: KittyGraphics.transmitPNG([0x89, 0x50, 0x4E, 0x47], id: 9), as: UTF8.self) == expected)
    }

    @Test func cutsLargeImagesIn4096ByteChunks() throws {
        // 32x32 RGBA = 4096 bytes = 5464 base64 characters: one full chunk and the rest.
        let pixels = (0..<4096).map { UInt8($0 % 251) }
        let image = RGBAImage(width: 32, height: 32, pixels: pixels)
        let text = String(decoding: KittyGraphics.transmit(image, id: 3), as: UTF8.self)
        let codes = text.components(separatedBy: "\u{1B}\\").dropLast()
        #expect(codes.count == 2)
        let first = try #require(codes.first), last = try #require(codes.last)
        #expect(first.hasPrefix("\u{1B}_Ga=t,f=32,s=32,v=32,i=3,q=2,m=1;"))
        #expect(last.hasPrefix("\u{1B}_Gq=2,m=0;"))
        let firstPayload = String(first.split(separator: ";", maxSplits: 1)[1])
        let lastPayload = String(last.split(separator: ";", maxSplits: 1)[1])
        #expect(firstPayload.count == 4096)
        #expect(lastPayload.count == 5464 - 4096)
        #expect(Data(base64Encoded: firstPayload + lastPayload).map([UInt8].init) == pixels)
    }

    @Test func virtualPlacementAndDelete() {
        #expect(String(decoding: KittyGraphics.virtualPlacement(id: 42, columns: 20, rows: 8), as: UTF8.self)
            == "\u{1B}_Ga=p,U=1,i=42,c=20,r=8,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.delete(id: 42), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
    }

    @Test func theDetectionQuery() {
        #expect(String(decoding: KittyGraphics.query, as: UTF8.self) == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
    }
}

@Suite("Kitty Unicode placeholders")
struct KittyPlaceholderTests {
    @Test func theDiacriticsTableIsKittys() {
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        #expect(Array(table.prefix(3)) == [0x0305, 0x030D, 0x030E])   // 0, 1, 2 in the spec's examples
        #expect(table.last == 0x1D244)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 < $1 })
        // Every entry is a combining mark (drawn on the placeholder, not beside it).
        #expect(table.allSatisfy { Unicode.Scalar($0)!.properties.generalCategory == .nonspacingMark })
    }

    @Test func theSpecsTwoByTwoPlaceholderForImage42() {
        // printf "\e[38;5;42m\U10EEEE\U0305\U0305\U10EEEE\U0305\U030D\e[39m\n" and the row below.
        #expect(KittyPlaceholder.row(0, columns: 2, imageID: 42)
            == "\u{1B}[38;5;42m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m")
        #expect(KittyPlaceholder.row(1, columns: 2, imageID: 42)
            == "\u{1B}[38;5;42m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}\u{1B}[39m")
    }

    @Test func theIdsHighByteIsAThirdDiacritic() {
        // The spec's 33554474 = 42 + (2 << 24): colour 42, third diacritic U+030E.
        #expect(KittyPlaceholder.cell(row: 1, column: 0, imageID: 33_554_474) == "\u{10EEEE}\u{030D}\u{0305}\u{030E}")
        #expect(KittyPlaceholder.foregroundSGR(imageID: 33_554_474) == "\u{1B}[38;5;42m")
    }

    /// The rows kept as characters are exactly the cells, scalar for scalar (Character's ==
    /// would accept a canonically equivalent sequence): every row, every column, with and
    /// without the id's high byte.
    @Test(arguments: [42, 0xFF_FFFF, 33_554_474] as [UInt32])
    func rowsOfCharactersAreTheCells(imageID: UInt32) {
        for row in 0..<KittyPlaceholder.maxSpan {
            let characters = KittyPlaceholder.characters(row: row, imageID: imageID)
            #expect(characters.count == KittyPlaceholder.maxSpan)
            let mismatched = characters.indices.filter {
                Array(characters[$0].unicodeScalars) != Array(KittyPlaceholder.cell(row: row, column: $0, imageID: imageID).unicodeScalars)
            }
            #expect(mismatched.isEmpty, "row \(row), columns \(mismatched)")
        }
    }

    @Test func idsAboveAByteUseTruecolour() {
        #expect(KittyPlaceholder.foregroundSGR(imageID: 0x01_02_03) == "\u{1B}[38;2;1;2;3m")
        #expect(KittyPlaceholder.foreground(imageID: 0xAB_CD_EF) == (0xAB, 0xCD, 0xEF))
    }
}
