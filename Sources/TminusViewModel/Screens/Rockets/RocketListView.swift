import TminusCore
import TminusRender

/// The Rockets tab: two lines a rocket (name, provider and facts, then its description).
enum RocketListView {
    static func draw(_ rockets: RocketsState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        let titleWidth = frame.grid.put(" Rockets", x: 1, y: rect.y, style: Style(foreground: .theme.accent, attributes: [.bold, .underline]))
        var count = ""
        if rockets.status.hasLoadedOnce {
            let n = rockets.rockets.count
            // "match": "X of Y launches loaded" counts what has come (issue 37).
            count = rockets.filter.isEmpty ? "\(n) rocket\(n == 1 ? "" : "s")" : "\(n) of \(rockets.catalogue.count) rockets match"
            if rockets.loadingMore { count += " · loading more…" } else if rockets.morePage != nil { count += " · more below" }
            frame.grid.putRight(count + " ", right: rect.right, y: rect.y, style: Theme.label)
        }
        // `/`: the input while typing, the filter kept after Enter.
        if rockets.typingFilter || !rockets.filter.isEmpty {
            let x = 1 + titleWidth + 2
            let words = rockets.typingFilter ? "/ " + rockets.filter + "▏" : "filter: \(rockets.filter) · Esc clears"
            frame.grid.put(words, x: x, y: rect.y, maxWidth: max(0, rect.right - x - count.count - 3),
                     style: Style(foreground: .theme.accent, attributes: .bold))
        }
        let statusX = rect.right - 22, rateX = rect.right - 10
        let header = Style(foreground: .theme.muted, attributes: .bold)
        frame.grid.put("ROCKET", x: 2 + layout.thumbnailColumns + 2, y: rect.y + 1, style: header)
        frame.grid.put("STATUS", x: statusX, y: rect.y + 1, style: header)
        frame.grid.put("SUCCESS", x: rateX, y: rect.y + 1, style: header)

        guard !rockets.rockets.isEmpty else {
            let middle = rect.y + 2 + (rect.height - 2) / 2 - 1
            if rockets.status.isLoading {
                frame.grid.putCentered("Loading rockets…", y: middle, style: Theme.label)
            } else if !rockets.filter.isEmpty, !rockets.catalogue.isEmpty {
                frame.grid.putCentered(rockets.loadingMore ? "Looking further down the catalogue…" : "No rocket matches “\(rockets.filter)”.",
                                 y: middle, style: Theme.label)
                frame.grid.putCentered("Esc clears the filter", y: middle + 1, style: Theme.label)
            } else if let error = rockets.status.error {
                frame.grid.putCentered("Could not load rockets: \(error.message)", y: middle, style: Theme.error)
                frame.grid.putCentered("press r to retry", y: middle + 1, style: Theme.label)
            } else if rockets.status.hasLoadedOnce {
                frame.grid.putCentered("No rockets.", y: middle, style: Theme.label)
            }
            return
        }
        // Few rockets exist, so the scroll position is derived: just enough to show the selection.
        let textX = 2 + layout.thumbnailColumns + 2
        for (slot, index) in RocketListLayout.visible(rockets, rows: rect.height - 2).enumerated() {
            let rocket = rockets.rockets[index]
            let y = (rect.y + 2) + slot * RocketListLayout.rowHeight
            ThumbnailRow.drawHead(index, picture: rocket.flickrImages.first, placeholder: Theme.rocketGlyph, name: rocket.name,
                                  marked: context.favoriteRockets.contains(rocket.id), note: rocket.provider,
                                  x: textX, y: y, right: statusX, width: rect.right, context: context, into: &frame)
            switch rocket.active {
            case true?: frame.grid.put("● active", x: statusX, y: y, style: Style(foreground: .theme.success))
            case false?: frame.grid.put("○ retired", x: statusX, y: y, style: Theme.label)
            case nil: frame.grid.put("-", x: statusX, y: y, style: Theme.label)
            }
            frame.grid.put(rocket.successRatePct.map { "\(Formatting.grouped($0))%" } ?? "-", x: rateX, y: y)
            frame.grid.put(rocket.description ?? "-", x: textX, y: y + 1, maxWidth: rect.right - textX - 2, style: Theme.label)
            LaunchListView.highlight(index == rockets.selection, y: y, height: 2, into: &frame)
        }
    }
}

/// Which rockets the list shows at once: the selection, and as many before it as fit.
public enum RocketListLayout {
    public static let rowHeight = 3  // two lines and a gap

    /// - Parameter rows: the lines the list has (under its title and column header).
    public static func visible(_ rockets: RocketsState, rows: Int) -> Range<Int> {
        let capacity = max(1, rows / rowHeight)
        let top = max(0, rockets.selection - capacity + 1)
        return top..<min(rockets.rockets.count, top + capacity)
    }
}
