import Foundation
import TminusCore

/// The mouse: the wheel scrolls, a click selects, a double-click opens, the tab bar switches
/// tabs, the list's `Upcoming │ Past` switch its segment, the detail's links bar selects and
/// opens links; `m` turns it on and off (off, the loop leaves the mouse to the terminal).
extension AppReducer {
    mutating func handleMouse(_ event: MouseEvent) {
        // Off: the terminal should not even send these; any that come anyway do nothing.
        // Overlays take the keys, and so the mouse too.
        guard state.preferences.mouse, state.overlay == nil else { return }
        switch event.kind {
        case .wheelUp: wheel(by: -AppViewModel.wheelLines)
        case .wheelDown: wheel(by: AppViewModel.wheelLines)
        case .press: click(x: event.x, y: event.y)
        }
    }

    // MARK: - Wheel

    private mutating func wheel(by delta: Int) {
        let layout = state.layout
        switch state.screen {
        case .launchList, .rocketLaunches:
            guard let id = state.activeListID else { return }
            let height = state.visibleLaunchRows
            modifyList(id) { list, _ in
                guard !list.launches.isEmpty else { return }
                let maxTop = max(0, list.launches.count - height)
                list.scrollTop = min(max(0, list.scrollTop + delta), maxTop)
                // The selection stays on screen, so the keys carry on from what is shown.
                list.selection = min(max(list.selection, list.scrollTop), list.scrollTop + height - 1, list.launches.count - 1)
            }
            loadMoreIfNearEnd(id)
        case .rocketList:
            // Its scroll follows the selection: the wheel moves that.
            let count = state.rockets.rockets.count
            state.rockets.selection = min(max(0, state.rockets.selection + delta), max(0, count - 1))
        case .favorites:
            let count = state.favorites.rows.count
            state.favorites.selection = min(max(0, state.favorites.selection + delta), max(0, count - 1))
        case .launchDetail:
            guard var detail = state.detail else { return }
            let lines = state.detailBody(detail.launch).count
            detail.scroll = min(max(0, detail.scroll + delta), max(0, lines - layout.detailBodyHeight))
            replaceTop(.launchDetail(detail))
        case .rocketPage:
            guard var page = state.rocketPage, let rocket = state.rocket(at: page) else { return }
            let lines = RocketDocument.lines(rocket, width: layout.detailBodyWidth, units: state.preferences.units).count
            page.scroll = min(max(0, page.scroll + delta), max(0, lines - layout.rocketBodyHeight))
            replaceTop(.rocketPage(page))
        }
    }

    // MARK: - Clicks

    private mutating func click(x: Int, y: Int) {
        let layout = state.layout
        guard !layout.isTooSmall else { return }
        if y == layout.tabBarRow {
            state.session.lastClick = nil
            if let tab = TabBarGeometry.tab(at: x) { userSelectedTab(tab) }
            return
        }
        if clickedBar(x: x, y: y, layout: layout) { return }
        guard let row = row(at: y, x: x, layout: layout) else {
            state.session.lastClick = nil
            return
        }
        let screen = state.screen
        let isDouble = state.session.lastClick.map {
            $0.screen == screen && $0.row == row && now.timeIntervalSince($0.at) >= 0
                && now.timeIntervalSince($0.at) <= AppViewModel.doubleClickInterval
        } ?? false
        select(row)
        if isDouble {
            // A third click starts over instead of opening again.
            state.session.lastClick = nil
            handleKey(.enter)
        } else {
            state.session.lastClick = Click(at: now, screen: screen, row: row)
        }
    }

    /// A click on the launch list's `Upcoming │ Past` switch (that segment) or on the detail's
    /// links bar (selects the link; a click on the selected one opens it, as `o` does, so a
    /// double-click or a second click opens). False when `y` is neither bar's row. Columns come
    /// from `SegmentSwitch` and `LinkBar`, which the renderer draws from.
    private mutating func clickedBar(x: Int, y: Int, layout: ScreenLayout) -> Bool {
        switch state.screen {
        case .launchList where y == layout.subheaderRow:
            state.session.lastClick = nil
            if let segment = SegmentSwitch.segment(at: x) { perform(.showSegment(segment)) }
            return true
        case .launchDetail where y == layout.detailLinksRow:
            state.session.lastClick = nil
            guard var detail = state.detail,
                  let link = LinkBar.layout(detail.launch.linkSlots, startX: layout.detailLinksX).first(where: { $0.contains(x) })
            else { return true }
            if !link.available {
                show(Notice("this launch has no \(detail.launch.linkSlots[link.index].title.lowercased()) link", level: .error))
            } else if link.index == detail.linkIndex {
                perform(.openLink)
            } else {
                detail.linkIndex = link.index
                replaceTop(.launchDetail(detail))
            }
            return true
        default:
            return false
        }
    }

    /// The row of the list on screen drawn at line `y`, if one is.
    private func row(at y: Int, x: Int, layout: ScreenLayout) -> Int? {
        switch state.screen {
        case .launchList, .rocketLaunches:
            // Right of the list is the preview (wide terminals): not a row.
            guard let id = state.activeListID, y >= layout.listTop, x < layout.listWidth else { return nil }
            let list = state.list(id)
            let slot = (y - layout.listTop) / state.launchRowHeight
            guard slot < state.visibleLaunchRows else { return nil }
            let index = list.scrollTop + slot
            return list.launches.indices.contains(index) ? index : nil
        case .rocketList:
            guard y >= layout.listTop else { return nil }
            let offset = y - layout.listTop
            // Two lines of a rocket, then a gap that belongs to none.
            guard offset % RocketListLayout.rowHeight < 2 else { return nil }
            let visible = RocketListLayout.visible(state.rockets, layout: layout)
            let index = visible.lowerBound + offset / RocketListLayout.rowHeight
            return visible.contains(index) ? index : nil
        case .favorites:
            // Right of the list is the preview on wide terminals, as on the Launches tab.
            guard y >= layout.columnHeaderRow, y < layout.statusRow, !state.hasPreview || x < layout.listWidth else { return nil }
            let lines = FavoritesLayout.lineRows(state.favorites)
            let line = FavoritesLayout.top(state.favorites, layout: layout) + (y - layout.columnHeaderRow)
            return lines.indices.contains(line) ? lines[line] : nil
        case .launchDetail, .rocketPage:
            return nil
        }
    }

    private mutating func select(_ row: Int) {
        switch state.screen {
        case .launchList, .rocketLaunches:
            if let id = state.activeListID { moveSelection(in: id, to: row) }
        case .rocketList: state.rockets.selection = row
        case .favorites: state.favorites.selection = row
        case .launchDetail, .rocketPage: break
        }
    }
}
