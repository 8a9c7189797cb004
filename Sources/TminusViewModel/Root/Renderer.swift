import TminusCore
import TminusRender

/// Draws a frame: a pure function of the state and the terminal size, so every screen is a
/// snapshot test and the ncurses backend only copies cells.
public enum Renderer {
    /// Drawn in the state's theme (`ThemeColors(state.theme)`), which the views read as `.theme`.
    public static func render(_ state: AppState, size: Size) -> Grid {
        frame(state, size: size).grid
    }

    /// The frame: its cells, and where the views put their click regions, picture boxes and
    /// scrolling body (`FrameGeometry`, which the next reduce reads).
    public static func frame(_ state: AppState, size: Size) -> Frame {
        ThemeColors.$current.withValue(ThemeColors(state.theme)) { draw(state, size: size) }
    }

    private static func draw(_ state: AppState, size: Size) -> Frame {
        var frame = Frame(grid: Grid(size: size))
        let layout = ScreenLayout(size, banner: state.preferences.banner)
        if layout.isTooSmall {
            TooSmallView.draw(into: &frame.grid)
            return frame
        }
        let context = RenderContext(state, layout: layout)
        TabBar.draw(state, into: &frame, layout: layout)
        if let y = layout.bannerRow { NextLaunchBanner.draw(state.nextLaunch, context: context, y: y, into: &frame.grid) }
        // The screen on top draws between the tab bar (and banner) and the status line.
        let body = Rect(x: 0, y: layout.contentTop, width: layout.width, height: layout.statusRow - layout.contentTop)
        state.screen.unit.view(state, in: body, context: context, into: &frame)
        StatusLine.draw(state, into: &frame.grid, layout: layout)
        switch state.overlay {
        case .help?: HelpOverlay.draw(state.screen, keys: state.keys, scroll: state.helpScroll, into: &frame.grid)
        case .units(let selection)?:
            UnitsModalView.draw(state.preferences.units, selection: selection, clear: frame.keepInSight, into: &frame.grid)
        case .links(let menu)?: LinkMenuView.draw(menu, into: &frame.grid)
        case .follow(let chooser)?: FollowChooserView.draw(chooser, into: &frame.grid)
        case nil: break
        }
        return frame
    }
}
