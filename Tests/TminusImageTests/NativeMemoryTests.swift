import Foundation
import Testing
import TminusCore
import TminusImage

/// Issue 23: every picture the app ever shows goes through C libraries (libpng, libjpeg,
/// libchafa and its glib). Their objects are made and released by hand in our wrappers, on
/// the good path and on every error path (libjpeg's longjmp, a truncated PNG), so a missed
/// free would grow the app by a picture's worth each time one is scrolled past. Each case
/// here runs a wrapper many times and compares the process's heap in use (glibc's
/// `mallinfo2`: bytes in malloc'd chunks and in mmapped ones) before and after: every case is
/// sized so that one object left behind per call would add at least 40 MB, against a limit
/// of 16 MB for whatever the other suites running meanwhile happen to hold.
@Suite("C libraries release what they allocate", .serialized, .enabled(if: ImageFixtures.available, ImageFixtures.skipMessage))
struct NativeMemoryTests {
    static let limit = 16 << 20

    static func heapInUse() -> Int { HeapUsage.bytes }

    @Test func theHeapIsMeasured() {
        let before = Self.heapInUse()
        let block = UnsafeMutableRawPointer.allocate(byteCount: 8 << 20, alignment: 16)
        defer { block.deallocate() }
        // Other suites run meanwhile and free their own memory between the two readings (once
        // 90 KB of it in CI): the 8 MB block shows, less what they let go.
        #expect(Self.heapInUse() - before >= 6 << 20, "mallinfo2 does not see an 8 MB allocation")
    }

    /// The heap growth over `count` calls of `body`, after two calls to warm up (libraries'
    /// one-off tables, chafa's symbol tables and thread pool). Run on a thread of its own:
    /// seconds of C work on the cooperative pool (two threads here) would starve other suites'
    /// timers (a child process's grace period, measured in BrowserTests, came 27 s late).
    static func growth(_ count: Int, _ body: @escaping @Sendable () -> Void) async -> Int {
        await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            let thread = Thread {
                for _ in 0..<2 { body() }
                let before = heapInUse()
                for _ in 0..<count { body() }
                done.resume(returning: heapInUse() - before)
            }
            thread.start()
        }
    }

    static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    @Test func decodingAJPEGKeepsNothing() async throws {
        let data = try ImageFixtures.data("falcon9.jpg")  // 333x500: 666 KB of pixels a call
        let grown = await Self.growth(80) { _ = try? ImageDecoder.decode(data) }
        #expect(grown < Self.limit, "80 decodes kept \(Self.mb(grown))")
    }

    @Test func decodingAPNGKeepsNothing() async throws {
        let data = try ImageFixtures.data("patch.png")  // 300x355: 426 KB of pixels a call
        let grown = await Self.growth(120) { _ = try? ImageDecoder.decode(data) }
        #expect(grown < Self.limit, "120 decodes kept \(Self.mb(grown))")
    }

    /// The error paths: libjpeg leaves through longjmp with its own state and our pixel
    /// buffer allocated; a PNG cut short fails in the middle of its rows.
    @Test(arguments: ["falcon9.jpg", "patch.png"])
    func aTruncatedPictureKeepsNothing(name: String) async throws {
        let whole = try ImageFixtures.data(name)
        let cut = whole.prefix(whole.count * 3 / 4)
        #expect(throws: PictureError.self) { try ImageDecoder.decode(cut) }
        let grown = await Self.growth(100) { _ = try? ImageDecoder.decode(cut) }
        #expect(grown < Self.limit, "100 failed decodes of \(name) kept \(Self.mb(grown))")
    }

    @Test func aPictureTooLargeIsRefusedWithoutKeepingAnything() async throws {
        let data = try ImageFixtures.data("falcon9.jpg")
        let grown = await Self.growth(2_000) { _ = try? ImageDecoder.decode(data, maxPixels: 1_000) }
        #expect(grown < Self.limit, "2,000 refusals kept \(Self.mb(grown))")
    }

    /// chafa: a canvas config, a symbol map and a canvas a call (the canvas holds the picture
    /// resampled to the cells' pixels: over a megabyte for a 100x50 box).
    /// (A canvas left behind is about 32 KB even at 6x3, and the 1,500 small renders then keep
    /// 48 MB: measured by leaving out its unref. A symbol map or a config alone is smaller than
    /// this test can see.)
    @Test(arguments: [PictureColorDepth.indexed256, .none])
    func renderingSymbolsKeepsNothing(depth: PictureColorDepth) async throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("falcon9.jpg"))
        let big = await Self.growth(100) { _ = ChafaRenderer.render(image, columns: 100, rows: 50, depth: depth) }
        #expect(big < Self.limit, "100 renders at 100x50 in \(depth) kept \(Self.mb(big))")
        let small = await Self.growth(1_500) { _ = ChafaRenderer.render(image, columns: 6, rows: 3, depth: depth) }
        #expect(small < Self.limit, "1,500 renders at 6x3 in \(depth) kept \(Self.mb(small))")
    }

    /// The pixel protocols' encoders: chafa's sixel canvas and printed GString, libpng's writer.
    @Test func encodingSixelsAndPNGKeepsNothing() async throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("falcon9.jpg"))
        let sixels = await Self.growth(40) { _ = Sixel.encode(image) }
        #expect(sixels < Self.limit, "40 sixel encodings kept \(Self.mb(sixels))")
        let png = await Self.growth(60) { _ = PNGEncoder.encode(image) }
        #expect(png < Self.limit, "60 PNG encodings kept \(Self.mb(png))")
    }

    /// The whole loader path of the app, scaled pixels included, many times over.
    @Test func makingAPictureReadyForABoxKeepsNothing() async throws {
        let image = try ImageDecoder.decode(ImageFixtures.data("falcon_heavy.jpg"))
        let request = PictureRequest(url: URL(string: "https://example.com/fh.jpg")!, columns: 60, rows: 30,
                                     look: PictureLook(depth: .truecolor, cellPixels: PixelSize(width: 10, height: 20)))
        let grown = await Self.growth(40) { _ = LoadedPicture.render(image, for: request) }
        #expect(grown < Self.limit, "40 pictures made ready kept \(Self.mb(grown))")
    }
}
