import Foundation
import Testing
import TminusCore

/// `spacex/v4/rockets.json`: the figures, stages and legs the Rockets tab shows.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RealRocketDecodingTests {
    func rockets() throws -> [Rocket] {
        try SpaceXAPI.decodeRockets(Fixtures.data("spacex/v4/rockets.json"))
    }

    func rocket(_ name: String) throws -> Rocket {
        try #require(try rockets().first { $0.name == name }, "no \(name) in the fixture")
    }

    @Test func allFourDecodeWithTheirFigures() throws {
        let all = try rockets()
        #expect(all.map(\.name) == ["Falcon 1", "Falcon 9", "Falcon Heavy", "Starship"])
        #expect(all.map(\.heightMeters) == [22.25, 70, 70, 118])
        #expect(all.map(\.diameterMeters) == [1.68, 3.7, 12.2, 9])
        #expect(all.map(\.massKg) == [30_146, 549_054, 1_420_788, 1_335_000])
        #expect(all.map(\.payloadToLEOKg) == [450, 22_800, 63_800, 150_000])
        #expect(all.map(\.costPerLaunch) == [6_700_000, 50_000_000, 90_000_000, 7_000_000])
        #expect(all.map(\.successRatePct) == [40, 98, 100, 0])
        #expect(all.map(\.firstFlight) == ["2006-03-24", "2010-06-04", "2018-02-06", "2021-12-01"])
        #expect(all.map(\.country) == ["Republic of the Marshall Islands", "United States", "United States", "United States"])
        #expect(all.map { $0.landingLegs?.number } == [0, 4, 12, 6])
    }

    @Test func decodeRocketsMatchesAPlainArrayDecode() throws {
        let plain = try Fixtures.decode([Rocket].self, "spacex/v4/rockets.json")
        #expect(try rockets() == plain)
    }

    @Test func falcon9() throws {
        let f9 = try rocket("Falcon 9")
        #expect(f9.id == "5e9d0d95eda69973a809d1ec")
        #expect(f9.heightMeters == 70)
        #expect(f9.diameterMeters == 3.7)
        #expect(f9.massKg == 549_054)
        #expect(f9.payloadToLEOKg == 22_800, "LEO, not GTO (8,300) or Mars (4,020)")
        #expect(f9.active == true)
        #expect(f9.firstStage == Rocket.Stage(engines: 9, fuelAmountTons: 385, burnTimeSec: 162, thrustSeaLevelKN: 7607, reusable: true))
        #expect(f9.liftoffThrustKN == 7607 && f9.payloadToGTOKg == 8300 && f9.stages == 2 && f9.provider == "SpaceX")
        #expect(f9.secondStage == Rocket.Stage(engines: 1, fuelAmountTons: 90, burnTimeSec: 397, reusable: false))
        #expect(f9.landingLegs == Rocket.LandingLegs(number: 4, material: "carbon fiber"))
        #expect(f9.flickrImages.count == 6)
        #expect(f9.flickrImages.allSatisfy { $0.scheme == "https" })
        // What the page shows.
        #expect(Units.text(f9.heightMeters, .height, in: .imperial) == "229.7 ft")
        #expect(Units.text(f9.massKg, .mass, in: .imperial) == "1,210,457 lb")
        #expect(Units.money(f9.costPerLaunch) == "$50M")
    }

    @Test func starshipHasNoBurnTimesAndNoEngineVersion() throws {
        let starship = try rocket("Starship")
        #expect(starship.firstStage?.burnTimeSec == nil)
        #expect(starship.secondStage?.burnTimeSec == nil)
        #expect(starship.firstStage?.engines == 37)
        #expect(starship.firstStage?.fuelAmountTons == 3_300)
        #expect(starship.secondStage?.engines == 6)
        #expect(starship.secondStage?.fuelAmountTons == 1_200)
        #expect(starship.engineVersion == nil, "the API's empty string is no version")
        #expect(starship.engineType == "raptor")
        #expect(starship.landingLegs == Rocket.LandingLegs(number: 6, material: "stainless steel"))
        #expect(starship.costPerLaunch == 7_000_000)
    }

    @Test func falcon1IsRetiredWithoutLandingLegs() throws {
        let f1 = try rocket("Falcon 1")
        #expect(f1.id == "5e9d0d95eda69955f709d1eb")
        #expect(f1.active == false)
        #expect(f1.landingLegs?.number == 0)
        #expect(f1.landingLegs?.material == nil)
        #expect(f1.costPerLaunch == 6_700_000)
        #expect(Units.money(f1.costPerLaunch) == "$6.7M")
        #expect(f1.flickrImages.count == 2)
        #expect(f1.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/Falcon_1")
        #expect(f1.firstStage == Rocket.Stage(engines: 1, fuelAmountTons: 44.3, burnTimeSec: 169, thrustSeaLevelKN: 420, reusable: false))
        #expect(f1.secondStage == Rocket.Stage(engines: 1, fuelAmountTons: 3.38, burnTimeSec: 378, reusable: false))
    }
}
