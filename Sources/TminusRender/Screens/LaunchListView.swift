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

    /// The Launches tab: the Upcoming | Past switch, the filter and the list.
    static func draw(_ state: AppState, context: RenderContext, into grid: inout Grid) {
        let list = state.currentList
        drawSegments(state, list: list, into: &grid, layout: context.layout)
        // The very first load shows the logo; later empty lists just say what is going on.
        let startup = state.routes.isEmpty && !state.upcoming.status.hasLoadedOnce && !state.past.status.hasLoadedOnce
        drawRows(list, what: state.segment == .upcoming ? "upcoming launches" : "past launches",
                 outcome: .word, startup: startup, context: context, into: &grid)
    }

    /// `L` on a rocket page: that rocket's launches, newest first.
    static func drawRocketLaunches(_ state: AppState, rocketID: String, rocketName: String, context: RenderContext, into grid: inout Grid) {
        let list = state.list(.rocket(rocketID))
        let y = context.layout.subheaderRow
        var x = grid.put(" ‹ ", x: 0, y: y, style: Theme.label)
        x += grid.put(rocketName, x: x, y: y, maxWidth: grid.width / 2, style: Style(foreground: .theme.accent, attributes: .bold))
        x += grid.put(" launches", x: x, y: y, style: Theme.label)
        drawFilterInput(state, id: .rocket(rocketID), x: x + 2, y: y, into: &grid)
        let facts = (queryFacts(state, id: .rocket(rocketID)) + [countText(list), unreadableText(list), "times in \(state.time.zoneName)"])
            .filter { !$0.isEmpty }
        grid.putRight(facts.joined(separator: " · ") + " ", right: grid.width, y: y, style: Theme.label)
        drawRows(list, what: "\(rocketName) launches", outcome: .icon, startup: false, context: context, into: &grid)
    }

    static func drawRows(_ list: LaunchListState, what: String, outcome: Outcome, startup: Bool,
                         context: RenderContext, into grid: inout Grid) {
        let layout = context.layout
        let pictures = context.launchRowHeight > 1
        let columns = Columns(width: grid.width, outcome: outcome, nameX: pictures ? 2 + layout.rowPatchColumns + 2 : 4,
                              origin: list.launches.isEmpty ? .spacex : list.launches[0].origin)
        drawHeader(columns, into: &grid, y: layout.columnHeaderRow)

        if list.launches.isEmpty {
            drawEmpty(list, what: what, startup: startup, context: context, into: &grid)
            return
        }
        var y = layout.listTop
        let end = min(list.launches.count, list.scrollTop + context.visibleLaunchRows)
        for index in list.scrollTop..<end {
            let launch = list.launches[index]
            let row = Row(launch: launch, selected: index == list.selection, watched: context.watched.contains(launch.id),
                          change: context.changes[launch.id])
            if pictures {
                drawPictureRow(row, columns: columns, context: context, into: &grid, y: y)
            } else {
                drawRow(row, columns: columns, time: context.time, into: &grid, y: y)
            }
            y += context.launchRowHeight
        }
        // The trailing row says what happens past the last launch.
        if y < layout.listTop + layout.listHeight, end == list.launches.count {
            if list.status.activity == .loadingMore {
                grid.put("Loading more…", x: columns.name, y: y, style: Theme.label)
            } else if let end = list.end {
                grid.put("— \(end.text) —", x: columns.name, y: y, style: Theme.label)
            } else if let error = list.status.error, list.status.errorWasLoadMore {
                grid.put("Could not load more: \(error.message) — press r to retry", x: columns.name, y: y, style: Theme.error)
            } else if list.next == nil, list.launches.count > context.visibleLaunchRows {
                grid.put("— end of list —", x: columns.name, y: y, style: Theme.label)
            }
        }
    }

    struct Row {
        let launch: Launch
        let selected: Bool
        let watched: Bool
        var change: LaunchChange? = nil
    }

    struct Columns {
        let width: Int
        let outcome: Outcome
        /// Where names start: after the glyph, or after the patch box.
        let nameX: Int
        /// Launch Library 2 rows have longer status words and a provider column.
        let origin: LaunchOrigin
        var glyph: Int { 2 }
        var name: Int { nameX }
        /// `IN FLIGHT` is the longest Launch Library 2 word; `UPCOMING` the longest SpaceX one.
        var statusWidth: Int { origin == .launchLibrary2 ? 9 : LaunchListView.statusWidth }
        var status: Int { width - (outcome == .word ? statusWidth : 1) - 1 }
        var date: Int { status - 2 - LaunchListView.dateWidth }
        /// The column between name and date: who launches it (Launch Library 2 covers every
        /// provider, so it always shows), or the rocket's name on wide terminals (SpaceX).
        var extra: (title: String, x: Int, width: Int)? {
            guard outcome == .word else { return nil }
            switch origin {
            case .launchLibrary2:
                let w = width >= 160 ? 36 : width >= 120 ? 28 : LaunchListView.rocketWidth
                return ("PROVIDER", date - 2 - w, w)
            case .spacex:
                return width >= 100 ? ("ROCKET", date - 2 - LaunchListView.rocketWidth, LaunchListView.rocketWidth) : nil
            }
        }
        var nameWidth: Int { (extra?.x ?? date) - 2 - name }

        func extraValue(_ launch: Launch) -> String {
            (origin == .launchLibrary2 ? launch.provider : launch.rocket?.object?.name) ?? "-"
        }
    }

    /// Records the source sent that could not be read: skipped, but said.
    static func unreadableText(_ list: LaunchListState) -> String {
        switch list.unreadable {
        case 0: ""
        case 1: "1 launch could not be read"
        default: "\(list.unreadable) launches could not be read"
        }
    }

    static func countText(_ list: LaunchListState) -> String {
        // A server that paged on without sending anything new has also lied about its total.
        if list.end == nil, let total = list.totalDocs, total > list.launches.count {
            return "\(list.launches.count) of \(total) launches"
        }
        // Rows filtered at once while the server is not asked yet count too.
        if list.status.hasLoadedOnce || !list.launches.isEmpty { return "\(list.launches.count) launch\(list.launches.count == 1 ? "" : "es")" }
        return ""
    }

    static func drawSegments(_ state: AppState, list: LaunchListState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.subheaderRow
        var x = 1
        for segment in LaunchSegment.allCases {
            let title = segment == .upcoming ? "Upcoming" : "Past"
            let active = segment == state.segment
            x += grid.put(" \(title) ", x: x, y: y,
                          style: active ? Style(foreground: .theme.accent, attributes: [.bold, .underline]) : Theme.label)
            if segment == .upcoming { x += grid.put("│", x: x, y: y, style: Theme.label) }
        }
        drawFilterInput(state, id: .segment(state.segment), x: x + 1, y: y, into: &grid)
        let count = countText(list)
        // Which zone the times are in, once, where the eye looks for the list's facts.
        let facts = (queryFacts(state, id: .segment(state.segment)) + [count, unreadableText(list), "times in \(state.time.zoneName)"])
            .filter { !$0.isEmpty }.joined(separator: " · ")
        grid.putRight(facts + " ", right: grid.width, y: y, style: Theme.label)
    }

    /// `/ text▏` while the filter is being typed.
    static func drawFilterInput(_ state: AppState, id: ListID, x: Int, y: Int, into grid: inout Grid) {
        guard let input = state.filterInput, input.list == id else { return }
        grid.put("/ " + input.text + "▏", x: x, y: y, maxWidth: max(0, grid.width / 2 - x),
                 style: Style(foreground: .theme.accent, attributes: .bold))
    }

    /// The list's filters (the name once its input is closed), e.g. `filter: crew · success ·
    /// Falcon 9 · webcast`, and its order when not the usual one.
    static func queryFacts(_ state: AppState, id: ListID) -> [String] {
        let query = state.query(id)
        var filters: [String] = []
        if query.isFiltered, state.filterInput?.list != id { filters.append(query.text) }
        if query.outcome != .any { filters.append(query.outcome.rawValue) }
        if let rocket = query.rocket { filters.append(rocket.name) }
        if query.hasWebcast { filters.append("webcast") }
        var facts = filters
        if !facts.isEmpty { facts[0] = "filter: " + facts[0] }
        if query.reversed { facts.append("sorted: " + (id == .segment(.upcoming) ? "latest first" : "oldest first")) }
        return facts
    }

    static func drawHeader(_ c: Columns, into grid: inout Grid, y: Int) {
        let style = Style(foreground: .theme.muted, attributes: .bold)
        grid.put("MISSION", x: c.name, y: y, style: style)
        if let extra = c.extra { grid.put(extra.title, x: extra.x, y: y, style: style) }
        grid.put("DATE", x: c.date, y: y, style: style)
        if c.outcome == .word { grid.put("STATUS", x: c.status, y: y, style: style) }
    }

    /// One line: glyph, name, (rocket), date, status.
    static func drawRow(_ row: Row, columns c: Columns, time: LaunchTime, into grid: inout Grid, y: Int) {
        let launch = row.launch
        let glyph = launch.links.patchSmall == nil ? Theme.noPatchGlyph : Theme.patchGlyph
        grid.put(String(glyph), x: c.glyph, y: y, style: Style(foreground: launch.links.patchSmall == nil ? .theme.muted : .theme.accent))
        drawFacts(row, columns: c, time: time, into: &grid, y: y)
        highlight(row.selected, y: y, height: 1, into: &grid)
    }

    /// Two lines: the patch box, then the facts, and the flight and pad under the name.
    static func drawPictureRow(_ row: Row, columns c: Columns, context: RenderContext, into grid: inout Grid, y: Int) {
        let launch = row.launch
        let layout = context.layout
        PictureView.drawPatch(launch.links.patchSmall ?? launch.links.patchLarge, context: context, x: 2, y: y,
                              columns: layout.rowPatchColumns, rows: layout.rowPatchRows, into: &grid)
        drawFacts(row, columns: c, time: context.time, into: &grid, y: y)
        let second: String
        switch launch.origin {
        case .spacex:
            second = [launch.flightNumber.map { "Flight #\($0)" }, launch.launchpad?.object?.name]
                .compactMap { $0 }.joined(separator: " · ")
        case .launchLibrary2:
            second = [launch.provider, launch.launchpad?.object?.locality ?? launch.launchpad?.object?.name]
                .compactMap { $0 }.joined(separator: " · ")
        }
        grid.put(second, x: c.name, y: y + 1, maxWidth: c.nameWidth, style: Theme.label)
        highlight(row.selected, y: y, height: 2, into: &grid)
    }

    static func drawFacts(_ row: Row, columns c: Columns, time: LaunchTime, into grid: inout Grid, y: Int) {
        let launch = row.launch
        // A live webcast, then what changed since the user last looked, at the end of the name column.
        let live = launch.webcastLive ? " ● LIVE" : ""
        let flag = row.change.map { " " + $0.text } ?? ""
        let flagsWidth = TerminalText.width(live) + TerminalText.width(flag)
        var x = c.name + Theme.putMarked(launch.name, marked: row.watched, x: c.name, y: y,
                                         maxWidth: c.nameWidth - flagsWidth, into: &grid)
        x += grid.put(live, x: x, y: y, maxWidth: TerminalText.width(live), style: Theme.liveStyle)
        if let change = row.change {
            grid.put(flag, x: x, y: y, maxWidth: TerminalText.width(flag), style: Theme.changeStyle(change))
        }
        if let extra = c.extra {
            grid.put(c.extraValue(launch), x: extra.x, y: y, maxWidth: extra.width, style: Theme.label)
        }
        grid.put(DateTextCache.listDate(launch.date, precision: launch.datePrecision, time: time), x: c.date, y: y,
                 maxWidth: LaunchListView.dateWidth, style: .dim)
        switch c.outcome {
        case .word: grid.put(launch.statusWord, x: c.status, y: y, maxWidth: c.statusWidth, style: Theme.style(launch.statusTone))
        case .icon: grid.put(launch.status.icon, x: c.status, y: y, style: Theme.style(launch.statusTone))
        }
    }

    /// The selected row: a mark in the margin and a band across the width (pictures keep
    /// their own colours, so the band only fills cells without a background).
    static func highlight(_ selected: Bool, y: Int, height: Int, into grid: inout Grid) {
        guard selected else { return }
        grid.put("›", x: 0, y: y, style: Style(foreground: .theme.accent, attributes: .bold))
        grid.restyle(x: 0, y: y, width: grid.width, height: height, Theme.selected)
    }

    static func drawEmpty(_ list: LaunchListState, what: String, startup: Bool, context: RenderContext, into grid: inout Grid) {
        let layout = context.layout
        let middle = layout.listTop + layout.listHeight / 2 - 1
        if startup, list.status.activity == .loadingFirst {
            StartupLogo.draw(what: what, context: context, into: &grid)
        } else if list.status.isLoading {
            grid.putCentered("Loading \(what)…", y: middle, style: Theme.label)
        } else if let error = list.status.error {
            grid.putCentered("Could not load \(what): \(error.message)", y: middle, style: Theme.error)
            // `r` cannot help while tminus is told to stay off the network.
            if case .offline = error {} else {
                grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
            }
        } else if list.status.hasLoadedOnce {
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
        case .other: "~"
        }
    }
}
