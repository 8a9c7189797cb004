import TminusCore
import TminusRender

/// Draws a frame: a pure function of the state and the terminal size, so every screen is a
/// snapshot test and the ncurses backend only copies cells.
public enum Renderer {
    /// Drawn in the state's theme (`ThemeColors(state.theme)`), which the views read as `.theme`.
    public static func render(_ state: AppState, size: Size) -> Grid {
        ThemeColors.$current.withValue(ThemeColors(state.theme)) { draw(state, size: size) }
    }

    private static func draw(_ state: AppState, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = ScreenLayout(size, banner: state.preferences.banner)
        if layout.isTooSmall {
            TooSmallView.draw(into: &grid)
            return grid
        }
        let context = RenderContext(state, layout: layout)
        TabBar.draw(state, into: &grid, layout: layout)
        if let y = layout.bannerRow { NextLaunchBanner.draw(state.nextLaunch, context: context, y: y, into: &grid) }
        // Each screen gets its part of the state and the context.
        switch state.routes.last {
        case .launchDetail(let detail)?:
            LaunchDetailView.draw(detail, body: state.detailBody(detail.launch), context: context, into: &grid)
        case .rocketPage(let page)?:
            if let rocket = state.rocket(at: page) {
                RocketPageView.draw(page, rocket: rocket, count: state.rockets(in: page.collection).count, context: context, into: &grid)
            }
        case .rocketLaunches(let id, let name)?:
            LaunchPreviewView.drawSplit(state.previewLaunch, context: context, into: &grid) {
                LaunchListView.drawRocketLaunches(state, rocketID: id, rocketName: name, context: context, into: &$0)
            }
        case nil:
            switch state.tab {
            case .launches:
                LaunchPreviewView.drawSplit(state.previewLaunch, context: context, into: &grid) {
                    LaunchListView.draw(state, context: context, into: &$0)
                }
            case .rockets: RocketListView.draw(state.rockets, context: context, into: &grid)
            case .favorites:
                LaunchPreviewView.drawSplit(state.previewLaunch, rocket: state.previewRocket, context: context, into: &grid) {
                    FavoritesView.draw(state.favorites, context: context, into: &$0)
                }
            }
        }
        StatusLine.draw(state, into: &grid, layout: layout)
        switch state.overlay {
        case .help?: HelpOverlay.draw(state.screen, keys: state.keys, into: &grid)
        case .units(let selection)?:
            UnitsModalView.draw(state.preferences.units, selection: selection,
                                clear: state.screen == .rocketPage ? layout.rocketFiguresRows : nil, into: &grid)
        case .links(let menu)?: LinkMenuView.draw(menu, into: &grid)
        case nil: break
        }
        return grid
    }
}
