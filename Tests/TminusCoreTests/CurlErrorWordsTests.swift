import CCurl
import Foundation
import Testing
@testable import TminusCore

/// What libcurl's failures read like on screen, and where a transfer's answer piles up.
@Suite struct CurlErrorWordsTests {
    @Test(arguments: [
        (CURLE_OPERATION_TIMEDOUT, 0, APIError.timedOut),
        (CURLE_FILESIZE_EXCEEDED, 0, .tooLarge(maxBytes: 1024 * 1024)),
        (CURLE_COULDNT_CONNECT, Int(ECONNREFUSED), .unreached("connection refused")),
        (CURLE_COULDNT_CONNECT, Int(ENETUNREACH), .unreached("no connection")),
        (CURLE_COULDNT_RESOLVE_HOST, 0, .unreached("host not found")),
        (CURLE_GOT_NOTHING, 0, .transport("the server closed the connection without answering")),
        (CURLE_PARTIAL_FILE, 0, .badData("the response was cut short")),
        (CURLE_RECV_ERROR, 0, .transport("the connection was lost")),
        (CURLE_BAD_CONTENT_ENCODING, 0, .badData("the response could not be decompressed")),
        (CURLE_WEIRD_SERVER_REPLY, 0, .badData("unreadable response")),
        (CURLE_TOO_MANY_REDIRECTS, 0, .tooManyRedirects),
        (CURLE_SSL_CONNECT_ERROR, 0, .unreached("TLS handshake failed")),
    ])
    func curlFailuresBecomeWords(_ code: CURLcode, _ osErrno: Int, _ expected: APIError) {
        let message = code == CURLE_SSL_CONNECT_ERROR ? "TLS handshake failed" : "libcurl's own words"
        #expect(CurlTransfer.words(code, osErrno: osErrno, message: message, maxBodyBytes: 1024 * 1024) == expected)
    }

    /// Out of file descriptors the socket is never made: said by its name, not as a refusal
    /// while the server answers.
    @Test func noFileDescriptorLeftIsSaidSo() {
        for errno in [EMFILE, ENFILE] {
            let words = CurlTransfer.words(CURLE_COULDNT_CONNECT, osErrno: Int(errno), message: "", maxBodyBytes: 1, connected: false)
            #expect(words == .unreached("too many open files (the limit on open files is reached: `ulimit -n`)"))
            #expect(!words.reachedServer)
        }
    }

    @Test func withoutLibcurlsWordsItsErrorNameIsSaid() {
        #expect(CurlTransfer.words(CURLE_SSL_CONNECT_ERROR, message: "", maxBodyBytes: 1) == .unreached("SSL connect error"))
    }

    /// Issue 36: a timeout before any connection was made never reached the server (no
    /// budget spent); one after it did.
    @Test func aTimeoutBeforeConnectingNeverReachedTheServer() {
        let before = CurlTransfer.words(CURLE_OPERATION_TIMEDOUT, message: "", maxBodyBytes: 1, connected: false)
        #expect(before == .unreached("could not connect in time"))
        #expect(!before.reachedServer)
        #expect(before.message == "network error: could not connect in time")
        let after = CurlTransfer.words(CURLE_OPERATION_TIMEDOUT, message: "", maxBodyBytes: 1, connected: true)
        #expect(after == .timedOut && after.reachedServer)
    }

    @Test func theSinkKeepsUpToTheCapAndNoMore() {
        let sink = CurlTransfer.Sink(maxBodyBytes: 10, run: CurlTransfer.Run())
        let six = [UInt8](repeating: 0x61, count: 6)
        #expect(six.withUnsafeBytes { sink.take($0) })
        #expect(!six.withUnsafeBytes { sink.take($0) }, "12 bytes would pass the cap of 10")
        #expect(sink.body.count == 6)
        #expect(sink.problem == .tooLarge(maxBytes: 10))
    }

    @Test func theSinkKeepsTheLastResponsesHeaders() {
        let sink = CurlTransfer.Sink(maxBodyBytes: 10, run: CurlTransfer.Run())
        for line in ["HTTP/1.1 302 Found\r\n", "Location: /ok\r\n", "\r\n",
                     "HTTP/1.1 200 OK\r\n", "Content-Type: application/json\r\n", "Retry-After:  30 \r\n", "\r\n"] {
            #expect(Array(line.utf8).withUnsafeBytes { sink.header($0) })
        }
        #expect(sink.headers == ["Content-Type": "application/json", "Retry-After": "30"])
    }

    @Test func endlessHeadersStopTheTransfer() {
        let sink = CurlTransfer.Sink(maxBodyBytes: 10, run: CurlTransfer.Run())
        let line = Array("X-Filler: \(String(repeating: "a", count: 1000))\r\n".utf8)
        var kept = true
        for _ in 0..<300 where kept { kept = line.withUnsafeBytes { sink.header($0) } }
        #expect(!kept)
        #expect(sink.problem == .badData("endless headers"))
    }
}
