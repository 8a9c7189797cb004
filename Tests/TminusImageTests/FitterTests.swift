import Foundation
import TminusTestSupport
import Testing
import TminusImage

/// The picture as pixel rows (`rows * 2` of them, `columns` wide): top and bottom halves.
func pixelRows(_ picture: CellPicture) -> [[RGBA?]] {
    var out: [[RGBA?]] = []
    for row in 0..<picture.rows {
        out.append((0..<picture.columns).map { picture[$0, row].top })
        out.append((0..<picture.columns).map { picture[$0, row].bottom })
    }
    return out
}

/// Where the non-nil pixels are: (minX, minY, maxX, maxY), nil if none.
func bounds(_ picture: CellPicture) -> (Int, Int, Int, Int)? {
    var result: (Int, Int, Int, Int)?
    for (y, line) in pixelRows(picture).enumerated() {
        for (x, p) in line.enumerated() where p != nil {
            if let r = result { result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y)) } else { result = (x, y, x, y) }
        }
    }
    return result
}

let red = RGBA(255, 0, 0), blue = RGBA(0, 0, 255), white = RGBA(255, 255, 255), black = RGBA(0, 0, 0)

@Suite("Fitting pictures into cells")
struct FitterTests {
    @Test func keepsTheAspectRatioAndCentres() {
        // 100×50 into 10×10 cells = 10×20 square pixels: 10 wide, 5 tall, rows 7...11.
        let picture = PictureFitter.fit(.filled(red, width: 100, height: 50), columns: 10, rows: 10)
        #expect(picture.columns == 10 && picture.rows == 10 && picture.cells.count == 100)
        for (y, line) in pixelRows(picture).enumerated() {
            if (7...11).contains(y) {
                #expect(line.allSatisfy { $0 == red }, "pixel row \(y)")
            } else {
                #expect(line.allSatisfy { $0 == nil }, "pixel row \(y)")
            }
        }
        // So cell row 3 shows only its lower half, rows 4 and 5 both.
        #expect(picture[0, 3] == PictureCell(top: nil, bottom: red))
        #expect(picture[0, 4] == PictureCell(top: red, bottom: red))
        #expect(picture[9, 5] == PictureCell(top: red, bottom: red))
        #expect(picture[0, 6] == PictureCell(top: nil, bottom: nil))
    }

    @Test func tallPicturesAreCentredSideways() {
        // 50×100 into 20×5 cells = 20×10 pixels: 5 wide, 10 tall, columns 7...11.
        let picture = PictureFitter.fit(.filled(blue, width: 50, height: 100), columns: 20, rows: 5)
        let b = bounds(picture)
        #expect(b?.0 == 7 && b?.2 == 11 && b?.1 == 0 && b?.3 == 9)
        #expect(pixelRows(picture).allSatisfy { line in line.filter { $0 != nil }.count == 5 })
    }

    @Test func aSquareFillsASquareBox() {
        let picture = PictureFitter.fit(.filled(white, width: 37, height: 37), columns: 8, rows: 4)
        #expect(picture.cells.allSatisfy { $0 == PictureCell(top: white, bottom: white) })
    }

    @Test func averagesACheckerboardExactly() {
        // 4×4 black/white checkerboard into 2×1 cells (2×2 pixels): each pixel averages two
        // black and two white: 127.5, rounded up.
        let board = RGBAImage.make(width: 4, height: 4) { x, y in (x + y) % 2 == 0 ? black : white }
        let picture = PictureFitter.fit(board, columns: 2, rows: 1)
        let grey = RGBA(128, 128, 128, 255)
        #expect(picture.cells == [PictureCell(top: grey, bottom: grey), PictureCell(top: grey, bottom: grey)])

        // Red and blue average to purple.
        let rb = RGBAImage.make(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? red : blue }
        #expect(PictureFitter.fit(rb, columns: 1, rows: 1)[0, 0].top == RGBA(128, 0, 128, 255))
    }

    @Test func aPictureOfTheBoxSizeIsCopiedAsIs() {
        let board = RGBAImage.make(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? black : white }
        let picture = PictureFitter.fit(board, columns: 2, rows: 1)
        #expect(picture.cells == [PictureCell(top: black, bottom: white), PictureCell(top: white, bottom: black)])
    }

    @Test func averagesWithFractionalCoverage() {
        // 3 columns into 2 pixels: the middle source pixel is split half and half.
        let stripes = RGBAImage.make(width: 3, height: 3) { x, _ in [RGBA(0, 0, 0), RGBA(90, 90, 90), RGBA(255, 255, 255)][x] }
        let picture = PictureFitter.fit(stripes, columns: 2, rows: 1)
        // Left: (2 * 0 + 1 * 90) / 3 = 30; right: (90 + 2 * 255) / 3 = 200.
        #expect(picture[0, 0].top == RGBA(30, 30, 30))
        #expect(picture[1, 0].bottom == RGBA(200, 200, 200))
    }

    @Test func aSolidColourStaysExactWhateverTheScale() {
        let colour = RGBA(10, 200, 30)
        for (w, h) in [(37, 23), (500, 500), (3, 997), (1000, 1), (7, 5)] {
            for (columns, rows) in [(7, 3), (16, 8), (1, 1), (80, 24)] {
                let picture = PictureFitter.fit(.filled(colour, width: w, height: h), columns: columns, rows: rows)
                let shown = picture.cells.flatMap { [$0.top, $0.bottom] }.compactMap { $0 }
                #expect(!shown.isEmpty)
                #expect(shown.allSatisfy { $0 == colour }, "\(w)x\(h) into \(columns)x\(rows)")
            }
        }
    }

    @Test func transparentPixelsDoNotDarkenEdges() {
        // Opaque red beside transparent black: the average is still pure red, half opaque.
        let image = RGBAImage.make(width: 2, height: 1) { x, _ in x == 0 ? red : RGBA(0, 0, 0, 0) }
        let picture = PictureFitter.fit(image, columns: 1, rows: 1)
        #expect(picture[0, 0].top == RGBA(255, 0, 0, 128))
    }

    @Test func mostlyTransparentPixelsAreNil() {
        // One opaque pixel in three: a third of full alpha, below half.
        let image = RGBAImage.make(width: 3, height: 1) { x, _ in x == 1 ? red : RGBA(255, 255, 255, 0) }
        let picture = PictureFitter.fit(image, columns: 1, rows: 1)
        #expect(picture[0, 0] == PictureCell(top: nil, bottom: nil))
    }

    @Test func aFullyTransparentPictureIsAllNil() {
        let picture = PictureFitter.fit(.filled(RGBA(200, 10, 10, 0), width: 40, height: 40), columns: 10, rows: 5)
        #expect(picture.cells.allSatisfy { $0 == PictureCell(top: nil, bottom: nil) })
    }

    @Test func halfTransparentBlocksFollowTheirShape() {
        // Left half opaque white, right half transparent: the left pixels show, the right don't.
        let image = RGBAImage.make(width: 40, height: 40) { x, _ in x < 20 ? white : RGBA(0, 0, 0, 0) }
        let picture = PictureFitter.fit(image, columns: 4, rows: 2)
        for line in pixelRows(picture) {
            #expect(line == [white, white, nil, nil])
        }
    }

    @Test func aOnePixelImageIsBlownUpToTheBox() {
        let picture = PictureFitter.fit(.filled(red, width: 1, height: 1), columns: 30, rows: 10)
        // 30×20 pixels: a 20×20 square in columns 5...24.
        #expect(bounds(picture)! == (5, 0, 24, 19))
        #expect(pixelRows(picture).allSatisfy { $0.compactMap { $0 }.allSatisfy { $0 == red } })
    }

    @Test func upscalingKeepsSharpBlocks() {
        let image = RGBAImage.make(width: 2, height: 1) { x, _ in x == 0 ? red : blue }
        let picture = PictureFitter.fit(image, columns: 4, rows: 1)
        #expect(pixelRows(picture) == [[red, red, blue, blue], [red, red, blue, blue]])
    }

    @Test(arguments: [(0, 5), (5, 0), (0, 0), (-3, 4), (4, -3), (-1, -1)])
    func anEmptyBoxGivesAnEmptyPicture(columns: Int, rows: Int) {
        let picture = PictureFitter.fit(.filled(red, width: 10, height: 10), columns: columns, rows: rows)
        #expect(picture.cells.isEmpty)
        #expect(picture.columns == max(0, columns) && picture.rows == max(0, rows))
    }

    @Test func anEmptyImageGivesABlankPicture() {
        let picture = PictureFitter.fit(RGBAImage(width: 0, height: 0, pixels: []), columns: 3, rows: 2)
        #expect(picture.columns == 3 && picture.rows == 2)
        #expect(picture.cells.allSatisfy { $0 == PictureCell(top: nil, bottom: nil) })
        let noRows = PictureFitter.fit(RGBAImage(width: 5, height: 0, pixels: []), columns: 3, rows: 2)
        #expect(noRows.cells.count == 6)
    }

    @Test func hugeBoxesAreClamped() {
        let picture = PictureFitter.fit(.filled(red, width: 3, height: 3), columns: Int.max, rows: Int.max)
        #expect(picture.columns == PictureFitter.maxSide && picture.rows == PictureFitter.maxSide)
    }

    @Test func oddSizesNeverCrashAndStayCentred() {
        var rng = SeededGenerator(seed: 7)
        let sizes = [(1, 1), (1, 2), (2, 1), (3, 7), (7, 3), (1, 1000), (1000, 1), (999, 997), (17, 256), (5, 5)]
        let boxes = [(1, 1), (1, 2), (2, 1), (3, 5), (16, 8), (80, 1), (1, 40), (33, 17)]
        for (w, h) in sizes {
            let image = RGBAImage.make(width: w, height: h) { _, _ in
                RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                     UInt8.random(in: 0...255, using: &rng), 255)
            }
            for (columns, rows) in boxes {
                let picture = PictureFitter.fit(image, columns: columns, rows: rows)
                #expect(picture.cells.count == columns * rows)
                guard let (x0, y0, x1, y1) = bounds(picture) else {
                    Issue.record("\(w)x\(h) into \(columns)x\(rows) shows nothing"); continue
                }
                let fw = x1 - x0 + 1, fh = y1 - y0 + 1
                // Fills the box along one side, centred (margins differ by at most one).
                #expect(fw == columns || fh == rows * 2, "\(w)x\(h) into \(columns)x\(rows): \(fw)x\(fh)")
                #expect(abs(x0 - (columns - 1 - x1)) <= 1 && abs(y0 - (rows * 2 - 1 - y1)) <= 1)
                // The ratio is kept to within a rounding of the short side.
                let ratio = Double(w) / Double(h)
                #expect(abs(Double(fw) - Double(fh) * ratio) <= max(1, ratio) || fw == 1 || fh == 1,
                        "\(w)x\(h) into \(columns)x\(rows): \(fw)x\(fh)")
                // Opaque in, every fitted pixel out.
                #expect(pixelRows(picture).joined().filter { $0 != nil }.count == fw * fh)
            }
        }
    }
}

@Suite("Fitting the real pictures", .enabled(if: ImageFixtures.available, ImageFixtures.skipMessage))
struct RealPictureFittingTests {
    @Test func theFalcon9PhotoFillsTheHeight() throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("falcon9.jpg"))
        // 333×500 into 16×16 pixels: 11 wide (10.66 rounded), full height, columns 2...12.
        let picture = PictureFitter.fit(image, columns: 16, rows: 8)
        #expect(bounds(picture)! == (2, 0, 12, 15))
        #expect(pixelRows(picture).allSatisfy { $0.filter { $0 != nil }.count == 11 })
    }

    @Test func aTransparentLogoShowsTheBackgroundAroundIt() throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("patch.png"))
        let picture = PictureFitter.fit(image, columns: 20, rows: 10)
        // The round patch: corners transparent, centre opaque dark blue.
        let rowsOfPixels = pixelRows(picture)
        let b = try #require(bounds(picture))
        #expect(rowsOfPixels[b.1][b.0] == nil)
        #expect(rowsOfPixels[b.3][b.2] == nil)
        // 300×355 into 20×20 pixels: 17 wide in columns 1...17; the round patch's
        // transparent edge leaves columns 2...16 and rows 1...18 showing.
        #expect(b == (2, 1, 16, 18))
        // Its dark blue rim on the left, a bit below the middle.
        let rim = try #require(rowsOfPixels[12][2])
        #expect(rim.b > 40 && rim.r < 20 && rim.g < 20 && rim.a >= 128)
    }
}
