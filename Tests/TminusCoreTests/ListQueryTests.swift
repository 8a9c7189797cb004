import Foundation
import Testing
import TminusCore

/// The `/` filter and `s` order as each source asks for them.
struct ListQueryTests {
    func body(_ data: Data) throws -> (query: [String: Any], options: [String: Any]) {
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try #require(json["query"] as? [String: Any]), try #require(json["options"] as? [String: Any]))
    }

    @Test func spaceXFilterIsACaseInsensitiveRegexOfTheEscapedText() throws {
        let sent = try body(SpaceXAPI.launchQuery(segment: .past, page: 2, query: ListQuery(text: "crew")))
        #expect(sent.query["upcoming"] as? Bool == false)
        let name = try #require(sent.query["name"] as? [String: String])
        #expect(name == ["$regex": "crew", "$options": "i"])
        #expect(sent.options["sort"] as? [String: String] == ["date_utc": "desc", "flight_number": "desc"])
        #expect(sent.options["page"] as? Int == 2)

        let special = try body(SpaceXAPI.launchQuery(segment: .upcoming, page: 1, query: ListQuery(text: "CRS-2 (v1.1)* $x")))
        #expect((special.query["name"] as? [String: String])?["$regex"] == #"CRS\-2 \(v1\.1\)\* \$x"#)
    }

    @Test func spaceXWithoutFilterSendsNoNameAndTheUsualOrder() throws {
        let sent = try body(SpaceXAPI.launchQuery(segment: .upcoming, page: 1))
        #expect(sent.query.keys.sorted() == ["upcoming"])
        #expect(sent.options["sort"] as? [String: String] == ["date_utc": "asc", "flight_number": "asc"])
        #expect(SpaceXAPI.launchQuery(segment: .upcoming, page: 1) == SpaceXAPI.launchQuery(segment: .upcoming, page: 1, query: .default),
                "the unfiltered request is the same bytes as before (same cache entry)")
    }

    @Test func spaceXReversedOrder() throws {
        let upcoming = try body(SpaceXAPI.launchQuery(segment: .upcoming, page: 1, query: ListQuery(reversed: true)))
        #expect(upcoming.options["sort"] as? [String: String] == ["date_utc": "desc", "flight_number": "desc"])
        let past = try body(SpaceXAPI.launchQuery(segment: .past, page: 1, query: ListQuery(reversed: true)))
        #expect(past.options["sort"] as? [String: String] == ["date_utc": "asc", "flight_number": "asc"])
        let rocket = try body(SpaceXAPI.rocketLaunchQuery(rocketID: "r1", page: 1, query: ListQuery(text: "starlink", reversed: true)))
        #expect(rocket.query["rocket"] as? String == "r1")
        #expect((rocket.query["name"] as? [String: String])?["$regex"] == "starlink")
        #expect(rocket.options["sort"] as? [String: String] == ["date_utc": "asc", "flight_number": "asc"])
    }

    @Test func spaceXSourceSendsTheCursorsQuery() async throws {
        let log = RequestLog()
        let body = #"{"docs": [], "totalDocs": 0, "page": 1, "hasNextPage": false}"#
        let source = SpaceXAPI.launchSource(baseURL: URL(string: "https://api.spacexdata.com")!, http: .answering(body: body, log: log))
        _ = try await source.launches(.past, PageCursor(page: 1, query: ListQuery(text: "crew", reversed: true)), .normal)
        let sent = try self.body(try #require(log.requests.first?.body))
        #expect((sent.query["name"] as? [String: String])?["$regex"] == "crew")
        #expect(sent.options["sort"] as? [String: String] == ["date_utc": "asc", "flight_number": "asc"])
    }

    @Test func launchLibrary2SearchAndOrdering() throws {
        let base = URL(string: "https://ll.thespacedevs.com/2.2.0")!
        #expect(LaunchLibrary2.listURL(base: base, segment: .upcoming, query: ListQuery(text: "crew"))
                == URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=100&offset=0&search=crew&mode=detailed"))
        #expect(LaunchLibrary2.listURL(base: base, segment: .upcoming, query: ListQuery(reversed: true))
                == URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=100&offset=0&ordering=-net&mode=detailed"))
        #expect(LaunchLibrary2.listURL(base: base, segment: .past, query: ListQuery(text: "Démo & co", reversed: true))
                == URL(string: "https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=0&search=D%C3%A9mo%20%26%20co&ordering=net&mode=detailed"))
        // A cursor whose `next` is foreign is computed again, with its query.
        let foreign = PageCursor(page: 3, url: URL(string: "https://elsewhere.test/launch/upcoming/?limit=20&offset=40&search=x"),
                                 query: ListQuery(text: "crew"))
        #expect(LaunchLibrary2.url(for: foreign, base: base, segment: .upcoming)
                == URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=40&search=crew&mode=detailed"))
        #expect(LaunchLibrary2.url(for: PageCursor(page: 1, query: ListQuery(text: "crew")), base: base, segment: .past)
                == URL(string: "https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=0&search=crew&mode=detailed"))
    }

    @Test func localMatchFoldsCaseAndAccents() {
        let query = ListQuery(text: "demo")
        #expect(query.matches("Démo Crew"))
        #expect(query.matches("DEMO-2"))
        #expect(!query.matches("Starlink"))
        #expect(ListQuery.default.matches("anything"))
    }
}
