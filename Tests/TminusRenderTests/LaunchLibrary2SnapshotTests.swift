import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Launch Library 2 screens: rows with provider and the source's status words, the detail
/// with its picture and video links, the link menu, cached data with its reason, the hint on
/// a frozen source. Re-record by deleting the reference file under __Snapshots__.
@Suite("Launch Library 2 snapshots")
struct LaunchLibrary2SnapshotTests {
    static let sizes = Size.snapshotSizes

    func frame(_ h: Harness, _ size: Size) -> Grid {
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        return Renderer.render(h.state, size: size)
    }

    /// Every status Launch Library 2 has, and each date precision.
    static func mixed() -> [Launch] {
        var launches = Sample.ll2Launches(12)
        let statuses = [Sample.go, Sample.tbd, Sample.hold, Sample.inFlight, Sample.success, Sample.failure,
                        SourceStatus(id: 7, name: "Launch was a Partial Failure", abbrev: "Partial Failure")]
        for (i, status) in statuses.enumerated() {
            launches[i].sourceStatus = status
            launches[i].upcoming = [1, 2, 5].contains(status.id ?? 0)
        }
        launches[7].datePrecision = .day
        launches[8].datePrecision = .month
        launches[9].name = "Long Mission Name With Many Words | A Payload That Does Not Fit"
        return launches
    }

    static func source(details: [String: Launch] = [:]) -> ScriptedSource {
        ScriptedSource(upcoming: mixed(), details: details, name: "Launch Library 2")
    }

    @Test(arguments: sizes)
    func list(_ size: Size) async {
        let h = await Harness(source: Self.source()).started()
        await h.press(.down)
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func detailWithPictureAndVideos(_ size: Size) async {
        let h = await Harness(source: Self.source(details: ["ll2-1": Sample.starlinkDetailed]), pictures: PictureSpy().loader).started()
        await h.press(.enter)
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        await h.viewModel.settle()
        assertSnapshot(of: frame(h, size), as: .frame, named: "\(size)")
    }

    /// The picture scrolls with the text, row by row.
    @Test func detailScrolledIntoThePicture() async {
        let h = await Harness(source: Self.source(details: ["ll2-1": Sample.starlinkDetailed]), pictures: PictureSpy().loader).started()
        await h.press(.enter)
        await h.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"),
                      .character("j"), .character("j"), .character("j"), .character("j"), .character("j"))
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }

    /// Without pictures (`--no-images`) the body has no picture box at all.
    @Test func detailWithoutPictures() async {
        let h = await Harness(source: Self.source(details: ["ll2-1": Sample.starlinkDetailed])).started()
        await h.press(.enter)
        assertSnapshot(of: frame(h, Size(width: 80, height: 40)), as: .frame)
    }

    /// A status word from the network can be any length: the name row keeps its room.
    @Test func aLongStatusWordIsCutInTheDetail() async {
        var launch = Sample.starlinkDetailed
        launch.sourceStatus = SourceStatus(id: 99, name: String(repeating: "Very long status ", count: 8))
        let h = await Harness(source: ScriptedSource(upcoming: [launch], details: [launch.id: launch], name: "Launch Library 2")).started()
        await h.press(.enter)
        let row = Renderer.render(h.state, size: Size(width: 80, height: 24)).text.split(separator: "\n")[1]
        #expect(row.contains("Electron | LL2 Mission 1"), "\(row)")
        #expect(row.hasSuffix("VERY LONG STATU… "), "16 columns, the last one …: \(row)")
    }

    @Test func linkMenu() async {
        let h = await Harness(source: Self.source(details: ["ll2-1": Sample.starlinkDetailed])).started()
        await h.press(.enter, .character("o"), .character("j"))
        assertSnapshot(of: frame(h, Size(width: 80, height: 24)), as: .frame)
    }

    @Test func rateLimitedWithCachedRows() async {
        let source = Self.source()
        let h = await Harness(source: source).started()
        h.clock.advance(by: 14 * 60)
        source.serveStale(fetchedAt: Sample.reference, problem: .rateLimited(source: "Launch Library 2", retryAfter: 600))
        await h.press(.character("r"))
        assertSnapshot(of: frame(h, Size(width: 100, height: 24)), as: .frame)
    }

    @Test func frozenSourceHint() async {
        let spacex = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: spacex, alternatives: [Self.source()]).started()
        h.clock.advance(by: 30 * 86_400)
        h.viewModel.handle(.tick)
        assertSnapshot(of: frame(h, Size(width: 120, height: 24)), as: .frame)
    }
}
