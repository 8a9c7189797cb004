import TminusCore

/// The Rockets tab: the source's rocket catalogue (`AppState.rockets`), filtered by `/`.
enum RocketsScreen: TabUnit {
    static let kind = ScreenKind("rockets")
    static let tab = Tab(kind, title: "Rockets")
    static let keys: [KeyHelp] = Keymap.shortList + [
        KeyHelp("Enter", "open rocket", status: true, Keymap.openRow),
        KeyHelp("/", "filter by name or provider (Enter opens the top match, Esc clears)", bind((char("/"), .openFilter))),
        Keymap.watch("favorite / unfavorite", status: true),
        Keymap.units,
        Keymap.refresh,
        .unlisted(bind((.escape, .back))),
    ]
    static let followsSource = true

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnRocketList(action) }
    static func selected(_ reducer: inout AppReducer) { reducer.loadRocketsIfNeeded() }

    static func rocketInFocus(_ state: AppState) -> Rocket? {
        state.rockets.rockets.indices.contains(state.rockets.selection) ? state.rockets.rockets[state.rockets.selection] : nil
    }
    static func data(_ state: AppState) -> ShownData { ShownData(state.rockets.status, loading: state.rockets.status.isLoading) }

    static func isTyping(_ state: AppState) -> Bool { state.rockets.typingFilter }
    static func typed(_ key: Key, _ reducer: inout AppReducer) { reducer.handleRocketFilterKey(key) }

    static func selectRow(_ index: Int, _ reducer: inout AppReducer) { reducer.state.rockets.selection = index }
    /// Its scroll follows the selection: the wheel moves that.
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        let rockets = reducer.state.rockets
        reducer.state.rockets.selection = AppReducer.moved(rockets.selection, count: rockets.rockets.count, by: lines)
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        RocketListView.draw(state.rockets, in: rect, context: context, into: &frame)
    }
}
