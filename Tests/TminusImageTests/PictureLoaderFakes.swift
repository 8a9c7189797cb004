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

func url(_ name: String) -> URL { URL(string: "https://pictures.test/\(name).png")! }

/// A request for `url` in `columns × rows` cells, in 256 colours, symbols only unless `look` says.
func request(_ url: URL, _ columns: Int, _ rows: Int, look: PictureLook = PictureLook()) -> PictureRequest {
    PictureRequest(url: url, columns: columns, rows: rows, look: look)
}

/// A loader over `server` with fake decode/fit and a disk cache in `directory` (or none).
func loader(_ server: FakePictureServer, cache directory: URL?, decodes: Counter = Counter(),
                    maxConcurrentDownloads: Int = 4, memoryLimit: Int = 256,
                    maxDownloadBytes: Int = PictureLoader.defaultMaxDownloadBytes) -> PictureLoader {
    .live(http: server.client, diskCache: directory.map { DiskCache(directory: $0) },
          maxConcurrentDownloads: maxConcurrentDownloads, memoryLimit: memoryLimit,
          maxDownloadBytes: maxDownloadBytes, decode: FakePicture.decoder(counting: decodes), render: FakePicture.render)
}

func entries(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".img") }
}
