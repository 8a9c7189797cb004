import Foundation

/// The one door to the network, as a struct of closures: the live value runs libcurl
/// (`CurlTransfer`), tests pass a closure that answers from memory.
public struct HTTPClient: Sendable {
    public struct Request: Sendable, Hashable {
        /// What is asked for, which bounds how big its answer may be.
        public enum Kind: Sendable, Hashable {
            /// A page of a list, or a whole catalogue (the r/SpaceX rockets). The largest thing
            /// the app asks for is Launch Library 2's upcoming page: 100 launches in the detailed
            /// mode, about 26 KB each in the recorded answers, so 2.6 MB; the r/SpaceX API's
            /// complete launch history is 550 KB.
            case apiList
            /// One record (a Launch Library 2 launch in full is tens of kilobytes).
            case apiDetail
            /// A launch's or rocket's picture: a few hundred kilobytes, a few megabytes at most.
            case picture

            /// The most bytes an answer may have, after decompression: well past anything real,
            /// far short of what a runaway server would send.
            public var maxBodyBytes: Int {
                switch self {
                case .apiList: 8 * 1024 * 1024
                case .apiDetail: 1024 * 1024
                case .picture: 8 * 1024 * 1024
                }
            }
        }

        public var method: String
        public var url: URL
        public var body: Data?
        public var kind: Kind
        public init(method: String = "GET", url: URL, body: Data? = nil, kind: Kind) {
            self.method = method; self.url = url; self.body = body; self.kind = kind
        }

        /// What makes two requests the same request: the method and URL, and for a request
        /// with a body (the r/SpaceX API's POST queries) the body too. A body is written as its
        /// text when it is UTF-8 (JSON always is), else as `0x` and hex. The disk cache stores
        /// answers under it; the governor joins identical requests in flight by it.
        public var key: String {
            var key = method + " " + url.absoluteString
            if let body {
                key += "\n"
                if let text = String(data: body, encoding: .utf8) {
                    key += text
                } else {
                    key += "0x" + body.map { String(format: "%02x", $0) }.joined()
                }
            }
            return key
        }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// The redirects followed before this answer: each was a request the server counted
        /// (the governor charges them to the budget).
        public var redirects = 0
        public init(status: Int, headers: [String: String] = [:], body: Data) {
            self.status = status; self.headers = headers; self.body = body
        }
    }

    public var send: @Sendable (Request) async throws(APIError) -> Response

    /// The most redirects a request follows (`TMINUS_CURL_MAX_REDIRECTS`); past them it fails
    /// with `APIError.tooManyRedirects`, all of them sent.
    public static let maxRedirects = 3

    public init(send: @escaping @Sendable (Request) async throws(APIError) -> Response) {
        self.send = send
    }

    /// GETs or POSTs and returns the body of a 2xx response; anything else is an `APIError`.
    public func data(_ request: Request) async throws(APIError) -> Data {
        let response = try await send(request)
        guard (200..<300).contains(response.status) else {
            let retry = response.headers.first { $0.key.lowercased() == "retry-after" }
                // delay-seconds is a non-negative integer (RFC 9110); "inf" or "1e300" parsed as a Double
                // would trap later when turned into minutes.
                .flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
                .flatMap { $0 >= 0 ? TimeInterval($0) : nil }
            throw .http(status: response.status, retryAfter: retry)
        }
        return response.body
    }
}

extension HTTPClient {
    /// A client that refuses every request: what `--offline` uses until the cache exists.
    public static func offline(_ why: String) -> HTTPClient {
        HTTPClient { (_: Request) async throws(APIError) -> Response in throw .offline(why) }
    }
}
