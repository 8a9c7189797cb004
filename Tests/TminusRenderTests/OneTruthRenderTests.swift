import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Issue 37, seen on screen: words that were cut where they could be whole.
@Suite("One truth: nothing cut that fits")
struct OneTruthRenderTests {
    func text(_ h: Harness, _ size: Size) -> String { Renderer.render(h.state, size: size).text }

    /// `Republic of t…` on the Falcon 1 page at 80x24: the facts beside the photo wrap.
    @Test func theRocketPagesFactsWrap() async {
        var falcon1 = Sample.Rockets.falcon1
        falcon1.country = "Republic of the Marshall Islands"
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(1, upcoming: true), rockets: [falcon1])).started()
        await h.press(.character("2"), .enter)
        let screen = text(h, Size(width: 80, height: 24))
        #expect(screen.contains("Republic of the Marshall") && screen.contains("Islands"), "\(screen)")
        #expect(!screen.contains("Republic of t…") && !screen.contains("Republic of the…"), "\(screen)")
    }

    /// `(UTC+02:00) launched successfu…` at 80x24: the outcome beside a past launch's date is
    /// whole, or in one word, never cut.
    @Test(arguments: [60, 64, 70, 80, 100])
    func aPastLaunchsOutcomeIsNeverCut(width: Int) async {
        let h = await Harness(source: ScriptedSource(past: [Sample.falconSat]), timeZone: TimeZone(identifier: "Europe/Warsaw")!).started()
        await h.press(.character("p"), .enter)
        let lines = text(h, Size(width: width, height: 24)).split(separator: "\n")
        let line = lines.first { $0.contains("2006-03-2") } ?? ""
        #expect(!line.contains("…"), "\(width): \(line)")
        #expect(line.contains("launch failed") || line.contains("failed") || width < 70, "\(width): \(line)")
    }

    /// A countdown's label is whole or left out (`AWAITING OUTCOME  NET passed 388 days a…`).
    @Test(arguments: [50, 60, 80, 120])
    func aCountdownsLabelIsNeverCut(width: Int) async {
        var launch = Sample.ll2Launches(1)[0]
        launch.date = Sample.reference.addingTimeInterval(-388 * 86_400)
        let h = await Harness(source: ScriptedSource(upcoming: [launch], name: "Launch Library 2")).started()
        await h.press(.enter)
        let screen = text(h, Size(width: width, height: 24))
        let line = screen.split(separator: "\n").first { $0.contains("AWAITING OUTCOME") } ?? ""
        #expect(!line.isEmpty && !line.contains("…"), "\(width): \(screen)")
    }
}
