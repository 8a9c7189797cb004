import Foundation
import Testing
import TminusCore

/// Favorites are stored as JSON snapshots of the models, in the API's own shape, and read back
/// through the same decoders as live data: `decode(encode(x)) == x` must hold.
func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}

/// The encoded JSON as Foundation objects, to look at its keys.
func encodedJSON<T: Encodable>(_ value: T) throws -> Any {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
}

/// The places where `encoded` is not a sub-tree of `api`: a key the API does not have, an
/// array element or a scalar that differs. Empty when the encoding is in the API's shape.
func shapeDifferences(_ encoded: Any, _ api: Any, at path: String = "$") -> [String] {
    switch (encoded, api) {
    case let (e as [String: Any], a as [String: Any]):
        return e.keys.sorted().flatMap { key -> [String] in
            guard let apiValue = a[key] else { return ["\(path).\(key): not an API key"] }
            return shapeDifferences(e[key]!, apiValue, at: "\(path).\(key)")
        }
    case let (e as [Any], a as [Any]):
        guard e.count <= a.count else { return ["\(path): \(e.count) elements, the API has \(a.count)"] }
        return zip(e, a).enumerated().flatMap { shapeDifferences($1.0, $1.1, at: "\(path)[\($0)]") }
    case let (e as NSObject, a as NSObject):
        return e.isEqual(a) ? [] : ["\(path): \(e) != API \(a)"]
    default:
        return ["\(path): \(encoded) vs API \(api)"]
    }
}

@Suite struct ModelRoundTripTests {
    /// Every field filled, every reference populated (the detail screen's worst case).
    static let populated = Launch(
        id: "633f72000531f07b4fdf59c3", name: "Crew-5", flightNumber: 187,
        date: ISO8601.parse("2022-10-05T16:00:00.000Z"), datePrecision: .hour, upcoming: false, success: true,
        details: "NASA's Crew-5 mission to the ISS.",
        rocket: .object(Rocket(
            id: "5e9d0d95eda69973a809d1ec", name: "Falcon 9", type: "rocket", active: true, engineVersion: "1D+",
            engineType: "merlin", description: "Two-stage rocket.", wikipedia: URL(string: "https://en.wikipedia.org/wiki/Falcon_9"),
            flickrImages: [URL(string: "https://farm1.staticflickr.com/929/28787338307_3453a11a77_b.jpg")!],
            heightMeters: 70, diameterMeters: 3.7, massKg: 549_054, payloadToLEOKg: 22_800, firstFlight: "2010-06-04",
            country: "United States", costPerLaunch: 50_000_000, successRatePct: 98,
            firstStage: Rocket.Stage(engines: 9, fuelAmountTons: 385, burnTimeSec: 162),
            secondStage: Rocket.Stage(engines: 1, fuelAmountTons: 90, burnTimeSec: 397),
            landingLegs: Rocket.LandingLegs(number: 4, material: "carbon fiber"))),
        launchpad: .object(Launchpad(id: "5e9e4502f509094188566f88", name: "KSC LC 39A",
                                     fullName: "Kennedy Space Center Historic Launch Complex 39A",
                                     locality: "Cape Canaveral", region: "Florida")),
        payloads: [.object(Payload(id: "62dd73ed202306255024d145", name: "Crew-5", type: "Crew Dragon", orbit: "ISS",
                                   massKg: 12_519.5)),
                   .id("5eb0e4d2b6c3bb0006eeb25f")],
        crew: [CrewAssignment(crew: .object(CrewMember(id: "62dd7196202306255024d13c", name: "Nicole Mann", agency: "NASA")),
                              role: "Commander"),
               CrewAssignment(crew: .id("62dd71c9202306255024d13d"), role: "Pilot"),
               CrewAssignment(crew: nil, role: nil)],
        failures: [LaunchFailure(time: 33, altitude: 1, reason: "merlin engine failure"), LaunchFailure()],
        cores: [LaunchCore(core: .object(CoreRecord(id: "627843d657ca002a1a01cc33", serial: "B1077", block: 5, reuseCount: 1)),
                           flight: 2, reused: true, landingAttempt: true, landingSuccess: true, landingType: "ASDS",
                           landpad: .object(Landpad(id: "5e9e3033383ecbb9e534e7cc", name: "OCISLY",
                                                    fullName: "Of Course I Still Love You"))),
                LaunchCore(core: .id("5e9e289df35918033d3b2623"), landpad: .id("5e9e3032383ecb267a34e7c7")),
                LaunchCore()],
        links: LaunchLinks(patchSmall: URL(string: "https://images2.imgbox.com/eb/d8/D1Yywp0w_o.png"),
                           patchLarge: URL(string: "https://images2.imgbox.com/33/2e/k6VE4iYl_o.png"),
                           webcast: URL(string: "https://youtu.be/5EwW8ZkArL4"),
                           presskit: URL(string: "https://www.nasa.gov/crew5-presskit.pdf"),
                           wikipedia: URL(string: "https://en.wikipedia.org/wiki/SpaceX_Crew-5"),
                           article: URL(string: "https://spaceflightnow.com/crew-5"),
                           reddit: URL(string: "https://www.reddit.com/r/spacex/comments/xvm76j/")),
        window: 0
    )

    @Test func populatedLaunchRoundTrips() throws {
        let launch = Self.populated
        #expect(launch.rocket?.object != nil && launch.launchpad?.object != nil)
        #expect(launch.cores.first?.core?.object != nil && launch.cores.first?.landpad?.object != nil)
        #expect(try roundTrip(launch) == launch)
    }

    @Test func populatedFixtureRoundTrips() throws {
        let launch = try JSONDecoder().decode(Launch.self, from: LocalFixture.data("launch-populated"))
        #expect(launch.rocket?.object != nil && launch.launchpad?.object != nil)
        #expect(launch.payloads.first?.object != nil && launch.crew.first?.crew?.object != nil)
        #expect(launch.cores.first?.core?.object != nil && launch.cores.first?.landpad?.object != nil)
        #expect(try roundTrip(launch) == launch)
    }

    @Test func launchWithEveryOptionalNilRoundTrips() throws {
        let bare = Launch(id: "bare", name: "Bare", date: nil, upcoming: false)
        #expect(try roundTrip(bare) == bare)
        // Nil is left out, not written as null.
        let json = try #require(try encodedJSON(bare) as? [String: Any])
        #expect(Set(json.keys) == ["id", "name", "date_precision", "upcoming", "payloads", "crew", "failures", "cores", "links"])
        #expect((json["links"] as? [String: Any])?.isEmpty == true)

        let allNull = try JSONDecoder().decode(Launch.self, from: LocalFixture.data("launch-all-null"))
        #expect(try roundTrip(allNull) == allNull)
    }

    @Test func everyDatePrecisionRoundTrips() throws {
        for precision in DatePrecision.allCases {
            var launch = Launch(id: "p", name: "P", date: ISO8601.parse("2022-12-01T00:00:00Z"), upcoming: true)
            launch.datePrecision = precision
            #expect(try roundTrip(launch) == launch)
            #expect(try roundTrip(precision) == precision)
            #expect(String(decoding: try JSONEncoder().encode(precision), as: UTF8.self) == "\"\(precision.rawValue)\"")
        }
    }

    @Test func partsRoundTripOnTheirOwn() throws {
        let launch = Self.populated
        for core in launch.cores { #expect(try roundTrip(core) == core) }
        for crew in launch.crew { #expect(try roundTrip(crew) == crew) }
        for failure in launch.failures { #expect(try roundTrip(failure) == failure) }
        for payload in launch.payloads { #expect(try roundTrip(payload) == payload) }
        #expect(try roundTrip(launch.links) == launch.links)
        #expect(try roundTrip(LaunchLinks()) == LaunchLinks())
        #expect(try roundTrip(launch.rocket!) == launch.rocket!)
        #expect(try roundTrip(launch.launchpad!) == launch.launchpad!)
        #expect(try roundTrip(CrewMember()) == CrewMember())
        #expect(try roundTrip(CoreRecord()) == CoreRecord())
        #expect(try roundTrip(Landpad()) == Landpad())
        #expect(try roundTrip(Payload()) == Payload())
        #expect(try roundTrip(Rocket.Stage()) == Rocket.Stage())
        #expect(try roundTrip(Rocket.LandingLegs()) == Rocket.LandingLegs())
        let bareRocket = Rocket(id: "r", name: "R")
        #expect(try roundTrip(bareRocket) == bareRocket)
        #expect(Set(try #require(try encodedJSON(bareRocket) as? [String: Any]).keys) == ["id", "name", "flickr_images"])
    }

    @Test func refIDEncodesAsABareString() throws {
        let ref = Ref<Rocket>.id("5e9d0d95eda69973a809d1ec")
        #expect(String(decoding: try JSONEncoder().encode(ref), as: UTF8.self) == #""5e9d0d95eda69973a809d1ec""#)
        #expect(try roundTrip(ref) == ref)

        let launch = Launch(id: "a", name: "A", date: nil, upcoming: false, rocket: ref, payloads: [.id("p1"), .id("p2")])
        let json = try #require(try encodedJSON(launch) as? [String: Any])
        #expect(json["rocket"] as? String == "5e9d0d95eda69973a809d1ec")
        #expect(json["payloads"] as? [String] == ["p1", "p2"])

        let object = Ref<Landpad>.object(Landpad(id: "lp", name: "OCISLY"))
        let objectJSON = try #require(try encodedJSON(object) as? [String: Any])
        #expect(objectJSON["id"] as? String == "lp" && objectJSON["name"] as? String == "OCISLY")
        #expect(try roundTrip(object) == object)
    }

    @Test func launchEncodesWithAPIKeyNames() throws {
        let json = try #require(try encodedJSON(Self.populated) as? [String: Any])
        #expect(json["flight_number"] as? Int == 187)
        #expect(json["date_utc"] as? String == "2022-10-05T16:00:00.000Z")
        #expect(json["date_precision"] as? String == "hour")
        #expect(json["upcoming"] as? Bool == false)
        #expect(json["window"] as? Int == 0)
        #expect(json["flightNumber"] == nil && json["date"] == nil && json["datePrecision"] == nil)

        let links = try #require(json["links"] as? [String: Any])
        #expect((links["patch"] as? [String: Any])?["small"] as? String == "https://images2.imgbox.com/eb/d8/D1Yywp0w_o.png")
        #expect((links["patch"] as? [String: Any])?["large"] as? String == "https://images2.imgbox.com/33/2e/k6VE4iYl_o.png")
        #expect((links["reddit"] as? [String: Any])?["launch"] as? String == "https://www.reddit.com/r/spacex/comments/xvm76j/")
        #expect(links["webcast"] as? String == "https://youtu.be/5EwW8ZkArL4")
        #expect(links["patchSmall"] == nil)

        let core = try #require((json["cores"] as? [[String: Any]])?.first)
        #expect(core["landing_attempt"] as? Bool == true)
        #expect(core["landing_success"] as? Bool == true)
        #expect(core["landing_type"] as? String == "ASDS")
        #expect((core["core"] as? [String: Any])?["reuse_count"] as? Int == 1)
        #expect((core["landpad"] as? [String: Any])?["full_name"] as? String == "Of Course I Still Love You")

        let crew = try #require((json["crew"] as? [[String: Any]])?.first)
        #expect(crew["role"] as? String == "Commander")
        #expect((crew["crew"] as? [String: Any])?["agency"] as? String == "NASA")

        #expect((json["payloads"] as? [Any])?.first.flatMap { ($0 as? [String: Any])?["mass_kg"] as? Double } == 12_519.5)
        #expect(((json["launchpad"] as? [String: Any])?["full_name"] as? String)?.hasPrefix("Kennedy") == true)
    }

    @Test func rocketEncodesWithAPIKeyNames() throws {
        let rocket = try #require(Self.populated.rocket?.object)
        let json = try #require(try encodedJSON(rocket) as? [String: Any])
        #expect((json["height"] as? [String: Any])?["meters"] as? Double == 70)
        #expect((json["diameter"] as? [String: Any])?["meters"] as? Double == 3.7)
        #expect((json["mass"] as? [String: Any])?["kg"] as? Double == 549_054)
        let weights = try #require(json["payload_weights"] as? [[String: Any]])
        #expect(weights.count == 1)
        #expect(weights.first?["id"] as? String == "leo" && weights.first?["kg"] as? Double == 22_800)
        #expect((json["first_stage"] as? [String: Any])?["fuel_amount_tons"] as? Double == 385)
        #expect((json["second_stage"] as? [String: Any])?["burn_time_sec"] as? Double == 397)
        #expect((json["engines"] as? [String: Any])?["version"] as? String == "1D+")
        #expect((json["engines"] as? [String: Any])?["type"] as? String == "merlin")
        #expect((json["landing_legs"] as? [String: Any])?["material"] as? String == "carbon fiber")
        #expect(json["flickr_images"] as? [String] == ["https://farm1.staticflickr.com/929/28787338307_3453a11a77_b.jpg"])
        #expect(json["cost_per_launch"] as? Double == 50_000_000)
        #expect(json["success_rate_pct"] as? Double == 98)
        #expect(json["first_flight"] as? String == "2010-06-04")
    }

    /// `ISO8601FormatStyle` truncates the fraction it prints (`.002` would come back `.001`);
    /// every millisecond must survive decode → encode → decode unchanged.
    @Test func everyMillisecondRoundTrips() throws {
        for ms in 0..<1000 {
            let text = "2022-10-08T23:05:00." + String(String(1000 + ms).dropFirst()) + "Z"
            let launch = try decode(Launch.self, #"{"id": "t", "date_utc": "\#(text)"}"#)
            #expect(launch.date != nil)
            let json = try #require(try encodedJSON(launch) as? [String: Any])
            #expect(json["date_utc"] as? String == text)
            #expect(try roundTrip(launch) == launch, "\(text)")
        }
        // A date the API sends without a fraction is written with `.000`.
        let plain = try decode(Launch.self, #"{"id": "t", "date_utc": "1999-12-31T23:59:59Z"}"#)
        #expect((try encodedJSON(plain) as? [String: Any])?["date_utc"] as? String == "1999-12-31T23:59:59.000Z")
        #expect(try roundTrip(plain) == plain)
        // Sub-millisecond parts are rounded to the millisecond, not truncated.
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1.0006)) == "1970-01-01T00:00:01.001Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    @Test func shapeDifferencesFindsWhatTheAPIDoesNotHave() {
        let api: [String: Any] = ["a": 1, "b": ["c": "x", "d": true], "e": [1, 2]]
        #expect(shapeDifferences(["a": 1, "b": ["c": "x"], "e": [1]] as [String: Any], api).isEmpty)
        #expect(shapeDifferences(["b": ["c": "y"]] as [String: Any], api) == ["$.b.c: y != API x"])
        #expect(shapeDifferences(["bee": 1] as [String: Any], api) == ["$.bee: not an API key"])
        #expect(shapeDifferences(["e": [1, 3]] as [String: Any], api) == ["$.e[1]: 3 != API 2"])
    }

    @Test func aV4BareCrewIDIsWrittenAsTheV5Object() throws {
        let v4 = try decode(CrewAssignment.self, #""5f7f1543bf32c864a529b23e""#)
        let json = try #require(try encodedJSON(v4) as? [String: Any])
        #expect(json["crew"] as? String == "5f7f1543bf32c864a529b23e")
        #expect(json["role"] == nil)
        #expect(try roundTrip(v4) == v4)
    }
}

/// The real recorded API data: every launch and rocket round-trips, and what is written is a
/// sub-tree of what the API sent (same keys, same values, same date strings).
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RealModelRoundTripTests {
    @Test func everyRealLaunchRoundTrips() throws {
        let launches = try Fixtures.decode([Launch].self, "spacex/v5/launches.json")
        #expect(launches.count == 205)
        for launch in launches {
            #expect(try roundTrip(launch) == launch, "\(launch.name) (\(launch.id))")
        }
        #expect(try roundTrip(launches) == launches)
    }

    @Test func everyRealLaunchEncodesInTheAPIShape() throws {
        let data = try Fixtures.data("spacex/v5/launches.json")
        let launches = try JSONDecoder().decode([Launch].self, from: data)
        let api = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        #expect(launches.count == api.count)
        for (launch, record) in zip(launches, api) {
            var differences = shapeDifferences(try encodedJSON(launch), record)
            // The launch thread falls back to the campaign thread, which is written as `launch`.
            if let campaign = ((record as? [String: Any])?["links"] as? [String: Any])
                .flatMap({ $0["reddit"] as? [String: Any] })?["campaign"] as? String {
                differences.removeAll { $0 == "$.links.reddit.launch: \(campaign) != API <null>" }
            }
            #expect(differences.isEmpty, "\(launch.name): \(differences)")
        }
    }

    @Test func everyRealRocketRoundTrips() throws {
        let data = try Fixtures.data("spacex/v4/rockets.json")
        let rockets = try SpaceXAPI.decodeRockets(data)
        #expect(rockets.count == 4)
        for rocket in rockets {
            #expect(try roundTrip(rocket) == rocket, "\(rocket.name)")
        }
        let api = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        for (rocket, record) in zip(rockets, api) {
            let differences = shapeDifferences(try encodedJSON(rocket), record)
            #expect(differences.isEmpty, "\(rocket.name): \(differences)")
        }
    }
}

/// Launch Library 2 launches are stored the same way (favorites): what they carry beyond the
/// r/SpaceX fields (origin, source status, provider, image, videos, info links, probability,
/// mission type, orbit) must come back equal.
@Suite struct LaunchLibrary2RoundTripTests {
    static let filled = Launch(
        origin: .launchLibrary2, id: "95653d52-bb77-4860-a815-dd7141778d17", name: "Falcon 9 Block 5 | Starlink Group 15-22",
        date: ISO8601.parse("2026-08-26T09:27:00Z"), datePrecision: .day, upcoming: true, success: nil,
        details: "A batch of 27 satellites.",
        rocket: .object(Rocket(id: "ll2-config-164", name: "Falcon 9 Block 5")),
        launchpad: .object(Launchpad(id: "ll2-pad-16", name: "Space Launch Complex 4E", locality: "Vandenberg SFB, CA, USA")),
        links: LaunchLinks(patchSmall: URL(string: "https://example.com/patch_thumb.png"),
                           patchLarge: URL(string: "https://example.com/patch.png"),
                           webcast: URL(string: "https://x.com/i/broadcasts/1AKEmvvQLayKL")),
        sourceStatus: SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go"), provider: "SpaceX",
        image: URL(string: "https://example.com/image.png"),
        videos: [ExternalLink(url: URL(string: "https://x.com/i/broadcasts/1AKEmvvQLayKL")!, title: "Starlink Mission",
                              publisher: "SpaceX", kind: "Official Webcast", language: "English"),
                 ExternalLink(url: URL(string: "https://youtu.be/a")!)],
        infoLinks: [ExternalLink(url: URL(string: "https://www.spacex.com/launches/sl-15-22")!, title: "SpaceX",
                                 publisher: "spacex.com", kind: "Official Page", language: "English")],
        probability: 0, missionType: "Communications", orbit: "Low Earth Orbit")

    @Test func everyLL2FieldRoundTrips() throws {
        let launch = Self.filled
        #expect(try roundTrip(launch) == launch)
        let json = try #require(try encodedJSON(launch) as? [String: Any])
        #expect(json["origin"] as? String == "ll2")
        #expect((json["source_status"] as? [String: Any])?["abbrev"] as? String == "Go")
        #expect(json["provider"] as? String == "SpaceX")
        #expect(json["image"] as? String == "https://example.com/image.png")
        #expect((json["videos"] as? [[String: Any]])?.count == 2)
        #expect((json["info_links"] as? [[String: Any]])?.first?["kind"] as? String == "Official Page")
        #expect(json["probability"] as? Int == 0)
        #expect(json["mission_type"] as? String == "Communications" && json["orbit"] as? String == "Low Earth Orbit")
        #expect(json["date_precision"] as? String == "day")
        for video in launch.videos { #expect(try roundTrip(video) == video) }
        let status = try #require(launch.sourceStatus)
        #expect(try roundTrip(status) == status)
        let bare = SourceStatus(id: nil, name: "TBD")
        #expect(try roundTrip(bare) == bare)
    }

    @Test func decodedHandWrittenRecordsRoundTrip() throws {
        for name in ["launch-2.3.0", "launch-all-null", "launch-wrong-types"] {
            let launch = try LaunchLibrary2.decodeLaunch(LL2Fixture.data(name))
            #expect(launch.origin == .launchLibrary2)
            #expect(try roundTrip(launch) == launch, "\(name)")
        }
        let page = try LaunchLibrary2.decodeList(LL2Fixture.data("list-missing-id"), page: 1)
        #expect(try roundTrip(page.launches) == page.launches)
    }

    @Test func aStoredLL2LaunchStaysAnLL2Launch() throws {
        let launch = try LaunchLibrary2.decodeLaunch(LL2Fixture.data("launch-2.3.0"))
        let stored = try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(launch))
        #expect(stored.origin == .launchLibrary2)
        #expect(stored.status == .other && stored.statusWord == "PAYLOAD DEPLOYED")
        #expect(stored.videos.count == 4 && stored.links.webcast == launch.links.webcast)
        #expect(stored.datePrecision == .quarter)
    }
}

/// Every launch of the recorded LL2 responses round-trips.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchLibrary2RecordedRoundTripTests {
    @Test func everyRecordedLL2LaunchRoundTrips() throws {
        var total = 0
        for path in ["ll2/2.0.0/upcoming-2023-04.json", "ll2/2.0.0/upcoming-2024-03.json",
                     "ll2/2.0.0/upcoming-2026-06.json", "ll2/2.2.0/upcoming-detailed.json"] {
            let launches = try LaunchLibrary2.decodeList(Fixtures.data(path), page: 1).launches
            total += launches.count
            for launch in launches {
                #expect(try roundTrip(launch) == launch, "\(launch.name) (\(launch.id))")
            }
        }
        #expect(total == 32)
    }
}
