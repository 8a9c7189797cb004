import Foundation
import Testing
@testable import TminusCore

/// Launch Library 2's launch-day `timeline` (2.2.0+): real records and hand-written edge cases.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchTimelineRecordedTests {
    func launch(named name: String) throws -> Launch {
        let page = try LaunchLibrary2.decodeList(Fixtures.data("ll2/2.2.0/upcoming-detailed.json"), page: 1)
        return try #require(page.launches.first { $0.name == name })
    }

    @Test func starlinkHasItsTwentyThreeStepsInOrder() throws {
        let timeline = try launch(named: "Falcon 9 Block 5 | Starlink Group 15-22").timeline
        #expect(timeline.count == 23)
        #expect(timeline.first == TimelineEvent(name: "GO for Prop Load",
                                                description: "Launch director verifies go for propellant load", offset: -38 * 60))
        #expect(timeline.map(\.name).prefix(4) == ["GO for Prop Load", "Prop Load", "Stage 1 LOX Load", "Stage 2 LOX Load"])
        // Two steps on one moment keep the source's order.
        #expect(timeline[5].name == "Startup" && timeline[6].name == "Tank Press")
        #expect(timeline[5].offset == -60 && timeline[6].offset == -60)
        let byName = Dictionary(timeline.map { ($0.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["GO for Launch"] == -45)
        #expect(byName["Ignition"] == -3)
        #expect(byName["Liftoff"] == 0)
        #expect(byName["Max-Q"] == 68)
        #expect(byName["MECO"] == 145)
        #expect(byName["Starlink Deployment"] == 3_719)
        #expect(timeline.map(\.offset) == timeline.map(\.offset).sorted())
        #expect(timeline.allSatisfy { $0.description?.isEmpty == false })
    }

    @Test func arianeHasEight() throws {
        let timeline = try launch(named: "Ariane 62 | MTG-I2").timeline
        #expect(timeline.map(\.name) == ["Ignition", "Liftoff", "SRB Separation", "Fairing Separation", "Stage 2 Separation",
                                         "SES", "SECO", "Payload Separation"])
        #expect(timeline.map(\.offset) == [-7, 0, 135, 211, 469, 478, 1_308, 2_160])
    }

    @Test func twoPointZeroRecordsHaveNone() throws {
        for path in ["ll2/2.0.0/upcoming-2023-04.json", "ll2/2.0.0/upcoming-2024-03.json", "ll2/2.0.0/upcoming-2026-06.json"] {
            let launches = try LaunchLibrary2.decodeList(Fixtures.data(path), page: 1).launches
            #expect(launches.allSatisfy { $0.timeline.isEmpty }, "\(path)")
        }
    }

    @Test func aStoredLaunchKeepsItsTimeline() throws {
        let launch = try launch(named: "Falcon 9 Block 5 | Starlink Group 15-22")
        let stored = try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(launch))
        #expect(stored.timeline == launch.timeline)
        #expect(stored == launch)
    }
}

@Suite struct LaunchTimelineDecodingTests {
    func timeline(_ json: String) throws -> [TimelineEvent] {
        try LaunchLibrary2.decodeLaunch(Data(#"{"id": "t", "timeline": \#(json)}"#.utf8)).timeline
    }

    func step(_ abbrev: String, _ relative: String) -> String {
        #"{"type": {"id": 1, "abbrev": "\#(abbrev)", "description": "\#(abbrev) happens"}, "relative_time": "\#(relative)"}"#
    }

    @Test func missingNullOrNotAListIsNone() throws {
        #expect(try LaunchLibrary2.decodeLaunch(Data(#"{"id": "t"}"#.utf8)).timeline.isEmpty)
        for json in ["null", "[]", "{}", "\"soon\"", "42"] {
            #expect(try timeline(json).isEmpty, "\(json)")
        }
    }

    @Test func anUnreadableStepIsLeftOutNotTheLaunch() throws {
        let steps = [
            step("Liftoff", "P0D"),
            step("Tomorrow", "P1Y"),                                    // a year has no fixed length
            step("Garbled", "-PT3X"),
            #"{"type": {"abbrev": "No time"}}"#,
            #"{"type": {"abbrev": "Null time"}, "relative_time": null}"#,
            #"{"relative_time": "-PT5M"}"#,                             // no words
            #"{"type": {"abbrev": "  ", "description": ""}, "relative_time": "-PT5M"}"#,
            #"{"type": "Prop Load", "relative_time": "-PT35M"}"#,
            #""just text""#,
            "null",
            step("Max-Q", "PT1M8S"),
        ]
        let events = try timeline("[" + steps.joined(separator: ",") + "]")
        #expect(events.map(\.name) == ["Liftoff", "Max-Q"])
        #expect(events.map(\.offset) == [0, 68])
    }

    @Test func stepsAreSortedByTimeAndEqualOnesKeepTheirOrder() throws {
        let events = try timeline("[" + [step("MECO", "PT2M25S"), step("B", "-PT1M"), step("A", "-PT1M"),
                                         step("Prop Load", "-PT35M"), step("Liftoff", "P0D")].joined(separator: ",") + "]")
        #expect(events.map(\.name) == ["Prop Load", "B", "A", "Liftoff", "MECO"])
    }

    @Test func theNameIsTheAbbreviationThenTheNameThenTheDescription() throws {
        let events = try timeline("""
            [{"type": {"abbrev": "MECO", "name": "Main engine cut-off", "description": "Cut-off of the main engine"}, "relative_time": "PT1S"},
             {"type": {"name": "Main engine cut-off", "description": "Cut-off"}, "relative_time": "PT2S"},
             {"type": {"description": "Cut-off of the main engine"}, "relative_time": "PT3S"}]
            """)
        #expect(events == [
            TimelineEvent(name: "MECO", description: "Cut-off of the main engine", offset: 1),
            TimelineEvent(name: "Main engine cut-off", description: "Cut-off", offset: 2),
            // The description is then the name, and not said twice.
            TimelineEvent(name: "Cut-off of the main engine", description: nil, offset: 3),
        ])
    }

    @Test func aListRowWithoutATimelineKeepsTheDetailsOne() {
        var detail = Launch(origin: .launchLibrary2, id: "t", name: "T", date: nil, upcoming: true)
        detail.timeline = [TimelineEvent(name: "Liftoff", offset: 0)]
        let row = Launch(origin: .launchLibrary2, id: "t", name: "T", date: nil, upcoming: true)
        #expect(row.keepingDetail(of: detail).timeline == detail.timeline)
        var newer = row
        newer.timeline = [TimelineEvent(name: "Ignition", offset: -3)]
        #expect(newer.keepingDetail(of: detail).timeline == newer.timeline)
    }

    @Test func aStoredStepWithoutANameOrAnOffsetIsDropped() throws {
        let json = #"{"id": "t", "timeline": [{"name": "Liftoff", "offset": 0}, {"name": "Max-Q"}, {"offset": 5}, {"name": "MECO", "description": "Cut-off", "offset": 145.5}]}"#
        let launch = try JSONDecoder().decode(Launch.self, from: Data(json.utf8))
        #expect(launch.timeline == [TimelineEvent(name: "Liftoff", offset: 0), TimelineEvent(name: "MECO", description: "Cut-off", offset: 145.5)])
        // Written only when there is one.
        let empty = Launch(id: "e", name: "E", date: nil, upcoming: true)
        #expect(String(decoding: try JSONEncoder().encode(empty), as: UTF8.self).contains("timeline") == false)
    }
}

@Suite struct ISODurationTests {
    @Test(arguments: [
        ("-PT38M", -2_280.0), ("P0D", 0), ("-P0D", 0), ("PT0S", 0), ("PT1M8S", 68), ("-PT45S", -45), ("PT1H1M59S", 3_719),
        ("P1D", 86_400), ("-P1DT2H", -93_600), ("P1W", 604_800), ("P1W2D", 777_600), ("+PT1M", 60),
        // Django's long form, with fractions of a second.
        ("-P0DT00H00M03.500000S", -3.5), ("P0DT00H38M00S", 2_280), ("PT1.25S", 1.25), ("PT0,5S", 0.5), ("PT1.5M", 90),
        ("pt2m", 120), (" -PT1M ", -60),
    ] as [(String, Double)])
    func reads(_ text: String, seconds: Double) {
        #expect(ISODuration.seconds(text) == seconds)
    }

    @Test(arguments: ["", "P", "PT", "-P", "-PT", "38M", "T38M", "P1Y", "P1M", "P1S", "PT1D", "PT1H2", "PTM", "PT1S2M",
                      "PT1M1M", "P1DT", "PT1HT2M", "P-1D", "--PT1M", "PT1..5S", "PT.S", "P1D2W", "PTinfS", "PT1e3S", "soon"])
    func refuses(_ text: String) {
        #expect(ISODuration.seconds(text) == nil)
    }
}
