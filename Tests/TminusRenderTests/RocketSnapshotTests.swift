import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
import TminusViewModel

/// The Rockets tab's screens at 80x24, 120x40 and 200x60, text and colours.
@Suite("Rocket snapshots")
struct RocketSnapshotTests {
    static let sizes = Size.snapshotSizes

    /// A view model over a source that knows the sample rockets, with the Rockets tab open.
    func rocketsTab(_ size: Size, failing: APIError? = nil) async -> Harness {
        let falcon1Launches = [Sample.falconSat] + Sample.launches(3, upcoming: false, prefix: "Flight")
        let source = ScriptedSource(rockets: Sample.Rockets.all,
                                    rocketLaunches: [Sample.Rockets.falcon1.id: falcon1Launches])
        if let failing { source.fail(with: failing) }
        let h = Harness(source: source, width: size.width, height: size.height)
        await h.press(.character("2"))
        return h
    }

    func frame(_ h: Harness, _ size: Size) -> Grid { Renderer.render(h.state, size: size) }

    @Test(arguments: sizes)
    func rocketList(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.down)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func rocketPageMetric(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.down, .enter)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func rocketPageImperial(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.down, .enter, .character("U"))
        for _ in 0..<4 { await h.press(.character(" "), .down) }
        await h.press(.escape)
        let grid = frame(h, size)
        #expect(grid.find("229.7") != nil && grid.find("1,210,457") != nil)
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    @Test func starshipShowsDashesForUnknowns() async {
        let h = await rocketsTab(Size(width: 80, height: 50))
        await h.press(.end, .enter)
        assertSnapshot(of: frame(h, Size(width: 80, height: 50)), as: .frame)
    }

    @Test(arguments: sizes)
    func unitsModal(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.down, .enter, .character("U"), .down, .character(" "))
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func rocketLaunches(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.enter, .character("L"))
        let grid = frame(h, size)
        let failed = try! #require(grid.find("✗"))
        #expect(grid[failed.x, failed.y].style.foreground == .theme.failure)
        let ok = try! #require(grid.find("✓"))
        #expect(grid[ok.x, ok.y].style.foreground == .theme.success)
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    @Test func rocketsFailedToLoad() async {
        let h = await rocketsTab(Size(width: 80, height: 24), failing: .http(status: 502, retryAfter: nil))
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }
}
