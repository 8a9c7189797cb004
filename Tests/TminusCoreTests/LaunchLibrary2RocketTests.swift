import Foundation
import Testing
@testable import TminusCore
import TminusTestSupport

/// Launch Library 2's launcher configurations as rockets: the recorded objects (2.0.0's New
/// Shepard, 2.2.0's detailed SpaceX configurations), 2.3.0's image objects, and what the
/// source asks for.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchLibrary2RocketTests {
    /// The five detailed configurations (copied out of detailed launches) as one list page.
    static func configurationPage() throws -> Data {
        let records = try JSONSerialization.jsonObject(with: Fixtures.data("ll2/2.2.0/launcher-configurations-5-from-launches.json"))
        return try JSONSerialization.data(withJSONObject: ["count": 5, "next": NSNull(), "previous": NSNull(), "results": records])
    }

    @Test func theDetailedConfigurationsBecomeRocketsWithEveryFigure() throws {
        let (rockets, more) = try LaunchLibrary2.decodeRockets(Self.configurationPage())
        #expect(!more)
        #expect(rockets.map(\.name) == ["Falcon Heavy", "Falcon 9 Block 5", "Starship", "Starship V3", "Starship V2"])
        let heavy = try #require(rockets.first)
        #expect(heavy.id == "ll2-config-161" && heavy.origin == .launchLibrary2)
        #expect(heavy.provider == "SpaceX" && heavy.country == "USA" && heavy.active == true && heavy.reusable == true)
        #expect(heavy.heightMeters == 70 && heavy.diameterMeters == 12.2)
        #expect(heavy.massKg == 1_400_000, "LL2's launch mass is in tonnes")
        #expect(heavy.payloadToLEOKg == 63_800 && heavy.payloadToGTOKg == 26_700)
        #expect(heavy.thrustKN == 22_819 && heavy.stages == 3)
        #expect(heavy.costPerLaunch == 90_000_000, "launch_cost is text in LL2")
        #expect(heavy.firstFlight == "2018-02-06")
        #expect(heavy.launchRecord == .init(total: 12, successful: 12, failed: 0, pending: 14))
        #expect(heavy.landingRecord == .init(attempted: 23, successful: 21, failed: 2))
        #expect(heavy.successRatePct == 100)
        #expect(heavy.flickrImages.first?.absoluteString.hasSuffix("falcon_heavy_image_20220129192819.jpeg") == true)
        #expect(heavy.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/Falcon_Heavy")
        #expect(heavy.infoURL?.absoluteString == "https://www.spacex.com/vehicles/falcon-heavy/index.html")
    }

    @Test func aNonSpaceXRocketOf2_0_0() throws {
        let shepard = try #require(try LaunchLibrary2.decodeRocket(Fixtures.data("ll2/2.0.0/config-launcher-137.json")))
        #expect(shepard.name == "New Shepard" && shepard.provider == "Blue Origin" && shepard.id == "ll2-config-137")
        #expect(shepard.heightMeters == 15 && shepard.diameterMeters == 3.7 && shepard.massKg == 75_000)
        #expect(shepard.payloadToLEOKg == nil && shepard.payloadToGTOKg == nil, "0 is LL2's 'none known': no figure, not 0 kg")
        #expect(shepard.thrustKN == 490 && shepard.stages == 1 && shepard.active == nil)
        #expect(shepard.launchRecord?.total == 12 && shepard.landingRecord == nil)
    }

    /// 2.3.0 turned `image_url` into an `image` object; a rocket without id or name is left out,
    /// not the page; nulls and wrong types are `-`.
    @Test func imageObjectsNullsAndUnreadableRecords() throws {
        let page = """
            {"count": 4, "next": "https://ll.thespacedevs.com/2.3.0/launcher_configurations/?offset=100", "results": [
              {"id": 26, "name": "Electron", "full_name": "Electron", "active": true,
               "manufacturer": {"name": "Rocket Lab", "country_code": null},
               "image": {"image_url": "https://example.com/electron.jpg", "thumbnail_url": "https://example.com/t.jpg"},
               "length": null, "diameter": "wide", "launch_mass": 13, "leo_capacity": 300, "launch_cost": null,
               "total_launch_count": 0, "successful_launches": 0},
              {"name": "No id"},
              {"id": 7},
              "not an object"
            ]}
            """
        let (rockets, more) = try LaunchLibrary2.decodeRockets(Data(page.utf8))
        #expect(more)
        #expect(rockets.count == 1)
        let electron = try #require(rockets.first)
        #expect(electron.flickrImages.map(\.absoluteString) == ["https://example.com/electron.jpg"])
        #expect(electron.heightMeters == nil && electron.diameterMeters == nil && electron.costPerLaunch == nil)
        #expect(electron.successRatePct == nil, "no launch yet: no rate")
        // A list page without results is bad data, not an empty catalogue.
        #expect(throws: APIError.self) { try LaunchLibrary2.decodeRockets(Data(#"{"count": 0, "results": null}"#.utf8)) }
        #expect(throws: APIError.self) { try LaunchLibrary2.decodeRockets(Data(#"{"count": 0, "res"#.utf8)) }
    }

    @Test func theCatalogueURLsOnEachVersion() {
        let v230 = URL(string: "https://ll.thespacedevs.com/2.3.0")!, v220 = URL(string: "https://ll.thespacedevs.com/2.2.0/")!
        #expect(LaunchLibrary2.rocketsURL(base: v230, active: true).absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launcher_configurations/?active=true&limit=100&mode=detailed&offset=0")
        #expect(LaunchLibrary2.rocketsURL(base: v220, active: false, offset: 100).absoluteString
            == "https://ll.thespacedevs.com/2.2.0/config/launcher/?active=false&limit=100&mode=detailed&offset=100")
        #expect(LaunchLibrary2.rocketLaunchesURL(base: v230, configurationID: "164").absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/?limit=20&offset=0&ordering=-net&rocket__configuration__id=164")
        #expect(LaunchLibrary2.configurationID(ofRocket: "ll2-config-164") == "164")
        #expect(LaunchLibrary2.configurationID(ofRocket: "5e9d0d95eda69973a809d1ec") == nil)
    }

    /// A stored favorite keeps every Launch Library 2 figure (the snapshot is the rocket's JSON).
    @Test func anLL2RocketSurvivesItsStoredCopy() throws {
        let (rockets, _) = try LaunchLibrary2.decodeRockets(Self.configurationPage())
        for rocket in rockets {
            let again = try JSONDecoder().decode(Rocket.self, from: JSONEncoder().encode(rocket))
            #expect(again == rocket)
        }
    }

    /// The catalogue costs one request per hundred rockets, each cached for days; the active
    /// ones are the first answer, the retired ones pages after it.
    @Test func theCatalogueIsAskedOncePerHundredAndKeptForDays() async throws {
        let answers = try ["active=true": Self.configurationPage(),
                           "active=false": Data(#"{"count": 1, "next": null, "results": [{"id": 1, "name": "Saturn V", "active": false}]}"#.utf8)]
        let asked = RequestLog()
        let http = HTTPClient { (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            asked.append(request)
            let body = answers.first { request.url.query?.contains($0.key) == true }?.value ?? Data()
            return HTTPClient.Response(status: 200, headers: [:], body: body)
        }
        let directory = FileManager.default.temporaryDirectory.appending(path: "tminus-ll2-rockets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        let source = LaunchLibrary2.launchSource(
            baseURL: URL(string: "http://127.0.0.1:9/2.3.0")!,
            fetcher: CachedFetcher(http: http, cache: DiskCache(directory: directory), sourceName: LaunchLibrary2.name, now: { clock.clock.now() }))
        #expect(try await source.rockets(.normal).value.count == 5)
        let more = try #require(source.moreRockets)
        let retired = try await more(1, .normal).value
        #expect(retired.rockets.map(\.name) == ["Saturn V"] && !retired.more)
        #expect(asked.requests.count == 2)
        clock.advance(by: 6 * 24 * 3600)
        _ = try await source.rockets(.normal)
        _ = try await more(1, .normal)
        #expect(asked.requests.count == 2, "six days later: still from the cache (a week, issue 36)")
        clock.advance(by: 2 * 24 * 3600)
        _ = try await source.rockets(.normal)
        #expect(asked.requests.count == 3, "eight days later: asked again")
    }
}
