import TminusCore

/// The Launches tab: the source's Upcoming and Past lists (`AppState.lists[.segment(_)]`, one
/// paginated list mechanism in Shared/LaunchList/), with the selected launch's preview beside
/// them on wide terminals.
enum LaunchesScreen: TabUnit {
    static let kind = ScreenKind("launch list")
    static let tab = Tab(kind, title: "Launches")
    static let keys: [KeyHelp] = [
        Keymap.move, Keymap.pages, Keymap.ends,
        KeyHelp("Enter", "open launch", status: true, Keymap.openRow),
        KeyHelp("u p", "Upcoming / Past", status: true, bind((char("u"), .showSegment(.upcoming)), (char("p"), .showSegment(.past)))),
        KeyHelp("/", "filter by name (Enter keep, Esc clear)", bind((char("/"), .openFilter))),
        Keymap.matches,
        KeyHelp("s", "sort: soonest / latest first", bind((char("s"), .toggleSort))),
        KeyHelp("F R W", "filter: outcome (Past) / rocket / has webcast",
                bind((char("F"), .cycleOutcome), (char("R"), .cycleRocket), (char("W"), .toggleWebcast))),
        Keymap.watch("watch / unwatch the launch", status: true),
        Keymap.calendar,
        Keymap.refresh.shownInStatusLine(),
        .unlisted(bind((.escape, .back))),
    ]
    static let hasPreview = true
    static let mouseHint = true
    static let followsSource = true

    static func perform(_ action: Action, _ reducer: inout AppReducer) {
        switch action {
        case .showSegment(let segment):
            reducer.state.segment = segment
            reducer.loadFirstPageIfNeeded(.segment(segment))
        case .back: reducer.userClearedFilters(.segment(reducer.state.segment))
        default: reducer.performOnList(action, in: .segment(reducer.state.segment))
        }
    }

    static func selected(_ reducer: inout AppReducer) { reducer.loadFirstPageIfNeeded(.segment(reducer.state.segment)) }

    static func activeList(_ state: AppState) -> ListID? { .segment(state.segment) }
    static func launchInFocus(_ state: AppState) -> Launch? { state.currentList.selectedLaunch }
    static func data(_ state: AppState) -> ShownData { ShownData(list: state.currentList) }

    static func selectRow(_ index: Int, _ reducer: inout AppReducer) {
        reducer.moveSelection(in: .segment(reducer.state.segment), to: index)
    }
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) { reducer.scrollList(.segment(reducer.state.segment), by: lines) }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        LaunchPreviewView.drawSplit(state.previewLaunch, in: rect, context: context, into: &frame) { list, frame in
            LaunchListView.draw(state, in: list, context: context, into: &frame)
        }
    }
}
