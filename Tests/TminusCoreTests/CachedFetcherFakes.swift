import Foundation
import Synchronization
import Testing
@testable import TminusCore

/// A server in memory: answers every request the same way until told otherwise, and counts
/// what it was sent. `.held` answers only when the test lets go, so a test can have a request
/// in flight while others come and go (no sleeps).
final class FakeServer: Sendable {
    enum Answer: Sendable {
        /// 200 with this body.
        case ok(String)
        /// 200 with the request's own body as text (`ok:` and the URL for a request without).
        case echo
        case status(Int, headers: [String: String])
        case fail(APIError)
        /// 200 with this body, once `release()` is called.
        case held(String)
    }

    private struct State {
        var answer: Answer = .ok("ok:1")
        var requests: [HTTPClient.Request] = []
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Yields each time a `.held` request arrives.
    let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation

    init() { (arrivals, arrived) = AsyncStream.makeStream(of: Void.self) }

    func answer(_ answer: Answer) { state.withLock { $0.answer = answer } }
    var requests: [HTTPClient.Request] { state.withLock { $0.requests } }
    var count: Int { state.withLock { $0.requests.count } }

    func release() {
        let waiting = state.withLock { s in defer { s.held = [] }; return s.held }
        for continuation in waiting { continuation.resume() }
    }

    var client: HTTPClient {
        HTTPClient { (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            let answer = self.state.withLock { s in
                s.requests.append(request)
                return s.answer
            }
            switch answer {
            case .ok(let body):
                return .init(status: 200, body: Data(body.utf8))
            case .echo:
                return .init(status: 200, body: request.body ?? Data("ok:\(request.url.absoluteString)".utf8))
            case .status(let status, let headers):
                return .init(status: status, headers: headers, body: Data("<html>error page</html>".utf8))
            case .fail(let error):
                throw error
            case .held(let body):
                await withCheckedContinuation { continuation in
                    self.state.withLock { $0.held.append(continuation) }
                    self.arrived.yield()
                }
                return .init(status: 200, body: Data(body.utf8))
            }
        }
    }
}

/// A clock that stands still until the test moves it.
final class ManualClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    func set(_ date: Date) { current.withLock { $0 = date } }
    var now: Date { current.withLock { $0 } }
}

/// Accepts bodies that start with `ok:`, as the text; anything else (an error page) is bad data.
let decodeOK: @Sendable (Data) throws(APIError) -> String = { (data: Data) throws(APIError) -> String in
    guard let text = String(data: data, encoding: .utf8), text.hasPrefix("ok:") else { throw .badData("not ok") }
    return text
}

let t0 = Date(timeIntervalSince1970: 1_700_000_000)
let launches = HTTPClient.Request(url: URL(string: "https://ll.test/2.0.0/launch/upcoming/?limit=20")!, kind: .apiList)

func query(_ body: String) -> HTTPClient.Request {
    HTTPClient.Request(method: "POST", url: URL(string: "https://spacex.test/v5/launches/query")!, body: Data(body.utf8), kind: .apiList)
}

/// A server, a clock, a temporary cache directory and a fetcher over them.
struct Rig {
    let server = FakeServer()
    let clock = ManualClock(t0)
    let directory: URL
    let fetcher: CachedFetcher

    init(cached: Bool = true, function: String = #function) {
        let name = "tminus-fetcher-\(function.prefix { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        directory = FileManager.default.temporaryDirectory.appending(path: name, directoryHint: .isDirectory)
        fetcher = Self.fetcher(server: server, clock: clock, directory: cached ? directory : nil)
    }

    /// Another fetcher over the same server, clock and directory: a restarted app.
    func restarted() -> CachedFetcher { Self.fetcher(server: server, clock: clock, directory: directory) }

    private static func fetcher(server: FakeServer, clock: ManualClock, directory: URL?) -> CachedFetcher {
        CachedFetcher(http: server.client, cache: directory.map { DiskCache(directory: $0, limit: CachedFetcher.defaultCacheLimit) },
                      sourceName: "Launch Library 2", now: { clock.now })
    }

    func fetch(_ request: HTTPClient.Request = launches, maxAge: TimeInterval = 600, reload: Bool = false,
               cacheOnly: Bool = false, with fetcher: CachedFetcher? = nil) async -> Result<Fetched<String>, APIError> {
        let mode: FetchMode = cacheOnly ? .cacheOnly : reload ? .reload : .normal
        do throws(APIError) {
            return .success(try await (fetcher ?? self.fetcher).fetch(request, maxAge: maxAge, mode: mode, decode: decodeOK))
        } catch {
            return .failure(error)
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

/// A `FakeServer` behind a `CachedFetcher` with a disk cache of its own and a clock the test
/// moves: what a source's caching is tested through (events an hour fresh, news half an hour).
final class ClockedServer: Sendable {
    let server = FakeServer()
    private let clock = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
    let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-clocked-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// 200 with `body`, or the error `status` (the body is the fake's error page then).
    func answer(status: Int = 200, _ body: String) {
        server.answer(status == 200 ? .ok(body) : .status(status, headers: [:]))
    }
    var requests: [String] { server.requests.map(\.url.absoluteString) }
    var now: Date { clock.withLock { $0 } }
    func advance(seconds: TimeInterval) { clock.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var http: HTTPClient { server.client }

    /// A fetcher over this server and the disk cache in `directory` (a new one each time: the
    /// cache on disk is what is shared, as after a restart).
    func fetcher(_ sourceName: String) -> CachedFetcher {
        CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: sourceName, now: { self.now })
    }
}
