import TminusCore
import TminusRender

/// A rocket page: picture and name, four key figures, then the specs.
enum RocketPageView {
    /// - Parameters: the page, its rocket and how many rockets its pager walks through.
    static func draw(_ page: RocketPageState, rocket: Rocket, count: Int, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        drawTitle(rocket, page: page, count: count,
                  favorite: context.favoriteRockets.contains(rocket.id), into: &frame, layout: layout)
        drawImageArea(rocket, page: page, context: context, into: &frame, layout: layout)
        drawSummary(rocket, page: page, into: &frame, layout: layout)
        drawFigures(RocketDocument.figures(rocket, units: context.units), into: &frame, layout: layout)
        // `U` changes them: the Units chooser leaves them in sight.
        frame.keepInSight = layout.rocketFiguresRows
        frame.grid.horizontalRule(y: layout.rocketBodyTop - 1)

        let lines = RocketDocument.lines(rocket, width: layout.detailBodyWidth, units: context.units)
        DocumentView.draw(lines, context: context, scroll: page.scroll, top: layout.rocketBodyTop, height: max(1, rect.bottom - layout.rocketBodyTop), into: &frame)
    }

    /// Name on the left, where this rocket is among all of them on the right: `○ ● ○ ○`.
    static func drawTitle(_ rocket: Rocket, page: RocketPageState, count: Int, favorite: Bool, into frame: inout Frame, layout: ScreenLayout) {
        let y = layout.subheaderRow
        let used = frame.grid.put(rocket.name, x: 2, y: y, maxWidth: frame.grid.width / 2, style: Style(foreground: .theme.accent, attributes: .bold))
        frame.grid.put(favorite ? " ★ favorite" : " ☆", x: 2 + used, y: y, style: favorite ? Theme.favoriteStyle : Theme.label)
        // Dots for a handful (the r/SpaceX API's four); a count for a catalogue of hundreds.
        let place = count <= 12 ? (0..<count).map { $0 == page.index ? "●" : "○" }.joined(separator: " ")
            : "\(page.index + 1)/\(count)"
        frame.grid.putRight(place + " ", right: frame.grid.width, y: y, style: Style(foreground: .theme.accent))
    }

    /// The picture's box: the gallery's current photo, glyph art until it is drawn.
    static func drawImageArea(_ rocket: Rocket, page: RocketPageState, context: RenderContext, into frame: inout Frame, layout: ScreenLayout) {
        let key = rocket.flickrImages.indices.contains(page.imageIndex)
            ? PictureKey(url: rocket.flickrImages[page.imageIndex], columns: layout.rocketImageWidth, rows: layout.rocketImageHeight)
            : nil
        PictureView.draw(key, context: context, x: layout.rocketImageX, y: layout.rocketImageTop, columns: layout.rocketImageWidth,
                         rows: layout.rocketImageHeight, placeholder: Theme.rocketArt, into: &frame)
    }

    /// Facts, the description's first lines, the gallery line: beside the photo, or under it.
    static func drawSummary(_ rocket: Rocket, page: RocketPageState, into frame: inout Frame, layout: ScreenLayout) {
        let x = layout.rocketSummaryX, top = layout.rocketSummaryTop
        let width = frame.grid.width - x - 1
        guard width > 8 else { return }
        let facts = [rocket.provider, rocket.type, rocket.active.map { $0 ? "active" : "retired" }, rocket.country]
            .compactMap { $0 }.joined(separator: " · ")
        // Wrapped, not cut (issue 37: `Republic of t…` on the Falcon 1 page); the description
        // takes the lines left.
        let factLines = LaunchDetailDocument.wrap(facts.isEmpty ? "-" : facts, width: width, maxLines: 2)
        for (i, line) in factLines.enumerated() {
            frame.grid.put(line, x: x, y: top + i, maxWidth: width, style: Theme.label)
        }
        let lines = RocketDocument.summary(rocket, width: width, lines: max(0, layout.rocketSummaryRows - 1 - factLines.count))
        for (i, line) in lines.enumerated() {
            frame.grid.put(line, x: x, y: top + factLines.count + i, maxWidth: width)
        }
        let gallery = rocket.flickrImages.isEmpty
            ? "no images"
            : "image \(page.imageIndex + 1)/\(rocket.flickrImages.count)  [ ] browse"
        frame.grid.put(gallery, x: x, y: top + layout.rocketSummaryRows - 1, maxWidth: width, style: Theme.label)
    }

    /// Height, diameter, mass, payload to LEO side by side: name, then value and unit.
    static func drawFigures(_ figures: [RocketDocument.Figure], into frame: inout Frame, layout: ScreenLayout) {
        let top = layout.rocketFiguresTop
        let cell = max(8, (frame.grid.width - 4) / max(1, figures.count))
        for (i, figure) in figures.enumerated() {
            let x = 2 + i * cell
            frame.grid.put(figure.name.uppercased(), x: x, y: top, maxWidth: cell - 2, style: Style(foreground: .theme.muted, attributes: .bold))
            let used = frame.grid.put(figure.value, x: x, y: top + 1, maxWidth: cell - 2, style: Style(foreground: .theme.accent, attributes: .bold))
            if figure.value != "-" {
                frame.grid.put(" " + figure.unit, x: x + used, y: top + 1, maxWidth: cell - 2 - used, style: Theme.label)
            }
            frame.grid.put(String(repeating: "▔", count: max(0, cell - 3)), x: x, y: top + 2, style: Style(foreground: .theme.faint))
        }
    }
}

/// Draws worded lines (headings and label/value fields) from `scroll` on: the body of the
/// launch detail and of the rocket page.
enum DocumentView {
    /// The lines from `scroll` on, in `height` rows. When more follow, the last row says so
    /// and nothing else: `↓ more` on a row of its own, never over the text (issue 25:
    /// `…orbit around the E↓ more`). That row's line shows once the body scrolls one more.
    /// It records how far the body scrolls, and its pictures wherever they are in it (a photo
    /// further down is ready by the time it is scrolled to).
    static func draw(_ lines: [DetailLine], context: RenderContext, scroll: Int, top: Int, height: Int, into frame: inout Frame) {
        frame.geometry.scrollLimit = max(0, lines.count - height)
        frame.geometry.scrollPage = height
        if context.pictureMode == .pictures {
            for case .picture(let key, 0) in lines { frame.place(key) }
        }
        let more = scroll + height < lines.count
        if more, height > 1 {
            frame.grid.put("↓ more", x: 2, y: top + height - 1, style: Theme.label)
        }
        var y = top
        for line in lines.dropFirst(scroll).prefix(more && height > 1 ? height - 1 : height) {
            switch line {
            case .heading(let text):
                frame.grid.put(text, x: 2, y: y, style: Theme.heading)
            case let .field(label, value, tone):
                frame.grid.put(label, x: 2, y: y, maxWidth: LaunchDetailDocument.labelWidth, style: Theme.label)
                frame.grid.put(value, x: 2 + LaunchDetailDocument.labelWidth + 1, y: y, style: Theme.style(tone))
            case .blank:
                break
            case .timeline(let step):
                drawTimelineStep(step, y: y, into: &frame)
            case let .picture(key, row):
                // Centred; each line draws its own row, so the picture scrolls with the text.
                PictureView.drawRow(row, of: key, context: context, x: max(0, (frame.grid.width - key.columns) / 2), y: y, into: &frame.grid)
            }
            y += 1
        }
    }

    /// `✓ T-00:38:00  08:49:00  GO for Prop Load`: done steps dim, the next one highlighted
    /// (with the source's words for it), later ones plain.
    static func drawTimelineStep(_ step: TimelineLine, y: Int, into frame: inout Frame) {
        let (mark, style): (String, Style) = switch step.mark {
        case .done?: ("✓", Theme.label)
        case .next?: ("▶", Theme.style(.upcoming))
        case .later?, nil: (" ", .plain)
        }
        frame.grid.put(mark, x: 2, y: y, style: style)
        var x = 4
        for part in [step.offset, step.time].compactMap({ $0 }) {
            x += frame.grid.put(part, x: x, y: y, style: style) + 2
        }
        let right = frame.grid.width - 2
        x += frame.grid.put(step.name, x: x, y: y, maxWidth: max(0, right - x), style: style)
        if let note = step.note { frame.grid.put("  " + note, x: x, y: y, maxWidth: max(0, right - x), style: Theme.label) }
    }
}
