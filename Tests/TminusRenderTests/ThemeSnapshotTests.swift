import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
import TminusViewModel

/// Screens in the light and ansi16 themes (the other snapshots are the dark one, the
/// default): the selection band, the bars, every Launch Library 2 status word, the detail's
/// links and the help. Re-record by deleting the reference file under __Snapshots__.
@Suite("Theme snapshots")
struct ThemeSnapshotTests {
    static let size = Size(width: 80, height: 24)

    func frame(_ h: Harness, _ theme: ThemeChoice) -> Grid {
        Renderer.render(h.state.themed(theme), size: Self.size)
    }

    @Test(arguments: [ThemeChoice.light, .ansi16])
    func launchLibrary2List(_ theme: ThemeChoice) async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source()).started()
        await h.press(.down)
        assertSnapshot(of: frame(h, theme), as: .frame, named: theme.rawValue)
    }

    @Test(arguments: [ThemeChoice.light, .ansi16])
    func launchLibrary2Detail(_ theme: ThemeChoice) async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source(details: ["ll2-1": Sample.starlinkDetailed])).started()
        await h.press(.enter, .right)
        assertSnapshot(of: frame(h, theme), as: .frame, named: theme.rawValue)
    }

    @Test func helpInLight() async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source()).started()
        await h.press(.character("?"))
        assertSnapshot(of: frame(h, .light), as: .frame)
    }

    /// `auto` is light once the terminal said its background is.
    @Test func autoOnALightTerminalIsTheLightTheme() async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source()).started()
        #expect(Renderer.render(h.state.themed(.auto, background: .light), size: Self.size) == frame(h, .light))
        #expect(Renderer.render(h.state.themed(.auto, background: .dark), size: Self.size) == frame(h, .dark))
        #expect(frame(h, .light) != frame(h, .dark))
    }
}
