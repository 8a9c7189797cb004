import TminusCore
import TminusRender

/// The Favorites tab: favorite rockets, then watched launches and events with live countdowns.
enum FavoritesView {
    static func draw(_ favorites: FavoritesState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
                let width = rect.width
        frame.grid.put(" Favorites", x: 1, y: rect.y, style: Style(foreground: .theme.accent, attributes: [.bold, .underline]))
        let items = favorites.items
        let count = items.rockets.count + items.launches.count + items.events.count
        if favorites.hasLoadedOnce {
            let events = items.events.isEmpty ? "" : " · \(items.events.count) event\(items.events.count == 1 ? "" : "s")"
            frame.grid.putRight("\(items.rockets.count) rocket\(items.rockets.count == 1 ? "" : "s") · "
                          + "\(items.launches.count) launch\(items.launches.count == 1 ? "" : "es")\(events) ",
                          right: width, y: rect.y, style: Theme.label)
        }
        guard count > 0 else {
            let middle = rect.y + 2 + (rect.height - 2) / 2 - 2
            if !favorites.hasLoadedOnce {
                frame.grid.putCentered(favorites.error == nil ? "Loading favorites…" : "Favorites could not be read", y: middle, style: Theme.label)
                return
            }
            frame.grid.putCentered("No favorites yet.", y: middle, style: Theme.heading)
            // Wrapped, never cut (issue 37: `… to wat…` at 50 columns).
            let two = ["Press f on a rocket (tab 2) to keep it here,", "or on a launch (tab 1) or an event (tab 4) to watch it."]
            let lines = two.allSatisfy({ TerminalText.width($0) <= frame.grid.width - 4 }) ? two
                : LaunchDetailDocument.wrap(two.joined(separator: " "), width: max(1, frame.grid.width - 4))
            for (i, line) in lines.enumerated() where middle + 2 + i < rect.bottom {
                frame.grid.putCentered(line, y: middle + 2 + i, style: Theme.label)
            }
            return
        }

        // The lines: section headings, then one line per item; the selection counts items only.
        enum Line { case heading(String), row(Int, FavoritesState.Row), blank }
        var lines: [Line] = []
        let rows = favorites.rows
        let rocketCount = favorites.items.rockets.count
        if rocketCount > 0 {
            lines.append(.heading("Rockets"))
            for i in 0..<rocketCount { lines.append(.row(i, rows[i])) }
        }
        let launchEnd = rocketCount + items.launches.count
        if !items.launches.isEmpty {
            if rocketCount > 0 { lines.append(.blank) }
            lines.append(.heading("Watched launches"))
            for i in rocketCount..<launchEnd { lines.append(.row(i, rows[i])) }
        }
        if !items.events.isEmpty {
            if launchEnd > 0 { lines.append(.blank) }
            lines.append(.heading("Watched events"))
            for i in launchEnd..<rows.count { lines.append(.row(i, rows[i])) }
        }
        // Scroll just enough to show the selected row.
        let height = rect.bottom - (rect.y + 1)
        let selectedLine = lines.firstIndex { if case .row(favorites.selection, _) = $0 { true } else { false } } ?? 0
        let top = max(0, selectedLine - height + 1)
        // The columns packed from the left, the date (or the countdown) right after the names
        // (issue 25: at 200 columns a watched launch's countdown was 150 columns from its name).
        let launchNames = (items.launches.map { TerminalText.width($0.name) } + items.events.map { TerminalText.width($0.name) }).max() ?? 0
        let nameWidth = max(20, min(launchNames, width - 4 - 2 - 16 - 2 - LaunchListView.statusWidth - 1))
        let dateX = 4 + nameWidth + 2
        let statusX = dateX + 16 + 2
        for (offset, line) in lines.dropFirst(top).prefix(height).enumerated() {
            let y = rect.y + 1 + offset
            switch line {
            case .heading(let title):
                frame.grid.put(title, x: 2, y: y, style: Theme.heading)
            case .blank:
                break
            case let .row(index, .rocket(rocket)):
                frame.click(Rect(x: 0, y: y, width: width, height: 1), .row(index))
                frame.grid.put(String(Theme.rocketGlyph), x: 2, y: y, style: Style(foreground: .theme.accent))
                let used = frame.grid.put(rocket.name, x: 4, y: y, maxWidth: 24, style: .bold)
                frame.grid.put(rocket.description ?? "-", x: 4 + max(used, 20) + 2, y: y,
                         maxWidth: width - (4 + max(used, 20) + 2) - 1, style: Theme.label)
                LaunchListView.highlight(index == favorites.selection, y: y, height: 1, into: &frame)
            case let .row(index, .launch(launch)):
                frame.click(Rect(x: 0, y: y, width: width, height: 1), .row(index))
                let glyph = launch.patchURL == nil ? Theme.noPatchGlyph : Theme.patchGlyph
                frame.grid.put(String(glyph), x: 2, y: y, style: Style(foreground: launch.patchURL == nil ? .theme.muted : .theme.accent))
                frame.grid.put(launch.name, x: 4, y: y, maxWidth: nameWidth, style: .bold)
                if launch.launch.countsDown {
                    let countdown = Countdown(launch.launch, now: context.now, time: context.time)
                    frame.grid.put(countdown.text, x: dateX, y: y, maxWidth: 16, style: Theme.style(CountdownView.tone(countdown.kind)))
                } else {
                    frame.grid.put(DateTextCache.listDate(launch.date, precision: launch.datePrecision, time: context.time), x: dateX, y: y, maxWidth: 16, style: .dim)
                }
                frame.grid.put(launch.launch.statusWord(at: context.now), x: statusX, y: y, maxWidth: max(0, width - 1 - statusX),
                               style: Theme.style(launch.launch.statusTone(at: context.now)))
                LaunchListView.highlight(index == favorites.selection, y: y, height: 1, into: &frame)
            case let .row(index, .event(watched)):
                frame.click(Rect(x: 0, y: y, width: width, height: 1), .row(index))
                let event = watched.event
                frame.grid.put(String(Theme.eventGlyph), x: 2, y: y, style: Style(foreground: .theme.accent))
                frame.grid.put(event.name, x: 4, y: y, maxWidth: nameWidth, style: .bold)
                if event.countsDown(at: context.now) {
                    let countdown = Countdown(to: event.date, precision: event.datePrecision, now: context.now, time: context.time)
                    frame.grid.put(countdown.text, x: dateX, y: y, maxWidth: 16, style: Theme.style(CountdownView.tone(countdown.kind)))
                } else {
                    frame.grid.put(DateTextCache.listDate(event.date, precision: event.datePrecision, time: context.time), x: dateX, y: y, maxWidth: 16, style: .dim)
                }
                frame.grid.put(event.type ?? "-", x: statusX, y: y, maxWidth: max(0, width - 1 - statusX), style: Theme.label)
                LaunchListView.highlight(index == favorites.selection, y: y, height: 1, into: &frame)
            }
        }
    }

}
