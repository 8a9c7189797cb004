import Foundation
import TminusCore

/// Records the requests a fake `HTTPClient` received.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [HTTPClient.Request] = []

    var requests: [HTTPClient.Request] {
        lock.lock(); defer { lock.unlock() }
        return items
    }

    func append(_ request: HTTPClient.Request) {
        lock.lock(); defer { lock.unlock() }
        items.append(request)
    }
}

extension HTTPClient {
    /// Answers every request with the same response, logging the requests.
    static func answering(status: Int = 200, headers: [String: String] = [:], body: String = "",
                          log: RequestLog = RequestLog()) -> HTTPClient {
        HTTPClient { (request: Request) async throws(APIError) -> Response in
            log.append(request)
            return Response(status: status, headers: headers, body: Data(body.utf8))
        }
    }
}

/// The `APIError` an async throwing call ends with, or nil when it returned.
func apiFailure<T>(_ body: () async throws(APIError) -> T) async -> APIError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
