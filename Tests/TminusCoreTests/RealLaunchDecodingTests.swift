import Foundation
import Testing
import TminusCore

/// `spacex/v5/launches.json`: the API's final data set, 205 launches, decoded as `[Launch]`
/// straight (no lenient wrapper), so one undecodable record fails the whole test.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RealLaunchDecodingTests {
    let launches: [Launch]

    init() throws {
        launches = try Fixtures.decode([Launch].self, "spacex/v5/launches.json")
    }

    func launch(named name: String) throws -> Launch {
        try #require(launches.first { $0.name == name }, "no launch named \(name)")
    }

    @Test func everyLaunchDecodes() {
        #expect(launches.count == 205)
        #expect(Set(launches.map(\.id)).count == 205)
        #expect(launches.allSatisfy { $0.id.count == 24 })
        #expect(launches.allSatisfy { $0.date != nil && $0.flightNumber != nil && $0.rocket != nil })
        #expect(launches.first?.name == "FalconSat")
        #expect(launches.last?.name == "O3b mPower 3.4")
    }

    @Test func pastAndUpcomingSplit() throws {
        #expect(launches.filter { $0.upcoming }.count == 18)
        #expect(launches.filter { !$0.upcoming }.count == 187)
        #expect(launches.filter { $0.status == .upcoming }.count == 18)
        let latestPast = try #require(launches.filter { !$0.upcoming }.max { $0.date! < $1.date! })
        #expect(latestPast.name == "Crew-5")
        #expect(latestPast.flightNumber == 187)
        #expect(latestPast.date == (try instant("2022-10-05T16:00:00Z")))
    }

    @Test func successIsNullForUpcomingAndOnePastLaunch() {
        let unknown = launches.filter { $0.success == nil }
        #expect(unknown.count == 19)
        #expect(unknown.filter { $0.upcoming }.count == 18)
        #expect(unknown.filter { !$0.upcoming }.map(\.name) == ["Starlink 3-1 (v1.5)"])
        #expect(launches.filter { $0.status == .unknown }.map(\.flightNumber) == [172])
        #expect(launches.filter { $0.status == .failure }.map(\.name)
                == ["FalconSat", "DemoSat", "Trailblazer", "CRS-7", "Amos-6"])
        #expect(launches.filter { $0.status == .success }.count == 187 - 1 - 5)
    }

    @Test func datePrecisions() throws {
        let month = launches.filter { $0.datePrecision == .month }
        let day = launches.filter { $0.datePrecision == .day }
        #expect(month.count == 8)
        #expect(day.count == 5)
        #expect(launches.filter { $0.datePrecision == .hour }.count == 192)
        #expect(day.map(\.flightNumber) == [176, 191, 192, 193, 197])
        #expect(month.map(\.name).contains("Transporter-6"))
        // Month-precision dates sit on the 1st at 00:00Z.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        for launch in month {
            let date = try #require(launch.date)
            let parts = utc.dateComponents([.day, .hour, .minute, .second], from: date)
            #expect(parts.day == 1 && parts.hour == 0 && parts.minute == 0 && parts.second == 0, "\(launch.name)")
        }
        #expect(try launch(named: "Transporter-6").date == (try instant("2022-12-01T00:00:00Z")))
    }

    @Test func falconSatFailure() throws {
        let falconSat = try launch(named: "FalconSat")
        #expect(falconSat.flightNumber == 1)
        #expect(falconSat.success == false)
        #expect(falconSat.failures == [LaunchFailure(time: 33, altitude: nil, reason: "merlin engine failure")])
        #expect(falconSat.details == "Engine failure at 33 seconds and loss of vehicle")
        #expect(falconSat.date == (try instant("2006-03-24T22:30:00Z")))
        #expect(falconSat.rocket == .id("5e9d0d95eda69955f709d1eb"))
        #expect(falconSat.launchpad == .id("5e9e4502f5090995de566f86"))
        #expect(falconSat.payloads == [.id("5eb0e4b5b6c3bb0006eeb1e1")])
        #expect(falconSat.window == 0)
    }

    @Test func crewOneHasFourCrewWithRoles() throws {
        let crew1 = try launch(named: "Crew-1")
        #expect(crew1.crew.count == 4)
        #expect(crew1.crew.map(\.role) == ["Mission Specialist 2", "Mission Specialist 1", "Pilot", "Commander"])
        #expect(crew1.crew.first?.crew == .id("5f7f1543bf32c864a529b23e"))
        #expect(launches.filter { $0.crew.count == 4 }.count == 7)
        #expect(launches.filter { $0.crew.isEmpty }.count == 197)
    }

    @Test func coreLandingFields() throws {
        let core = try #require(try launch(named: "Crew-1").cores.first)
        #expect(core.core == .id("5f57c53d0622a6330279009f"))
        #expect(core.flight == 1)
        #expect(core.reused == false)
        #expect(core.landingAttempt == true)
        #expect(core.landingSuccess == true)
        #expect(core.landingType == "ASDS")
        #expect(core.landpad == .id("5e9e3033383ecbb9e534e7cc"))

        let falconSatCore = try #require(try launch(named: "FalconSat").cores.first)
        #expect(falconSatCore.landingAttempt == false)
        #expect(falconSatCore.landingSuccess == nil)
        #expect(falconSatCore.landingType == nil)
        #expect(falconSatCore.landpad == nil)

        // `cores[].core` is null on 19 cores: the core is kept, its reference is nil.
        #expect(launches.flatMap(\.cores).filter { $0.core == nil }.count == 19)
    }

    @Test func links() throws {
        let crew1 = try launch(named: "Crew-1").links
        #expect(crew1.webcast?.absoluteString == "https://youtu.be/bnChQbxLkkI")
        #expect(crew1.wikipedia?.absoluteString == "https://en.wikipedia.org/wiki/SpaceX_Crew-1")
        #expect(crew1.patchSmall?.absoluteString == "https://images2.imgbox.com/98/cc/UJd0SS73_o.png")
        #expect(crew1.presskit == nil)
        // The launch thread wins over the campaign thread.
        #expect(crew1.reddit?.absoluteString
                == "https://www.reddit.com/r/spacex/comments/ju7fxv/rspacex_crew1_official_launch_coast_docking/")

        let falconSat = try launch(named: "FalconSat").links
        #expect(falconSat.webcast?.absoluteString == "https://www.youtube.com/watch?v=0a_00nJ_Y88")
        #expect(falconSat.reddit == nil)

        // `links.patch.small` is null on 16 launches (all of them upcoming).
        let noPatch = launches.filter { $0.links.patchSmall == nil }
        #expect(noPatch.count == 16)
        #expect(noPatch.allSatisfy { $0.upcoming })
        #expect(try launch(named: "USSF-44").links.patchSmall == nil)
    }

    @Test func nullQuirksCounts() {
        #expect(launches.filter { $0.details == nil }.count == 71)
        #expect(launches.filter { $0.window == nil }.count == 88)
    }
}
