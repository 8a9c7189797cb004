import Foundation
import TminusCore
import TminusRender

/// The Launches tab: the Upcoming | Past switch, a column header, and the rows.
enum LaunchListView {
    static let dateWidth = 16   // "yyyy-MM-dd HH:mm"
    static let statusWidth = 8  // "UPCOMING"

    /// How a row says how the launch went.
    enum Outcome {
        /// `UPCOMING` / `SUCCESS` / `FAILED` / `UNKNOWN` in colour (the Launches tab).
        case word
        /// `•` / `✓` / `✗` (a rocket's launches).
        case icon
    }

    /// The Launches tab: the Upcoming | Past switch, the filter and the list.
    static func draw(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let list = state.currentList
        drawSegments(state, list: list, in: rect, into: &frame)
        let startup = state.showsStartupLogo
        drawRows(list, what: state.segment == .upcoming ? "upcoming launches" : "past launches",
                 filters: filterWords(state, id: .segment(state.segment)), following: state.emptyFollowWords,
                 match: state.query(.segment(state.segment)).text,
                 outcome: .word, startup: startup, in: rect, context: context, into: &frame)
    }

    /// The column header on `rect`'s second row, the rows from its third.
    /// - Parameters:
    ///   - filters: the list's filters in words, for an empty list to name.
    ///   - match: the `/` text, highlighted in the names that hold it (`n`/`N` go through them).
    static func drawRows(_ list: LaunchListState, what: String, filters: [String] = [], following: [String]? = nil, match: String = "",
                         outcome: Outcome, startup: Bool, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        let pictures = context.launchRowHeight > 1
        let columns = LaunchColumns(width: rect.width, nameX: pictures ? 2 + layout.rowPatchColumns + 2 : 4,
                                    outcome: outcome, list: list, changes: context.changes,
                                    watched: context.watched, now: context.now)
        drawHeader(columns, into: &frame, y: rect.y + 1)

        if list.launches.isEmpty {
            drawEmpty(list, what: what, filters: filters, following: following, startup: startup, in: rect, context: context, into: &frame)
            return
        }
        var y = rect.y + 2
        let end = min(list.launches.count, list.scrollTop + context.visibleLaunchRows)
        for index in list.scrollTop..<end {
            let launch = list.launches[index]
            let row = Row(launch: launch, selected: index == list.selection, watched: context.watched.contains(launch.id),
                          change: context.changes[launch.id], match: match)
            // A click on the row selects it (a second one opens it).
            frame.click(Rect(x: rect.x, y: y, width: rect.width, height: context.launchRowHeight), .row(index))
            if pictures {
                drawPictureRow(row, columns: columns, context: context, into: &frame, y: y)
            } else {
                drawRow(row, columns: columns, time: context.time, into: &frame, y: y)
            }
            y += context.launchRowHeight
        }
        // The trailing row says what happens past the last launch.
        let x = columns.name.x
        if y < rect.bottom, end == list.launches.count {
            if list.status.activity == .loadingMore {
                frame.grid.put("Loading more…", x: x, y: y, style: Theme.label)
            } else if let end = list.end {
                frame.grid.put("— \(end.text) —", x: x, y: y, style: Theme.label)
            } else if let error = list.status.error, list.status.errorWasLoadMore {
                // The cause and the key first; the words around them go when the row is narrow.
                let room = columns.width - 1 - x
                let texts = ["Could not load more: \(error.message) — press r to retry", "\(error.message) — r retries", error.message]
                frame.grid.put(texts.first { TerminalText.width($0) <= room } ?? error.message, x: x, y: y, maxWidth: room, style: Theme.error)
            } else if list.next == nil, list.launches.count > context.visibleLaunchRows {
                frame.grid.put("— end of list —", x: x, y: y, style: Theme.label)
            }
        }
    }

    struct Row {
        let launch: Launch
        let selected: Bool
        let watched: Bool
        var change: LaunchChange? = nil
        /// The `/` text to highlight in the name ("" for none).
        var match = ""
    }

    /// Records the source sent that could not be read: skipped, but said.
    static func unreadableText(_ list: LaunchListState) -> String {
        switch list.unreadable {
        case 0: ""
        case 1: "1 launch could not be read"
        default: "\(list.unreadable) launches could not be read"
        }
    }

    static func countText(_ list: LaunchListState, query: ListQuery = .default) -> String {
        // A narrowed answer while history fills: a count of what is held, and how far back that reaches.
        if let coverage = list.coverage, coverage.filling, query.narrows || !query.follow.isEmpty {
            return "\(Formatting.grouped(Double(coverage.matching))) \(noun(query, coverage.matching)) in "
                + heldWords(coverage)
        }
        // A server that paged on without sending anything new has also lied about its total.
        if list.end == nil, list.dropped == 0, let total = list.totalDocs, total > list.launches.count {
            // "loaded": "X of Y" elsewhere counts what matches a filter (issue 37).
            return "\(list.launches.count) of \(total) launches loaded"
        }
        // Rows filtered at once while the server is not asked yet count too. Rows left out here
        // (a filter the server cannot apply, a follow it ignored): the server's total is no
        // count of them, and more pages may hold more (issue 38). No total and more to come
        // (a filtered past list while the replica's history fills): so far, too.
        let n = list.launches.count
        let open = list.next != nil && list.end == nil
        let more = open && (list.dropped > 0 || list.totalDocs == nil) ? " so far" : ""
        if list.status.hasLoadedOnce || n > 0 { return "\(n) launch\(n == 1 ? "" : "es")\(more)" }
        return ""
    }

    /// What a count of a narrowed list counts: `failures` under `F` failure, else `launches`.
    static func noun(_ query: ListQuery, _ count: Int) -> String {
        switch query.outcome {
        case .failure: count == 1 ? "failure" : "failures"
        case .success: count == 1 ? "success" : "successes"
        case .any: count == 1 ? "launch" : "launches"
        }
    }

    /// `the 1,400 launches held (history to 2019-03 — filling)`: what a count while history
    /// fills is of.
    static func heldWords(_ coverage: ListCoverage) -> String {
        let reach = coverage.oldest.map { "history to " + Self.month.string(from: $0) + " — filling" } ?? "history filling"
        return "the \(Formatting.grouped(Double(coverage.held))) launch\(coverage.held == 1 ? "" : "es") held (\(reach))"
    }

    /// An empty list's "none" while history fills is true only of what is held: said so.
    static func fillingWords(_ list: LaunchListState) -> [String] {
        guard let coverage = list.coverage, coverage.filling else { return [] }
        return ["none in " + heldWords(coverage)]
    }

    /// `2019-03`, in UTC: how far back a history reaches needs no zone.
    static let month: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM"
        return formatter
    }()

    static func drawSegments(_ state: AppState, list: LaunchListState, in rect: Rect, into frame: inout Frame) {
        let y = rect.y, width = rect.width
        drawSwitch(active: state.segment, y: y, into: &frame)
        drawFilterInput(state, id: .segment(state.segment), x: SegmentSwitch.endX + 1, y: y, width: width, into: &frame)
        let count = countText(list, query: state.query(.segment(state.segment)))
        // Which zone the times are in, once, where the eye looks for the list's facts.
        // What is followed first: it is kept when the rest does not fit (issue 38).
        let facts = [state.followingWords(state.segment) ?? ""] + queryFacts(state, id: .segment(state.segment))
            + [count, unreadableText(list), "times in \(state.time.zoneName)"]
        let typing = state.filterInput?.list == .segment(state.segment)
        putFacts(facts, after: typing ? width / 2 : SegmentSwitch.endX, right: width, y: y, into: &frame)
    }

    /// The `Upcoming │ Past` switch (the Launches and Events tabs), columns from
    /// `SegmentSwitch`; a click on a segment shows it.
    static func drawSwitch(active: LaunchSegment, y: Int, into frame: inout Frame) {
        for (index, item) in SegmentSwitch.items.enumerated() {
            if index > 0 { frame.grid.put(SegmentSwitch.separator, x: item.x - TerminalText.width(SegmentSwitch.separator), y: y, style: Theme.label) }
            frame.grid.put(item.text, x: item.x, y: y,
                     style: item.segment == active ? Style(foreground: .theme.accent, attributes: [.bold, .underline]) : Theme.label)
            frame.click(Rect(x: item.x, y: y, width: item.width, height: 1), .action(.showSegment(item.segment)))
        }
    }

    /// The list's facts, right-aligned on the subheader row and never over what is left of
    /// `minX` (the `Upcoming │ Past` switch, a title, the `/` input): when they do not fit, the
    /// zone goes first, then the count, and what is left is cut.
    static func putFacts(_ facts: [String], after minX: Int, right: Int, y: Int, into frame: inout Frame) {
        var facts = facts.filter { !$0.isEmpty }
        let room = right - minX - 2
        func text() -> String { facts.joined(separator: " · ") + " " }
        while TerminalText.width(text()) > room, facts.count > 1 { facts.removeLast() }
        if TerminalText.width(text()) <= room {
            frame.grid.putRight(text(), right: right, y: y, style: Theme.label)
        } else if room > 0 {
            frame.grid.put(text(), x: minX + 2, y: y, maxWidth: room, style: Theme.label)
        }
    }

    /// `/ text▏` while the filter is being typed.
    static func drawFilterInput(_ state: AppState, id: ListID, x: Int, y: Int, width: Int, into frame: inout Frame) {
        guard let input = state.filterInput, input.list == id else { return }
        frame.grid.put("/ " + input.text + "▏", x: x, y: y, maxWidth: max(0, width / 2 - x),
                 style: Style(foreground: .theme.accent, attributes: .bold))
    }

    /// The list's filters (the name once its input is closed), e.g. `filter: crew · success ·
    /// Falcon 9 · webcast`, and its order when not the usual one.
    static func queryFacts(_ state: AppState, id: ListID) -> [String] {
        let query = state.query(id)
        var facts = filterWords(state, id: id, typed: false)
        if !facts.isEmpty { facts[0] = "filter: " + facts[0] }
        if query.reversed { facts.append("sorted: " + (id == .segment(.upcoming) ? "latest first" : "oldest first")) }
        return facts
    }

    /// Each filter on the list in a word or two (`crew`, `success`, `Falcon 9`, `webcast`);
    /// `typed: false` leaves out the text still being typed (its input shows it).
    static func filterWords(_ state: AppState, id: ListID, typed: Bool = true) -> [String] {
        let query = state.query(id)
        var words: [String] = []
        if query.isFiltered, typed || state.filterInput?.list != id { words.append(query.text) }
        if query.outcome != .any { words.append(query.outcome.rawValue) }
        if let rocket = query.rocket { words.append(rocket.name) }
        if query.hasWebcast { words.append("webcast") }
        return words
    }

    static func drawHeader(_ c: LaunchColumns, into frame: inout Frame, y: Int) {
        let style = Style(foreground: .theme.muted, attributes: .bold)
        frame.grid.put("MISSION", x: c.name.x, y: y, style: style)
        for (kind, column) in c.extras { frame.grid.put(kind.title, x: column.x, y: y, style: style) }
        frame.grid.put("DATE", x: c.date.x, y: y, style: style)
        frame.grid.put(c.outcome == .word ? "STATUS" : LaunchColumns.outcomeTitle, x: c.status.x, y: y, style: style)
    }

    /// One line: glyph, name, (rocket, provider), date, status.
    static func drawRow(_ row: Row, columns c: LaunchColumns, time: LaunchTime, into frame: inout Frame, y: Int) {
        let launch = row.launch
        let glyph = launch.links.patchSmall == nil ? Theme.noPatchGlyph : Theme.patchGlyph
        frame.grid.put(String(glyph), x: 2, y: y, style: Style(foreground: launch.links.patchSmall == nil ? .theme.muted : .theme.accent))
        drawFacts(row, columns: c, time: time, into: &frame, y: y)
        highlight(row.selected, y: y, height: 1, into: &frame)
    }

    /// Two or three lines: the patch box, then the facts; under the name where it flies from
    /// (and, on three lines, what it is for) — never a value that has its own column.
    static func drawPictureRow(_ row: Row, columns c: LaunchColumns, context: RenderContext, into frame: inout Frame, y: Int) {
        let launch = row.launch
        let layout = context.layout
        // The selected row's patch is asked for before the others: it is where the eye is.
        PictureView.drawPatch(launch.rowPicture, context: context, x: 2, y: y,
                              columns: layout.rowPatchColumns, rows: layout.rowPatchRows, priority: row.selected ? 1 : 2, into: &frame)
        drawFacts(row, columns: c, time: context.time, into: &frame, y: y)
        frame.grid.put(c.placeLine(launch), x: c.name.x, y: y + 1, maxWidth: c.detailWidth, style: Theme.label)
        if context.launchRowHeight > 2 {
            frame.grid.put(LaunchColumns.purposeLine(launch), x: c.name.x, y: y + 2, maxWidth: c.detailWidth, style: Theme.label)
        }
        highlight(row.selected, y: y, height: context.launchRowHeight, into: &frame)
    }

    static func drawFacts(_ row: Row, columns c: LaunchColumns, time: LaunchTime, into frame: inout Frame, y: Int) {
        let launch = row.launch
        let title = LaunchColumns.title(of: launch, rocketColumn: c.showsRocket)
        // A live webcast, then what changed since the user last looked, at the end of the name
        // column. `new` gives way to the name when both do not fit (issue 25: it ate the name);
        // a moved NET, a hold or a scrub is worth the cut.
        var change = row.change
        if change == .new, TerminalText.width(title) + (row.watched ? 2 : 0)
            + TerminalText.width(LaunchColumns.flags(launch, change: change)) > c.name.width {
            change = nil
        }
        let live = launch.webcastLive ? " ● LIVE" : ""
        let flag = change.map { " " + $0.text } ?? ""
        let flagsWidth = TerminalText.width(LaunchColumns.flags(launch, change: change))
        let drawn = Theme.putMarked(title, marked: row.watched,
                                    x: c.name.x, y: y, maxWidth: c.name.width - flagsWidth, into: &frame.grid)
        highlightMatch(row.match, in: title, x: c.name.x, y: y, drawnWidth: drawn, into: &frame)
        var x = c.name.x + drawn
        x += frame.grid.put(live, x: x, y: y, maxWidth: TerminalText.width(live), style: Theme.liveStyle)
        if let change {
            frame.grid.put(flag, x: x, y: y, maxWidth: TerminalText.width(flag), style: Theme.changeStyle(change))
        }
        for (kind, column) in c.extras {
            frame.grid.put(LaunchColumns.value(kind, of: launch) ?? "-", x: column.x, y: y, maxWidth: column.width, style: Theme.label)
        }
        frame.grid.put(DateTextCache.listDate(launch.date, precision: launch.datePrecision, time: time), x: c.date.x, y: y,
                 maxWidth: c.date.width, style: .dim)
        switch c.outcome {
        case .word: frame.grid.put(launch.statusWord(at: c.now), x: c.status.x, y: y, maxWidth: c.status.width,
                                   style: Theme.style(launch.statusTone(at: c.now)))
        // A rocket's launches: the same verdict as every screen's, as a mark (issue 37: an
        // overdue launch drew the upcoming blue `•` there while its detail awaited the outcome).
        case .icon: frame.grid.put(launch.statusIcon(at: c.now), x: c.status.x + c.status.width / 2, y: y,
                                   style: Theme.style(launch.statusTone(at: c.now)))
        }
    }

    /// The `/` text where it is in a name drawn at `x`: underlined in the accent colour, as
    /// far as the name was drawn (a cut name may hold only part of it).
    static func highlightMatch(_ match: String, in name: String, x: Int, y: Int, drawnWidth: Int, into frame: inout Frame) {
        guard !match.isEmpty, let range = name.range(of: match, options: [.caseInsensitive, .diacriticInsensitive]) else { return }
        let start = TerminalText.width(String(name[..<range.lowerBound]))
        let width = min(TerminalText.width(String(name[range])), drawnWidth - start)
        guard width > 0 else { return }
        frame.grid.restyle(x: x + start, y: y, width: width) { style in
            var style = style
            style.foreground = .theme.accent
            style.attributes.insert(.underline)
            return style
        }
    }

    /// The selected row: `›` on a tab of the accent colour in the margin, two columns wide and
    /// the row's height tall. Not a band across the width (issue 28): a terminal is sent a cell
    /// again to change its colour, so a full band re-sent both rows' text on every move (719
    /// bytes at 200x60); the tab sends a few cells. In the accent colour because the band's
    /// charcoal, two cells wide, is lost on black; menus keep the band.
    static func highlight(_ selected: Bool, y: Int, height: Int, into frame: inout Frame) {
        guard selected else { return }
        let tab = Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
        for line in y..<(y + max(1, height)) { frame.grid.put(line == y ? "› " : "  ", x: 0, y: line, style: tab) }
    }

    static func drawEmpty(_ list: LaunchListState, what: String, filters: [String] = [], following: [String]? = nil, startup: Bool,
                          in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let middle = rect.y + 2 + (rect.height - 2) / 2 - 1
        if startup {
            StartupLogo.draw(what: what, context: context, into: &frame)
        } else if sayLoadingOrError(list.status, what: what, y: middle, into: &frame) {
        } else if !filters.isEmpty {
            // Not "No past launches.": the filter hid them (the rows at hand while it is typed,
            // the server's answer after); say which, and how to get them back.
            let lines = ["No \(what) match filter: \(filters.joined(separator: " · "))"] + fillingWords(list) + ["Esc clears the filter"]
            for (i, line) in lines.enumerated() { frame.grid.putCentered(line, y: middle + i, style: Theme.label) }
        } else if let following, list.status.hasLoadedOnce {
            // The follow left nothing: said, with the way to everything (issue 38).
            let lines = following.prefix(1) + fillingWords(list) + following.dropFirst()
            for (i, line) in lines.enumerated() {
                frame.grid.putCentered(line, y: middle + i, style: Theme.label)
            }
        } else if list.status.hasLoadedOnce {
            frame.grid.putCentered("No \(what).", y: middle, style: Theme.label)
        }
    }

    /// An empty list's first words (a launch list's, the Events tab's): loading, or why it
    /// failed and that `r` retries. Returns whether it said either.
    @discardableResult
    static func sayLoadingOrError(_ status: RemoteStatus, what: String, y middle: Int, into frame: inout Frame) -> Bool {
        if status.isLoading {
            frame.grid.putCentered("Loading \(what)…", y: middle, style: Theme.label)
        } else if let error = status.error {
            frame.grid.putCentered("Could not load \(what): \(error.message)", y: middle, style: Theme.error)
            // `r` cannot help while tminus is told to stay off the network.
            if case .offline = error {} else {
                frame.grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
            }
        } else {
            return false
        }
        return true
    }
}

extension LaunchStatus {
    /// The one-cell outcome mark on a rocket's launch list.
    public var icon: String {
        switch self {
        case .upcoming: "•"
        case .success: "✓"
        case .failure: "✗"
        case .unknown: "?"
        case .other: "~"
        }
    }
}
