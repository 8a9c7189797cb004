import TminusCore

/// The Favorites tab: favorite rockets and watched launches from the local database
/// (`AppState.favorites`), with the selected one's preview beside them on wide terminals.
enum FavoritesScreen: TabUnit {
    static let kind = ScreenKind("favorites")
    static let tab = Tab(kind, title: "Favorites")
    static let keys: [KeyHelp] = Keymap.shortList + [
        KeyHelp("Enter", "open", status: true, Keymap.openRow),
        KeyHelp("f x", "remove", status: true, bind((char("f"), .toggleFavorite), (char("x"), .toggleFavorite))),
        KeyHelp("u", "undo the last removal", bind((char("u"), .undoRemoval))),
        KeyHelp("c", "save a calendar event for the launch (.ics)", bind((char("c"), .saveCalendarEvent))),
        KeyHelp("r", "reload from the database", bind((char("r"), .refresh))),
    ]
    static let hasPreview = true

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnFavorites(action) }
    /// Another tminus may have changed the database: the tab shows what is on disk now.
    static func selected(_ reducer: inout AppReducer) { reducer.reloadFavorites() }

    static func launchInFocus(_ state: AppState) -> Launch? {
        if case .launch(let watched)? = state.favorites.selectedRow { return watched.launch }
        return nil
    }
    static func rocketInFocus(_ state: AppState) -> Rocket? {
        if case .rocket(let favorite)? = state.favorites.selectedRow { return favorite.rocket }
        return nil
    }

    static func selectRow(_ index: Int, _ reducer: inout AppReducer) { reducer.state.favorites.selection = index }
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        let favorites = reducer.state.favorites
        reducer.state.favorites.selection = AppReducer.moved(favorites.selection, count: favorites.rows.count, by: lines)
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        LaunchPreviewView.drawSplit(state.previewLaunch, rocket: state.previewRocket, in: rect, context: context, into: &frame) { list, frame in
            FavoritesView.draw(state.favorites, in: list, context: context, into: &frame)
        }
    }
}
