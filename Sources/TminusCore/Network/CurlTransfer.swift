import CCurl
import CCurlTransfer
import Foundation
import Synchronization

/// One HTTP request through libcurl, on a thread of its own, with every limit a hostile server
/// calls for: a cap on the (decompressed) body, an idle timeout, and a total deadline.
///
/// Why not URLSession: on Linux, FoundationNetworking drives libcurl's multi interface with
/// Dispatch sources and never removes a socket's write source when libcurl stops asking for
/// writes. Once the request is sent, the always-writable socket wakes it in a loop for as long as
/// the answer takes: 58 % of a core on a silent server, 78 % on one that trickles a byte every
/// half second (measured; see `HTTPClient.live`). It also ignores `timeoutIntervalForResource`
/// and keeps every byte it is sent. libcurl's easy interface instead sleeps in poll() until a
/// byte, a timer or a second passes, and stops where it is told to.
enum CurlTransfer {
    struct Limits: Sendable, Hashable {
        /// To connect, and to wait with nothing arriving (under 1 byte/s counts as nothing).
        var idle: TimeInterval
        /// The whole request, however slowly the bytes come.
        var total: TimeInterval
        var maxBodyBytes: Int
    }

    /// Header lines past this are a server misbehaving, not an answer.
    static let maxHeaderBytes = 256 * 1024

    /// Sends `request` with `headers` ("Name: value" lines) and waits for the whole answer.
    /// Cancelling the task answers `.transport("cancelled")` at once; the thread notices within a
    /// second and closes the connection.
    static func send(_ request: HTTPClient.Request, headers: [String], limits: Limits) async throws(APIError) -> HTTPClient.Response {
        let run = Run()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPClient.Response, APIError>, Never>) in
                guard run.begin(continuation) else { return }
                // A plain thread, not the cooperative pool: curl_easy_perform blocks until the end.
                let thread = Thread { run.end(perform(request, headers: headers, limits: limits, run: run)) }
                thread.name = "tminus-http"
                thread.start()
            }
        } onCancel: {
            run.cancel()
        }
        return try result.get()
    }

    static let cancelled = APIError.transport("cancelled")

    /// The waiting task's side of a transfer: resumed once, by the end of the transfer or by a
    /// cancellation, whichever comes first.
    final class Run: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<HTTPClient.Response, APIError>, Never>?
            var cancelled = false
        }
        private let state = Mutex(State())
        /// Read by the transfer thread at least once a second.
        let stop = Atomic<Bool>(false)

        /// False when the task was cancelled before the transfer began (then it is answered).
        func begin(_ continuation: CheckedContinuation<Result<HTTPClient.Response, APIError>, Never>) -> Bool {
            let cancelled = state.withLock { s in
                if !s.cancelled { s.continuation = continuation }
                return s.cancelled
            }
            if cancelled { continuation.resume(returning: .failure(CurlTransfer.cancelled)) }
            return !cancelled
        }

        func cancel() {
            stop.store(true, ordering: .relaxed)
            resume(with: .failure(CurlTransfer.cancelled), cancelling: true)
        }

        func end(_ result: Result<HTTPClient.Response, APIError>) {
            resume(with: result, cancelling: false)
        }

        private func resume(with result: Result<HTTPClient.Response, APIError>, cancelling: Bool) {
            let continuation = state.withLock { s in
                if cancelling { s.cancelled = true }
                defer { s.continuation = nil }
                return s.continuation
            }
            continuation?.resume(returning: result)
        }
    }

    /// Runs the transfer on the calling thread, to its end.
    static func perform(_ request: HTTPClient.Request, headers: [String], limits: Limits, run: Run) -> Result<HTTPClient.Response, APIError> {
        let sink = Sink(maxBodyBytes: limits.maxBodyBytes, run: run)
        var result = tminus_curl_result()
        let lines = headers.map { strdup($0) }
        defer { lines.forEach { free($0) } }
        let body = request.body ?? Data()
        lines.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerLines in
            body.withUnsafeBytes { bodyBytes in
                request.url.absoluteString.withCString { url in
                    request.method.withCString { method in
                        var cRequest = tminus_curl_request(
                            url: url, method: method,
                            // An empty body has no address: libcurl then sends a POST's empty body itself.
                            body: request.body == nil ? nil : bodyBytes.baseAddress,
                            body_count: body.count,
                            headers: headerLines.baseAddress, header_count: headerLines.count,
                            connect_timeout_ms: milliseconds(limits.idle),
                            idle_timeout_s: max(1, Int(limits.idle.rounded(.up))),
                            total_timeout_ms: milliseconds(limits.total),
                            max_body_bytes: Int64(limits.maxBodyBytes))
                        var callbacks = Sink.callbacks(Unmanaged.passUnretained(sink).toOpaque())
                        tminus_curl_perform(&cRequest, &callbacks, &result)
                    }
                }
            }
        }
        return outcome(result, sink: sink, limits: limits)
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    static func outcome(_ result: tminus_curl_result, sink: Sink, limits: Limits) -> Result<HTTPClient.Response, APIError> {
        if let problem = sink.problem { return .failure(problem) }
        let code = CURLcode(rawValue: UInt32(bitPattern: result.code))
        if code == CURLE_OK {
            var response = HTTPClient.Response(status: result.status, headers: sink.headers, body: sink.body)
            response.redirects = result.redirects
            return .success(response)
        }
        if result.stopped != 0 { return .failure(cancelled) }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .failure(words(code, osErrno: result.os_errno, message: message, maxBodyBytes: limits.maxBodyBytes,
                              connected: result.connected != 0))
    }
}
