import TminusCore
import TminusRender

/// A rocket's launches: `‹ Falcon 9 launches`, the list's facts, then the rows (`✓ ✗ •` for
/// how each went).
enum RocketLaunchesView {
    /// `L` on a rocket page: that rocket's launches, newest first.
    static func draw(_ state: AppState, _ shown: RocketLaunchesState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let rocketID = shown.rocketID, rocketName = shown.rocketName
        let list = state.list(.rocket(rocketID))
        let y = rect.y
        var x = frame.grid.put(" ‹ ", x: 0, y: y, style: Theme.label)
        x += frame.grid.put(rocketName, x: x, y: y, maxWidth: rect.width / 2, style: Style(foreground: .theme.accent, attributes: .bold))
        x += frame.grid.put(" launches", x: x, y: y, style: Theme.label)
        LaunchListView.drawFilterInput(state, id: .rocket(rocketID), x: x + 2, y: y, width: rect.width, into: &frame)
        let facts = LaunchListView.queryFacts(state, id: .rocket(rocketID)) + [LaunchListView.countText(list, query: state.query(.rocket(rocketID))), LaunchListView.unreadableText(list), "times in \(state.time.zoneName)"]
        let typing = state.filterInput?.list == .rocket(rocketID)
        LaunchListView.putFacts(facts, after: typing ? rect.width / 2 : x, right: rect.width, y: y, into: &frame)
        LaunchListView.drawRows(list, what: "\(rocketName) launches", filters: LaunchListView.filterWords(state, id: .rocket(rocketID)),
                 match: state.query(.rocket(rocketID)).text,
                 outcome: .icon, startup: false, in: rect, context: context, into: &frame)
    }
}
