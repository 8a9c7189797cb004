import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The `/` input and the list's filter and order in the row under the tabs.
@Suite("Render: filter and sort")
struct FilterRenderTests {
    func subheader(_ h: Harness, width: Int = 80) -> String {
        String(Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n")[1])
    }

    @Test func theInputThenTheFilterThenTheOrder() async {
        var past = Sample.launches(8, upcoming: false)
        past[2].name = "Crew-5"
        let h = await Harness(source: ScriptedSource(past: past)).started()
        await h.press(.character("p"))
        #expect(!subheader(h).contains("filter:"))
        #expect(!subheader(h).contains("sorted:"))

        await h.press(.character("/"), .character("c"), .character("r"))
        var row = subheader(h)
        #expect(row.contains("Upcoming │ Past  / cr▏"), "\(row)")
        #expect(!row.contains("filter:"), "not while typing")

        await h.press(.enter)
        row = subheader(h)
        #expect(!row.contains("▏"), "\(row)")
        #expect(row.contains("filter: cr · 1 launch · times in UTC"), "\(row)")

        await h.press(.character("s"))
        row = subheader(h)
        #expect(row.contains("filter: cr · sorted: oldest first · 1 launch"), "\(row)")
    }

    /// A filter that hides every row says so, names the filter and the way back (issue 25:
    /// it read `No past launches.`, as if there were none).
    @Test func aFilterWithNoMatchNamesItselfAndTheWayBack() async {
        let h = await Harness(source: ScriptedSource(past: Sample.launches(8, upcoming: false))).started()
        await h.press(.character("p"), .character("/"), .character("z"), .character("q"), .character("x"))
        var screen = Renderer.render(h.state, size: Size(width: 80, height: 24)).text
        #expect(screen.contains("No past launches match filter: zqx"), "while typing too:\n\(screen)")
        await h.press(.enter, .character("F"))
        screen = Renderer.render(h.state, size: Size(width: 80, height: 24)).text
        #expect(screen.contains("No past launches match filter: zqx · success"), "\(screen)")
        #expect(screen.contains("Esc clears the filter"), "\(screen)")
        #expect(!screen.contains("No past launches."), "\(screen)")
        await h.press(.escape)
        screen = Renderer.render(h.state, size: Size(width: 80, height: 24)).text
        #expect(!screen.contains("match filter"), "Esc cleared it: \(screen)")
    }

    /// The `/` text is underlined in the accent colour in the names that hold it (issue 25).
    @Test func theMatchIsHighlightedInTheNames() async {
        var past = Sample.launches(4, upcoming: false)
        past[1].name = "Crew-5"
        let h = await Harness(source: ScriptedSource(past: past)).started()
        await h.press(.character("p"), .character("/"), .character("r"), .character("e"), .character("w"), .enter)
        let grid = Renderer.render(h.state, size: Size(width: 80, height: 24))
        let at = try! #require(grid.find("Crew-5"))
        for dx in 1...3 {
            #expect(grid[at.x + dx, at.y].style.attributes.contains(.underline), "\(dx)")
            #expect(grid[at.x + dx, at.y].style.foreground == .theme.accent)
        }
        #expect(!grid[at.x, at.y].style.attributes.contains(.underline), "only the match")
        #expect(!grid[at.x + 4, at.y].style.attributes.contains(.underline))
    }

    @Test func upcomingReversedIsLatestFirstAndARocketsListShowsItsInput() async {
        let rocket = Sample.falcon9
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: [rocket],
                                                     rocketLaunches: [rocket.id: Sample.launches(3, upcoming: false)])).started()
        await h.press(.character("s"))
        #expect(subheader(h).contains("sorted: latest first"))
        await h.press(.character("2"), .enter, .character("L"), .character("/"), .character("x"))
        let row = subheader(h)
        #expect(row.contains("Falcon 9 launches  / x▏"), "\(row)")
    }
    @Test func theOutcomeRocketAndWebcastFiltersJoinTheNameOne() async {
        var past = Sample.launches(8, upcoming: false)
        for i in past.indices {
            past[i].success = true
            past[i].rocket = .object(Sample.Rockets.falcon9)
            past[i].links.webcast = URL(string: "https://youtu.be/\(i)")
        }
        past[2].name = "Crew-5"
        let h = await Harness(source: ScriptedSource(past: past, rockets: Sample.Rockets.all)).started()
        await h.press(.character("p"), .character("/"), .character("c"), .character("r"), .character("e"), .character("w"), .enter)
        await h.press(.character("F"))
        await h.press(.character("R"), .character("R"))  // loads the rockets and takes Falcon 1, then Falcon 9
        await h.press(.character("W"))
        let row = subheader(h, width: 120)
        #expect(row.contains("filter: crew · success · Falcon 9 · webcast · 1 launch"), "\(row)")
        await h.press(.character("/"), .escape, .character("F"), .character("F"))
        #expect(subheader(h, width: 120).contains("filter: Falcon 9 · webcast · 8 launches"), "\(subheader(h, width: 120))")
    }
}
