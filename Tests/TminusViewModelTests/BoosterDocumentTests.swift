import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The detail's boosters: a Launch Library 2 launch lists its stages (serial, side booster,
/// this flight, flights so far, days since the previous one, the landing in LL2's
/// abbreviations); an r/SpaceX launch its cores in the same words.
@Suite("Launch detail: boosters")
struct BoosterDocumentTests {
    static func fields(_ launch: Launch) -> [(label: String, value: String)] {
        LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: .distantPast, width: 400)
            .compactMap { line in
                if case let .field(label, value, _) = line { return (label, value) }
                return nil
            }
    }

    @Test func aLaunchLibrary2LaunchListsItsBoostersAndLandings() {
        var launch = Sample.ll2Launches(1)[0]
        launch.cores = [
            LaunchCore(core: .object(CoreRecord(serial: "B1065")), flight: 6, reused: true, landingAttempt: false,
                       landingType: "EXP", landpad: .object(Landpad(name: "ATL")), stage: "Strap-On Booster",
                       flightsSoFar: 6, daysSincePreviousFlight: 290),
            LaunchCore(core: .object(CoreRecord(serial: "B1082")), flight: 24, reused: true, landingAttempt: true,
                       landingSuccess: true, landingType: "ASDS", landpad: .object(Landpad(name: "OCISLY")), stage: "Core",
                       flightsSoFar: 24, daysSincePreviousFlight: 1),
            LaunchCore(core: .object(CoreRecord(serial: "B1090")), flight: 3, landingAttempt: true,
                       landingType: "RTLS", landpad: .object(Landpad(name: "LZ-1"))),
        ]
        let fields = Self.fields(launch)
        let at = fields.firstIndex { $0.label == "Boosters" }
        #expect(at != nil)
        guard let at else { return }
        #expect(fields[at].value == "B1065 · side booster · flight 6 · 6 flights so far · reused · 290 days since its previous flight · no landing attempt (EXP on ATL)")
        #expect(fields[at + 1] == ("", "B1082 · flight 24 · 24 flights so far · reused · 1 day since its previous flight · landed (ASDS on OCISLY)"))
        #expect(fields[at + 2] == ("", "B1090 · flight 3 · reuse - · landing attempt (RTLS on LZ-1)"),
                "what the source does not say is left out, or a dash")
    }

    @Test func withoutStagesThereIsNoBoostersField() {
        #expect(!Self.fields(Sample.ll2Launches(1)[0]).contains { $0.label == "Boosters" })
    }

    /// An r/SpaceX core reads as before: the new facts are Launch Library 2's.
    @Test func anRSpaceXCoreReadsAsBefore() {
        let core = LaunchCore(core: .object(CoreRecord(serial: "B1062")), flight: 3, reused: true, landingAttempt: true,
                              landingSuccess: true, landingType: "ASDS", landpad: .object(Landpad(name: "OCISLY")))
        #expect(LaunchDetailDocument.coreText(core) == "B1062 · flight 3 · reused · landed (ASDS on OCISLY)")
    }
}
