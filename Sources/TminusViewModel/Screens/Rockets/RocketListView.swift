import TminusCore
import TminusRender

/// The Rockets tab: two lines a rocket (name, provider and facts, then its description).
enum RocketListView {
    static func draw(_ rockets: RocketsState, context: RenderContext, into grid: inout Grid) {
        let layout = context.layout
        let titleWidth = grid.put(" Rockets", x: 1, y: layout.subheaderRow, style: Style(foreground: .theme.accent, attributes: [.bold, .underline]))
        var count = ""
        if rockets.status.hasLoadedOnce {
            let n = rockets.rockets.count
            count = rockets.filter.isEmpty ? "\(n) rocket\(n == 1 ? "" : "s")" : "\(n) of \(rockets.catalogue.count)"
            if rockets.loadingMore { count += " · loading more…" } else if rockets.morePage != nil { count += " · more below" }
            grid.putRight(count + " ", right: grid.width, y: layout.subheaderRow, style: Theme.label)
        }
        // `/`: the input while typing, the filter kept after Enter.
        if rockets.typingFilter || !rockets.filter.isEmpty {
            let x = 1 + titleWidth + 2
            let words = rockets.typingFilter ? "/ " + rockets.filter + "▏" : "filter: \(rockets.filter) · Esc clears"
            grid.put(words, x: x, y: layout.subheaderRow, maxWidth: max(0, grid.width - x - count.count - 3),
                     style: Style(foreground: .theme.accent, attributes: .bold))
        }
        let statusX = grid.width - 22, rateX = grid.width - 10
        let header = Style(foreground: .theme.muted, attributes: .bold)
        grid.put("ROCKET", x: 2 + layout.thumbnailColumns + 2, y: layout.columnHeaderRow, style: header)
        grid.put("STATUS", x: statusX, y: layout.columnHeaderRow, style: header)
        grid.put("SUCCESS", x: rateX, y: layout.columnHeaderRow, style: header)

        guard !rockets.rockets.isEmpty else {
            let middle = layout.listTop + layout.listHeight / 2 - 1
            if rockets.status.isLoading {
                grid.putCentered("Loading rockets…", y: middle, style: Theme.label)
            } else if !rockets.filter.isEmpty, !rockets.catalogue.isEmpty {
                grid.putCentered(rockets.loadingMore ? "Looking further down the catalogue…" : "No rocket matches “\(rockets.filter)”.",
                                 y: middle, style: Theme.label)
                grid.putCentered("Esc clears the filter", y: middle + 1, style: Theme.label)
            } else if let error = rockets.status.error {
                grid.putCentered("Could not load rockets: \(error.message)", y: middle, style: Theme.error)
                grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
            } else if rockets.status.hasLoadedOnce {
                grid.putCentered("No rockets.", y: middle, style: Theme.label)
            }
            return
        }
        // Few rockets exist, so the scroll position is derived: just enough to show the selection.
        let textX = 2 + layout.thumbnailColumns + 2
        for (slot, index) in RocketListLayout.visible(rockets, layout: layout).enumerated() {
            let rocket = rockets.rockets[index]
            let y = layout.listTop + slot * RocketListLayout.rowHeight
            let key = rocket.flickrImages.first.map { PictureKey(url: $0, columns: layout.thumbnailColumns, rows: layout.thumbnailRows) }
            PictureView.draw(key, context: context, x: 2, y: y, columns: layout.thumbnailColumns, rows: layout.thumbnailRows,
                             placeholder: [String(Theme.rocketGlyph)], into: &grid)
            let nameWidth = Theme.putMarked(rocket.name, marked: context.favoriteRockets.contains(rocket.id), x: textX, y: y,
                                            maxWidth: statusX - textX - 2, into: &grid)
            if let provider = rocket.provider, textX + nameWidth + 4 < statusX - 2 {
                grid.put("· " + provider, x: textX + nameWidth + 1, y: y, maxWidth: statusX - 2 - (textX + nameWidth + 1), style: Theme.label)
            }
            switch rocket.active {
            case true?: grid.put("● active", x: statusX, y: y, style: Style(foreground: .theme.success))
            case false?: grid.put("○ retired", x: statusX, y: y, style: Theme.label)
            case nil: grid.put("-", x: statusX, y: y, style: Theme.label)
            }
            grid.put(rocket.successRatePct.map { "\(Formatting.grouped($0))%" } ?? "-", x: rateX, y: y)
            grid.put(rocket.description ?? "-", x: textX, y: y + 1, maxWidth: grid.width - textX - 2, style: Theme.label)
            LaunchListView.highlight(index == rockets.selection, y: y, height: 2, into: &grid)
        }
    }
}
