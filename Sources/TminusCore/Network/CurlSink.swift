import CCurlTransfer
import Foundation

extension CurlTransfer {
    /// Where a transfer's answer piles up, on the transfer's thread only: the body up to its
    /// cap, the last response's headers, and why the transfer was stopped, if it was.
    final class Sink {
        private(set) var body = Data()
        private(set) var headers: [String: String] = [:]
        /// Set when the answer broke a limit; the transfer stops at once.
        private(set) var problem: APIError?
        private var headerBytes = 0
        private let maxBodyBytes: Int
        private let run: Run

        init(maxBodyBytes: Int, run: Run) {
            self.maxBodyBytes = maxBodyBytes
            self.run = run
        }

        /// False (stop) once the body would pass the cap: what was read stays bounded by the cap
        /// plus one piece (libcurl hands over at most 16 KB at a time, inflated or not).
        func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard body.count + bytes.count <= maxBodyBytes else {
                problem = .tooLarge(maxBytes: maxBodyBytes)
                return false
            }
            body.append(contentsOf: bytes)
            return true
        }

        /// One header line. A status line starts a new response (after a redirect, or a 100
        /// Continue), so what came before is dropped.
        func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
            headerBytes += bytes.count
            guard headerBytes <= CurlTransfer.maxHeaderBytes else {
                problem = .badData("endless headers")
                return false
            }
            let line = String(decoding: bytes, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                headers = [:]
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                if !name.isEmpty { headers[name] = value }
            }
            return true
        }

        var shouldStop: Bool { run.stop.load(ordering: .relaxed) }

        /// The C callbacks, each finding this sink through `context`.
        static func callbacks(_ context: UnsafeMutableRawPointer) -> tminus_curl_callbacks {
            tminus_curl_callbacks(
                context: context,
                body: { context, bytes, count in
                    CurlTransfer.Sink.sink(context).take(UnsafeRawBufferPointer(start: bytes, count: count)) ? 0 : 1
                },
                header: { context, bytes, count in
                    CurlTransfer.Sink.sink(context).header(UnsafeRawBufferPointer(start: bytes, count: count)) ? 0 : 1
                },
                should_stop: { context in CurlTransfer.Sink.sink(context).shouldStop ? 1 : 0 })
        }

        static func sink(_ context: UnsafeMutableRawPointer?) -> Sink {
            Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
        }
    }
}
