import TminusCore
import TminusRender

enum TooSmallView {
    static func draw(into grid: inout Grid) {
        let lines = ["Terminal too small",
                     "\(grid.width)x\(grid.height), need \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight)",
                     "q quits"]
        let top = max(0, (grid.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < grid.height {
            grid.putCentered(line, y: top + i, style: i == 0 ? Theme.error : Theme.label)
        }
    }
}

/// `?`: the keys of the current screen in a box over it: one column when it fits the height,
/// else two; a description too long for its column wraps under itself (issue 25: at 80x24
/// every one was cut, `filter by name (Enter…`). When even two wrapped columns would not fit
/// the height, one wrapped column scrolls (↑↓, PgUp/PgDn, g/G): no description is ever cut
/// (issue 37: at 60x14 every one was, and `1 2 3 4` had none).
enum HelpOverlay {
    /// One entry as laid out: its keys and its description's lines.
    struct Entry { var keys: String; var lines: [String] }

    /// Lines of entries the box shows at this size.
    static func visibleLines(size: Size) -> Int { max(1, size.height - 2 - 4) }

    /// How far the help scrolls at this size: 0 when everything shows.
    static func maxScroll(_ screen: ScreenKind, keys: KeyBindings, size: Size) -> Int {
        let measured = measure(screen, keys: keys, width: size.width, height: size.height)
        guard measured.columns.count == 1 else { return 0 }
        return max(0, measured.columns[0].reduce(0) { $0 + $1.lines.count } - measured.room)
    }

    static func measure(_ screen: ScreenKind, keys: KeyBindings, width: Int, height: Int)
        -> (columns: [[Entry]], keyWidth: Int, columnWidth: Int, room: Int) {
        let entries = Keymap.help(for: screen, keys: keys)
        let keyWidth = entries.map { TerminalText.width($0.keys) }.max() ?? 0
        let actionWidth = entries.map { TerminalText.width($0.action) }.max() ?? 0
        let room = visibleLines(size: Size(width: width, height: height))
        // The box's inside is its width less borders and margins (6).
        let widest = width - 2 - 6
        let columns = layout(entries, keyWidth: keyWidth, actionWidth: actionWidth, room: room, widest: widest)
        let columnWidth = columns.count == 1 ? min(widest, keyWidth + 1 + actionWidth) : (widest - 2) / 2
        return (columns, keyWidth, columnWidth, room)
    }

    static func draw(_ screen: ScreenKind, keys: KeyBindings = KeyBindings(), scroll: Int = 0, into grid: inout Grid) {
        let (columns, keyWidth, columnWidth, room) = measure(screen, keys: keys, width: grid.width, height: grid.height)
        let total = columns.map { $0.reduce(0) { $0 + $1.lines.count } }.max() ?? 0
        let scroll = min(max(0, scroll), max(0, total - room))
        let scrolls = total > room
        let box = Box(width: columns.count * columnWidth + (columns.count - 1) * 2 + 6, height: min(total, room) + 4, in: grid)
        let more = [scroll > 0 ? "↑" : nil, scroll + room < total ? "↓" : nil].compactMap { $0 }.joined()
        box.draw(title: "Keys: \(title(screen))", footer: scrolls ? "\(more) more · ? or Esc closes" : "? or Esc closes", into: &grid)
        for (c, column) in columns.enumerated() {
            let x = box.left + 3 + c * (columnWidth + 2)
            // The column's lines, the first `scroll` of them above the box.
            var line = 0
            for entry in column {
                for (i, text) in entry.lines.enumerated() {
                    defer { line += 1 }
                    let y = box.top + 2 + line - scroll
                    guard line >= scroll, y < box.top + box.height - 2 else { continue }
                    if i == 0 {
                        grid.put(entry.keys, x: x, y: y, maxWidth: min(keyWidth, columnWidth), style: Style(foreground: .theme.accent, attributes: .bold))
                    }
                    grid.put(text, x: x + keyWidth + 1, y: y, maxWidth: max(0, columnWidth - keyWidth - 1))
                }
            }
        }
    }

    /// The entries in one or two columns of at most `room` lines: one column if its wrapped
    /// lines fit, else two balanced by lines, else one wrapped column that scrolls.
    static func layout(_ entries: [KeyHelp], keyWidth: Int, actionWidth: Int, room: Int, widest: Int) -> [[Entry]] {
        func wrapped(width: Int) -> [Entry] {
            entries.map { Entry(keys: $0.keys, lines: LaunchDetailDocument.wrap($0.action, width: max(2, width))) }
        }
        let one = wrapped(width: min(widest, keyWidth + 1 + actionWidth) - keyWidth - 1)
        if one.reduce(0, { $0 + $1.lines.count }) <= room { return [one] }
        let half = (widest - 2) / 2 - keyWidth - 1
        let two = wrapped(width: half)
        let total = two.reduce(0) { $0 + $1.lines.count }
        // The first column takes entries until it holds half the lines; the rest go right.
        var split = 0, lines = 0
        while split < two.count, lines + two[split].lines.count <= (total + 1) / 2 {
            lines += two[split].lines.count
            split += 1
        }
        let balanced = [Array(two[..<split]), Array(two[split...])]
        if balanced.allSatisfy({ $0.reduce(0) { $0 + $1.lines.count } <= room }) { return balanced }
        return [one]
    }

    static func title(_ screen: ScreenKind) -> String { screen.name }
}

/// A bordered box centred on the screen, cleared inside; returns its inner origin.
struct Box {
    let left: Int, top: Int, width: Int, height: Int

    /// - Parameter clear: rows to keep in sight: the box goes under them, else over them,
    ///   where it fits between the tab bar and the status line; centred when it fits neither.
    init(width: Int, height: Int, clear: Range<Int>? = nil, in grid: Grid) {
        self.width = min(grid.width - 2, width)
        self.height = min(grid.height - 2, height)
        left = (grid.width - self.width) / 2
        let centred = (grid.height - self.height) / 2
        guard let clear else { top = centred; return }
        let under = clear.upperBound + 1, over = clear.lowerBound - 1 - self.height
        if under + self.height <= grid.height - 1 {
            top = under
        } else if over >= 1 {
            top = over
        } else {
            top = centred
        }
    }

    func draw(title: String, footer: String?, into grid: inout Grid) {
        let border = Style(foreground: .theme.accent)
        // The box's rows are cleared across the screen: words cut by its edges read as
        // fragments beside it (issue 37: `nited States`, `─╯1/6 [ ] browse` beside Units). A
        // picture the terminal draws in pixels after the text would sit on top of the box.
        grid.uncoverPictures(x: 0, y: top, width: grid.width, height: height)
        grid.fill(x: 0, y: top, width: grid.width, height: height, style: .plain)
        grid.put("╭" + String(repeating: "─", count: max(0, width - 2)) + "╮", x: left, y: top, style: border)
        for y in (top + 1)..<max(top + 1, top + height - 1) {
            grid.put("│", x: left, y: y, style: border)
            grid.put("│", x: left + width - 1, y: y, style: border)
        }
        grid.put("╰" + String(repeating: "─", count: max(0, width - 2)) + "╯", x: left, y: top + height - 1, style: border)
        grid.put(" \(title) ", x: left + 2, y: top, maxWidth: width - 4, style: Theme.heading)
        if let footer {
            let w = TerminalText.width(footer) + 2
            grid.put(" \(footer) ", x: max(left + 1, left + width - w - 2), y: top + height - 1, maxWidth: width - 4, style: Theme.label)
        }
    }
}

/// `U`: metric or imperial for each kind of rocket figure.
enum UnitsModalView {
    /// - Parameter clear: the rocket page's figures, which the chooser changes: it stays off them.
    static func draw(_ units: UnitPreferences, selection: Int, clear: Range<Int>? = nil, into grid: inout Grid) {
        let rows = UnitsModal.rows
        let box = Box(width: 46, height: rows.count + 5, clear: clear, in: grid)
        box.draw(title: "Units", footer: "Space toggles · Esc closes", into: &grid)
        for (i, quantity) in rows.enumerated() {
            let y = box.top + 2 + i
            guard y < box.top + box.height - 1 else { break }
            let selected = i == selection
            grid.put(selected ? "›" : " ", x: box.left + 2, y: y, style: Style(foreground: .theme.accent, attributes: .bold))
            grid.put(quantity.title, x: box.left + 4, y: y, maxWidth: 10, style: selected ? .bold : .plain)
            // Fixed columns so "metric (m)" and "metric (kg)" line up row to row.
            for (column, system) in UnitSystem.allCases.enumerated() {
                let x = box.left + 15 + column * 14
                let chosen = units[quantity] == system
                let label = " \(system.rawValue) (\(quantity.unit(system))) "
                let style = chosen
                    ? Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
                    : Theme.label
                grid.put(label, x: x, y: y, maxWidth: box.left + box.width - 1 - x, style: style)
            }
            if selected {
                grid.restyle(x: box.left + 1, y: y, width: box.width - 2, Theme.selected)
            }
        }
    }
}

/// `o` on a link with several pages behind it: a numbered list to pick from.
enum LinkMenuView {
    static func draw(_ menu: LinkMenu, into grid: inout Grid) {
        let labels = menu.targets.enumerated().map { "\($0.offset + 1)  \($0.element.label)" }
        let hosts = menu.targets.map { $0.url.host ?? "" }
        let widest = zip(labels, hosts).map { TerminalText.width($0) + 2 + TerminalText.width($1) }.max() ?? 0
        let box = Box(width: max(40, widest + 8), height: menu.targets.count + 4, in: grid)
        box.draw(title: "Open \(menu.title)", footer: "Enter opens · Esc closes", into: &grid)
        for (i, label) in labels.enumerated() {
            let y = box.top + 2 + i
            guard y < box.top + box.height - 1 else { break }
            let selected = i == menu.selection
            let inner = box.width - 6
            grid.put(selected ? "›" : " ", x: box.left + 2, y: y, style: Style(foreground: .theme.accent, attributes: .bold))
            let used = grid.put(label, x: box.left + 4, y: y, maxWidth: inner, style: selected ? .bold : .plain)
            grid.put("  " + hosts[i], x: box.left + 4 + used, y: y, maxWidth: max(0, inner - used), style: Theme.label)
            if selected {
                grid.restyle(x: box.left + 1, y: y, width: box.width - 2, Theme.selected)
            }
        }
    }
}
