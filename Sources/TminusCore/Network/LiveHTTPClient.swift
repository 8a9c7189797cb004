import Foundation

extension HTTPClient {
    /// The network, through libcurl (`CurlTransfer`), with every answer bounded:
    ///
    /// - `timeout` (`--timeout`) is how long the server may keep quiet: to connect, and with
    ///   under a byte a second arriving. A server that never answers becomes `.timedOut`.
    /// - `totalDeadline(for:)` bounds the whole request however the bytes trickle in: a server
    ///   sending a byte every half second is never quiet, yet still `.timedOut`.
    /// - The body may not pass its kind's cap (`Request.Kind.maxBodyBytes`), counted after
    ///   decompression, so neither an endless body nor a gzip bomb can fill the memory: the
    ///   transfer stops there with `.tooLarge`, and a Content-Length over it is refused before
    ///   any body comes.
    ///
    /// No cookies, no URL cache (caching is ours to decide), gzip and friends accepted.
    /// `extraHeaders` ("Name: value" lines) go on every request: Launch Library 2's
    /// `Authorization: Token …`. They are never logged (only URLs are).
    public static func live(timeout: TimeInterval = 15, userAgent: String, accept: String = "application/json",
                            extraHeaders: [String] = []) -> HTTPClient {
        let headers = ["User-Agent: \(userAgent)", "Accept: \(accept)"] + extraHeaders
        return HTTPClient { (request: Request) async throws(APIError) -> Response in
            let limits = CurlTransfer.Limits(idle: timeout, total: totalDeadline(for: timeout),
                                             maxBodyBytes: request.kind.maxBodyBytes)
            let lines = request.body == nil ? headers : headers + ["Content-Type: application/json"]
            return try await CurlTransfer.send(request, headers: lines, limits: limits)
        }
    }

    /// How long a whole request may take: twice the idle timeout (30 s by default), at most a
    /// minute more than it. Room for an 8 MB picture on a slow line, none for a server that
    /// drips bytes to hold the request open.
    public static func totalDeadline(for timeout: TimeInterval) -> TimeInterval {
        min(timeout * 2, timeout + 60)
    }
}
