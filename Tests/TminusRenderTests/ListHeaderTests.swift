import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The Launches tab's subheader: `Upcoming │ Past` stays whole at every width (INTERFACE.md),
/// whatever filters and order the facts beside it name; they shorten instead.
@Suite("List header")
struct ListHeaderTests {
    func subheader(_ h: Harness, width: Int) -> String {
        let lines = Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[h.state.layout.subheaderRow])
    }

    @Test func theSwitchStaysWholeWithEveryFilterOn() async {
        let source = ScriptedSource(upcoming: Sample.launches(30, upcoming: true), rockets: Sample.Rockets.all)
        let h = await Harness(source: source, width: 80, height: 24).started()
        await h.press(.character("/"))
        for character in "starlink" { await h.press(.character(character)) }
        await h.press(.enter, .character("W"), .character("s"), .character("R"))
        #expect(h.state.query(.segment(.upcoming)).narrows && h.state.query(.segment(.upcoming)).reversed)
        for width in [ScreenLayout.minimumWidth, 60, 80, 100, 120] {
            let line = subheader(h, width: width)
            #expect(line.hasPrefix("  Upcoming │ Past "), "\(width) columns: \(line)")
            #expect(line.contains("filter: starlink"), "\(width) columns: \(line)")
        }
        // Wide enough, every fact is there.
        #expect(subheader(h, width: 200).contains("sorted: latest first") && subheader(h, width: 200).contains("times in UTC"))
    }
}
