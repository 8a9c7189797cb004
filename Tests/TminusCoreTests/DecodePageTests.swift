import Foundation
import Testing
import TminusCore

/// `SpaceXAPI.decodePage` on hand-written envelopes and broken bodies.
struct DecodePageTests {
    /// The `APIError` a throwing call ends with, or nil when it returned.
    func failure(_ body: () throws(APIError) -> LaunchPage) -> APIError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func launchWithoutIDIsSkippedRestSurvives() throws {
        let page = try SpaceXAPI.decodePage(LocalFixture.data("page-with-missing-id"))
        #expect(page.launches.map(\.id) == ["5eb87cd9ffd86e000604b32a", "5eb87cdaffd86e000604b32b"])
        #expect(page.launches.map(\.name) == ["FalconSat", "DemoSat"])
        // The wrong-typed fields of the third record are nil, the record itself kept.
        #expect(page.launches[1].flightNumber == nil)
        #expect(page.launches[1].success == nil)
        #expect(page.launches[1].upcoming == false)
        #expect(page.page == 1)
        #expect(page.next?.page == 2)
        #expect(page.totalDocs == 205)
    }

    @Test func lastPageHasNoNextPage() throws {
        let json = #"{"docs": [{"id": "a"}], "totalDocs": 21, "page": 2, "hasNextPage": false, "nextPage": 3}"#
        let page = try SpaceXAPI.decodePage(Data(json.utf8))
        #expect(page.next == nil)
        #expect(page.page == 2)
        #expect(page.launches.count == 1)

        let nullNext = #"{"docs": [], "totalDocs": 21, "page": 3, "hasNextPage": false, "nextPage": null}"#
        let empty = try SpaceXAPI.decodePage(Data(nullNext.utf8))
        #expect(empty.next == nil)
        #expect(empty.launches.isEmpty)
    }

    @Test func minimalEnvelope() throws {
        // No page: page 1. No hasNextPage: trust nextPage.
        let page = try SpaceXAPI.decodePage(Data(#"{"docs": [], "nextPage": 4}"#.utf8))
        #expect(page == LaunchPage(launches: [], page: 1, totalDocs: nil, next: PageCursor(page: 4)))
    }

    @Test(arguments: [
        ("{\"docs\": [{\"id\": \"a\"}", "malformed or truncated JSON"),
        ("{\"docs\": [{\"id\": \"a\"}], \"page\": 1,", "malformed or truncated JSON"),
        ("<html><body>502 Bad Gateway</body></html>", "malformed or truncated JSON"),
        ("", "empty response"),
        ("{\"page\": 1}", "missing field docs"),
        ("{\"docs\": {\"id\": \"a\"}}", "unexpected value at docs"),
        ("[{\"id\": \"a\"}]", "unexpected value at top level"),
        ("{\"docs\": [], \"page\": \"one\"}", "unexpected value at page"),
    ])
    func badBodiesAreBadData(body: String, reason: String) {
        let error = failure { () throws(APIError) in try SpaceXAPI.decodePage(Data(body.utf8)) }
        #expect(error == .badData(reason))
        #expect(error?.message == "bad data from the server: \(reason)")
    }

    @Test func truncatedRealisticBody() throws {
        let full = try LocalFixture.data("page-with-missing-id")
        let error = failure { () throws(APIError) in try SpaceXAPI.decodePage(full.prefix(full.count / 2)) }
        #expect(error == .badData("malformed or truncated JSON"))
    }

    /// An answer under the body cap that would take hundreds of MB to decode (100,000 minimal
    /// launches in 6 MB) is refused before decoding, in words; one nested 100,000 deep is said
    /// to be too deep, not malformed. Braces and quotes inside strings are not counted.
    @Test func anAnswerOfTooManyRecordsOrTooDeepIsNotRead() throws {
        let many = #"{"count": 100000, "next": null, "results": ["# + Array(repeating: #"{"id":"x"}"#, count: 100_000).joined(separator: ",") + "]}"
        #expect(Data(many.utf8).count < 8 << 20, "under the body cap")
        let error = failure { () throws(APIError) in try LaunchLibrary2.decodeList(Data(many.utf8), page: 1) }
        #expect(error == .badData("the answer holds more than 20,000 records, more than any page has: not read"))

        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let tooDeep = failure { () throws(APIError) in try SpaceXAPI.decodePage(Data(deep.utf8)) }
        #expect(tooDeep == .badData("the answer is nested more than 512 levels deep, deeper than any API answers: not read"))

        // Within a string, braces and brackets are text.
        let name = String(repeating: "{[", count: 30_000) + #"\"quoted\""#
        let text = #"{"docs": [{"id": "a", "name": ""# + name + #""}], "totalDocs": 1, "page": 1, "hasNextPage": false}"#
        #expect(try SpaceXAPI.decodePage(Data(text.utf8)).launches.map(\.id) == ["a"])
    }
}
