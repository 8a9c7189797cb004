import TminusCore
import TminusViewModel

/// Draws a frame: a pure function of the state and the terminal size, so every screen is a
/// snapshot test and the ncurses backend only copies cells.
public enum Renderer {
    public static func render(_ state: AppState, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = ScreenLayout(ScreenSize(width: size.width, height: size.height))
        if layout.isTooSmall {
            TooSmallView.draw(into: &grid)
            return grid
        }
        TabBar.draw(state, into: &grid, layout: layout)
        if let detail = state.detail {
            LaunchDetailView.draw(detail, state: state, into: &grid, layout: layout)
        } else {
            switch state.tab {
            case .launches: LaunchListView.draw(state, into: &grid, layout: layout)
            case .rockets: ComingSoonView.draw("Rockets", issue: "rocket pages, specs and units", into: &grid, layout: layout)
            case .favorites: ComingSoonView.draw("Favorites", issue: "saved rockets and watched launches", into: &grid, layout: layout)
            }
        }
        StatusLine.draw(state, into: &grid, layout: layout)
        if state.showingHelp {
            HelpOverlay.draw(state.screen, into: &grid)
        }
        return grid
    }
}
