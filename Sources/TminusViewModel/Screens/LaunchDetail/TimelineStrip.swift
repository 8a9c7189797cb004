import Foundation
import TminusCore
import TminusRender

/// A launch day's steps as marks on one line, against the clock, for any width:
///
///     ━●━━●━━●━┃───▶──○──○──○─
///
/// Done steps `●`, the next `▶`, later ones `○`, evenly spaced in time order (the last minute
/// before liftoff holds as many steps as the half hour before it, so a scale in seconds would
/// pile them up); the now-cursor `┃` sits between the last done step and the next, as far along
/// as the clock is, with the line behind it heavy. For the detail and for a preview pane.
enum TimelineStrip {
    static let done: Character = "●", next: Character = "▶", later: Character = "○", cursor: Character = "┃"
    static let elapsedLine: Character = "━", line: Character = "─"

    /// Draws the strip at (x, y), `width` columns (nothing under three).
    /// - Parameter net: T-0, only when it is known to the minute; nil draws every step as
    ///   later, with no cursor (nothing can be placed on the clock).
    static func draw(_ events: [TimelineEvent], net: Date?, now: Date, x: Int, y: Int, width: Int, into grid: inout Grid) {
        for (column, cell) in cells(events, net: net, now: now, width: width).enumerated() {
            grid.put(String(cell.character), x: x + column, y: y, style: cell.style)
        }
    }

    /// The strip's cells, left to right (`width` of them, or none under three columns).
    static func cells(_ events: [TimelineEvent], net: Date?, now: Date, width: Int) -> [Cell] {
        guard width >= 3, !events.isEmpty else { return [] }
        let marks = net.map { TimelineProgress.marks(events, net: $0, now: now) } ?? events.map { _ in .later }
        // Columns 1 … width-2: the ends are left for a cursor before the first or after the last.
        let positions = events.indices.map { index in
            events.count == 1 ? width / 2 : 1 + index * (width - 3) / (events.count - 1)
        }
        // Several steps on one column (a narrow strip): the one that matters most shows.
        var markAt: [Int: TimelineMark] = [:]
        for (position, mark) in zip(positions, marks) {
            markAt[position] = [markAt[position], mark].compactMap { $0 }.min { rank($0) < rank($1) }
        }

        // Where now is: before the first step, after the last, or between the last done and the next.
        var cursor: Int?
        var elapsedEnd = 0
        if let net {
            let lastDone = marks.lastIndex(of: .done)
            switch lastDone {
            case nil: cursor = 0
            case let done? where done == events.count - 1: cursor = width - 1; elapsedEnd = width - 1
            case let done?:
                let from = positions[done], to = positions[done + 1]
                elapsedEnd = from
                if to - from > 1 {
                    let span = events[done + 1].offset - events[done].offset
                    let fraction = span > 0 ? (now.timeIntervalSince(net) - events[done].offset) / span : 0
                    let column = from + 1 + Int((max(0, min(1, fraction)) * Double(to - from - 1)).rounded(.down))
                    cursor = min(column, to - 1)
                    elapsedEnd = cursor ?? from
                }
            }
        }

        return (0..<width).map { column in
            if let mark = markAt[column] {
                switch mark {
                case .done: return Cell(Self.done, style: Theme.label)
                case .next: return Cell(Self.next, style: Theme.style(.upcoming))
                case .later: return Cell(Self.later, style: .plain)
                }
            }
            if column == cursor { return Cell(Self.cursor, style: Theme.style(.upcoming)) }
            return column < elapsedEnd ? Cell(Self.elapsedLine, style: Theme.label) : Cell(Self.line, style: Style(foreground: .theme.faint))
        }
    }

    private static func rank(_ mark: TimelineMark) -> Int {
        switch mark {
        case .next: 0
        case .later: 1
        case .done: 2
        }
    }
}
