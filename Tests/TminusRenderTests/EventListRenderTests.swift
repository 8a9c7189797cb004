import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The Events list draws a date blue only while the event may still be to come, as a launch
/// row's word is blue only while the launch is: an event an Upcoming list loaded before its
/// time, and every past one, are drawn muted.
@Suite("Event list dates")
struct EventListRenderTests {
    static func dateColour(_ h: Harness, _ date: String) throws -> Color {
        let grid = Renderer.render(h.state, size: Size(width: 100, height: 24))
        let at = try #require(grid.find(date), "\(date) on screen:\n\(grid.text)")
        return grid[at.x, at.y].style.foreground
    }

    @Test func aDateIsBlueOnlyWhileTheEventIsToCome() async throws {
        let clock = TestClock()
        let source = ScriptedSource(upcoming: Sample.ll2Launches(2), name: "Launch Library 2",
                                    events: [.upcoming: Sample.events(3), .past: Sample.events(2, upcoming: false)])
        var events = Sample.events(3)
        events[2].datePrecision = .month  // 2022-10: to come until the month is over
        source.replace(events: events, in: .upcoming)
        let h = await Harness(source: source, clock: clock, width: 100).started()
        await h.press(.character("4"))
        #expect(try Self.dateColour(h, "2022-10-02 12:00") == .theme.upcoming)
        #expect(try Self.dateColour(h, "2022-10-03 12:00") == .theme.upcoming)

        // A day and a half on, with the list as it was loaded: the first has passed.
        clock.advance(by: 36 * 3600)
        h.viewModel.handle(.tick)
        #expect(try Self.dateColour(h, "2022-10-02 12:00") == Theme.label.foreground)
        #expect(try Self.dateColour(h, "2022-10-03 12:00") == .theme.upcoming)
        // Known to the month only: still to come in October.
        #expect(try Self.dateColour(h, "NET 2022-10") == .theme.upcoming)

        await h.press(.character("p"))
        #expect(try Self.dateColour(h, "2022-09-30 12:00") == Theme.label.foreground, "a past event is not drawn as to come")
    }
}
