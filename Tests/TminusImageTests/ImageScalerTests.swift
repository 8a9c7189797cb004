import Foundation
import Testing
import TminusImage

@Suite("Scaling pictures to their pixel box")
struct ImageScalerTests {
    @Test func keepsTheAspectAndFillsTheLimitingSide() {
        #expect(ImageScaler.fittedSize(width: 1000, height: 500, boxWidth: 300, boxHeight: 300) == (300, 150))
        #expect(ImageScaler.fittedSize(width: 500, height: 1000, boxWidth: 300, boxHeight: 300) == (150, 300))
        #expect(ImageScaler.fittedSize(width: 333, height: 500, boxWidth: 240, boxHeight: 240) == (160, 240))
        // The other side rounds to the nearest pixel, and is at least one.
        #expect(ImageScaler.fittedSize(width: 3, height: 2, boxWidth: 100, boxHeight: 100) == (6, 4))
        #expect(ImageScaler.fittedSize(width: 10_000, height: 1, boxWidth: 100, boxHeight: 100) == (100, 1))
    }

    @Test func neverEnlargesMoreThanTwice() {
        #expect(ImageScaler.fittedSize(width: 32, height: 32, boxWidth: 400, boxHeight: 200) == (64, 64))
        let small = ImageScaler.fit(.filled(red, width: 5, height: 3), boxWidth: 1000, boxHeight: 1000)
        #expect(small.width == 10 && small.height == 6)
        #expect(small[9, 5] == red)
    }

    @Test func aHugeBoxIsCapped() {
        let (w, h) = ImageScaler.fittedSize(width: 4096, height: 4096, boxWidth: 100_000, boxHeight: 100_000)
        #expect(w * h <= ImageScaler.maxPixels && w > 1000)
        let (w2, h2) = ImageScaler.fittedSize(width: 4000, height: 2000, boxWidth: Int.max / 2, boxHeight: 20_000)
        #expect(w2 <= ImageScaler.maxSide && w2 * h2 <= ImageScaler.maxPixels)
        #expect(abs(w2 - 2 * h2) <= 1, "the cap keeps the shape")
    }

    @Test func emptyImagesAndBoxesGiveAnEmptyImage() {
        #expect(ImageScaler.fit(RGBAImage(width: 0, height: 0, pixels: []), boxWidth: 10, boxHeight: 10).width == 0)
        #expect(ImageScaler.fit(.filled(red, width: 4, height: 4), boxWidth: 0, boxHeight: 10).pixels.isEmpty)
        #expect(ImageScaler.fit(.filled(red, width: 4, height: 4), boxWidth: -5, boxHeight: 10).pixels.isEmpty)
    }

    @Test func anImageAlreadyTheRightSizeIsReturnedAsItIs() {
        let image = RGBAImage.make(width: 4, height: 2) { x, y in RGBA(UInt8(x * 60), UInt8(y * 100), 7) }
        #expect(ImageScaler.fit(image, boxWidth: 4, boxHeight: 100) == image)
    }

    @Test func aSolidColourStaysThatColour() {
        for (w, h, bw, bh) in [(37, 37, 10, 10), (100, 50, 33, 33), (7, 3, 5, 5), (640, 427, 123, 80)] {
            let out = ImageScaler.fit(.filled(RGBA(12, 200, 99), width: w, height: h), boxWidth: bw, boxHeight: bh)
            #expect(out.pixels.count == out.width * out.height * 4)
            #expect((0..<out.width * out.height).allSatisfy { out[$0 % out.width, $0 / out.width] == RGBA(12, 200, 99) },
                    "\(w)x\(h) into \(bw)x\(bh)")
        }
    }

    @Test func pixelsAreAreaAverages() {
        // A 2×2 checkerboard halved: one grey pixel.
        let board = RGBAImage.make(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? black : white }
        #expect(ImageScaler.fit(board, boxWidth: 1, boxHeight: 1)[0, 0] == RGBA(128, 128, 128))
        // Three columns into two: the middle one is split, half to each side.
        let stripes = RGBAImage.make(width: 3, height: 1) { x, _ in [red, white, blue][x] }
        let two = ImageScaler.fit(stripes, boxWidth: 2, boxHeight: 1)
        #expect(two.width == 2 && two.height == 1)
        // (2 × 255 + 1 × 255) / 3 = 255 red; (0 × 2 + 255) / 3 = 85 green and blue.
        #expect(two[0, 0] == RGBA(255, 85, 85))
        #expect(two[1, 0] == RGBA(85, 85, 255))
    }

    @Test func transparencyDoesNotDarkenEdgesAndAlphaIsAveraged() {
        // Red next to fully transparent black: the average is red at half alpha, not dark red.
        let edge = RGBAImage.make(width: 2, height: 1) { x, _ in x == 0 ? red : RGBA(0, 0, 0, 0) }
        #expect(ImageScaler.fit(edge, boxWidth: 1, boxHeight: 1)[0, 0] == RGBA(255, 0, 0, 128))
        // All transparent stays all transparent.
        let clear = ImageScaler.fit(.filled(RGBA(200, 10, 10, 0), width: 40, height: 40), boxWidth: 10, boxHeight: 10)
        #expect(clear.pixels.allSatisfy { $0 == 0 })
    }

    @Test func aSharpEdgeStaysWhereItWas() {
        // Left half red, right half blue, 200 wide into 50: columns 0–24 red, 25–49 blue.
        let image = RGBAImage.make(width: 200, height: 100) { x, _ in x < 100 ? red : blue }
        let out = ImageScaler.fit(image, boxWidth: 50, boxHeight: 50)
        #expect(out.width == 50 && out.height == 25)
        #expect(out[24, 10] == red && out[25, 10] == blue)
    }
}
