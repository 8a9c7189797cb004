import TminusCore
import TminusViewModel

/// The Launches tab: the Upcoming | Past switch, a column header, and the rows.
enum LaunchListView {
    static let dateWidth = 16   // "yyyy-MM-dd HH:mm"
    static let statusWidth = 8  // "UPCOMING"
    static let rocketWidth = 14

    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let list = state.currentList
        drawSegments(state, list: list, into: &grid, layout: layout)
        let columns = Columns(width: grid.width)
        drawHeader(columns, state: state, into: &grid, y: layout.columnHeaderRow)

        if list.launches.isEmpty {
            drawEmpty(state, list: list, into: &grid, layout: layout)
            return
        }
        var y = layout.listTop
        let end = min(list.launches.count, list.scrollTop + layout.listHeight)
        for index in list.scrollTop..<end {
            drawRow(list.launches[index], selected: index == list.selection, columns: columns,
                    time: state.time, into: &grid, y: y)
            y += 1
        }
        // The trailing row says what happens past the last launch.
        if y < layout.listTop + layout.listHeight, end == list.launches.count {
            if list.phase == .loadingMore {
                grid.put("Loading more…", x: columns.name, y: y, style: Theme.label)
            } else if let error = list.error, list.errorWasLoadMore {
                grid.put("Could not load more: \(error.message) — press r to retry", x: columns.name, y: y, style: Theme.error)
            } else if list.nextPage == nil, list.launches.count > layout.listHeight {
                grid.put("— end of list —", x: columns.name, y: y, style: Theme.label)
            }
        }
    }

    struct Columns {
        let width: Int
        var glyph: Int { 2 }
        var name: Int { 4 }
        var status: Int { width - LaunchListView.statusWidth - 1 }
        var date: Int { status - 2 - LaunchListView.dateWidth }
        /// Wide terminals get the rocket's name too.
        var rocket: Int? { width >= 100 ? date - 2 - LaunchListView.rocketWidth : nil }
        var nameWidth: Int { (rocket ?? date) - 2 - name }
    }

    static func drawSegments(_ state: AppState, list: LaunchListState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.subheaderRow
        var x = 1
        for segment in LaunchSegment.allCases {
            let title = segment == .upcoming ? "Upcoming" : "Past"
            let active = segment == state.segment
            x += grid.put(" \(title) ", x: x, y: y,
                          style: active ? Style(foreground: .accent, attributes: [.bold, .underline]) : Theme.label)
            if segment == .upcoming { x += grid.put("│", x: x, y: y, style: Theme.label) }
        }
        let count: String
        if let total = list.totalDocs, total > list.launches.count {
            count = "\(list.launches.count) of \(total) launches"
        } else if list.hasLoadedOnce {
            count = "\(list.launches.count) launch\(list.launches.count == 1 ? "" : "es")"
        } else {
            count = ""
        }
        // Which zone the times are in, once, where the eye looks for the list's facts.
        let facts = [count, "times in \(state.time.zoneName)"].filter { !$0.isEmpty }.joined(separator: " · ")
        grid.putRight(facts + " ", right: grid.width, y: y, style: Theme.label)
    }

    static func drawHeader(_ c: Columns, state: AppState, into grid: inout Grid, y: Int) {
        let style = Style(foreground: .muted, attributes: .bold)
        grid.put("MISSION", x: c.name, y: y, style: style)
        if let rocket = c.rocket { grid.put("ROCKET", x: rocket, y: y, style: style) }
        grid.put("DATE", x: c.date, y: y, style: style)
        grid.put("STATUS", x: c.status, y: y, style: style)
    }

    static func drawRow(_ launch: Launch, selected: Bool, columns c: Columns, time: LaunchTime, into grid: inout Grid, y: Int) {
        let glyph = launch.links.patchSmall == nil ? Theme.noPatchGlyph : Theme.patchGlyph
        grid.put(String(glyph), x: c.glyph, y: y, style: Style(foreground: launch.links.patchSmall == nil ? .muted : .accent))
        grid.put(launch.name, x: c.name, y: y, maxWidth: c.nameWidth, style: .bold)
        if let rocket = c.rocket {
            grid.put(launch.rocket?.object?.name ?? "-", x: rocket, y: y, maxWidth: LaunchListView.rocketWidth, style: Theme.label)
        }
        grid.put(time.listDate(launch.date, precision: launch.datePrecision), x: c.date, y: y,
                 maxWidth: LaunchListView.dateWidth, style: .dim)
        grid.put(launch.status.word, x: c.status, y: y, style: Theme.style(launch.status.tone))
        if selected {
            grid.put("›", x: 0, y: y, style: Style(foreground: .accent, attributes: .bold))
            grid.restyle(x: 0, y: y, width: grid.width) { $0.background(.selectionBackground) }
        }
    }

    static func drawEmpty(_ state: AppState, list: LaunchListState, into grid: inout Grid, layout: ScreenLayout) {
        let middle = layout.listTop + layout.listHeight / 2 - 1
        let what = state.segment == .upcoming ? "upcoming" : "past"
        if list.phase != .idle {
            grid.putCentered("Loading \(what) launches…", y: middle, style: Theme.label)
        } else if let error = list.error {
            grid.putCentered("Could not load \(what) launches: \(error.message)", y: middle, style: Theme.error)
            grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
        } else if list.hasLoadedOnce {
            grid.putCentered("No \(what) launches.", y: middle, style: Theme.label)
        }
    }
}
