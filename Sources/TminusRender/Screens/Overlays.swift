import TminusCore
import TminusViewModel

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

enum ComingSoonView {
    static func draw(_ title: String, issue: String, into grid: inout Grid, layout: ScreenLayout) {
        let middle = layout.height / 2 - 1
        grid.putCentered(title, y: middle, style: Theme.heading)
        grid.putCentered("coming soon: \(issue)", y: middle + 1, style: Theme.label)
    }
}

/// `?`: the keys of the current screen in a box over it.
enum HelpOverlay {
    static func draw(_ screen: ScreenKind, into grid: inout Grid) {
        let entries = Keymap.help(for: screen)
        let keyWidth = entries.map { TerminalText.width($0.keys) }.max() ?? 0
        let actionWidth = entries.map { TerminalText.width($0.action) }.max() ?? 0
        let boxWidth = min(grid.width - 2, keyWidth + actionWidth + 7)
        let boxHeight = min(grid.height - 2, entries.count + 4)
        let left = (grid.width - boxWidth) / 2, top = (grid.height - boxHeight) / 2
        let border = Style(foreground: .accent)
        grid.fill(x: left, y: top, width: boxWidth, height: boxHeight, style: .plain)
        grid.put("╭" + String(repeating: "─", count: boxWidth - 2) + "╮", x: left, y: top, style: border)
        for y in (top + 1)..<(top + boxHeight - 1) {
            grid.put("│", x: left, y: y, style: border)
            grid.put("│", x: left + boxWidth - 1, y: y, style: border)
        }
        grid.put("╰" + String(repeating: "─", count: boxWidth - 2) + "╯", x: left, y: top + boxHeight - 1, style: border)
        grid.put(" Keys: \(title(screen)) ", x: left + 2, y: top, maxWidth: boxWidth - 4, style: Theme.heading)
        for (i, entry) in entries.enumerated() where top + 2 + i < top + boxHeight - 2 {
            grid.put(entry.keys, x: left + 3, y: top + 2 + i, maxWidth: keyWidth, style: Style(foreground: .accent, attributes: .bold))
            grid.put(entry.action, x: left + 4 + keyWidth, y: top + 2 + i, maxWidth: boxWidth - keyWidth - 6)
        }
        grid.put(" ? or Esc closes ", x: left + boxWidth - 19, y: top + boxHeight - 1, maxWidth: 17, style: Theme.label)
    }

    static func title(_ screen: ScreenKind) -> String {
        switch screen {
        case .launchList: "launch list"
        case .launchDetail: "launch detail"
        case .rockets: "rockets"
        case .favorites: "favorites"
        }
    }
}
