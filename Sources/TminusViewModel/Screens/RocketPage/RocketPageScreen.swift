import TminusCore

/// A rocket's page, opened from the Rockets or the Favorites tab: photo gallery, summary, the
/// four figures in the user's units, then its specs; `←` `→` page through the rockets.
enum RocketPageScreen: ScreenUnit {
    static let kind = ScreenKind("rocket page")
    static let keys: [KeyHelp] = [
        KeyHelp("←→ h l", "previous / next rocket", status: true,
                bind((.left, .previousRocket), (char("h"), .previousRocket), (.right, .nextRocket), (char("l"), .nextRocket))),
        KeyHelp("[ ]", "previous / next image", status: true, bind((char("["), .previousImage), (char("]"), .nextImage))),
        KeyHelp("L", "show launches", status: true, bind((char("L"), .showRocketLaunches))),
        Keymap.watch("favorite / unfavorite", status: true),
        Keymap.units,
        KeyHelp("o", "open Wikipedia", bind((char("o"), .openWikipedia))),
        Keymap.scroll,
        Keymap.scrollPagesHelp,
        KeyHelp("Esc Backspace", "back", Keymap.back),
    ]

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnRocketPage(action) }

    static func rocketInFocus(_ state: AppState) -> Rocket? { state.rocketPage.flatMap { state.rocket(at: $0) } }
    static func data(_ state: AppState) -> ShownData {
        ShownData(updatedAt: state.rockets.status.updatedAt, archive: state.rockets.status.archive)
    }

    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        guard var page = reducer.state.rocketPage else { return }
        page.scroll = reducer.scrolled(page.scroll, by: lines)
        reducer.replaceTop(.rocketPage(page))
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        guard let page = state.rocketPage, let rocket = state.rocket(at: page) else { return }
        RocketPageView.draw(page, rocket: rocket, count: state.rockets(in: page.collection).count, in: rect,
                            context: context, into: &frame)
    }
}
