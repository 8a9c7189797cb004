import Foundation
import Testing
@testable import TminusCore

/// Launch Library 2's stages (`rocket.launcher_stage`, detailed mode) as the launch's cores:
/// which boosters fly, which flight of each, and where they land, in LL2's abbreviations.
@Suite("Launch boosters")
struct LaunchBoostersTests {
    static let fixtures = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"] ?? ""

    static func recorded(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: fixtures).appending(path: path))
    }

    @Test(.enabled(if: !fixtures.isEmpty, "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func europaClipperFliesThreeExpendedBoosters() throws {
        let launch = try LaunchLibrary2.decodeLaunch(Self.recorded("ll2/2.2.0/launch-europa-clipper-detailed.json"))
        #expect(launch.cores.map { $0.core?.object?.serial } == ["B1065", "B1064", "B1089"])
        let side = try #require(launch.cores.first)
        #expect(side.stage == "Strap-On Booster")
        #expect(side.flight == 6 && side.flightsSoFar == 6 && side.daysSincePreviousFlight == 290)
        #expect(side.reused == true)
        #expect(side.landingAttempt == false && side.landingSuccess == nil)
        #expect(side.landingType == "EXP" && side.landpad?.object?.name == "ATL")
        #expect(side.landpad?.object?.fullName == "Atlantic Ocean")
        let center = try #require(launch.cores.last)
        #expect(center.stage == "Core" && center.flight == 1 && center.reused == false)
        #expect(center.daysSincePreviousFlight == nil, "a first flight has no previous one")
    }

    @Test(.enabled(if: !fixtures.isEmpty, "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func theDetailedSchedulesNameEveryBoosterAndWhereItLands() throws {
        for file in ["ll2/2.2.0/spacex-upcoming-detailed-2026-08.json", "ll2/2.2.0/spacex-previous-detailed-2026-08.json",
                     "ll2/2.2.0/upcoming-detailed.json"] {
            let page = try LaunchLibrary2.decodeList(Self.recorded(file), page: 1)
            let cores = page.launches.flatMap(\.cores)
            #expect(!cores.isEmpty, "\(file)")
            for core in cores {
                // `B1082`, or LL2's `Unknown F9` before a booster is assigned.
                let serial = try #require(core.core?.object?.serial, "\(file)")
                #expect(serial.hasPrefix("B1") || serial.hasPrefix("Unknown"), "\(file): \(serial)")
                if core.landingAttempt == true {
                    #expect(core.landpad?.object?.name?.isEmpty == false, "\(file): \(serial) lands somewhere")
                }
            }
        }
        let starlink = try LaunchLibrary2.decodeList(Self.recorded("ll2/2.2.0/upcoming-detailed.json"), page: 1)
            .launches.first { $0.name.contains("Starlink Group 15-22") }
        let b1082 = try #require(starlink?.cores.first)
        #expect(b1082.core?.object?.serial == "B1082" && b1082.flight == 24 && b1082.flightsSoFar == 23)
        #expect(b1082.landingAttempt == true && b1082.landingType == "ASDS" && b1082.landpad?.object?.name == "OCISLY")
    }

    /// Nulls, wrong types and a stage that is not an object lose that field or that stage,
    /// never the launch; a list row (no stages) has none.
    @Test func brokenStagesLoseOnlyWhatIsBroken() throws {
        let json = #"""
        {"id": "b", "name": "X", "rocket": {"configuration": {"id": 1, "name": "F9"}, "launcher_stage": [
          {"type": null, "reused": "yes", "launcher_flight_number": "3", "launcher": {"serial_number": "B1090", "flights": null},
           "landing": {"attempt": true, "success": null, "location": {"name": "Landing Zone 1"}, "type": null},
           "turn_around_time_days": -4.5},
          "not an object",
          {"launcher": null, "landing": null}
        ]}}
        """#
        let launch = try LaunchLibrary2.decodeLaunch(Data(json.utf8))
        #expect(launch.cores.count == 2)
        let first = try #require(launch.cores.first)
        #expect(first.core?.object?.serial == "B1090" && first.flightsSoFar == nil && first.reused == nil)
        #expect(first.landingAttempt == true && first.landpad?.object?.name == "Landing Zone 1", "no abbreviation: the name")
        #expect(launch.cores.last?.core == nil && launch.cores.last?.landingAttempt == nil)
        let row = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "r", "rocket": {"configuration": {"name": "F9"}}}"#.utf8))
        #expect(row.cores.isEmpty)
    }

    /// A list row (no stages) keeps the boosters its stored detail brought, and the boosters go
    /// through the cache and the database (Codable) whole.
    @Test func aRowKeepsTheDetailsBoostersAndTheyRoundTrip() throws {
        var detail = Launch(origin: .launchLibrary2, id: "b", name: "B", date: nil, upcoming: true)
        detail.cores = [LaunchCore(core: .object(CoreRecord(serial: "B1082")), flight: 24, reused: true, landingAttempt: true,
                                   landingType: "ASDS", landpad: .object(Landpad(name: "OCISLY")), stage: "Core",
                                   flightsSoFar: 23, daysSincePreviousFlight: 35)]
        let row = Launch(origin: .launchLibrary2, id: "b", name: "B", date: nil, upcoming: true)
        #expect(row.keepingDetail(of: detail).cores == detail.cores)
        #expect(row.filledIn(from: detail).cores == detail.cores)
        #expect(try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(detail)).cores == detail.cores)
    }
}
