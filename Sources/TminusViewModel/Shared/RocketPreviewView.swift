import TminusCore
import TminusRender

/// A favorite rocket beside the Favorites tab's list on wide terminals, as a watched launch
/// is (`LaunchPreviewView`): its picture with the facts beside it, the four figures in the
/// user's units, and as much of its description as fits.
enum RocketPreviewView {
    static func draw(_ rocket: Rocket, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let left = rect.x, width = rect.width, bottom = rect.bottom
        var y = rect.y
        let pictures = context.pictureMode == .pictures
        let boxColumns = pictures ? LaunchPreviewView.patchColumns(in: rect) : 0, boxRows = boxColumns / 2
        if pictures {
            let key = rocket.flickrImages.first.map { PictureKey(url: $0, columns: boxColumns, rows: boxRows) }
            PictureView.draw(key, context: context, x: left, y: y, columns: boxColumns, rows: boxRows,
                             placeholder: Theme.rocketArt, priority: 0, into: &frame)
        }
        let textX = pictures ? left + boxColumns + 2 : left
        let textWidth = max(0, left + width - textX)
        var ty = y
        frame.grid.put(rocket.name, x: textX, y: ty, maxWidth: textWidth, style: .bold)
        ty += 1
        frame.grid.put(Theme.favoriteMark + " favorite", x: textX, y: ty, style: Theme.favoriteStyle)
        ty += 2
        let facts: [(String, String?)] = [
            ("Provider", rocket.provider), ("Type", rocket.type),
            ("Status", rocket.active.map { $0 ? "active" : "retired" }), ("Country", rocket.country),
            ("First", rocket.firstFlight),
        ]
        for (label, value) in facts where ty < bottom {
            guard let value, !value.isEmpty else { continue }
            frame.grid.put(label, x: textX, y: ty, style: Theme.label)
            frame.grid.put(value, x: textX + 9, y: ty, maxWidth: max(0, textWidth - 9))
            ty += 1
        }
        y = max(y + boxRows, ty) + 1

        // The figures, two a line: `HEIGHT 70 m   DIAMETER 3.7 m`.
        let figures = RocketDocument.figures(rocket, units: context.units)
        for pair in stride(from: 0, to: figures.count, by: 2) where y < bottom {
            var x = left
            for figure in figures[pair..<min(pair + 2, figures.count)] {
                x += frame.grid.put(figure.name.uppercased() + " ", x: x, y: y, style: Style(foreground: .theme.muted, attributes: .bold))
                let value = figure.value == "-" ? "-" : "\(figure.value) \(figure.unit)"
                x += frame.grid.put(value, x: x, y: y, maxWidth: max(0, left + width - x), style: Style(foreground: .theme.accent, attributes: .bold))
                x += 3
            }
            y += 1
        }
        y += 1

        guard let description = rocket.description, y < bottom - 1 else { return }
        let lines = LaunchDetailDocument.wrap(description, width: width, maxLines: max(1, bottom - 1 - y))
        for (i, line) in lines.enumerated() { frame.grid.put(line, x: left, y: y + i, maxWidth: width) }
        frame.grid.put("Enter opens the rocket", x: left, y: bottom - 1, style: Theme.label)
    }
}
