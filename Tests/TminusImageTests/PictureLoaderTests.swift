import Foundation
import Synchronization
import Testing
import TminusCore
@testable import TminusImage

// MARK: - Tests

@Suite struct PictureLoaderTests {
    @Test func aFirstLoadDownloadsOnceAndKeepsTheBytesOnDisk() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let result = await loader(server, cache: dir).picture(request(url("patch"), 6, 3))
        #expect(result == .success(FakePicture.expected("patch", 6, 3)))
        #expect(server.requests == [url("patch").absoluteString])
        #expect(DiskCache(directory: dir).data(for: url("patch")) == FakePicture.bytes("patch"))
    }

    @Test func theSameBoxAgainIsAMemoryHit() async throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes)
        let first = await pictures.picture(request(url("patch"), 6, 3))
        // Without the disk cache, only memory can answer.
        try FileManager.default.removeItem(at: dir)
        let second = await pictures.picture(request(url("patch"), 6, 3))
        #expect(second == first)
        #expect(server.requests.count == 1)
        #expect(decodes.count == 1, "no disk read, no decode")
    }

    @Test func anotherBoxIsFittedFromTheDiskCacheWithoutTheNetwork() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes)
        _ = await pictures.picture(request(url("patch"), 6, 3))
        #expect(await pictures.picture(request(url("patch"), 10, 4)) == .success(FakePicture.expected("patch", 10, 4)))
        #expect(server.requests.count == 1)
        #expect(decodes.count == 2)
    }

    @Test func aRestartedAppDrawsFromTheDiskCacheWithoutTheNetwork() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let first = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        _ = await loader(first, cache: dir).picture(request(url("patch"), 6, 3))

        let offline = FakePictureServer()
        offline.failTransport()
        let restarted = loader(offline, cache: dir)
        #expect(await restarted.picture(request(url("patch"), 6, 3)) == .success(FakePicture.expected("patch", 6, 3)))
        #expect(offline.requests.isEmpty)
    }

    @Test func theCacheDirectoryIsTheImagesFolderOfTheAppCache() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let pictures = PictureLoader.live(http: server.client, diskCache: .pictures(in: dir),
                                          decode: FakePicture.decoder(counting: Counter()), render: FakePicture.render)
        _ = await pictures.picture(request(url("patch"), 6, 3))
        #expect(entries(dir.appending(path: "images", directoryHint: .isDirectory)).count == 1)
    }

    @Test func withoutADiskCacheEveryNewLoaderDownloads() async {
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        _ = await loader(server, cache: nil).picture(request(url("patch"), 6, 3))
        _ = await loader(server, cache: nil).picture(request(url("patch"), 6, 3))
        #expect(server.requests.count == 2)
    }

    @Test func theMemoryCacheKeepsOnlyTheMostRecentlyUsed() async {
        let server = FakePictureServer()
        for name in ["a", "b", "c"] { server.route(url(name), body: FakePicture.bytes(name)) }
        let pictures = loader(server, cache: nil, memoryLimit: 2)
        _ = await pictures.picture(request(url("a"), 4, 2))
        _ = await pictures.picture(request(url("b"), 4, 2))
        _ = await pictures.picture(request(url("a"), 4, 2)) // a is fresher than b now
        _ = await pictures.picture(request(url("c"), 4, 2)) // b goes
        #expect(server.requests.count == 3)
        _ = await pictures.picture(request(url("a"), 4, 2))
        _ = await pictures.picture(request(url("c"), 4, 2))
        #expect(server.requests.count == 3)
        _ = await pictures.picture(request(url("b"), 4, 2))
        #expect(server.requests.count == 4)
    }

    @Test func theLookIsPartOfTheMemoryCacheKey() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes)
        let looks = [PictureLook(), PictureLook(depth: .truecolor), PictureLook(depth: .indexed16),
                     PictureLook(background: RGBA(255, 255, 255)),
                     PictureLook(cellPixels: PixelSize(width: 10, height: 20)),
                     PictureLook(cellPixels: PixelSize(width: 8, height: 16))]
        for look in looks {
            let asked = request(url("patch"), 6, 3, look: look)
            #expect(await pictures.picture(asked) == .success(FakePicture.expected("patch", asked)))
        }
        #expect(decodes.count == looks.count, "no look answered from another's cache entry")
        // Each again: all from memory.
        for look in looks { _ = await pictures.picture(request(url("patch"), 6, 3, look: look)) }
        #expect(decodes.count == looks.count)
        #expect(server.requests.count == 1, "one download for every look (the others from disk)")
    }

    @Test func pixelsOnlyWhenAskedFor() async throws {
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        let pictures = PictureLoader.live(http: server.client, diskCache: nil, decode: FakePicture.decoder(counting: Counter()))
        let symbols = try await pictures.picture(request(url("patch"), 6, 3)).get()
        #expect(symbols.pixels == nil)
        #expect(symbols.glyphs.columns == 6 && symbols.glyphs.rows == 3)
        let pixels = try await pictures.picture(request(url("patch"), 6, 3, look: PictureLook(cellPixels: PixelSize(width: 10, height: 20)))).get()
        // The 5 × 1 image "patch" in a 60 × 60 pixel box: enlarged twice at most.
        #expect(pixels.pixels?.width == 10 && pixels.pixels?.height == 2)
    }

    @Test func theMemoryCacheHasAByteBudgetForSymbolsAndPixels() {
        let glyphs = GlyphPicture(columns: 1, rows: 1, cells: [.blank])
        func picture(_ pixelCount: Int) -> LoadedPicture {
            LoadedPicture(glyphs: glyphs, pixels: RGBAImage(width: pixelCount, height: 1, pixels: [UInt8](repeating: 0, count: pixelCount * 4)))
        }
        let cell = MemoryLayout<GlyphCell>.stride
        #expect(picture(10).bytes == cell + 40)
        let cache = ReadyPictureCache(limit: 10, bytes: 2 * (cell + 40) + 10)
        let key = { (n: String) in request(url(n), 1, 1) }
        cache[key("a")] = picture(10)
        cache[key("b")] = picture(10)
        cache[key("c")] = picture(10)   // a third does not fit: a goes
        #expect(cache[key("a")] == nil && cache[key("b")] != nil && cache[key("c")] != nil)
        #expect(cache.heldBytes == 2 * (cell + 40))
        cache[key("huge")] = picture(100)  // over the whole budget: not kept, nothing pushed out
        #expect(cache[key("huge")] == nil && cache.count == 2)
        cache[key("b")] = LoadedPicture(glyphs: glyphs)  // replaced: its pixels no longer count
        #expect(cache.heldBytes == 2 * cell + 40)
    }

    @Test func symbolsAloneCountAgainstTheBudget() {
        // A rocket photo at 200x60 is thousands of cells: without pixels it still holds memory.
        let big = LoadedPicture(glyphs: GlyphPicture(columns: 100, rows: 50, cells: Array(repeating: .blank, count: 5_000)))
        #expect(big.bytes == 5_000 * MemoryLayout<GlyphCell>.stride)
        let cache = ReadyPictureCache(limit: 100, bytes: 3 * big.bytes)
        for n in 0..<10 { cache[request(url("photo\(n)"), 100, 50)] = big }
        #expect(cache.count == 3 && cache.heldBytes == 3 * big.bytes)
    }

    @Test func readyPictureCacheEvictsByUse() {
        let cache = ReadyPictureCache(limit: 2)
        let key = { (n: String) in request(url(n), 1, 1) }
        let picture = LoadedPicture(glyphs: GlyphPicture(columns: 1, rows: 1, cells: [.blank]))
        cache[key("a")] = picture
        cache[key("b")] = picture
        _ = cache[key("a")]
        cache[key("c")] = picture
        #expect(cache[key("a")] != nil)
        #expect(cache[key("b")] == nil)
        #expect(cache[key("c")] != nil)
        #expect(cache.count == 2)
    }

    // MARK: Failures

    @Test func notFoundIsADownloadErrorAndIsNotCached() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer()
        let pictures = loader(server, cache: dir)
        #expect(await pictures.picture(request(url("gone"), 6, 3)) == .failure(.download("not found (HTTP 404)")))
        #expect(entries(dir).isEmpty)
        // Not remembered either: asking again asks the server again.
        _ = await pictures.picture(request(url("gone"), 6, 3))
        #expect(server.requests.count == 2)
    }

    @Test func aServerErrorAndATransportErrorAreDownloadErrors() async {
        let server = FakePictureServer()
        server.route(url("broken"), status: 503, body: Data("busy".utf8))
        #expect(await loader(server, cache: nil).picture(request(url("broken"), 6, 3)) == .failure(.download("server error (HTTP 503)")))
        server.failTransport()
        #expect(await loader(server, cache: nil).picture(request(url("broken"), 6, 3))
                == .failure(.download("network error: connection refused")))
    }

    @Test func garbageIsNotAnImageAndIsNotCached() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("page").absoluteString: Data("<html>Moved</html>".utf8)])
        let pictures = loader(server, cache: dir)
        #expect(await pictures.picture(request(url("page"), 6, 3)) == .failure(.notAnImage))
        #expect(entries(dir).isEmpty)
    }

    @Test func aBodyOverTheLimitIsRefusedUnseen() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("huge").absoluteString: FakePicture.bytes("huge-picture")])
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes, maxDownloadBytes: 10)
        #expect(await pictures.picture(request(url("huge"), 6, 3)) == .failure(.download("too large")))
        #expect(decodes.count == 0)
        #expect(entries(dir).isEmpty)
    }

    @Test func aDiskEntryThatNoLongerDecodesIsFetchedAgain() async {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        DiskCache(directory: dir).store(Data("stale garbage".utf8), for: url("patch"))
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        #expect(await loader(server, cache: dir).picture(request(url("patch"), 6, 3)) == .success(FakePicture.expected("patch", 6, 3)))
        #expect(server.requests.count == 1)
        #expect(DiskCache(directory: dir).data(for: url("patch")) == FakePicture.bytes("patch"))
    }

    @Test func onlyWebAddressesAreFetched() async {
        let server = FakePictureServer()
        let result = await loader(server, cache: nil).picture(request(URL(fileURLWithPath: "/etc/passwd"), 6, 3))
        #expect(result == .failure(.download("not a web address")))
        #expect(server.requests.isEmpty)
    }

    @Test func anEmptyBoxIsAnEmptyPictureWithoutWork() async {
        let server = FakePictureServer()
        let pictures = loader(server, cache: nil)
        #expect(await pictures.picture(request(url("a"), 0, 3)) == .success(LoadedPicture(glyphs: GlyphPicture(columns: 0, rows: 3, cells: []))))
        #expect(await pictures.picture(request(url("a"), 5, -1)) == .success(LoadedPicture(glyphs: GlyphPicture(columns: 5, rows: 0, cells: []))))
        #expect(server.requests.isEmpty)
    }

    @Test func failingAndNoneNeverSucceed() async {
        #expect(await PictureLoader.failing(.corrupt("x")).picture(request(url("a"), 4, 2)) == .failure(.corrupt("x")))
        guard case .failure = await PictureLoader.none.picture(request(url("a"), 4, 2)) else {
            Issue.record("none drew a picture")
            return
        }
    }

    // MARK: With the real decoder

    static let fixtures: URL? = {
        guard let path = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !path.isEmpty else { return nil }
        let images = URL(fileURLWithPath: path, isDirectory: true).appending(path: "images", directoryHint: .isDirectory)
        return FileManager.default.fileExists(atPath: images.path) ? images : nil
    }()

    @Test(.enabled(if: fixtures != nil, "TMINUS_FIXTURES is not set to the recorded-data directory (with images/)"),
          arguments: ["falcon1.png", "patch.png", "falcon9.jpg"])
    func realPicturesLoadAndComeBackFromDiskAfterARestart(_ file: String) async throws {
        let bytes = try Data(contentsOf: #require(Self.fixtures).appending(path: file))
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let picture = URL(string: "https://images2.imgbox.com/\(file)")!
        let server = FakePictureServer([picture.absoluteString: bytes])
        let look = PictureLook(depth: .truecolor, cellPixels: PixelSize(width: 10, height: 20))
        let first = await PictureLoader.live(http: server.client, diskCache: .pictures(in: dir)).picture(request(picture, 20, 10, look: look))
        let drawn = try first.get()
        #expect(drawn.glyphs.columns == 20 && drawn.glyphs.rows == 10)
        #expect(drawn.glyphs.cells.contains { $0.foreground != nil || $0.background != nil })
        let pixels = try #require(drawn.pixels)
        #expect(pixels.width <= 200 && pixels.height <= 200 && (pixels.width == 200 || pixels.height == 200))

        let offline = FakePictureServer()
        offline.failTransport()
        let again = await PictureLoader.live(http: offline.client, diskCache: .pictures(in: dir)).picture(request(picture, 20, 10, look: look))
        #expect(again == first)
        #expect(offline.requests.isEmpty)
    }

    @Test(.enabled(if: fixtures != nil, "TMINUS_FIXTURES is not set to the recorded-data directory (with images/)"))
    func realDecoderRefusesGarbageAndTruncationAndNothingIsCached() async throws {
        let png = try Data(contentsOf: #require(Self.fixtures).appending(path: "patch.png"))
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([
            url("html").absoluteString: Data("<html><body>Moved</body></html>".utf8),
            url("cut").absoluteString: png.prefix(png.count / 3),
        ])
        let pictures = PictureLoader.live(http: server.client, diskCache: .pictures(in: dir))
        #expect(await pictures.picture(request(url("html"), 20, 10)) == .failure(.notAnImage))
        switch await pictures.picture(request(url("cut"), 20, 10)) {
        case .failure(.corrupt), .failure(.notAnImage): break
        case let other: Issue.record("a truncated PNG gave \(other)")
        }
        #expect(entries(dir.appending(path: "images", directoryHint: .isDirectory)).isEmpty)
    }
}
