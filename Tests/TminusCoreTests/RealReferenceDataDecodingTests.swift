import Foundation
import Testing
import TminusCore

/// `spacex/v4/rockets.json`, `launchpads.json`, `payloads.json`, decoded as plain arrays.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RealReferenceDataDecodingTests {
    @Test func allFourRockets() throws {
        let rockets = try Fixtures.decode([Rocket].self, "spacex/v4/rockets.json")
        #expect(rockets.map(\.name) == ["Falcon 1", "Falcon 9", "Falcon Heavy", "Starship"])
        #expect(rockets.map(\.active) == [false, true, true, false])
        #expect(rockets.map(\.engineVersion) == ["1C", "1D+", "1D+", nil])
        #expect(rockets.map(\.engineType) == ["merlin", "merlin", "merlin", "raptor"])
        #expect(rockets.map { $0.flickrImages.count } == [2, 6, 4, 4])

        let falcon9 = try #require(rockets.first { $0.id == "5e9d0d95eda69973a809d1ec" })
        #expect(falcon9.name == "Falcon 9")
        #expect(falcon9.type == "rocket")
        #expect(falcon9.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/Falcon_9")
        #expect(falcon9.description?.isEmpty == false)
    }

    @Test func starshipEmptyEngineVersionIsNil() throws {
        let rockets = try Fixtures.decode([Rocket].self, "spacex/v4/rockets.json")
        let starship = try #require(rockets.first { $0.name == "Starship" })
        #expect(starship.id == "5e9d0d96eda699382d09d1ee")
        #expect(starship.engineVersion == nil)
        #expect(starship.engineType == "raptor")
        #expect(starship.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/SpaceX_Starship")
    }

    @Test func allSixLaunchpads() throws {
        let pads = try Fixtures.decode([Launchpad].self, "spacex/v4/launchpads.json")
        #expect(pads.count == 6)
        #expect(pads.map(\.name) == ["VAFB SLC 3W", "CCSFS SLC 40", "STLS", "Kwajalein Atoll", "VAFB SLC 4E", "KSC LC 39A"])
        let lc39a = try #require(pads.first { $0.id == "5e9e4502f509094188566f88" })
        #expect(lc39a.fullName == "Kennedy Space Center Historic Launch Complex 39A")
        #expect(lc39a.locality == "Cape Canaveral")
        #expect(lc39a.region == "Florida")
        #expect(pads.first { $0.name == "Kwajalein Atoll" }?.region == "Marshall Islands")
    }

    @Test func payloadsWithMasses() throws {
        let payloads = try Fixtures.decode([Payload].self, "spacex/v4/payloads.json")
        #expect(payloads.count == 225)
        #expect(payloads.filter { $0.massKg == nil }.count == 29)
        #expect(payloads.compactMap(\.massKg).max() == 15600)

        let first = try #require(payloads.first)
        #expect(first.id == "5eb0e4b5b6c3bb0006eeb1e1")
        #expect(first.name == "FalconSAT-2")
        #expect(first.massKg == 20)
        #expect(first.orbit == "LEO")
        #expect(first.type == "Satellite")
        // Integer and fractional masses both decode as Double.
        #expect(payloads.first { $0.name == "SES-12" }?.massKg == 5383.85)
        #expect(payloads.first { $0.name == "CRS-18" }?.massKg == 2227.7)
        #expect(payloads.first { $0.name == "DemoSAT" }?.massKg == nil)
    }
}
