import Foundation
import Testing
import TminusCore

/// `SpaceXAPI.launchSource` against a fake `HTTPClient`: the request it sends and what it
/// makes of the answer.
struct SpaceXLaunchSourceTests {
    static let onePage = #"{"docs": [{"id": "a", "name": "Crew-5"}], "totalDocs": 41, "page": 3, "hasNextPage": true, "nextPage": 4}"#

    struct SentQuery {
        var query: [String: Any]
        var options: [String: Any]
    }

    func send(_ segment: LaunchSegment, page: Int, base: String = "https://api.spacexdata.com")
        async throws -> (HTTPClient.Request, SentQuery, LaunchPage) {
        let log = RequestLog()
        let source = SpaceXAPI.launchSource(baseURL: URL(string: base)!, http: .answering(body: Self.onePage, log: log))
        let result = try await source.launches(segment, PageCursor(page: page), .normal).value
        let request = try #require(log.requests.first)
        #expect(log.requests.count == 1)
        let body = try #require(request.body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let query = try #require(json["query"] as? [String: Any])
        let options = try #require(json["options"] as? [String: Any])
        return (request, SentQuery(query: query, options: options), result)
    }

    @Test func upcomingRequest() async throws {
        let (request, sent, page) = try await send(.upcoming, page: 3)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://api.spacexdata.com/v5/launches/query")
        #expect(sent.query.count == 1)
        #expect(sent.query["upcoming"] as? Bool == true)
        #expect(sent.options["sort"] as? [String: String] == ["date_utc": "asc", "flight_number": "asc"])
        #expect(sent.options["limit"] as? Int == 20)
        #expect(sent.options["page"] as? Int == 3)
        let populate = try #require(sent.options["populate"] as? [String])
        #expect(Set(["rocket", "launchpad", "payloads"]).isSubset(of: Set(populate)))
        #expect(page == LaunchPage(launches: [Launch(id: "a", name: "Crew-5", date: nil, upcoming: false)],
                                   page: 3, totalDocs: 41, next: PageCursor(page: 4)))
    }

    @Test func pastRequest() async throws {
        let (request, sent, _) = try await send(.past, page: 1)
        #expect(request.method == "POST")
        #expect(sent.query["upcoming"] as? Bool == false)
        #expect(sent.options["sort"] as? [String: String] == ["date_utc": "desc", "flight_number": "desc"])
        #expect(sent.options["limit"] as? Int == 20)
        #expect(sent.options["page"] as? Int == 1)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v5/launches/query"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v5/launches/query"),
        ("https://mirror.example.com/spacex", "https://mirror.example.com/spacex/v5/launches/query"),
        ("https://mirror.example.com/spacex/", "https://mirror.example.com/spacex/v5/launches/query"),
    ])
    func queryURLUnderAnyBase(base: String, expected: String) async throws {
        let (request, _, _) = try await send(.upcoming, page: 1, base: base)
        #expect(request.url.absoluteString == expected)
    }

    @Test func sortKeysAreSentInPriorityOrder() throws {
        // Mongo sorts by the object's key order: date first, flight number only breaks ties.
        let body = String(decoding: SpaceXAPI.launchQuery(segment: .past, page: 2), as: UTF8.self)
        #expect(body.contains(#""sort":{"date_utc":"desc","flight_number":"desc"}"#))
        #expect(SpaceXAPI.launchQuery(segment: .past, page: 2) == SpaceXAPI.launchQuery(segment: .past, page: 2))
        let limited = try #require(try JSONSerialization.jsonObject(with: SpaceXAPI.launchQuery(segment: .upcoming, page: 1, limit: 5)) as? [String: Any])
        #expect((limited["options"] as? [String: Any])?["limit"] as? Int == 5)
    }

    @Test func httpErrorsAndBadBodiesReachTheCaller() async {
        let failing = SpaceXAPI.launchSource(baseURL: SpaceXAPI.defaultBaseURL,
                                             http: .answering(status: 429, headers: ["Retry-After": "120"]))
        let rateLimited = await apiFailure { () async throws(APIError) in try await failing.launches(.upcoming, PageCursor(page: 1), .normal).value }
        #expect(rateLimited == .rateLimited(source: "r/SpaceX API", retryAfter: 120))

        let garbled = SpaceXAPI.launchSource(baseURL: SpaceXAPI.defaultBaseURL, http: .answering(body: "{\"docs\": ["))
        let bad = await apiFailure { () async throws(APIError) in try await garbled.launches(.past, PageCursor(page: 1), .normal).value }
        #expect(bad == .badData("malformed or truncated JSON"))
    }

    @Test func sourceName() {
        #expect(SpaceXAPI.launchSource(baseURL: SpaceXAPI.defaultBaseURL, http: .answering()).name == "r/SpaceX API")
        #expect(SpaceXAPI.defaultBaseURL.absoluteString == "https://api.spacexdata.com")
    }
}
