import Foundation
import Synchronization
import Testing
import TminusCore
@testable import TminusImage

// MARK: - Fakes

/// A picture server in memory: answers from a table, counts requests and how many are in
/// flight at once, and can hold every answer until the test lets go. Holding honours
/// cancellation, like URLSession does.
final class FakePictureServer: Sendable {
    struct State {
        var routes: [String: (status: Int, body: Data)] = [:]
        var requests: [String] = []
        var inFlight = 0
        var maxInFlight = 0
        var held = false
        var transportFailure = false
    }

    let state = Mutex(State())

    init(_ routes: [String: Data] = [:]) {
        state.withLock { s in for (k, v) in routes { s.routes[k] = (200, v) } }
    }

    func route(_ url: URL, status: Int = 200, body: Data) {
        state.withLock { $0.routes[url.absoluteString] = (status, body) }
    }

    var requests: [String] { state.withLock { $0.requests } }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }
    var inFlight: Int { state.withLock { $0.inFlight } }
    func hold() { state.withLock { $0.held = true } }
    func letGo() { state.withLock { $0.held = false } }
    func failTransport() { state.withLock { $0.transportFailure = true } }

    var client: HTTPClient {
        HTTPClient { [self] (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            let key = request.url.absoluteString
            state.withLock { s in
                s.requests.append(key)
                s.inFlight += 1
                s.maxInFlight = max(s.maxInFlight, s.inFlight)
            }
            defer { state.withLock { $0.inFlight -= 1 } }
            // Every answer takes a little while, so overlapping requests do overlap.
            do {
                try await Task.sleep(for: .milliseconds(20))
                while state.withLock({ $0.held }) { try await Task.sleep(for: .milliseconds(5)) }
            } catch {
                throw .transport("cancelled")
            }
            let answer = state.withLock { s -> (status: Int, body: Data)? in
                s.transportFailure ? nil : s.routes[key] ?? (404, Data("no such picture".utf8))
            }
            guard let answer else { throw .transport("connection refused") }
            return HTTPClient.Response(status: answer.status, body: answer.body)
        }
    }

    /// Waits (a bounded while) until `condition` holds.
    func wait(until condition: (State) -> Bool) async throws {
        for _ in 0..<400 {
            if state.withLock({ condition($0) }) { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("timed out waiting for the fake server")
    }
}

/// A value many tasks can change.
final class Locked<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { value.withLock { body(&$0) } }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// Fake pictures: the bytes `IMG:<name>` decode to a `name.count × 1` image whose pixels
/// spell the name; anything else is not an image.
enum FakePicture {
    static func bytes(_ name: String) -> Data { Data("IMG:\(name)".utf8) }

    static func decoder(counting decodes: Counter) -> PictureLoader.Decode {
        { (data: Data) throws(PictureError) -> RGBAImage in
            decodes.bump()
            guard data.starts(with: Data("IMG:".utf8)), data.count > 4 else { throw .notAnImage }
            let name = [UInt8](data.dropFirst(4))
            return RGBAImage(width: name.count, height: 1, pixels: name.flatMap { [$0, $0, $0, 255] })
        }
    }

    /// Cells that spell the image's grey levels (one a cell, round and round), in the depth's
    /// kind of colour; the image itself as the pixels when the request asks for pixels.
    static let render: PictureLoader.Render = { image, request in
        let cells = (0..<request.columns * request.rows).map { i -> GlyphCell in
            let v = image[i % image.width, 0].r
            return GlyphCell("█", foreground: request.look.depth == .truecolor ? .rgb(v, v, v) : .index(v))
        }
        return LoadedPicture(glyphs: GlyphPicture(columns: request.columns, rows: request.rows, cells: cells),
                             pixels: request.look.cellPixels == nil ? nil : image)
    }

    /// What loading `name` for `request` must give.
    static func expected(_ name: String, _ request: PictureRequest) -> LoadedPicture {
        let image = try! decoder(counting: Counter())(bytes(name))
        return render(image, request)
    }

    static func expected(_ name: String, _ columns: Int, _ rows: Int) -> LoadedPicture {
        expected(name, request(url(name), columns, rows))
    }
}

private func url(_ name: String) -> URL { URL(string: "https://pictures.test/\(name).png")! }

/// A request for `url` in `columns × rows` cells, in 256 colours, symbols only unless `look` says.
private func request(_ url: URL, _ columns: Int, _ rows: Int, look: PictureLook = PictureLook()) -> PictureRequest {
    PictureRequest(url: url, columns: columns, rows: rows, look: look)
}

/// A loader over `server` with fake decode/fit and a disk cache in `directory` (or none).
private func loader(_ server: FakePictureServer, cache directory: URL?, decodes: Counter = Counter(),
                    maxConcurrentDownloads: Int = 4, memoryLimit: Int = 256,
                    maxDownloadBytes: Int = PictureLoader.defaultMaxDownloadBytes) -> PictureLoader {
    .live(http: server.client, diskCache: directory.map { DiskCache(directory: $0) },
          maxConcurrentDownloads: maxConcurrentDownloads, memoryLimit: memoryLimit,
          maxDownloadBytes: maxDownloadBytes, decode: FakePicture.decoder(counting: decodes), render: FakePicture.render)
}

private func entries(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".img") }
}

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

    // MARK: Concurrency

    @Test func atMostFourDownloadsAreInFlight() async {
        let server = FakePictureServer()
        for i in 0..<10 { server.route(url("p\(i)"), body: FakePicture.bytes("p\(i)")) }
        server.hold() // the first ones pile up until the queue has formed
        let pictures = loader(server, cache: nil)
        async let results = withTaskGroup(of: Result<LoadedPicture, PictureError>.self) { group in
            for i in 0..<10 { group.addTask { await pictures.picture(request(url("p\(i)"), 3, 1)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        try? await server.wait { $0.inFlight == 4 }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(server.inFlight == 4, "the other six wait their turn")
        server.letGo()
        let all = await results
        #expect(all.allSatisfy { if case .success = $0 { true } else { false } })
        #expect(server.requests.count == 10)
        #expect(server.maxInFlight == 4)
    }

    @Test func theBoundIsConfigurable() async {
        let server = FakePictureServer()
        for i in 0..<6 { server.route(url("p\(i)"), body: FakePicture.bytes("p\(i)")) }
        let pictures = loader(server, cache: nil, maxConcurrentDownloads: 2)
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<6 { group.addTask { _ = await pictures.picture(request(url("p\(i)"), 3, 1)) } }
        }
        #expect(server.requests.count == 6)
        #expect(server.maxInFlight <= 2)
    }

    @Test func aCancelledQueuedLoadNeverReachesTheServer() async throws {
        let server = FakePictureServer()
        server.route(url("first"), body: FakePicture.bytes("first"))
        server.route(url("queued"), body: FakePicture.bytes("queued"))
        server.hold()
        let pictures = loader(server, cache: nil, maxConcurrentDownloads: 1)
        let first = Task { await pictures.picture(request(url("first"), 3, 1)) }
        try await server.wait { $0.inFlight == 1 }
        let queued = Task { await pictures.picture(request(url("queued"), 3, 1)) }
        try await Task.sleep(for: .milliseconds(50)) // in line behind `first`
        queued.cancel()
        // It leaves at once, while `first` still holds the only slot.
        #expect(await queued.value == .failure(PictureLoader.cancelled))
        #expect(server.inFlight == 1)
        server.letGo()
        #expect(await first.value == .success(FakePicture.expected("first", 3, 1)))
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests == [url("first").absoluteString])
        // And the slot it would have taken is free for the next load.
        #expect(await pictures.picture(request(url("queued"), 3, 1)) == .success(FakePicture.expected("queued", 3, 1)))
    }

    @Test func aLoadCancelledBeforeItStartsDoesNothing() async {
        let server = FakePictureServer([url("a").absoluteString: FakePicture.bytes("a")])
        let pictures = loader(server, cache: nil)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await pictures.picture(request(url("a"), 3, 1))
        }
        #expect(await task.value == .failure(PictureLoader.cancelled))
        #expect(server.requests.isEmpty)
    }

    @Test func concurrentLoadsOfOneURLShareOneDownload() async throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes)
        let small = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let large = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        try await Task.sleep(for: .milliseconds(100))
        server.letGo()
        #expect(await small.value == .success(FakePicture.expected("patch", 4, 2)))
        #expect(await large.value == .success(FakePicture.expected("patch", 8, 4)))
        #expect(server.requests.count == 1)
        #expect(decodes.count == 1, "decoded once, fitted twice")
    }

    @Test func oneSharerLeavingDoesNotStopTheDownloadForTheOther() async throws {
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let pictures = loader(server, cache: nil)
        let leaving = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let staying = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        try await Task.sleep(for: .milliseconds(100))
        leaving.cancel()
        #expect(await leaving.value == .failure(PictureLoader.cancelled))
        server.letGo()
        #expect(await staying.value == .success(FakePicture.expected("patch", 8, 4)))
        #expect(server.requests.count == 1)
    }

    @Test func whenEverySharerLeavesTheDownloadIsCancelled() async throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let pictures = loader(server, cache: dir)
        let a = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let b = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        a.cancel(); b.cancel()
        #expect(await a.value == .failure(PictureLoader.cancelled))
        #expect(await b.value == .failure(PictureLoader.cancelled))
        try await server.wait { $0.inFlight == 0 } // the fake saw the cancellation, still held
        #expect(entries(dir).isEmpty)
        server.letGo()
        // A later load starts afresh.
        #expect(await pictures.picture(request(url("patch"), 4, 2)) == .success(FakePicture.expected("patch", 4, 2)))
        #expect(server.requests.count == 2)
    }

    @Test func semaphoreHandsSlotsOutInOrderAndSkipsTheCancelled() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        #expect(await semaphore.acquire())
        let order = Locked<[String]>([])
        let second = Task { if await semaphore.acquire() { order.withLock { $0.append("second") }; await semaphore.release() } }
        try await Task.sleep(for: .milliseconds(30))
        let cancelled = Task { await semaphore.acquire() }
        try await Task.sleep(for: .milliseconds(30))
        let third = Task { if await semaphore.acquire() { order.withLock { $0.append("third") }; await semaphore.release() } }
        try await Task.sleep(for: .milliseconds(30))
        #expect(await semaphore.waiting == 3)
        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(await semaphore.waiting == 2)
        await semaphore.release()
        await second.value; await third.value
        #expect(order.withLock { $0 } == ["second", "third"])
        #expect(await semaphore.acquire(), "every permit came back")
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
