import Foundation
import TminusTestSupport
import Testing
import TminusImage

/// Where the cells that show something are: (minX, minY, maxX, maxY), nil if none.
func shownBounds(_ picture: GlyphPicture) -> (Int, Int, Int, Int)? {
    var result: (Int, Int, Int, Int)?
    for y in 0..<picture.rows {
        for x in 0..<picture.columns where picture[x, y] != .blank {
            if let r = result { result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y)) } else { result = (x, y, x, y) }
        }
    }
    return result
}

@Suite("Rendering pictures with chafa")
struct ChafaRendererTests {
    @Test func keepsTheAspectRatioAndCentres() {
        // 100×50 into 10×10 cells (10×20 square units): 10 wide, 5 units = 2.5 → 3 rows, rows 3...5.
        let picture = ChafaRenderer.render(.filled(red, width: 100, height: 50), columns: 10, rows: 10, depth: .truecolor)
        #expect(picture.columns == 10 && picture.rows == 10 && picture.cells.count == 100)
        let b = shownBounds(picture)
        #expect(b?.0 == 0 && b?.2 == 9 && b?.1 == 3 && b?.3 == 5)
    }

    @Test func tallPicturesAreCentredSideways() {
        // 333×500 (falcon9.jpg's shape) into 24×12: 24 units tall, 15.98 → 16 columns, 4...19.
        let picture = ChafaRenderer.render(.filled(blue, width: 333, height: 500), columns: 24, rows: 12, depth: .truecolor)
        let b = shownBounds(picture)
        #expect(b?.0 == 4 && b?.2 == 19 && b?.1 == 0 && b?.3 == 11)
    }

    @Test func aSolidPictureIsOneColourPerDepth() {
        // Every shown cell is a full block in the colour, or a space on it.
        func solid(_ depth: PictureColorDepth) -> Set<PictureColor?> {
            let picture = ChafaRenderer.render(.filled(red, width: 40, height: 20), columns: 8, rows: 2, depth: depth)
            var seen = Set<PictureColor?>()
            for cell in picture.cells {
                switch cell.character {
                case "█": seen.insert(cell.foreground)
                case " ": seen.insert(cell.background)
                default: Issue.record("unexpected glyph \(cell.character) for \(depth)")
                }
            }
            return seen
        }
        #expect(solid(.truecolor) == [.rgb(255, 0, 0)])
        #expect(solid(.indexed256) == [.index(196)])   // the cube's red, never 0–15
        #expect(solid(.indexed16) == [.index(9)])      // bright red
    }

    @Test func withoutColourOnlyGlyphs() {
        // A flat picture is one glyph everywhere (which one depends on its lightness), uncoloured.
        let picture = ChafaRenderer.render(.filled(white, width: 40, height: 20), columns: 8, rows: 2, depth: .none)
        #expect(Set(picture.cells.map(\.character)).count == 1)
        #expect(picture.cells.allSatisfy { $0.foreground == nil && $0.background == nil })
    }

    @Test func transparentPixelsLeaveNoColour() {
        let picture = ChafaRenderer.render(.filled(RGBA(255, 0, 0, 0), width: 16, height: 16), columns: 4, rows: 2, depth: .truecolor)
        #expect(picture.cells.allSatisfy { $0.foreground == nil && $0.background == nil }, "\(picture.cells)")
    }

    @Test func theUpperHalfRedTheLowerBlue() {
        // One cell, red over blue: chafa finds ▀ (or ▄ with the colours swapped).
        let image = RGBAImage.make(width: 8, height: 16) { _, y in y < 8 ? red : blue }
        let cell = ChafaRenderer.render(image, columns: 1, rows: 1, depth: .truecolor)[0, 0]
        #expect(cell == GlyphCell("▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
            || cell == GlyphCell("▄", foreground: .rgb(0, 0, 255), background: .rgb(255, 0, 0)))
    }

    @Test func emptyBoxesAndImages() {
        #expect(ChafaRenderer.render(.filled(red, width: 4, height: 4), columns: 0, rows: 3, depth: .truecolor).cells.isEmpty)
        let none = ChafaRenderer.render(RGBAImage(width: 0, height: 0, pixels: []), columns: 3, rows: 2, depth: .indexed16)
        #expect(none.cells == Array(repeating: .blank, count: 6))
        let huge = ChafaRenderer.render(.filled(red, width: 2, height: 2), columns: 5000, rows: -1, depth: .truecolor)
        #expect(huge.columns == ChafaRenderer.maxSide && huge.rows == 0)
    }
}
