import Foundation
import PropertyBased
import Testing
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

/// One verdict per launch (issue 37): over generated launches of both sources, every status a
/// source sends, every date precision and a clock anywhere from years before to years after
/// NET, the list row, the preview, the detail's header, the rocket's launch list (its mark),
/// `tminus next`'s `{status}` and `tminus list --json` say the same word, and a launch long
/// past its NET (an exact one by three hours, a day, month by its end and three hours, a hold
/// by a day) with no outcome is never called `GO`, `TBD`, `TBC`, `HOLD` or `UPCOMING` anywhere.
@Suite("One verdict per launch (properties)")
struct VerdictPropertyTests {
    struct Case: Sendable, CustomStringConvertible {
        var live: Bool
        var status: SourceStatus?
        var success: Bool?
        var precision: DatePrecision
        /// Seconds from NET to the clock.
        var offset: TimeInterval

        var description: String {
            "\(live ? "LL2" : "r/SpaceX") \(status?.name ?? "no status") success=\(String(describing: success)) \(precision) \(Int(offset)) s after NET"
        }

        static let statuses: [SourceStatus?] = [
            nil, SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go"), SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD"),
            SourceStatus(id: 8, name: "To Be Confirmed", abbrev: "TBC"), SourceStatus(id: 5, name: "On Hold", abbrev: "Hold"),
            SourceStatus(id: 6, name: "Launch in Flight", abbrev: "In Flight"), SourceStatus(id: 3, name: "Launch Successful", abbrev: "Success"),
            SourceStatus(id: 4, name: "Launch Failure", abbrev: "Failure"),
        ]

        static let generator = Generator<Case, Shrink.None<Case>> { rng in
            let live = Bool.random(using: &rng)
            let offsets: [TimeInterval] = [-3 * 365 * 86_400, -86_400, -3600, -30, 0, 30, 3600, 3 * 3600 - 1, 3 * 3600, 86_400,
                                           2 * 86_400, 40 * 86_400, 100 * 86_400, 200 * 86_400, 400 * 86_400, 3 * 365 * 86_400]
            return Case(live: live, status: live ? statuses.randomElement(using: &rng)! : nil,
                        success: live ? nil : [nil, true, false].randomElement(using: &rng)!,
                        precision: DatePrecision.allCases.randomElement(using: &rng)!,
                        offset: offsets.randomElement(using: &rng)! + Double(Int.random(in: 0..<600, using: &rng)))
        }

        var launch: Launch {
            var launch = Launch(origin: live ? .launchLibrary2 : .spacex, id: "gen", name: "Generated Mission",
                                date: Sample.reference, datePrecision: precision,
                                upcoming: live ? (status.map { [1, 2, 5, 8].contains($0.id ?? 0) } ?? true) : success == nil,
                                success: success, rocket: .object(Rocket(id: "gen-rocket", name: "Generated Rocket")))
            launch.sourceStatus = status
            return launch
        }
    }

    @Test func everyScreenAndSubcommandSaysTheSameWord() async {
        await propertyCheck(count: 150, input: Case.generator) { c in
            let launch = c.launch
            let now = Sample.reference.addingTimeInterval(c.offset)
            let word = launch.statusWord(at: now)
            let clock = TestClock(now)
            let h = await Harness(source: ScriptedSource(upcoming: [launch], rockets: [Rocket(id: "gen-rocket", name: "Generated Rocket")],
                                                         rocketLaunches: ["gen-rocket": [launch]],
                                                         name: c.live ? "Launch Library 2" : "r/SpaceX API"),
                                  clock: clock, width: 160, height: 40).started()
            let list = Renderer.render(h.state, size: Size(width: 160, height: 40)).text
            // The selected row (left of the preview), and the preview beside it.
            let line = list.split(separator: "\n").first { $0.contains("› ") && $0.contains("Generated Mission") }.map(String.init) ?? ""
            let parts = line.components(separatedBy: "│")
            #expect(parts[0].contains(word), "\(c): the row says \(parts[0]), the verdict is \(word)")
            #expect(list.components(separatedBy: word).count >= 3, "\(c): the row and the preview both say \(word):\n\(list)")
            await h.press(.enter)
            let detail = Renderer.render(h.state, size: Size(width: 160, height: 40)).text
            let header = detail.split(separator: "\n").first { $0.contains("Generated Mission") }.map(String.init) ?? ""
            #expect(header.contains(word), "\(c): the detail's header says \(header), the verdict is \(word)")
            #expect(ScriptOutput.fields(launch, now: now, time: LaunchTime(timeZone: .gmt))["status"] == word, "\(c)")
            let json = (try? JSONSerialization.jsonObject(with: ScriptOutput.launchJSON([launch], verdictAt: now))) as? [[String: Any]]
            #expect(json?.first?["status"] as? String == word.lowercased(), "\(c)")
            // The rocket's launch list: its mark is `?` exactly where the word is NO OUTCOME or NO
            // DATA, never the upcoming `•`.
            await h.press(.escape, .character("2"), .enter, .character("L"))
            let rocketList = Renderer.render(h.state, size: Size(width: 160, height: 40)).text
            let row = rocketList.split(separator: "\n").first { $0.contains("› ") && $0.contains("Generated Mission") }.map(String.init) ?? ""
            let overdue = ["NO OUTCOME", "NO DATA"].contains(word)
            #expect(row.contains(" ? ") == overdue && (!overdue || !row.contains("•")), "\(c): the rocket's launches say \(row), the verdict is \(word)")
            // Long past its NET with no outcome: never a word that says it is still to come. A
            // date known to the day or month is past once its period is, a hold once a day is.
            let past = c.precision == .hour
                ? c.offset >= (launch.countdownPhase == .hold ? Countdown.holdGoesStale : Countdown.outcomeOverdue)
                : now >= Countdown.periodEnd(launch.date!, c.precision).addingTimeInterval(Countdown.outcomeOverdue)
            if past, launch.outcomePending {
                #expect(!["GO", "TBD", "TBC", "UPCOMING", "HOLD"].contains(word), "\(c): \(word)")
            }
        }
    }
}
