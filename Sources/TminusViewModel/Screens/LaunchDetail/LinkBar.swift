import TminusCore
import TminusRender

/// Where a detail's links bar (a launch's, an event's) puts each link (`Links  Webcast   Press kit  …`): the
/// view draws each one there and records it as the link's click region.
public enum LinkBar {
    /// The bar's label, left of the links.
    public static let label = "Links "

    public struct Item: Sendable, Hashable {
        /// Its place in `Launch.linkSlots`.
        public var index: Int
        /// As drawn, with a blank each side: ` Webcast `, ` Video (2) `.
        public var text: String
        /// Its first column, and how many it covers.
        public var x: Int
        public var width: Int
        /// Whether a page is behind it (an empty slot is drawn greyed).
        public var available: Bool

    }

    /// The links of `slots` when the bar's label starts at column `startX`: each after the
    /// label, one blank between two.
    public static func layout(_ slots: [LinkSlot], startX: Int) -> [Item] {
        var x = startX + TerminalText.width(label)
        return slots.enumerated().map { index, slot in
            // Several pages behind one link (`o` then asks which): say how many.
            let title = slot.targets.count > 1 ? "\(slot.title) (\(slot.targets.count))" : slot.title
            let text = " \(title) "
            let item = Item(index: index, text: text, x: x, width: TerminalText.width(text), available: !slot.targets.isEmpty)
            x += item.width + 1
            return item
        }
    }

    /// Draws the bar at (x, y): the selected link (what `o` opens) highlighted, empty ones
    /// greyed; each recorded as a click region (a click chooses it).
    static func draw(_ slots: [LinkSlot], selected: Int, x: Int, y: Int, into frame: inout Frame) {
        frame.grid.put(label, x: x, y: y, style: Theme.label)
        for link in layout(slots, startX: x) {
            let style: Style
            if link.index == selected && link.available {
                style = Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
            } else {
                style = link.available ? Style(foreground: .theme.accent) : Style(foreground: .theme.unavailable)
            }
            frame.grid.put(link.text, x: link.x, y: y, style: style)
            frame.click(Rect(x: link.x, y: y, width: link.width, height: 1), .action(.chooseLink(link.index)))
        }
    }
}

/// The launch list's `Upcoming │ Past` switch: where each segment is drawn, and so where the
/// view records its click region.
public enum SegmentSwitch {
    public struct Item: Sendable, Hashable {
        public var segment: LaunchSegment
        /// As drawn: ` Upcoming `, ` Past `.
        public var text: String
        public var x: Int
        public var width: Int

    }

    /// Between the two segments.
    public static let separator = "│"

    /// Each segment from column 1, the separator between them.
    public static let items: [Item] = {
        var x = 1
        return LaunchSegment.allCases.enumerated().map { index, segment in
            if index > 0 { x += TerminalText.width(separator) }
            let text = " \(segment == .upcoming ? "Upcoming" : "Past") "
            let item = Item(segment: segment, text: text, x: x, width: TerminalText.width(text))
            x += item.width
            return item
        }
    }()

    /// The first column right of the switch.
    public static var endX: Int { items.last.map { $0.x + $0.width } ?? 1 }
}
