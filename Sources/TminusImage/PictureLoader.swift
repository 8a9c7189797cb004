import Foundation
import Synchronization
import TminusCore

/// Gets a picture made ready for a box of terminal cells (`LoadedPicture`: chafa's symbols,
/// and the scaled pixels when asked), from wherever it is cheapest: the memory cache of
/// ready pictures, the disk cache of downloaded bytes, or the network.
/// Never throws, never traps: a failure is a `PictureError` the UI shows as a placeholder.
///
/// A struct of closures like `HTTPClient`: `live` is the real thing, tests pass their own.
public struct PictureLoader: Sendable {
    public var picture: @Sendable (_ request: PictureRequest) async -> Result<LoadedPicture, PictureError>
    /// What it keeps in memory now (the app's `footprint:` log line).
    public var held: @Sendable () -> Held = { Held() }

    /// Ready pictures kept in memory, and their bytes (`LoadedPicture.bytes`).
    public struct Held: Sendable, Hashable {
        public var pictures = 0
        public var bytes = 0
        public init(pictures: Int = 0, bytes: Int = 0) { self.pictures = pictures; self.bytes = bytes }
    }

    public init(picture: @escaping @Sendable (_ request: PictureRequest) async -> Result<LoadedPicture, PictureError>) {
        self.picture = picture
    }
}

extension PictureLoader {
    /// Turns downloaded bytes into pixels (`ImageDecoder.decode` in the app).
    public typealias Decode = @Sendable (_ data: Data) throws(PictureError) -> RGBAImage
    /// Makes pixels ready for a request (`LoadedPicture.render` in the app: chafa, the scaler).
    public typealias Render = @Sendable (_ image: RGBAImage, _ request: PictureRequest) -> LoadedPicture

    /// What a cancelled load answers (its caller has gone and will not look at it).
    public static let cancelled = PictureError.download("cancelled")
    /// The network's own cap on a picture (8 MB: no launch picture is anywhere near, and a
    /// decoder should not see more); a smaller one may be asked for.
    public static let defaultMaxDownloadBytes = HTTPClient.Request.Kind.picture.maxBodyBytes

    /// Every load fails with `error`.
    public static func failing(_ error: PictureError) -> PictureLoader {
        PictureLoader { _ in .failure(error) }
    }

    /// Pictures turned off (`--no-images`): every load fails, without touching the network.
    public static let none = PictureLoader.failing(.download("pictures are off"))

    /// The real loader.
    /// - Parameters:
    ///   - http: how to download (GET; a non-2xx answer or a transport error is `.download`).
    ///   - diskCache: where downloads are kept (`DiskCache.pictures(in:)`); nil keeps nothing on disk.
    ///   - maxConcurrentDownloads: downloads in flight at once; the rest wait their turn.
    ///   - memoryLimit: ready pictures kept in memory (least recently used go first), and
    ///     `memoryBytes` the most bytes (symbols and pixels) they may hold between them.
    ///   - maxDownloadBytes: a bigger body is refused (`.download("too large")`).
    ///   - decode, render: the picture pipeline; tests pass fakes.
    public static func live(
        http: HTTPClient,
        diskCache: DiskCache?,
        maxConcurrentDownloads: Int = 4,
        memoryLimit: Int = 256,
        memoryBytes: Int = 64 << 20,
        maxDownloadBytes: Int = PictureLoader.defaultMaxDownloadBytes,
        decode: @escaping Decode = { (data: Data) throws(PictureError) -> RGBAImage in try ImageDecoder.decode(data) },
        render: @escaping Render = { image, request in LoadedPicture.render(image, for: request) }
    ) -> PictureLoader {
        let memory = ReadyPictureCache(limit: memoryLimit, bytes: memoryBytes)
        let flights = SharedFlights<Result<RGBAImage, PictureError>>(cancelled: .failure(cancelled))
        let downloads = AsyncSemaphore(permits: maxConcurrentDownloads)

        /// The URL's pixels: from the disk cache, or downloaded, decoded and then kept on disk.
        @Sendable func image(_ url: URL) async -> Result<RGBAImage, PictureError> {
            if let diskCache, let bytes = diskCache.data(for: url) {
                do throws(PictureError) {
                    return .success(try decode(bytes))
                } catch {
                    diskCache.remove(for: url) // kept by an older, more lenient decoder: fetch again
                }
            }
            guard !Task.isCancelled, await downloads.acquire() else { return .failure(cancelled) }
            guard !Task.isCancelled else {
                await downloads.release()
                return .failure(cancelled)
            }
            let downloaded: Result<Data, PictureError>
            do throws(APIError) {
                downloaded = .success(try await http.data(HTTPClient.Request(url: url, kind: .picture)))
            } catch {
                downloaded = .failure(.download(error.message))
            }
            await downloads.release()

            let bytes: Data
            switch downloaded {
            case .failure(let error): return .failure(error)
            case .success(let body): bytes = body
            }
            guard bytes.count <= maxDownloadBytes else { return .failure(.download("too large")) }
            do throws(PictureError) {
                let pixels = try decode(bytes)
                diskCache?.store(bytes, for: url)
                return .success(pixels)
            } catch {
                return .failure(error)
            }
        }

        var loader = PictureLoader { request in
            let url = request.url
            guard request.columns > 0, request.rows > 0 else {
                let empty = GlyphPicture(columns: max(0, request.columns), rows: max(0, request.rows), cells: [])
                return .success(LoadedPicture(glyphs: empty))
            }
            if let hit = memory[request] { return .success(hit) }
            guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
                return .failure(.download("not a web address"))
            }
            if Task.isCancelled { return .failure(cancelled) }
            switch await flights.value(for: url.absoluteString, work: { await image(url) }) {
            case .failure(let error):
                return .failure(error)
            case .success(let pixels):
                if Task.isCancelled { return .failure(cancelled) }
                let ready = render(pixels, request)
                memory[request] = ready
                return .success(ready)
            }
        }
        loader.held = { Held(pictures: memory.count, bytes: memory.heldBytes) }
        return loader
    }
}

// MARK: - Memory cache

/// Ready pictures by request (URL, box, look), at most `limit` of them holding at most
/// `bytes` (symbols and pixels, `LoadedPicture.bytes`), least recently used out first.
final class ReadyPictureCache: Sendable {
    typealias Key = PictureRequest

    private struct State {
        var clock: UInt64 = 0
        var items: [Key: (picture: LoadedPicture, used: UInt64)] = [:]
        var bytes = 0
    }

    let limit: Int
    let bytes: Int
    private let state = Mutex(State())

    init(limit: Int, bytes: Int = .max) { self.limit = max(0, limit); self.bytes = max(0, bytes) }

    subscript(key: Key) -> LoadedPicture? {
        get {
            state.withLock { s in
                guard let item = s.items[key] else { return nil }
                s.clock += 1
                s.items[key] = (item.picture, s.clock)
                return item.picture
            }
        }
        set {
            state.withLock { s in
                s.bytes -= s.items.removeValue(forKey: key)?.picture.bytes ?? 0
                // One picture bigger than the whole budget is not kept (it would push out all else).
                guard let newValue, limit > 0, newValue.bytes <= bytes else { return }
                s.clock += 1
                s.items[key] = (newValue, s.clock)
                s.bytes += newValue.bytes
                while s.items.count > limit || s.bytes > bytes,
                      let oldest = s.items.min(by: { $0.value.used < $1.value.used })?.key {
                    s.bytes -= s.items.removeValue(forKey: oldest)?.picture.bytes ?? 0
                }
            }
        }
    }

    var count: Int { state.withLock { $0.items.count } }
    var heldBytes: Int { state.withLock { $0.bytes } }
}

// MARK: - Async semaphore

/// At most `permits` holders at once; the others wait in line (first come, first served).
/// A waiter whose task is cancelled leaves the line and gets no permit.
actor AsyncSemaphore {
    private var permits: Int
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID: UInt64 = 0

    init(permits: Int) { self.permits = max(1, permits) }

    /// True with a permit (give it back with `release`), false when the task was cancelled.
    func acquire() async -> Bool {
        if Task.isCancelled { return false }
        if permits > 0 {
            permits -= 1
            return true
        }
        nextID += 1
        let id = nextID
        // Both closures below run on this actor's executor up to the suspension, so a
        // cancellation handler's hop back here always finds the waiter in line (or gone).
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.leave(id) }
        }
    }

    func release() {
        if waiters.isEmpty {
            permits += 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    private func leave(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }

    /// Tasks waiting for a permit.
    var waiting: Int { waiters.count }
}

extension DiskCache {
    /// The pictures' disk cache: the `images` folder of the app's cache directory (`AppPaths.cache`).
    public static func pictures(in cacheDirectory: URL, limit: Int = DiskCache.defaultLimit) -> DiskCache {
        DiskCache(directory: cacheDirectory.appending(path: "images", directoryHint: .isDirectory), limit: limit)
    }
}
