import Foundation
import TminusCore

/// Launches made up for tests: predictable names, ids and dates.
public enum Sample {
    public static let reference = ISO8601.parse("2022-10-01T12:00:00Z")!

    public static let falcon9 = Rocket(id: "rocket-f9", name: "Falcon 9", type: "rocket", active: true,
                                       engineVersion: "1D+", engineType: "merlin")

    /// `count` launches `Mission 1` … spaced a day apart, starting a day after `reference`.
    public static func launches(_ count: Int, upcoming: Bool, prefix: String = "Mission") -> [Launch] {
        guard count > 0 else { return [] }
        return (1...count).map { (i: Int) -> Launch in
            let days = Double(upcoming ? i : -i) * 86_400
            let success: Bool? = upcoming ? nil : (i % 7 != 0)
            return Launch(id: "\(prefix.lowercased())-\(i)", name: "\(prefix) \(i)", flightNumber: 100 + i,
                          date: reference.addingTimeInterval(days), upcoming: upcoming, success: success,
                          rocket: .object(falcon9))
        }
    }

    /// A launch with every field filled, for the detail screen.
    public static var crs26: Launch {
        var launch = Launch(
            id: "crs-26", name: "CRS-26", flightNumber: 194,
            date: ISO8601.parse("2022-11-18T22:00:00Z"), datePrecision: .hour, upcoming: true,
            details: "SpaceX's 26th flight to the International Space Station under the Commercial Resupply Services contract.",
            rocket: .object(falcon9),
            launchpad: .object(Launchpad(id: "pad-39a", name: "KSC LC 39A", fullName: "Kennedy Space Center Historic Launch Complex 39A",
                                         locality: "Cape Canaveral", region: "Florida")),
            payloads: [.object(Payload(id: "p1", name: "CRS-26", type: "Dragon 2.0", orbit: "ISS", massKg: 2_500))],
            cores: [LaunchCore(flight: 1, reused: false, landingAttempt: true, landingSuccess: nil, landingType: "ASDS")],
            links: LaunchLinks(patchSmall: URL(string: "https://example.com/p.png"),
                               webcast: URL(string: "https://youtu.be/crs26"),
                               wikipedia: URL(string: "https://en.wikipedia.org/wiki/CRS-26"))
        )
        launch.window = 0
        return launch
    }

    /// FalconSat as the real data has it: a failure with a reason, no landing.
    public static var falconSat: Launch {
        Launch(id: "falconsat", name: "FalconSat", flightNumber: 1, date: ISO8601.parse("2006-03-24T22:30:00Z"),
               upcoming: false, success: false,
               rocket: .object(Rocket(id: "f1", name: "Falcon 1", type: "rocket", engineVersion: "C", engineType: "merlin")),
               failures: [LaunchFailure(time: 33, altitude: nil, reason: "merlin engine failure")],
               cores: [LaunchCore(flight: 1, reused: false, landingAttempt: false)],
               links: LaunchLinks(webcast: URL(string: "https://www.youtube.com/watch?v=0a_00nJ_Y88")))
    }

    /// Only an id and a name: every other field missing.
    public static var bare: Launch {
        Launch(id: "bare", name: "Bare", date: nil, upcoming: false)
    }
}
