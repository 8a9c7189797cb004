import Foundation
import Testing
import TminusCore

/// The outcome, rocket and webcast filters as the r/SpaceX API is asked for them, and as
/// every answer is checked again locally.
struct ListFilterQueryTests {
    func query(_ data: Data) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["query"] as? [String: Any])
    }

    let falcon1 = ListQuery.RocketChoice(id: "5e9d0d95eda69955f709d1eb", name: "Falcon 1")

    @Test func outcomeIsTheSuccessField() throws {
        let success = try query(SpaceXAPI.launchQuery(segment: .past, page: 1, query: ListQuery(outcome: .success)))
        #expect(success["success"] as? Bool == true)
        let failure = try query(SpaceXAPI.launchQuery(segment: .past, page: 1, query: ListQuery(outcome: .failure)))
        #expect(failure["success"] as? Bool == false)
        #expect(failure["upcoming"] as? Bool == false)
    }

    @Test func rocketAndWebcast() throws {
        let sent = try query(SpaceXAPI.launchQuery(segment: .past, page: 1, query: ListQuery(rocket: falcon1, hasWebcast: true)))
        #expect(sent["rocket"] as? String == falcon1.id)
        let webcast = try #require(sent["links.webcast"] as? [String: Any])
        #expect(webcast.keys.sorted() == ["$ne"])
        #expect(webcast["$ne"] is NSNull)
    }

    @Test func everythingCombinedIsOneStableBody() throws {
        let all = ListQuery(text: "crew", reversed: true, outcome: .failure, rocket: falcon1, hasWebcast: true)
        let body = SpaceXAPI.launchQuery(segment: .past, page: 1, query: all)
        let text = try #require(String(data: body, encoding: .utf8))
        #expect(text.contains(#""links.webcast":{"$ne":null}"#))
        #expect(text.contains(#""success":false"#))
        #expect(try query(body).keys.sorted() == ["links.webcast", "name", "rocket", "success", "upcoming"])
        #expect(body == SpaceXAPI.launchQuery(segment: .past, page: 1, query: all), "same query, same bytes (same cache entry)")
    }

    @Test func noFiltersSendsNoneOfTheFields() throws {
        let sent = try query(SpaceXAPI.launchQuery(segment: .past, page: 1, query: ListQuery(reversed: true)))
        #expect(sent.keys.sorted() == ["upcoming"])
    }

    @Test func outcomeCycles() {
        #expect(ListQuery.Outcome.any.next == .success)
        #expect(ListQuery.Outcome.success.next == .failure)
        #expect(ListQuery.Outcome.failure.next == .any)
    }

    @Test func localMatching() {
        var launch = Launch(id: "x", name: "Crew Demo", date: nil, upcoming: false, success: false,
                            rocket: .id(falcon1.id))
        #expect(ListQuery(outcome: .failure, rocket: falcon1).matches(launch))
        #expect(!ListQuery(outcome: .success).matches(launch))
        #expect(!ListQuery(hasWebcast: true).matches(launch))
        launch.links.webcast = URL(string: "https://youtu.be/x")
        #expect(ListQuery(text: "crew", outcome: .failure, rocket: falcon1, hasWebcast: true).matches(launch))
        #expect(!ListQuery(rocket: .init(id: "other", name: "Falcon 9")).matches(launch))
        launch.success = nil
        #expect(!ListQuery(outcome: .failure).matches(launch), "no outcome yet is neither")
        #expect(ListQuery(text: "crew").narrows && ListQuery(hasWebcast: true).narrows && !ListQuery(reversed: true).narrows)
    }

    @Test func launchLibrary2FiltersByRocketOnTheServerAndAsksDetailedRowsForWebcasts() {
        let base = URL(string: "https://ll.thespacedevs.com/2.3.0")!
        let rocket = ListQuery(rocket: .init(id: "ll2-config-164", name: "Falcon 9 Block 5"))
        #expect(LaunchLibrary2.listURL(base: base, segment: .upcoming, query: rocket).absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/upcoming/?limit=100&offset=0&rocket__configuration__id=164&mode=detailed")
        #expect(LaunchLibrary2.listURL(base: base, segment: .past, query: ListQuery(hasWebcast: true)).absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/previous/?limit=20&offset=0&mode=detailed")
        // Another source's rocket id is not a configuration: no filter the server would misread.
        let foreign = ListQuery(rocket: .init(id: "5e9d0d95eda69973a809d1ec", name: "Falcon 9"))
        #expect(!LaunchLibrary2.listURL(base: base, segment: .upcoming, query: foreign).absoluteString.contains("rocket__"))
        let source = LaunchLibrary2.launchSource(baseURL: base,
                                                 fetcher: CachedFetcher(http: .answering(body: "{}", log: RequestLog()), cache: nil,
                                                                        sourceName: LaunchLibrary2.name, now: { Date() }))
        #expect(source.rocketFilterChoices == .rowsAtHand && source.moreRockets != nil)
        let spaceX = SpaceXAPI.launchSource(baseURL: URL(string: "https://api.spacexdata.com")!, http: .answering(body: "{}", log: RequestLog()))
        #expect(spaceX.rocketFilterChoices == .catalogue && spaceX.moreRockets == nil)
    }

    @Test func aLiveWebcastCountsAsAWebcast() {
        var launch = Launch(origin: .launchLibrary2, id: "x", name: "x", date: nil, upcoming: true, success: nil)
        #expect(!ListQuery(hasWebcast: true).matches(launch))
        launch.webcastLive = true
        #expect(ListQuery(hasWebcast: true).matches(launch))
    }
}
