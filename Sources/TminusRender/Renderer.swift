import TminusCore
import TminusViewModel

/// Draws a frame: a pure function of the state and the terminal size, so every screen is a
/// snapshot test and the ncurses backend only copies cells.
public enum Renderer {
    public static func render(_ state: AppState, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = ScreenLayout(Size(width: size.width, height: size.height))
        if layout.isTooSmall {
            TooSmallView.draw(into: &grid)
            return grid
        }
        TabBar.draw(state, into: &grid, layout: layout)
        switch state.routes.last {
        case .launchDetail(let detail)?:
            LaunchDetailView.draw(detail, state: state, into: &grid, layout: layout)
        case .rocketPage(let page)?:
            RocketPageView.draw(page, state: state, into: &grid, layout: layout)
        case .rocketLaunches(let id, let name)?:
            LaunchListView.drawRocketLaunches(state, rocketID: id, rocketName: name, into: &grid, layout: layout)
        case nil:
            switch state.tab {
            case .launches: LaunchListView.draw(state, into: &grid, layout: layout)
            case .rockets: RocketListView.draw(state, into: &grid, layout: layout)
            case .favorites: FavoritesView.draw(state, into: &grid, layout: layout)
            }
        }
        StatusLine.draw(state, into: &grid, layout: layout)
        switch state.overlay {
        case .help?: HelpOverlay.draw(state.screen, keys: state.keys, into: &grid)
        case .units(let selection)?: UnitsModalView.draw(state.preferences.units, selection: selection, into: &grid)
        case .links(let menu)?: LinkMenuView.draw(menu, into: &grid)
        case nil: break
        }
        return grid
    }
}
