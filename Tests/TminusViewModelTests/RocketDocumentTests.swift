import Foundation
import Synchronization
import Testing
import TminusArchive
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

@Suite("Rockets: the page's words")
struct RocketDocumentTests {
    func values(_ lines: [DetailLine], _ label: String) -> [String] {
        lines.compactMap { line in
            if case .field(label, let value, _) = line { return value }
            return nil
        }
    }

    func tone(_ lines: [DetailLine], _ label: String) -> Tone? {
        for case .field(label, _, let tone) in lines { return tone }
        return nil
    }

    @Test func starshipHasNoBurnTimesAndAnEngineWithoutVersion() {
        let lines = RocketDocument.lines(Rockets.starship, width: 76)
        #expect(values(lines, "Burn time") == ["-", "-"])
        #expect(tone(lines, "Burn time") == .muted)
        #expect(values(lines, "Engines") == ["37", "6"])
        #expect(values(lines, "Fuel") == ["3,300 t", "1,200 t"])
        #expect(values(lines, "Engine") == ["Raptor"], "no trailing version")
        #expect(values(lines, "Landing legs") == ["6, stainless steel"])
        #expect(values(lines, "Status") == ["retired"])
        #expect(values(lines, "Cost/launch") == ["$7M"])
        #expect(values(lines, "Success rate") == ["0%"])
    }

    /// Issue 37: Falcon 9 read `Reusable -` (its first stage is; the launch said `Reused yes`),
    /// and imperial showed `18,298 lb` beside `385 t` and `7,607 kN`: one system per choice.
    @Test func reusableFromTheStagesAndOneSystemPerChoice() {
        var f9 = Rockets.falcon9
        f9.firstStage = Rocket.Stage(engines: 9, fuelAmountTons: 385, burnTimeSec: 162, thrustSeaLevelKN: 7607)
        f9.firstStage?.reusable = true
        f9.secondStage = Rocket.Stage(engines: 1, fuelAmountTons: 90)
        f9.secondStage?.reusable = false
        f9.reusable = nil
        let metric = RocketDocument.lines(f9, width: 76)
        #expect(values(metric, "Reusable") == ["first stage"])
        #expect(values(metric, "Fuel") == ["385 t", "90 t"])
        #expect(values(metric, "Thrust") == ["7,607 kN"])
        let imperial = RocketDocument.lines(f9, width: 76, units: UnitPreferences(height: .imperial, diameter: .imperial, mass: .imperial, payload: .imperial))
        #expect(values(imperial, "Fuel") == ["848,780 lb", "198,416 lb"])
        #expect(values(imperial, "Thrust") == ["1,710,122 lbf"])
        #expect(!imperial.contains { if case .field(_, let v, _) = $0 { v.hasSuffix(" t") || v.hasSuffix(" kN") || v.hasSuffix(" kg") } else { false } })
        var falcon1 = Rockets.falcon1
        falcon1.firstStage?.reusable = false
        falcon1.reusable = nil
        #expect(values(RocketDocument.lines(falcon1, width: 76), "Reusable") == ["no"])
    }

    /// Issue 37: `Launches -` and `Landings -` on r/SpaceX rockets, whose launches the archive
    /// holds: counted from it.
    @Test func theArchiveCountsAnRSpaceXRocketsLaunchesAndLandings() throws {
        let archive = try #require(BuiltInArchive.shared)
        let falcon1 = try #require(archive.rockets.first { $0.name == "Falcon 1" })
        let lines = RocketDocument.lines(archive.withRecords(falcon1), width: 76)
        #expect(values(lines, "Launches") == ["5 launches: 2 successful, 3 failed"])
        #expect(values(lines, "Landings") == ["none attempted"])
        let falcon9 = try #require(archive.rockets.first { $0.name == "Falcon 9" })
        let f9 = archive.withRecords(falcon9)
        #expect((f9.launchRecord?.total ?? 0) > 150 && (f9.landingRecord?.successful ?? 0) > 100, "\(String(describing: f9.launchRecord))")
        #expect(archive.withRecords(Rocket(id: "ll2-config-164", name: "Falcon 9 Block 5")).launchRecord == nil, "a rocket the archive does not fly keeps none")
    }

    @Test func falcon1HasNoLandingLegs() {
        let lines = RocketDocument.lines(Rockets.falcon1, width: 76)
        #expect(values(lines, "Landing legs") == ["none"])
        #expect(values(lines, "Status") == ["retired"])
        #expect(tone(lines, "Status") == .muted)
        #expect(values(lines, "Cost/launch") == ["$6.7M"])
        #expect(values(lines, "Success rate") == ["40%"])
        #expect(values(lines, "Fuel") == ["44.3 t", "3.4 t"])
        #expect(values(lines, "Engine") == ["Merlin 1C"])
        #expect(values(lines, "Country") == ["Republic of the Marshall Islands"])
    }

    @Test func falcon9() {
        let lines = RocketDocument.lines(Rockets.falcon9, width: 76)
        #expect(values(lines, "Status") == ["active"])
        #expect(tone(lines, "Status") == .success)
        #expect(values(lines, "Burn time") == ["162 s", "397 s"])
        #expect(values(lines, "Engines") == ["9", "1"])
        #expect(values(lines, "Landing legs") == ["4, carbon fiber"])
        #expect(values(lines, "Engine") == ["Merlin 1D+"])
        #expect(values(lines, "First flight") == ["2010-06-04"])
        #expect(values(lines, "Wikipedia") == ["https://en.wikipedia.org/wiki/Falcon_9"])
        #expect(lines.first == .heading("Overview"))
        #expect(lines.filter { if case .heading = $0 { true } else { false } }
                == [.heading("Overview"), .heading("First stage"), .heading("Second stage"), .heading("More")])
    }

    /// Launch Library 2's figures on the same page: provider, records, GTO, thrust, stages.
    @Test func anLL2RocketShowsItsProviderAndRecords() {
        var rocket = Rocket(id: "ll2-config-161", name: "Falcon Heavy", active: true, heightMeters: 70, payloadToLEOKg: 63_800)
        rocket.origin = .launchLibrary2
        rocket.provider = "SpaceX"
        rocket.payloadToGTOKg = 26_700
        rocket.thrustKN = 22_819
        rocket.stages = 3
        rocket.reusable = true
        rocket.launchRecord = .init(total: 12, successful: 12, failed: 0, pending: 14)
        rocket.landingRecord = .init(attempted: 23, successful: 21, failed: 2)
        let lines = RocketDocument.lines(rocket, width: 76)
        #expect(values(lines, "Provider") == ["SpaceX"])
        #expect(values(lines, "Launches") == ["12 launches: 12 successful, 0 failed · 14 to come"])
        #expect(values(lines, "Landings") == ["21 of 23 landed"])
        #expect(values(lines, "Payload GTO") == ["26,700 kg"])
        #expect(values(lines, "Thrust") == ["22,819 kN"])
        #expect(values(lines, "Stages") == ["3"] && values(lines, "Reusable") == ["yes"])
        #expect(values(lines, "Burn time") == ["-", "-"], "what LL2 does not have is -")
        let imperial = RocketDocument.lines(rocket, width: 76, units: UnitPreferences(payload: .imperial))
        #expect(values(imperial, "Payload GTO") == ["58,863 lb"])
        // The r/SpaceX API's thrust is its first stage's at sea level.
        #expect(values(RocketDocument.lines(Rockets.falcon9, width: 76), "Thrust") == ["7,607 kN"])
    }

    @Test func aBareRocketIsAllDashes() {
        let lines = RocketDocument.lines(Rockets.bare, width: 76)
        let fields = lines.compactMap { line -> (String, String)? in
            if case .field(let label, let value, _) = line { return (label, value) }
            return nil
        }
        #expect(fields.count == 22)
        #expect(fields.allSatisfy { $0.1 == "-" }, "\(fields.filter { $0.1 != "-" })")
        #expect(values(lines, "Engine") == ["-"])
    }

    @Test func longDescriptionsWrapUnderTheirLabel() throws {
        let lines = RocketDocument.lines(Rockets.falcon9, width: 40)
        let start = try #require(lines.firstIndex { if case .field("Description", _, _) = $0 { true } else { false } })
        guard case .field(_, let first, _) = lines[start], case .field(let label, let second, _) = lines[start + 1] else {
            Issue.record("no description lines")
            return
        }
        #expect(first.hasPrefix("Falcon 9 is a"))
        #expect(label == "", "a continued value has no label")
        #expect(!second.isEmpty)
        #expect(first.count <= 40 - LaunchDetailDocument.labelWidth - 1)
    }

    @Test func figuresInEachSystem() {
        let metric = RocketDocument.figures(Rockets.falcon9, units: UnitPreferences())
        #expect(metric.map(\.name) == ["Height", "Diameter", "Mass", "Payload to LEO"])
        #expect(metric.map { "\($0.value) \($0.unit)" } == ["70 m", "3.7 m", "549,054 kg", "22,800 kg"])
        let imperial = RocketDocument.figures(Rockets.falcon9, units: UnitPreferences(height: .imperial, diameter: .imperial,
                                                                                       mass: .imperial, payload: .imperial))
        #expect(imperial.map { "\($0.value) \($0.unit)" } == ["229.7 ft", "12.1 ft", "1,210,457 lb", "50,265 lb"])
        let bare = RocketDocument.figures(Rockets.bare, units: UnitPreferences(mass: .imperial))
        #expect(bare.map { "\($0.value) \($0.unit)" } == ["- m", "- m", "- lb", "- kg"])
    }
}

@Suite("Rocket page: the description beside the picture")
struct RocketSummaryTests {
    static func rocket(_ description: String?) -> Rocket {
        var rocket = Rocket(id: "r", name: "R")
        rocket.description = description
        return rocket
    }

    @Test func aCutDescriptionEndsInAnEllipsis() {
        let text = "Falcon 9 is a two-stage rocket designed and manufactured by SpaceX for the reliable and safe transport of satellites."
        let lines = RocketDocument.summary(Self.rocket(text), width: 20, lines: 3)
        #expect(lines == ["Falcon 9 is a", "two-stage rocket", "designed and…"])
        #expect(lines.allSatisfy { TerminalText.width($0) <= 20 })
    }

    @Test func aLastLineThatIsFullIsCutToMakeRoom() {
        let lines = RocketDocument.summary(Self.rocket("aaaa bbbbb cccc dddd"), width: 5, lines: 2)
        #expect(lines == ["aaaa", "bbbb…"])
    }

    @Test func whatFitsIsLeftAsItIs() {
        #expect(RocketDocument.summary(Self.rocket("A short one."), width: 20, lines: 3) == ["A short one."])
        #expect(RocketDocument.summary(Self.rocket("one two three"), width: 5, lines: 3) == ["one", "two", "three"])
        #expect(RocketDocument.summary(Self.rocket(nil), width: 20, lines: 3) == ["-"])
        #expect(RocketDocument.summary(Self.rocket("anything"), width: 20, lines: 0) == [])
    }
}
