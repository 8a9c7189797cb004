import TminusCore

/// The Events tab: the source's dockings, spacewalks, static fires, landings and the like
/// (`AppState.events`), Upcoming │ Past, paged like launches and asked for rarely.
enum EventsScreen: TabUnit {
    static let kind = ScreenKind("events")
    static let tab = Tab(kind, title: "Events")
    static let keys: [KeyHelp] = [
        Keymap.move, Keymap.pages, Keymap.ends,
        KeyHelp("Enter", "open event", status: true, Keymap.openRow),
        KeyHelp("u p", "Upcoming / Past", status: true, bind((char("u"), .showSegment(.upcoming)), (char("p"), .showSegment(.past)))),
        Keymap.watch("watch / unwatch the event", status: true),
        Keymap.refresh.shownInStatusLine(),
        .unlisted(bind((.escape, .back))),
    ]
    static let mouseHint = true
    static let followsSource = true
    /// Its empty page on the r/SpaceX API says `S` switches: it stays, with the other source's events.
    static let staysOnSourceSwitch = true
    static func sourceSwitched(_ reducer: inout AppReducer) { reducer.forgetEvents() }

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnEvents(action) }
    static func selected(_ reducer: inout AppReducer) { reducer.loadEventsIfNeeded(reducer.state.events.segment) }

    static func data(_ state: AppState) -> ShownData {
        let status = state.events.current.status
        return ShownData(status, loading: status.activity == .loadingFirst)
    }

    static func selectRow(_ index: Int, _ reducer: inout AppReducer) { reducer.selectEvent(index) }
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        reducer.selectEvent(reducer.state.events.current.selection + lines)
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        EventListView.draw(state, hasEvents: state.sourceHasEvents, in: rect, context: context, into: &frame)
    }
}
