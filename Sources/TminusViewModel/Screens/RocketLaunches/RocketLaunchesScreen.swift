import TminusCore

/// `L` on a rocket page: which rocket; its list is `AppState.lists[.rocket(rocketID)]`.
public struct RocketLaunchesState: Sendable, Hashable {
    public var rocketID: String
    public var rocketName: String
}

/// A rocket's launches, newest first, pushed over the Rockets tab: the same paginated list as
/// the Launches tab's, with its own title and keys.
enum RocketLaunchesScreen: ScreenUnit {
    static let kind = ScreenKind("rocket launches")
    static let keys: [KeyHelp] = [
        Keymap.move, Keymap.pages, Keymap.ends,
        KeyHelp("Enter", "open launch", status: true, Keymap.openRow),
        Keymap.watch("watch / unwatch the launch", status: false),
        KeyHelp("/", "filter by name (Enter keep, Esc clear)", bind((char("/"), .openFilter))),
        Keymap.matches,
        KeyHelp("s", "sort: newest / oldest first", bind((char("s"), .toggleSort))),
        KeyHelp("F W", "filter: outcome / has webcast", bind((char("F"), .cycleOutcome), (char("W"), .toggleWebcast))),
        .unlisted(bind((char("R"), .cycleRocket), (char("c"), .saveCalendarEvent))),
        KeyHelp("U", "units", bind((char("U"), .showUnits))),
        Keymap.refresh,
        KeyHelp("Esc Backspace", "back", status: true, Keymap.back),
    ]
    static let hasPreview = true

    static func perform(_ action: Action, _ reducer: inout AppReducer) {
        guard let shown = reducer.state.routes.last?.rocketLaunches else { return }
        if action == .back { return reducer.goBack() }
        reducer.performOnList(action, in: .rocket(shown.rocketID))
    }

    static func activeList(_ state: AppState) -> ListID? { state.routes.last?.rocketLaunches.map { .rocket($0.rocketID) } }
    static func launchInFocus(_ state: AppState) -> Launch? { activeList(state).flatMap { state.list($0).selectedLaunch } }
    static func data(_ state: AppState) -> ShownData { ShownData(list: activeList(state).map(state.list) ?? LaunchListState()) }

    static func selectRow(_ index: Int, _ reducer: inout AppReducer) {
        if let id = activeList(reducer.state) { reducer.moveSelection(in: id, to: index) }
    }
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        if let id = activeList(reducer.state) { reducer.scrollList(id, by: lines) }
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        guard let shown = state.routes.last?.rocketLaunches else { return }
        LaunchPreviewView.drawSplit(state.previewLaunch, in: rect, context: context, into: &frame) { list, frame in
            RocketLaunchesView.draw(state, shown, in: list, context: context, into: &frame)
        }
    }
}
