import Foundation
import TminusTestSupport
import Testing
import TminusImage

/// Within `tolerance` per channel (JPEG is lossy and decoders round differently).
func close(_ a: RGBA, _ b: RGBA, tolerance: Int = 12) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && a.a == b.a
}

func decodeError(_ data: Data, maxPixels: Int = ImageDecoder.maxPixels) -> PictureError? {
    do {
        _ = try ImageDecoder.decode(data, maxPixels: maxPixels)
        return nil
    } catch {
        return error
    }
}

func isCorrupt(_ error: PictureError?) -> Bool {
    if case .corrupt = error { return true }
    return false
}

@Suite("Decoding the real pictures", .enabled(if: ImageFixtures.available, ImageFixtures.skipMessage))
struct RealPictureDecodingTests {
    @Test(arguments: [
        ("falcon9.jpg", 333, 500), ("falcon_heavy.jpg", 314, 500), ("patch.png", 300, 355),
        ("falcon1.png", 9, 107), ("falcon9-1.1-faring-legs.png", 26, 341), ("falconheavy-faring-legs.png", 66, 341),
    ])
    func decodesToItsExactSize(name: String, width: Int, height: Int) throws {
        let image = try ImageDecoder.decode(ImageFixtures.data(name))
        #expect(image.width == width)
        #expect(image.height == height)
        #expect(image.pixels.count == width * height * 4)
    }

    @Test func jpegPixelsAreRoughlyRight() throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("falcon9.jpg"))
        // Night sky in the corner, the white of the first stage below the middle, the
        // orange glow at the bottom right. JPEGs are always opaque.
        #expect(close(image[0, 0], RGBA(28, 34, 56)))
        #expect(close(image[166, 375], RGBA(255, 255, 255)))
        #expect(close(image[332, 499], RGBA(227, 141, 80)))
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func pngPixelsAreExact() throws {
        // Checked against an independent decoder (Python's zlib and the PNG filters).
        let patch = try ImageDecoder.decode(ImageFixtures.data("patch.png"))
        #expect(patch[150, 177] == RGBA(1, 9, 59, 230))
        #expect(patch[150, 266] == RGBA(254, 254, 252, 230))
        #expect(patch[0, 0].a == 0)
        let falcon1 = try ImageDecoder.decode(ImageFixtures.data("falcon1.png"))
        #expect(falcon1[4, 53] == RGBA(247, 247, 247, 255))
        #expect(falcon1[2, 53] == RGBA(242, 242, 242, 255))
    }

    @Test(arguments: ["falcon1.png", "falcon9-1.1-faring-legs.png", "falconheavy-faring-legs.png"])
    func transparentPNGsKeepTheirAlpha(name: String) throws {
        let image = try ImageDecoder.decode(ImageFixtures.data(name))
        #expect(image[0, 0].a == 0)
        #expect(image[image.width - 1, image.height - 1].a == 0)
        #expect(image[image.width / 2, image.height / 2].a == 255)
    }

    @Test(arguments: ["patch.png", "falcon9.jpg"])
    func truncatedToHalfIsCorrupt(name: String) throws {
        let data = try ImageFixtures.data(name)
        let error = decodeError(data.prefix(data.count / 2))
        #expect(isCorrupt(error), "\(String(describing: error))")
        if case .corrupt(let why) = error {
            #expect(!why.isEmpty)
            #expect(why.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f })
        }
    }

    @Test(arguments: ["patch.png", "falcon9.jpg", "falcon1.png"])
    func everyPrefixFailsCleanly(name: String) throws {
        let data = try ImageFixtures.data(name)
        // A PNG may lack only its 12-byte IEND chunk: all the pixels are there then. A JPEG
        // cut anywhere fails (libjpeg reads ahead for the end marker in the last row).
        let whole = data.count - (name.hasSuffix(".png") ? 12 : 0)
        var lengths = Array(stride(from: 0, to: whole, by: max(1, data.count / 97)))
        lengths += (whole - 40)..<whole
        for length in lengths {
            let error = decodeError(data.prefix(length))
            #expect(error != nil, "a \(length)-byte prefix of \(name) decoded")
        }
        for length in whole..<data.count {
            #expect(throws: Never.self) { try ImageDecoder.decode(data.prefix(length)) }
        }
    }

    @Test(arguments: ["patch.png", "falcon9.jpg", "falcon_heavy.jpg", "falcon1.png"])
    func randomlyDamagedFilesNeverCrash(name: String) throws {
        let original = [UInt8](try ImageFixtures.data(name))
        var rng = SeededGenerator(seed: 0x5EED ^ UInt64(original.count))
        for _ in 0..<60 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                // Keep the signature so the decoders themselves get the damage.
                let at = Int.random(in: 8..<bytes.count, using: &rng)
                bytes[at] = UInt8.random(in: 0...255, using: &rng)
            }
            do {
                let image = try ImageDecoder.decode(Data(bytes))
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                switch error {
                case .corrupt, .tooLarge: break
                default: Issue.record("unexpected \(error)")
                }
            }
        }
    }

    @Test func realHeadersClaimingHugeSizesAreTooLarge() throws {
        let png = PNGBuilder.withClaimedSize(try ImageFixtures.data("patch.png"), width: 20000, height: 20000)
        #expect(decodeError(png) == .tooLarge(width: 20000, height: 20000))
        let jpeg = try JPEGBuilder.withClaimedSize(try ImageFixtures.data("falcon9.jpg"), width: 20000, height: 20000)
        #expect(decodeError(jpeg) == .tooLarge(width: 20000, height: 20000))
    }

    @Test func theLimitIsWidthTimesHeight() throws {
        let png = try ImageFixtures.data("patch.png")
        #expect(try ImageDecoder.decode(png, maxPixels: 300 * 355).width == 300)
        #expect(decodeError(png, maxPixels: 300 * 355 - 1) == .tooLarge(width: 300, height: 355))
        let jpeg = try ImageFixtures.data("falcon9.jpg")
        #expect(try ImageDecoder.decode(jpeg, maxPixels: 333 * 500).width == 333)
        #expect(decodeError(jpeg, maxPixels: 333 * 500 - 1) == .tooLarge(width: 333, height: 500))
        #expect(decodeError(jpeg, maxPixels: 0) == .tooLarge(width: 333, height: 500))
        #expect(decodeError(jpeg, maxPixels: -5) == .tooLarge(width: 333, height: 500))
    }

    @Test func decodesOnManyThreadsAtOnce() async throws {
        let names = ["falcon9.jpg", "falcon_heavy.jpg", "patch.png", "falcon1.png",
                     "falcon9-1.1-faring-legs.png", "falconheavy-faring-legs.png"]
        let files = try names.map { try ImageFixtures.data($0) }
        let expected = try files.map { try ImageDecoder.decode($0) }
        var damaged = [UInt8](files[0])
        damaged.removeLast(damaged.count / 3)
        let broken = Data(damaged)
        let results = await withTaskGroup(of: (Int, RGBAImage?, Bool).self) { group in
            for round in 0..<8 {
                for (i, file) in files.enumerated() {
                    group.addTask {
                        let image = try? ImageDecoder.decode(file)
                        let brokenFailed = round % 2 == 0 ? (try? ImageDecoder.decode(broken)) == nil : true
                        return (i, image, brokenFailed)
                    }
                }
            }
            var all: [(Int, RGBAImage?, Bool)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8 * files.count)
        for (i, image, brokenFailed) in results {
            #expect(image == expected[i], "\(names[i]) decoded differently on a busy thread")
            #expect(brokenFailed)
        }
    }
}

@Suite("Decoding broken and hand-made inputs")
struct DecoderEdgeCaseTests {
    @Test func emptyDataIsNotAnImage() {
        #expect(decodeError(Data()) == .notAnImage)
    }

    @Test func randomBytesAreNotAnImage() {
        var rng = SeededGenerator(seed: 42)
        for length in [1, 2, 3, 7, 8, 100, 4096] {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if bytes.first == 0x89 || bytes.first == 0xFF { bytes[0] = 0 }
            #expect(decodeError(Data(bytes)) == .notAnImage)
        }
    }

    @Test func anHTMLErrorPageIsNotAnImage() {
        let html = """
        <!DOCTYPE html>
        <html><head><title>404 Not Found</title></head>
        <body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>
        """
        #expect(decodeError(Data(html.utf8)) == .notAnImage)
    }

    @Test func signaturesAloneOrFollowedByJunkAreCorrupt() {
        #expect(isCorrupt(decodeError(Data(PNGBuilder.signature))))
        #expect(isCorrupt(decodeError(Data(PNGBuilder.signature + Array(repeating: 0x41, count: 200)))))
        #expect(isCorrupt(decodeError(Data([0xFF, 0xD8, 0xFF]))))
        #expect(isCorrupt(decodeError(Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 200)))))
        // A PNG signature cut short is not recognised as one.
        #expect(decodeError(Data(PNGBuilder.signature.prefix(5))) == .notAnImage)
    }

    @Test func aHugePNGHeaderIsTooLargeBeforeAnythingElse() {
        #expect(decodeError(PNGBuilder.headerOnly(width: 20000, height: 20000)) == .tooLarge(width: 20000, height: 20000))
        // Even when the rest is there and fine otherwise.
        let real = PNGBuilder.png(width: 1, height: 1, colorType: .rgba, rows: [[1, 2, 3, 4]])
        #expect(decodeError(PNGBuilder.withClaimedSize(real, width: 20000, height: 20000))
            == .tooLarge(width: 20000, height: 20000))
        // Dimensions whose byte count overflows 32 bits are handled too.
        #expect(decodeError(PNGBuilder.headerOnly(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
            == .tooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
    }

    @Test func aHugeJPEGHeaderIsTooLarge() {
        let jpeg = JPEGBuilder.jpeg(width: 20000, height: 20000, components: 3)
        #expect(decodeError(jpeg) == .tooLarge(width: 20000, height: 20000))
        let wide = JPEGBuilder.jpeg(width: 65000, height: 300, components: 1)
        #expect(decodeError(wide) == .tooLarge(width: 65000, height: 300))
    }

    @Test func aOnePixelPNG() throws {
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 1, colorType: .rgba, rows: [[10, 20, 30, 40]]))
        #expect(image.width == 1 && image.height == 1)
        #expect(image[0, 0] == RGBA(10, 20, 30, 40))
    }

    @Test func anRGBPNGIsOpaque() throws {
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 2, height: 1, colorType: .rgb, rows: [[255, 0, 0, 0, 0, 255]]))
        #expect(image[0, 0] == RGBA(255, 0, 0, 255))
        #expect(image[1, 0] == RGBA(0, 0, 255, 255))
    }

    @Test func aGrayscalePNG() throws {
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 3, height: 2, colorType: .gray,
                                                           rows: [[0, 128, 255], [1, 2, 3]]))
        #expect(image.width == 3 && image.height == 2)
        #expect(image[0, 0] == RGBA(0, 0, 0, 255))
        #expect(image[1, 0] == RGBA(128, 128, 128, 255))
        #expect(image[2, 0] == RGBA(255, 255, 255, 255))
        #expect(image[2, 1] == RGBA(3, 3, 3, 255))
    }

    @Test func aGrayAlphaPNG() throws {
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 2, height: 1, colorType: .grayAlpha,
                                                           rows: [[200, 255, 50, 0]]))
        #expect(image[0, 0] == RGBA(200, 200, 200, 255))
        #expect(image[1, 0].a == 0)
    }

    @Test func aOneBitGrayscalePNG() throws {
        // 10 pixels at 1 bit: 1010101010 then padding.
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 10, height: 1, bitDepth: 1, colorType: .gray,
                                                           rows: [[0b1010_1010, 0b1000_0000]]))
        #expect((0..<10).map { image[$0, 0].r } == [255, 0, 255, 0, 255, 0, 255, 0, 255, 0])
    }

    @Test func aPalettePNGWithTransparency() throws {
        let plte: [UInt8] = [255, 0, 0, /**/ 0, 255, 0, /**/ 0, 0, 255]
        let trns: [UInt8] = [255, 128, 0] // red opaque, green half, blue transparent
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 3, height: 1, colorType: .palette,
                                                           rows: [[2, 0, 1]], before: [("PLTE", plte), ("tRNS", trns)]))
        #expect(image[0, 0].a == 0)
        #expect(image[1, 0] == RGBA(255, 0, 0, 255))
        #expect(image[2, 0] == RGBA(0, 255, 0, 128))
    }

    @Test func aPalettePNGWithAnIndexOutOfRangeDoesNotCrash() {
        let plte: [UInt8] = [255, 0, 0]
        let data = PNGBuilder.png(width: 2, height: 1, colorType: .palette, rows: [[0, 200]], before: [("PLTE", plte)])
        do {
            let image = try ImageDecoder.decode(data)
            #expect(image.width == 2) // libpng maps it to black
        } catch {
            #expect(isCorrupt(error))
        }
    }

    @Test func aSixteenBitPNGKeepsTheHighBytes() throws {
        let image = try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 1, bitDepth: 16, colorType: .rgba,
                                                           rows: [[0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0xFF, 0xFF]]))
        #expect(close(image[0, 0], RGBA(255, 128, 0, 255), tolerance: 1))
    }

    @Test func aBadChecksumIsCorrupt() {
        var bytes = [UInt8](PNGBuilder.png(width: 1, height: 1, colorType: .rgba, rows: [[1, 2, 3, 4]]))
        bytes[30] ^= 0xFF // inside IHDR's CRC
        #expect(isCorrupt(decodeError(Data(bytes))))
    }

    @Test func missingImageDataIsCorrupt() {
        // A plausible header whose IDAT holds too few rows.
        let data = PNGBuilder.png(width: 4, height: 4, colorType: .rgba, rows: [Array(repeating: 9, count: 16)])
        #expect(isCorrupt(decodeError(data)))
    }

    @Test func aZeroSizedPNGIsCorrupt() {
        #expect(isCorrupt(decodeError(PNGBuilder.png(width: 0, height: 0, colorType: .rgba, rows: []))))
    }

    @Test func aGrayscaleJPEG() throws {
        let image = try ImageDecoder.decode(JPEGBuilder.jpeg(width: 8, height: 8, components: 1))
        #expect(image.width == 8 && image.height == 8)
        #expect((0..<64).allSatisfy { image[$0 % 8, $0 / 8] == RGBA(128, 128, 128, 255) })
    }

    @Test func aColourJPEGWithAnOddSize() throws {
        let image = try ImageDecoder.decode(JPEGBuilder.jpeg(width: 13, height: 5, components: 3))
        #expect(image.width == 13 && image.height == 5)
        #expect(close(image[12, 4], RGBA(128, 128, 128, 255), tolerance: 1))
    }

    @Test func anAdobeCMYKJPEG() throws {
        // Adobe's inverted CMYK: every sample 128 is half ink on each plate: 128 * 128 / 255.
        let image = try ImageDecoder.decode(JPEGBuilder.jpeg(width: 8, height: 8, components: 4, adobeTransform: 0))
        #expect(image[3, 3] == RGBA(64, 64, 64, 255))
    }

    @Test func aTruncatedHandMadeJPEGIsCorrupt() {
        let data = JPEGBuilder.jpeg(width: 64, height: 64, components: 3)
        #expect(isCorrupt(decodeError(data.prefix(data.count - 20))))
    }

    @Test func errorsDescribeThemselves() {
        #expect(decodeError(Data())?.description == "not a PNG or JPEG image")
        #expect(decodeError(PNGBuilder.headerOnly(width: 20000, height: 20000))?.description == "image too large (20000x20000)")
    }
}

/// PNGEncoder's files decode back to the same pixels (alpha included).
struct PNGEncoderTests {
    @Test func aPictureRoundTrips() throws {
        var pixels: [UInt8] = []
        for y in 0..<7 { for x in 0..<5 { pixels += [UInt8(x * 50), UInt8(y * 30), 200, x == 0 ? 0 : 255] } }
        let image = RGBAImage(width: 5, height: 7, pixels: pixels)
        let png = try #require(PNGEncoder.encode(image))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try ImageDecoder.decode(Data(png)) == image)
    }

    @Test func anEmptyPictureIsNoFile() {
        #expect(PNGEncoder.encode(RGBAImage(width: 0, height: 0, pixels: [])) == nil)
    }
}
