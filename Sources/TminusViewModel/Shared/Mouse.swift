import Foundation
import TminusCore

/// The mouse: the wheel scrolls, a click selects, a double-click opens, the tab bar switches
/// tabs, the list's `Upcoming │ Past` switch its segment, the detail's links bar selects and
/// opens links; `m` turns it on and off (off, the loop leaves the mouse to the terminal).
/// Where things are comes from the frame the user clicked on (`AppState.lastFrame`): the views
/// record their click regions as they draw, so a click lands on what was drawn there.
extension AppReducer {
    mutating func handleMouse(_ event: MouseEvent) {
        // Off: the terminal should not even send these; any that come anyway do nothing.
        // Overlays take the keys, and so the mouse too.
        guard state.preferences.mouse, state.overlay == nil else { return }
        switch event.kind {
        case .wheelUp: state.screen.unit.wheel(-AppViewModel.wheelLines, &self)
        case .wheelDown: state.screen.unit.wheel(AppViewModel.wheelLines, &self)
        case .press: click(x: event.x, y: event.y)
        }
    }

    private mutating func click(x: Int, y: Int) {
        switch state.lastFrame.target(x: x, y: y) {
        case .action(let action)?:
            state.session.lastClick = nil
            perform(action)
        case .row(let row)?:
            let screen = state.screen
            let isDouble = state.session.lastClick.map {
                $0.screen == screen && $0.row == row && now.timeIntervalSince($0.at) >= 0
                    && now.timeIntervalSince($0.at) <= AppViewModel.doubleClickInterval
            } ?? false
            screen.unit.selectRow(row, &self)
            if isDouble {
                // A third click starts over instead of opening again.
                state.session.lastClick = nil
                handleKey(.enter)
            } else {
                state.session.lastClick = Click(at: now, screen: screen, row: row)
            }
        case nil:
            state.session.lastClick = nil
        }
    }
}
