import Foundation
import Testing
import TminusCore

/// Hand-written launches that bend the schema: every bad field becomes nil, never a lost record.
struct LenientLaunchDecodingTests {
    @Test func everyFieldNullExceptID() throws {
        let launch = try JSONDecoder().decode(Launch.self, from: LocalFixture.data("launch-all-null"))
        #expect(launch.id == "000000000000000000000001")
        #expect(launch.name == "Unnamed launch")
        #expect(launch.flightNumber == nil)
        #expect(launch.date == nil)
        #expect(launch.datePrecision == .hour)
        #expect(launch.upcoming == false)
        #expect(launch.success == nil)
        #expect(launch.status == .unknown)
        #expect(launch.details == nil)
        #expect(launch.rocket == nil)
        #expect(launch.launchpad == nil)
        #expect(launch.payloads.isEmpty && launch.crew.isEmpty && launch.failures.isEmpty && launch.cores.isEmpty)
        #expect(launch.links == LaunchLinks())
        #expect(launch.window == nil)
        #expect(launch.isReused == nil)
    }

    @Test func onlyAnID() throws {
        let launch = try decode(Launch.self, #"{"id": "abc"}"#)
        #expect(launch == Launch(id: "abc", name: "Unnamed launch", date: nil, upcoming: false))
    }

    @Test func unknownExtraFieldsAreIgnored() throws {
        let launch = try decode(Launch.self, """
            {"id": "abc", "name": "Future", "flight_number": 7, "brand_new_field": {"deep": [1, 2, {"x": null}]},
             "links": {"patch": {"small": "https://example.com/p.png", "medium": "https://example.com/m.png"},
                       "mastodon": "https://example.social/@spacex"},
             "cores": [{"core": "c1", "landing_success": true, "grid_fins_v2": true}]}
            """)
        #expect(launch.name == "Future")
        #expect(launch.flightNumber == 7)
        #expect(launch.links.patchSmall?.absoluteString == "https://example.com/p.png")
        #expect(launch.cores == [LaunchCore(core: .id("c1"), landingSuccess: true)])
    }

    @Test func missingOptionalObjects() throws {
        let launch = try decode(Launch.self, #"{"id": "abc", "name": "Bare", "upcoming": true}"#)
        #expect(launch.links == LaunchLinks())
        #expect(launch.cores.isEmpty)
        #expect(launch.status == .upcoming)
        #expect(launch.isReused == nil)

        let noPatch = try decode(Launch.self, #"{"id": "abc", "links": {"patch": null, "reddit": null, "webcast": null}}"#)
        #expect(noPatch.links == LaunchLinks())
    }

    @Test func wrongTypesBecomeNil() throws {
        let launch = try decode(Launch.self, """
            {"id": "abc", "name": 42, "flight_number": "12", "success": "yes", "upcoming": "true",
             "date_utc": 1664985600, "date_precision": "fortnight", "window": "0", "details": ["a"],
             "rocket": 5, "payloads": "p1", "crew": {"crew": "x"}, "cores": [{"flight": "1", "reused": "no"}],
             "failures": [{"time": "33", "reason": 7}], "links": "https://example.com"}
            """)
        #expect(launch.name == "Unnamed launch")
        #expect(launch.flightNumber == nil)
        #expect(launch.success == nil)
        #expect(launch.upcoming == false)
        #expect(launch.date == nil)
        #expect(launch.datePrecision == .hour)
        #expect(launch.window == nil)
        #expect(launch.details == nil)
        #expect(launch.rocket == nil)
        #expect(launch.payloads.isEmpty)
        #expect(launch.crew.isEmpty)
        #expect(launch.cores == [LaunchCore()])
        #expect(launch.failures == [LaunchFailure()])
        #expect(launch.links == LaunchLinks())
    }

    @Test func unreadableDateFallsBackToUnixSeconds() throws {
        let launch = try decode(Launch.self, #"{"id": "a", "date_utc": "next Tuesday", "date_unix": 1143239400}"#)
        #expect(launch.date == (try instant("2006-03-24T22:30:00Z")))
        let plain = try decode(Launch.self, #"{"id": "a", "date_utc": "2022-10-05T16:00:00Z"}"#)
        #expect(plain.date == (try instant("2022-10-05T16:00:00.000Z")))
    }

    @Test(arguments: [
        ("hour", DatePrecision.hour), ("day", .day), ("month", .month), ("quarter", .quarter),
        ("half", .half), ("year", .year), ("HOUR", .hour), ("minute", .hour),
    ])
    func datePrecisionValues(raw: String, expected: DatePrecision) throws {
        let launch = try decode(Launch.self, #"{"id": "a", "date_precision": "\#(raw)"}"#)
        #expect(launch.datePrecision == expected)
    }

    @Test func launchWithoutIDFailsOnItsOwn() throws {
        #expect(throws: DecodingError.self) {
            try decode(Launch.self, #"{"name": "No id", "flight_number": 3}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(Launch.self, #"{"id": null, "name": "Null id"}"#)
        }
    }

    @Test func populatedReferences() throws {
        let launch = try JSONDecoder().decode(Launch.self, from: LocalFixture.data("launch-populated"))
        let rocket = try #require(launch.rocket?.object)
        #expect(rocket.id == "5e9d0d95eda69973a809d1ec")
        #expect(rocket.name == "Falcon 9")
        #expect(rocket.engineVersion == "1D+")
        // The javascript: image is dropped, the https one kept.
        #expect(rocket.flickrImages.map(\.absoluteString) == ["https://farm1.staticflickr.com/929/28787338307_3453a11a77_b.jpg"])

        #expect(launch.launchpad?.object?.name == "KSC LC 39A")
        #expect(launch.launchpad?.object?.region == "Florida")

        // Object, id string, and a null (skipped).
        #expect(launch.payloads.count == 2)
        #expect(launch.payloads.first?.object?.type == "Crew Dragon")
        #expect(launch.payloads.first?.object?.massKg == nil)
        #expect(launch.payloads.last == .id("5eb0e4d2b6c3bb0006eeb25f"))

        let core = try #require(launch.cores.first)
        #expect(core.core?.object?.serial == "B1077")
        #expect(core.core?.object?.block == 5)
        #expect(core.core?.object?.reuseCount == 1)
        #expect(core.landpad?.object?.name == "OCISLY")
        #expect(launch.isReused == true)

        #expect(launch.crew.count == 2)
        #expect(launch.crew[0].crew?.object?.name == "Nicole Mann")
        #expect(launch.crew[0].crew?.object?.agency == "NASA")
        #expect(launch.crew[0].role == "Commander")
        #expect(launch.crew[1] == CrewAssignment(crew: .id("62dd71c9202306255024d13d"), role: "Pilot"))

        #expect(launch.links.patchSmall?.absoluteString == "https://images2.imgbox.com/eb/d8/D1Yywp0w_o.png")
        #expect(launch.links.patchLarge == nil)
    }

    @Test func referenceAsIDOrObject() throws {
        let byID = try decode(Launch.self, #"{"id": "a", "rocket": "5e9d0d95eda69973a809d1ec"}"#)
        #expect(byID.rocket == .id("5e9d0d95eda69973a809d1ec"))
        #expect(byID.rocket?.object == nil)

        let populated = try decode(Launch.self, #"{"id": "a", "rocket": {"id": "r1", "name": "Falcon 9"}}"#)
        #expect(populated.rocket == .object(Rocket(id: "r1", name: "Falcon 9")))
    }

    @Test func populatedButUnknownReferenceIsNil() throws {
        // An id that matches nothing populates as null.
        let launch = try decode(Launch.self, #"{"id": "a", "rocket": null, "launchpad": null, "payloads": [null, null]}"#)
        #expect(launch.rocket == nil)
        #expect(launch.launchpad == nil)
        #expect(launch.payloads.isEmpty)
        // A populated object without its own id is not a usable rocket either.
        let idless = try decode(Launch.self, #"{"id": "a", "rocket": {"name": "Falcon 9"}}"#)
        #expect(idless.rocket == nil)
    }

    @Test func crewV4IDsAndV5Objects() throws {
        let v4 = try decode(Launch.self, #"{"id": "a", "crew": ["c1", "c2", 3, null]}"#)
        #expect(v4.crew == [CrewAssignment(crew: .id("c1"), role: nil), CrewAssignment(crew: .id("c2"), role: nil)])

        let v5 = try decode(Launch.self, #"{"id": "a", "crew": [{"crew": "c1", "role": "Commander"}, {"crew": null, "role": "Pilot"}]}"#)
        #expect(v5.crew == [CrewAssignment(crew: .id("c1"), role: "Commander"), CrewAssignment(crew: nil, role: "Pilot")])
    }

    @Test func reusedFlagFromCores() throws {
        let mixed = try decode(Launch.self, #"{"id": "a", "cores": [{"reused": false}, {"reused": null}, {"reused": true}]}"#)
        #expect(mixed.isReused == true)
        let fresh = try decode(Launch.self, #"{"id": "a", "cores": [{"reused": false}, {"reused": null}]}"#)
        #expect(fresh.isReused == false)
    }
}
