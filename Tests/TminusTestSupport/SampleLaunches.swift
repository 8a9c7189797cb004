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

    // MARK: - Launch Library 2

    /// Launch Library 2 status values as the API sends them (2.2.0 words).
    public static let go = SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")
    public static let tbd = SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD")
    public static let success = SourceStatus(id: 3, name: "Launch Successful", abbrev: "Success")
    public static let failure = SourceStatus(id: 4, name: "Launch Failure", abbrev: "Failure")
    public static let hold = SourceStatus(id: 5, name: "On Hold", abbrev: "Hold")
    public static let inFlight = SourceStatus(id: 6, name: "Launch in Flight", abbrev: "In Flight")

    /// `count` Launch Library 2 launches `Electron | LL2 Mission 1` …, a day apart after
    /// `reference`, all Go, by three providers in turn.
    public static func ll2Launches(_ count: Int, upcoming: Bool = true) -> [Launch] {
        guard count > 0 else { return [] }
        let providers = ["SpaceX", "Rocket Lab", "China Aerospace Science and Technology Corporation"]
        return (1...count).map { i in
            Launch(origin: .launchLibrary2, id: "ll2-\(i)", name: "Electron | LL2 Mission \(i)",
                   date: reference.addingTimeInterval(Double(upcoming ? i : -i) * 86_400),
                   upcoming: upcoming, success: upcoming ? nil : true,
                   rocket: .object(Rocket(id: "ll2-config-electron", name: "Electron")),
                   launchpad: .object(Launchpad(id: "ll2-pad-1", name: "Launch Complex 1A", locality: "Onenui Station, Mahia Peninsula, New Zealand")),
                   sourceStatus: upcoming ? go : success, provider: providers[(i - 1) % providers.count])
        }
    }

    /// A Launch Library 2 launch as its detail request returns it: two webcasts, an info
    /// page, a picture.
    public static var starlinkDetailed: Launch {
        Launch(origin: .launchLibrary2, id: "ll2-1", name: "Electron | LL2 Mission 1",
               date: reference.addingTimeInterval(86_400), upcoming: true,
               details: "A batch of satellites.",
               rocket: .object(Rocket(id: "ll2-config-164", name: "Falcon 9 Block 5")),
               launchpad: .object(Launchpad(id: "ll2-pad-1", name: "Launch Complex 1A", locality: "Onenui Station, Mahia Peninsula, New Zealand")),
               links: LaunchLinks(webcast: URL(string: "https://x.com/i/broadcasts/1")),
               sourceStatus: go, provider: "SpaceX", image: URL(string: "https://example.com/f9.jpg"),
               videos: [ExternalLink(url: URL(string: "https://x.com/i/broadcasts/1")!, title: "Starlink Mission",
                                     publisher: "SpaceX", kind: "Official Webcast", language: "English"),
                        ExternalLink(url: URL(string: "https://www.youtube.com/watch?v=2")!, title: "Starlink Mission",
                                     publisher: "Everyday Astronaut", kind: "Unofficial Webcast", language: "English")],
               infoLinks: [ExternalLink(url: URL(string: "https://www.spacex.com/launches/sl-15-22")!, title: "SpaceX",
                                        publisher: "spacex.com", kind: "Official Page", language: "English")],
               probability: 90, missionType: "Communications", orbit: "Low Earth Orbit")
    }
}
