import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Screens in the light and ansi16 themes (the other snapshots are the dark one, the
/// default): the selection band, the bars, every Launch Library 2 status word, the detail's
/// links and big countdown, the list with its preview (200x60) and the help, at every snapshot
/// size. Re-record by deleting the reference file under __Snapshots__.
@Suite("Theme snapshots")
struct ThemeSnapshotTests {
    static let size = Size(width: 80, height: 24)

    func frame(_ h: Harness, _ theme: ThemeChoice, size: Size = Self.size) -> Grid {
        h.viewModel.handle(.resized(width: size.width, height: size.height))
        return Renderer.render(h.state.themed(theme), size: size)
    }

    @Test(arguments: [ThemeChoice.light, .ansi16], Size.snapshotSizes)
    func launchLibrary2List(_ theme: ThemeChoice, _ size: Size) async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source()).started()
        await h.press(.down)
        assertSnapshot(of: frame(h, theme, size: size), as: .frame, named: "\(theme.rawValue)-\(size)")
    }

    @Test(arguments: [ThemeChoice.light, .ansi16], Size.snapshotSizes)
    func launchLibrary2Detail(_ theme: ThemeChoice, _ size: Size) async {
        let h = await Harness(source: LaunchLibrary2SnapshotTests.source(details: ["ll2-1": Sample.starlinkDetailed])).started()
        await h.press(.enter, .right)
        assertSnapshot(of: frame(h, theme, size: size), as: .frame, named: "\(theme.rawValue)-\(size)")
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
