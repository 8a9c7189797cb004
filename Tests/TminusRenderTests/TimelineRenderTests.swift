import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The launch-day timeline drawn: `TimelineStrip` at several widths and clock times, and the
/// detail's Timeline section. Re-record by deleting the reference file under __Snapshots__.
@Suite("Timeline rendering")
struct TimelineRenderTests {
    static let net = ISO8601.parse("2026-08-26T09:27:00Z")!
    /// Starlink Group 15-22's first eleven steps, -38 min to +1 min 8 s.
    static let steps: [TimelineEvent] = [
        ("GO for Prop Load", -2_280.0), ("Prop Load", -2_100), ("Stage 1 LOX Load", -2_100), ("Stage 2 LOX Load", -960),
        ("Engine Chill", -420), ("Startup", -60), ("Tank Press", -60), ("GO for Launch", -45), ("Ignition", -3),
        ("Liftoff", 0), ("Max-Q", 68),
    ].map { TimelineEvent(name: $0.0, offset: $0.1) }

    /// The clock times the strips are drawn at, from T-0.
    static let moments: [TimeInterval] = [-3_600, -2_280, -1_500, -600, -480, -61, -60, -10, 0, 30, 68, 3_600]

    /// One strip a line: `moments` at `width`, then (last line) NET not exact.
    static func strips(width: Int, events: [TimelineEvent] = steps) -> Grid {
        var grid = Grid(size: Size(width: width, height: moments.count + 1))
        for (y, moment) in moments.enumerated() {
            TimelineStrip.draw(events, net: net, now: net.addingTimeInterval(moment), x: 0, y: y, width: width, into: &grid)
        }
        TimelineStrip.draw(events, net: nil, now: net, x: 0, y: moments.count, width: width, into: &grid)
        return grid
    }

    static func line(_ grid: Grid, _ y: Int) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[y])
    }

    @Test(arguments: [12, 34, 60])
    func stripsThroughTheLaunchDay(_ width: Int) {
        assertSnapshot(of: Self.strips(width: width), as: .frame, named: "\(width)")
    }

    @Test func theStripReadsAgainstTheClock() {
        let grid = Self.strips(width: 34)
        // An hour before: the cursor waits left of the first step, which is next.
        #expect(Self.line(grid, 0) == "┃▶──○──○──○──○──○──○──○──○──○───○─")
        // T-10 min: four done, engine chill next, the cursor 3 of 4¼ minutes along the gap.
        #expect(Self.line(grid, 3) == "━●━━●━━●━━●━┃▶──○──○──○──○──○───○─")
        // Two minutes later: with two columns between the marks it has not reached the next one.
        #expect(Self.line(grid, 4) == "━●━━●━━●━━●━┃▶──○──○──○──○──○───○─")
        // At T-0 liftoff is done, Max-Q next.
        #expect(Self.line(grid, 8) == "━●━━●━━●━━●━━●━━●━━●━━●━━●━━●┃──▶─")
        // After the last step every one is done and the cursor is at the right end.
        #expect(Self.line(grid, 11) == "━●━━●━━●━━●━━●━━●━━●━━●━━●━━●━━━●┃")
        // NET not exact: every step later, no cursor, no heavy line.
        #expect(Self.line(grid, 12) == "─○──○──○──○──○──○──○──○──○──○───○─")
    }

    @Test func everyStripIsItsWidthWithOneCursorAtMost() {
        for width in [3, 4, 5, 8, 12, 23, 34, 60, 200] {
            let grid = Self.strips(width: width)
            for y in 0..<grid.height {
                let text = Self.line(grid, y)
                #expect(text.count == width, "width \(width) line \(y)")
                #expect(text.filter { $0 == "┃" }.count <= 1)
                // Startup and Tank Press share their moment: both are next then.
                #expect(text.filter { $0 == "▶" }.count <= 2)
            }
        }
        // Too narrow to say anything: nothing drawn.
        #expect(Self.line(Self.strips(width: 2), 0) == "  ")
    }

    @Test func theCursorNeverGoesBack() {
        var last = -1
        for seconds in stride(from: -3_000.0, through: 200, by: 5) {
            let cells = TimelineStrip.cells(Self.steps, net: Self.net, now: Self.net.addingTimeInterval(seconds), width: 60)
            // Where the line stops being heavy, or the cursor is.
            let reached = cells.lastIndex { $0.character == "┃" || $0.character == "━" || $0.character == "●" } ?? 0
            #expect(reached >= last, "at \(seconds) s")
            last = reached
        }
    }

    @Test func aSingleStepSitsInTheMiddle() {
        let one = [TimelineEvent(name: "Liftoff", offset: 0)]
        #expect(TimelineStrip.cells(one, net: Self.net, now: Self.net.addingTimeInterval(-5), width: 9).map { String($0.character) }.joined() == "┃───▶────")
        #expect(TimelineStrip.cells(one, net: Self.net, now: Self.net.addingTimeInterval(5), width: 9).map { String($0.character) }.joined() == "━━━━●━━━┃")
        #expect(TimelineStrip.cells([], net: Self.net, now: Self.net, width: 9).isEmpty)
    }

    @Test func theDetailShowsTheTimelineSection() async {
        var launch = Launch(origin: .launchLibrary2, id: "sl-15-22", name: "Falcon 9 Block 5 | Starlink Group 15-22",
                            date: Self.net, upcoming: true, sourceStatus: Sample.go, provider: "SpaceX")
        launch.timeline = Self.steps.map { TimelineEvent(name: $0.name, description: "What \($0.name) is", offset: $0.offset) }
        let clock = TestClock()
        clock.set(Self.net.addingTimeInterval(-600))
        let h = await Harness(source: ScriptedSource(upcoming: [launch]), clock: clock, width: 100, height: 35,
                              timeZone: TimeZone(identifier: "Europe/Warsaw")!).started()
        await h.press(.enter)
        h.viewModel.handle(.tick)
        let grid = Renderer.render(h.state, size: h.state.size)
        assertSnapshot(of: grid, as: .frame)
        let lines = grid.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  ✓ T-00:38:00  10:49:00  GO for Prop Load") })
        #expect(lines.contains { $0.hasPrefix("  ▶ T-00:07:00  11:20:00  Engine Chill  What Engine Chill is") })
        #expect(lines.contains { $0.hasPrefix("    T-00:01:00  11:26:00  Startup ") })
    }
}
