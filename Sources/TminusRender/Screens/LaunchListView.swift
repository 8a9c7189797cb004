import TminusCore
import TminusViewModel

/// The Launches tab: the Upcoming | Past switch, a column header, and the rows.
enum LaunchListView {
    static let dateWidth = 16   // "yyyy-MM-dd HH:mm"
    static let statusWidth = 8  // "UPCOMING"
    static let rocketWidth = 14

    /// How a row says how the launch went.
    enum Outcome {
        /// `UPCOMING` / `SUCCESS` / `FAILED` / `UNKNOWN` in colour (the Launches tab).
        case word
        /// `•` / `✓` / `✗` (a rocket's launches).
        case icon
    }

    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let list = state.currentList
        drawSegments(state, list: list, into: &grid, layout: layout)
        drawRows(list, what: state.segment == .upcoming ? "upcoming launches" : "past launches",
                 outcome: .word, state: state, into: &grid, layout: layout)
    }

    /// `L` on a rocket page: that rocket's launches, newest first.
    static func drawRocketLaunches(_ state: AppState, rocketID: String, rocketName: String, into grid: inout Grid, layout: ScreenLayout) {
        let list = state.list(.rocket(rocketID))
        let y = layout.subheaderRow
        var x = grid.put(" ‹ ", x: 0, y: y, style: Theme.label)
        x += grid.put(rocketName, x: x, y: y, maxWidth: grid.width / 2, style: Style(foreground: .accent, attributes: .bold))
        grid.put(" launches", x: x, y: y, style: Theme.label)
        grid.putRight(countText(list) + " · times in \(state.time.zoneName) ", right: grid.width, y: y, style: Theme.label)
        drawRows(list, what: "\(rocketName) launches", outcome: .icon, state: state, into: &grid, layout: layout)
    }

    static func drawRows(_ list: LaunchListState, what: String, outcome: Outcome, state: AppState,
                         into grid: inout Grid, layout: ScreenLayout) {
        let columns = Columns(width: grid.width, outcome: outcome)
        drawHeader(columns, into: &grid, y: layout.columnHeaderRow)

        if list.launches.isEmpty {
            drawEmpty(list, what: what, into: &grid, layout: layout)
            return
        }
        var y = layout.listTop
        let end = min(list.launches.count, list.scrollTop + layout.listHeight)
        for index in list.scrollTop..<end {
            let launch = list.launches[index]
            drawRow(launch, selected: index == list.selection, watched: state.isWatched(launch: launch.id),
                    columns: columns, time: state.time, into: &grid, y: y)
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
        let outcome: Outcome
        var glyph: Int { 2 }
        var name: Int { 4 }
        var status: Int { width - (outcome == .word ? LaunchListView.statusWidth : 1) - 1 }
        var date: Int { status - 2 - LaunchListView.dateWidth }
        /// Wide terminals get the rocket's name too (not on a rocket's own list).
        var rocket: Int? { width >= 100 && outcome == .word ? date - 2 - LaunchListView.rocketWidth : nil }
        var nameWidth: Int { (rocket ?? date) - 2 - name }
    }

    static func countText(_ list: LaunchListState) -> String {
        if let total = list.totalDocs, total > list.launches.count {
            return "\(list.launches.count) of \(total) launches"
        }
        if list.hasLoadedOnce { return "\(list.launches.count) launch\(list.launches.count == 1 ? "" : "es")" }
        return ""
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
        let count = countText(list)
        // Which zone the times are in, once, where the eye looks for the list's facts.
        let facts = [count, "times in \(state.time.zoneName)"].filter { !$0.isEmpty }.joined(separator: " · ")
        grid.putRight(facts + " ", right: grid.width, y: y, style: Theme.label)
    }

    static func drawHeader(_ c: Columns, into grid: inout Grid, y: Int) {
        let style = Style(foreground: .muted, attributes: .bold)
        grid.put("MISSION", x: c.name, y: y, style: style)
        if let rocket = c.rocket { grid.put("ROCKET", x: rocket, y: y, style: style) }
        grid.put("DATE", x: c.date, y: y, style: style)
        if c.outcome == .word { grid.put("STATUS", x: c.status, y: y, style: style) }
    }

    static func drawRow(_ launch: Launch, selected: Bool, watched: Bool, columns c: Columns, time: LaunchTime,
                        into grid: inout Grid, y: Int) {
        let glyph = launch.links.patchSmall == nil ? Theme.noPatchGlyph : Theme.patchGlyph
        grid.put(String(glyph), x: c.glyph, y: y, style: Style(foreground: launch.links.patchSmall == nil ? .muted : .accent))
        Theme.putMarked(launch.name, marked: watched, x: c.name, y: y, maxWidth: c.nameWidth, into: &grid)
        if let rocket = c.rocket {
            grid.put(launch.rocket?.object?.name ?? "-", x: rocket, y: y, maxWidth: LaunchListView.rocketWidth, style: Theme.label)
        }
        grid.put(time.listDate(launch.date, precision: launch.datePrecision), x: c.date, y: y,
                 maxWidth: LaunchListView.dateWidth, style: .dim)
        switch c.outcome {
        case .word: grid.put(launch.status.word, x: c.status, y: y, style: Theme.style(launch.status.tone))
        case .icon: grid.put(launch.status.icon, x: c.status, y: y, style: Theme.style(launch.status.tone))
        }
        if selected {
            grid.put("›", x: 0, y: y, style: Style(foreground: .accent, attributes: .bold))
            grid.restyle(x: 0, y: y, width: grid.width) { $0.background(.selectionBackground) }
        }
    }

    static func drawEmpty(_ list: LaunchListState, what: String, into grid: inout Grid, layout: ScreenLayout) {
        let middle = layout.listTop + layout.listHeight / 2 - 1
        if list.phase != .idle {
            grid.putCentered("Loading \(what)…", y: middle, style: Theme.label)
        } else if let error = list.error {
            grid.putCentered("Could not load \(what): \(error.message)", y: middle, style: Theme.error)
            grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
        } else if list.hasLoadedOnce {
            grid.putCentered("No \(what).", y: middle, style: Theme.label)
        }
    }
}

extension LaunchStatus {
    /// The one-cell outcome mark on a rocket's launch list.
    var icon: String {
        switch self {
        case .upcoming: "•"
        case .success: "✓"
        case .failure: "✗"
        case .unknown: "?"
        }
    }
}
