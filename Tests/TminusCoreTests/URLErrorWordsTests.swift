import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import TminusCore

/// What URLSession's failures read like on screen.
@Suite struct URLErrorWordsTests {
    static func error(_ code: URLError.Code, _ text: String) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: text])
    }

    @Test(arguments: [
        (error(.timedOut, "The request timed out."), APIError.timedOut),
        (error(.cannotConnectToHost, "Could not connect"), .transport("connection refused")),
        (error(.cannotFindHost, "Could not resolve host"), .transport("host not found")),
        (error(.badServerResponse, "Empty reply from server"), .transport("the server closed the connection without answering")),
        (error(.unknown, "transfer closed with 3792 bytes remaining to read"), .badData("the response was cut short")),
        (error(.badServerResponse, "Weird"), .badData("unreadable response")),
    ])
    func urlErrorsBecomeWords(_ error: URLError, _ expected: APIError) {
        #expect(HTTPClient.describe(error) == expected)
    }
}
