import Foundation
import Testing
@testable import TminusCore

/// The live client against a real server on 127.0.0.1, as a hostile server would treat it:
/// every answer is bounded in size (after decompression) and in time (idle and total), and a
/// well-behaved answer still comes through whole.
@Suite(.enabled(if: HostileServer.available, "python3 is not installed: the live client's tests need its test server"))
struct BoundedHTTPClientTests {
    let server: HostileServer

    init() throws {
        server = try HostileServer()
    }

    func client(timeout: TimeInterval = 5) -> HTTPClient {
        HTTPClient.live(timeout: timeout, userAgent: "tminus-tests")
    }

    func failure(_ path: String, kind: HTTPClient.Request.Kind = .apiList, timeout: TimeInterval = 5) async -> APIError? {
        let client = client(timeout: timeout)
        return await apiFailure { () async throws(APIError) in
            try await client.send(HTTPClient.Request(url: server.url(path), kind: kind))
        }
    }

    /// The process's peak resident memory so far, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    @Test func aNormalResponseComesThroughWithItsHeaders() async throws {
        let response = try await client().send(HTTPClient.Request(url: server.url("ok"), kind: .apiDetail))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.headers["X-Test"] == "yes")
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func aGzipBodyIsDecoded() async throws {
        let body = try await client().data(HTTPClient.Request(url: server.url("gzip"), kind: .apiDetail))
        #expect(String(decoding: body, as: UTF8.self) == #"{"ok":"gzip"}"#)
    }

    @Test func aPostSendsItsBodyAsJSON() async throws {
        let request = HTTPClient.Request(method: "POST", url: server.url("echo"), body: Data(#"{"query":{}}"#.utf8), kind: .apiList)
        let echoed = try JSONSerialization.jsonObject(with: try await client().data(request)) as? [String: String]
        #expect(echoed == ["method": "POST", "body": #"{"query":{}}"#, "type": "application/json", "agent": "tminus-tests"])
    }

    @Test func aRedirectIsFollowed() async throws {
        let body = try await client().data(HTTPClient.Request(url: server.url("redirect"), kind: .apiDetail))
        #expect(String(decoding: body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test func aBodyOfExactlyTheCapIsKept() async throws {
        let cap = HTTPClient.Request.Kind.apiDetail.maxBodyBytes
        let body = try await client().data(HTTPClient.Request(url: server.url("size/\(cap)"), kind: .apiDetail))
        #expect(body.count == cap)
    }

    @Test func aContentLengthOverTheCapIsRefusedBeforeTheBody() async {
        // The server sends one byte of its 100 MB and then nothing: waiting for the rest would
        // end in `.timedOut`, not `.tooLarge`.
        #expect(await failure("huge-length", timeout: 10) == .tooLarge(maxBytes: 8 * 1024 * 1024))
        let cap = HTTPClient.Request.Kind.apiDetail.maxBodyBytes
        #expect(await failure("size/\(cap + 1)", kind: .apiDetail) == .tooLarge(maxBytes: cap))
    }

    @Test(arguments: [HTTPClient.Request.Kind.apiList, .apiDetail, .picture])
    func anEndlessBodyStopsAtItsKindsCap(kind: HTTPClient.Request.Kind) async {
        let before = Self.peakMemory()
        let error = await failure("endless", kind: kind)
        #expect(error == .tooLarge(maxBytes: kind.maxBodyBytes))
        // A generous bound: the body is dropped at 4–8 MB; unbounded it would be gigabytes.
        #expect(Self.peakMemory() - before < 512 * 1024 * 1024)
    }

    @Test func aGzipBombStopsAtTheCapOnInflatedBytes() async {
        let before = Self.peakMemory()
        let error = await failure("gzip_bomb", kind: .apiList)
        #expect(error == .tooLarge(maxBytes: 8 * 1024 * 1024))
        #expect(error?.message == "the response was too large (over 8 MB)")
        // It inflates to 1 GiB.
        #expect(Self.peakMemory() - before < 512 * 1024 * 1024)
    }

    @Test func aTrickleIsCutOffByTheTotalDeadline() async {
        // A byte every half second is never idle for 1 s; the whole request may take 2 s.
        let started = Date()
        #expect(await failure("trickle", timeout: 1) == .timedOut)
        // The server trickles for 10 minutes: ending well before that is the deadline at work.
        // Wide: in CI's full run, with every suite on two cores, the answer once waited 66 s
        // for a thread of the pool to be resumed on.
        #expect(Date().timeIntervalSince(started) < 300)
    }

    @Test func aSilentServerTimesOut() async {
        #expect(await failure("silent", timeout: 1) == .timedOut)
    }

    @Test func cancellingTheTaskEndsTheRequestAtOnce() async {
        let client = client(timeout: 30)
        let request = HTTPClient.Request(url: server.url("silent"), kind: .apiList)
        let task = Task { await apiFailure { () async throws(APIError) in try await client.send(request) } }
        try? await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value == .transport("cancelled"))
    }

    @Test func aRefusedConnectionIsSaidInWords() async throws {
        // A port that was free a moment ago: nothing listens there.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        close(listener)
        let url = try #require(URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/"))
        let error = await apiFailure { () async throws(APIError) in
            try await client().send(HTTPClient.Request(url: url, kind: .apiList))
        }
        #expect(error == .unreached("connection refused"))
    }

    @Test func theTotalDeadlineIsTwiceTheTimeoutAtMostAMinuteMore() {
        #expect(HTTPClient.totalDeadline(for: 15) == 30)
        #expect(HTTPClient.totalDeadline(for: 1) == 2)
        #expect(HTTPClient.totalDeadline(for: 600) == 660)
    }
}
