import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one door to the network, as a struct of closures: the live value uses URLSession,
/// tests pass a closure that answers from memory.
public struct HTTPClient: Sendable {
    public struct Request: Sendable, Hashable {
        public var method: String
        public var url: URL
        public var body: Data?
        public init(method: String = "GET", url: URL, body: Data? = nil) {
            self.method = method; self.url = url; self.body = body
        }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public init(status: Int, headers: [String: String] = [:], body: Data) {
            self.status = status; self.headers = headers; self.body = body
        }
    }

    public var send: @Sendable (Request) async throws(APIError) -> Response

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
    /// URLSession with a bounded timeout: a server that never answers becomes `.timedOut`,
    /// never a UI that waits forever. No cookies, no URL cache (caching is ours to decide).
    public static func live(timeout: TimeInterval = 15, userAgent: String, accept: String = "application/json") -> HTTPClient {
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout * 2
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.httpAdditionalHeaders = ["User-Agent": userAgent, "Accept": accept]
        let session = URLSession(configuration: config)
        return HTTPClient { (request: Request) async throws(APIError) -> Response in
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            if let body = request.body {
                urlRequest.httpBody = body
                urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            do {
                let (data, response) = try await session.data(for: urlRequest)
                guard let http = response as? HTTPURLResponse else {
                    throw APIError.transport("not an HTTP response")
                }
                var headers: [String: String] = [:]
                for (k, v) in http.allHeaderFields {
                    if let k = k as? String, let v = v as? String { headers[k] = v }
                }
                return Response(status: http.statusCode, headers: headers, body: data)
            } catch let error as APIError {
                throw error
            } catch let error as URLError {
                throw Self.describe(error)
            } catch {
                throw .transport(error.localizedDescription)
            }
        }
    }

    static func describe(_ error: URLError) -> APIError {
        switch error.code {
        case .timedOut: return .timedOut
        case .notConnectedToInternet, .networkConnectionLost: return .transport("no connection")
        case .cannotConnectToHost: return .transport("connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .transport("host not found")
        case .cancelled: return .transport("cancelled")
        case .badServerResponse where error.localizedDescription.contains("Empty reply"):
            return .transport("the server closed the connection without answering")
        case .badServerResponse, .cannotParseResponse: return .badData("unreadable response")
        // libcurl's CURLE_PARTIAL_FILE reaches us as an unknown error with this text.
        case _ where error.localizedDescription.contains("transfer closed with"):
            return .badData("the response was cut short")
        default: return .transport(error.localizedDescription)
        }
    }

    /// A client that refuses every request: what `--offline` uses until the cache exists.
    public static func offline(_ why: String) -> HTTPClient {
        HTTPClient { (_: Request) async throws(APIError) -> Response in throw .offline(why) }
    }
}
