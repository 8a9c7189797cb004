import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

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
        let grid = frame(h, size)
        // The chooser leaves the figures it changes in sight (issue 25: it covered them).
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let figures = try! #require(lines.firstIndex { $0.contains("HEIGHT") && $0.contains("PAYLOAD TO LEO") }, "\(grid.text)")
        #expect(lines[figures + 1].contains(" ft ") || lines[figures + 1].contains(" m "), "the values under their titles: \(lines[figures + 1])")
        #expect(!lines[figures...(figures + 2)].contains { $0.contains("│") || $0.contains("╭") || $0.contains("╰") }, "\(grid.text)")
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    /// On a short terminal the figures come first, under the name; on a tall one the photo
    /// leads (issue 25: at 80x24 the photo took the rows before what the page is for).
    @Test(arguments: sizes)
    func theFiguresLeadOnAShortTerminal(_ size: Size) async {
        let h = await rocketsTab(size)
        await h.press(.down, .enter)
        let lines = frame(h, size).text.split(separator: "\n", omittingEmptySubsequences: false)
        let figures = try! #require(lines.firstIndex { $0.contains("HEIGHT") && $0.contains("PAYLOAD TO LEO") })
        let gallery = try! #require(lines.firstIndex { $0.contains("image 1/") })
        if size.height < 30 {
            #expect(figures == 2, "right under the name")
            #expect(figures < gallery)
        } else {
            #expect(figures > gallery, "the photo and its summary first")
        }
    }

    /// `↓ more` has the body's last row to itself (issue 25: `…orbit around the E↓ more`), and
    /// at the end of the body it is gone and the last line shows.
    @Test func moreHasARowOfItsOwn() async {
        let size = Size(width: 80, height: 24)
        let h = await rocketsTab(size)
        await h.press(.down, .enter)
        var lines = frame(h, size).text.split(separator: "\n", omittingEmptySubsequences: false)
        let more = try! #require(lines.first { $0.contains("↓ more") })
        #expect(more.trimmingCharacters(in: .whitespaces) == "↓ more", "\(more)")
        for _ in 0..<60 { await h.press(.down) }
        lines = frame(h, size).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.contains("↓ more") }, "\(lines.joined(separator: "\n"))")
        #expect(lines[size.height - 2].trimmingCharacters(in: .whitespaces).isEmpty == false, "the body's last line, on the last row")
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

    /// A rocket's launches with pictures (two-line rows): the outcome column has a title, the
    /// rows do not repeat the rocket, and the second line runs to the list's edge (issue 25:
    /// it was cut at the mission column with 150 columns free).
    @Test func aRocketsLaunchesUseTheWidth() async {
        var launches = Sample.launches(3, upcoming: false, prefix: "Flight")
        for i in launches.indices {
            launches[i].rocket = .object(Sample.Rockets.falcon1)
            launches[i].launchpad = .object(Launchpad(id: "kwaj", name: "Kwajalein Atoll Omelek Island Launch Complex",
                                                      locality: "Omelek Island, Republic of the Marshall Islands"))
        }
        let source = ScriptedSource(rockets: Sample.Rockets.all, rocketLaunches: [Sample.Rockets.falcon1.id: launches])
        let size = Size(width: 200, height: 60)
        let h = Harness(source: source, width: size.width, height: size.height, pictures: PictureSpy().loader)
        await h.press(.character("2"), .enter, .character("L"))
        let lines = frame(h, size).text.split(separator: "\n").map(String.init)
        let header = try! #require(lines.first { $0.contains("MISSION") })
        #expect(header.contains("OUTCOME"), "\(header)")
        #expect(lines.contains { $0.contains("Flight #") && $0.contains("Kwajalein Atoll Omelek Island Launch Complex") && !$0.contains("…") },
                "the place line whole:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("Falcon 1 · Flight") }, "the rocket is over the list, not on every row")
    }

    @Test func rocketsFailedToLoad() async {
        let h = await rocketsTab(Size(width: 80, height: 24), failing: .http(status: 502, retryAfter: nil))
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }
}
