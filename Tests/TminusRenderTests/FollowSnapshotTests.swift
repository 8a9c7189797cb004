import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Issue 38 on screen: `P`'s chooser (a provider ticked, the search open) and the list under a
/// follow with its `following:` header. Re-record by deleting the reference file under __Snapshots__.
@Suite("Following snapshots")
struct FollowSnapshotTests {
    static let sizes = Size.snapshotSizes

    func frame(_ h: Harness, _ size: Size) -> Grid {
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        return Renderer.render(h.state, size: size)
    }

    static func source() -> ScriptedSource {
        ScriptedSource(upcoming: LaunchLibrary2SnapshotTests.mixed(), name: "Launch Library 2")
    }

    @Test(arguments: sizes)
    func chooser(_ size: Size) async {
        let h = await Harness(source: Self.source()).started()
        await h.press(.character("P"), .down, .character(" "), .character("/"), .character("n"), .character("e"), .character("w"))
        let grid = frame(h, size)
        #expect(grid.text.contains("following: Rocket Lab"), "\(grid.text)")
        #expect(grid.text.contains("New Zealand"), "\(grid.text)")
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }

    @Test(arguments: sizes)
    func followedList(_ size: Size) async {
        let h = await Harness(source: Self.source(), followFlag: Follow(providers: ["Rocket Lab"])).started()
        await h.press(.character("E"), .character("E"))
        let grid = frame(h, size)
        #expect(grid.text.contains("following: Rocket Lab"), "\(grid.text)")
        assertSnapshot(of: grid, as: .frame, named: "\(size)")
    }
}
