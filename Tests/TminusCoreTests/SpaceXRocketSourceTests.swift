import Foundation
import Testing
import TminusCore

/// The rocket requests of `SpaceXAPI.launchSource`: `GET /v4/rockets` and a rocket's launches
/// through the launch query.
struct SpaceXRocketSourceTests {
    static let twoRockets = #"""
    [{"id": "r1", "name": "Falcon 1", "height": {"meters": 22.25, "feet": 73}, "active": false},
     {"id": "r2", "name": "Falcon 9", "mass": {"kg": 549054, "lb": 1207920},
      "payload_weights": [{"id": "gto", "kg": 8300}, {"id": "leo", "kg": 22800}]}]
    """#

    @Test(arguments: [
        ("https://api.spacexdata.com", "https://api.spacexdata.com/v4/rockets"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v4/rockets"),
        ("https://mirror.example.com/spacex", "https://mirror.example.com/spacex/v4/rockets"),
    ])
    func rocketsIsAGetOfV4Rockets(base: String, expected: String) async throws {
        let log = RequestLog()
        let source = SpaceXAPI.launchSource(baseURL: URL(string: base)!, http: .answering(body: Self.twoRockets, log: log))
        let rockets = try await source.rockets(.normal).value
        #expect(log.requests.count == 1)
        let request = try #require(log.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == expected)
        #expect(request.body == nil)
        #expect(rockets.map(\.id) == ["r1", "r2"])
        #expect(rockets[0].heightMeters == 22.25)
        #expect(rockets[1].massKg == 549_054)
        #expect(rockets[1].payloadToLEOKg == 22_800, "the leo entry, wherever it is in the array")
    }

    @Test func rocketLaunchesQueryFiltersByRocketNewestFirst() async throws {
        let log = RequestLog()
        let page = #"{"docs": [{"id": "a", "name": "Crew-5"}], "totalDocs": 45, "page": 2, "hasNextPage": true, "nextPage": 3}"#
        let source = SpaceXAPI.launchSource(baseURL: URL(string: "http://127.0.0.1:9999")!, http: .answering(body: page, log: log))
        let result = try await source.rocketLaunches("5e9d0d95eda69973a809d1ec", PageCursor(page: 2), .normal).value

        #expect(log.requests.count == 1)
        let request = try #require(log.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://127.0.0.1:9999/v5/launches/query")
        let body = try #require(request.body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let query = try #require(json["query"] as? [String: Any])
        let options = try #require(json["options"] as? [String: Any])
        #expect(query.count == 1, "only the rocket: upcoming and past together")
        #expect(query["rocket"] as? String == "5e9d0d95eda69973a809d1ec")
        #expect(options["sort"] as? [String: String] == ["date_utc": "desc", "flight_number": "desc"])
        #expect(options["page"] as? Int == 2)
        #expect(options["limit"] as? Int == 20)
        let populate = try #require(options["populate"] as? [String])
        #expect(Set(["rocket", "launchpad", "payloads", "cores.core", "cores.landpad"]) == Set(populate))
        #expect(result == LaunchPage(launches: [Launch(id: "a", name: "Crew-5", date: nil, upcoming: false)],
                                     page: 2, totalDocs: 45, next: PageCursor(page: 3)))
    }

    @Test func rocketLaunchQueryBytes() {
        let body = String(decoding: SpaceXAPI.rocketLaunchQuery(rocketID: "r9", page: 1), as: UTF8.self)
        #expect(body.contains(#""query":{"rocket":"r9"}"#))
        #expect(body.contains(#""sort":{"date_utc":"desc","flight_number":"desc"}"#))
        #expect(body.contains(#""limit":20"#))
        #expect(SpaceXAPI.rocketLaunchQuery(rocketID: "r9", page: 1) == SpaceXAPI.rocketLaunchQuery(rocketID: "r9", page: 1))
        #expect(SpaceXAPI.rocketLaunchQuery(rocketID: "r9", page: 1) != SpaceXAPI.rocketLaunchQuery(rocketID: "r8", page: 1))
    }

    @Test func anUnreadableRocketIsSkippedNotFatal() throws {
        let json = #"[{"id": "ok", "name": "Good"}, {"name": "no id"}, 42, {"id": "ok2", "name": "Also good"}]"#
        let rockets = try SpaceXAPI.decodeRockets(Data(json.utf8))
        #expect(rockets.map(\.id) == ["ok", "ok2"])
    }

    @Test func badRocketBodiesAndHTTPErrorsReachTheCaller() async {
        #expect(throws: APIError.badData("malformed or truncated JSON")) { try SpaceXAPI.decodeRockets(Data("[{\"id\": ".utf8)) }
        #expect(throws: APIError.badData("empty response")) { try SpaceXAPI.decodeRockets(Data()) }
        #expect(throws: APIError.badData("unexpected value at top level")) { try SpaceXAPI.decodeRockets(Data(#"{"docs": []}"#.utf8)) }

        let failing = SpaceXAPI.launchSource(baseURL: SpaceXAPI.defaultBaseURL, http: .answering(status: 503))
        let rockets = await apiFailure { () async throws(APIError) in try await failing.rockets(.normal).value }
        #expect(rockets == .http(status: 503, retryAfter: nil))
        let launches = await apiFailure { () async throws(APIError) in try await failing.rocketLaunches("r1", PageCursor(page: 1), .normal).value }
        #expect(launches == .http(status: 503, retryAfter: nil))
    }

    @Test func aSourceWithoutRocketsSaysSo() async {
        let plain = LaunchSource(name: "plain") { (_, _, _) throws(APIError) in Fetched(LaunchPage(launches: [], page: 1, next: nil)) }
        let rockets = await apiFailure { () async throws(APIError) in try await plain.rockets(.normal).value }
        #expect(rockets == .notAvailable("this source has no rockets"))
        let launches = await apiFailure { () async throws(APIError) in try await plain.rocketLaunches("r1", PageCursor(page: 1), .normal).value }
        #expect(launches == .notAvailable("this source has no rocket launches"))

        let offline = LaunchSource.failing(name: "offline", .notAvailable("offline"))
        #expect(await apiFailure { () async throws(APIError) in try await offline.rockets(.normal).value } == .notAvailable("offline"))
        #expect(await apiFailure { () async throws(APIError) in try await offline.launches(.past, PageCursor(page: 1), .normal).value } == .notAvailable("offline"))
        #expect(await apiFailure { () async throws(APIError) in try await offline.rocketLaunches("x", PageCursor(page: 1), .normal).value } == .notAvailable("offline"))
    }
}
