import Foundation
import Testing
import TminusCore

/// `HTTPClient.data`: 2xx gives the body, anything else an `APIError` with a message in words.
struct HTTPClientTests {
    let request = HTTPClient.Request(url: URL(string: "https://api.example.com/v5/launches")!, kind: .apiList)

    @Test(arguments: [200, 201, 204, 299])
    func successReturnsBody(status: Int) async throws {
        let client = HTTPClient.answering(status: status, body: #"{"ok":true}"#)
        let body = try await client.data(request)
        #expect(String(decoding: body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test(arguments: [
        (404, [String: String](), APIError.http(status: 404, retryAfter: nil), "not found (HTTP 404)"),
        (500, [:], .http(status: 500, retryAfter: nil), "server error (HTTP 500)"),
        (503, ["Retry-After": "30"], .http(status: 503, retryAfter: 30), "server error (HTTP 503)"),
        (429, [:], .http(status: 429, retryAfter: nil), "rate limited (HTTP 429)"),
        (429, ["Retry-After": "120"], .http(status: 429, retryAfter: 120), "rate limited (HTTP 429), retry in 2 min"),
        (429, ["retry-after": " 120 "], .http(status: 429, retryAfter: 120), "rate limited (HTTP 429), retry in 2 min"),
        (429, ["Retry-After": "30"], .http(status: 429, retryAfter: 30), "rate limited (HTTP 429), retry in 1 min"),
        (429, ["Retry-After": "121"], .http(status: 429, retryAfter: 121), "rate limited (HTTP 429), retry in 3 min"),
        // An HTTP-date Retry-After is not understood: no made-up delay.
        (429, ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], .http(status: 429, retryAfter: nil), "rate limited (HTTP 429)"),
        (400, [:], .http(status: 400, retryAfter: nil), "request refused (HTTP 400)"),
        (304, [:], .http(status: 304, retryAfter: nil), "request refused (HTTP 304)"),
    ])
    func errorStatuses(status: Int, headers: [String: String], expected: APIError, message: String) async {
        let client = HTTPClient.answering(status: status, headers: headers, body: "error page")
        let error = await apiFailure { () async throws(APIError) in try await client.data(request) }
        #expect(error == expected)
        #expect(error?.message == message)
        #expect(error?.description == message)
    }

    /// Retry-After is delay-seconds, a non-negative integer: anything else is ignored, and
    /// nothing a server sends there may trap when turned into minutes.
    @Test(arguments: ["inf", "nan", "1e300", "1e400", "-5", "1.5", "99999999999999999999", "", "soon"])
    func unusableRetryAfterIsIgnored(value: String) async {
        let client = HTTPClient.answering(status: 429, headers: ["Retry-After": value])
        let error = await apiFailure { () async throws(APIError) in try await client.data(request) }
        #expect(error == .http(status: 429, retryAfter: nil))
        #expect(error?.message == "rate limited (HTTP 429)")
    }

    @Test func transportErrorsPassThrough() async {
        let client = HTTPClient { (_: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            throw .timedOut
        }
        let error = await apiFailure { () async throws(APIError) in try await client.data(request) }
        #expect(error == .timedOut)
        #expect(error?.message == "the request timed out")
    }

    @Test func offlineClientRefusesWithItsReason() async {
        let client = HTTPClient.offline("offline mode: no cached data yet")
        let error = await apiFailure { () async throws(APIError) in try await client.data(request) }
        #expect(error == .offline("offline mode: no cached data yet"))
        #expect(error?.message == "offline mode: no cached data yet")
    }

    @Test func otherMessages() {
        #expect(APIError.transport("host not found").message == "network error: host not found")
        #expect(APIError.badData("empty response").message == "bad data from the server: empty response")
        #expect(APIError.notAvailable("LL2 is not wired yet").message == "LL2 is not wired yet")
    }
}
