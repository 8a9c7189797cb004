/// A mouse report, as the view model sees it (the terminal backend translates ncurses' and
/// xterm's reports). Cells are counted from 0, `y` from the top row.
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Button 1 went down (releases and other buttons are not reported).
        case press
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) { self.kind = kind; self.x = x; self.y = y }
}

/// Where each tab's label sits in the tab bar: the renderer draws by it and a click is mapped
/// back with it, so both agree on one geometry.
public enum TabBarGeometry {
    /// The app's name, left of the tabs.
    public static let title = " tminus "

    public static func label(_ tab: Tab) -> String { " \(tab.rawValue + 1) \(tab.title) " }

    /// Each tab with the first column of its label and the label's width (one blank between).
    public static var labels: [(tab: Tab, x: Int, width: Int)] {
        var x = title.count
        var result: [(tab: Tab, x: Int, width: Int)] = []
        for tab in Tab.allCases {
            let width = label(tab).count
            result.append((tab, x, width))
            x += width + 1
        }
        return result
    }

    /// The tab whose label covers column `x`, if any.
    public static func tab(at x: Int) -> Tab? {
        labels.first { x >= $0.x && x < $0.x + $0.width }?.tab
    }
}

/// The Favorites tab's lines as drawn: section headings and blanks (nil) and rows (their index
/// in `FavoritesState.rows`), and the first line shown. Shared by the renderer and clicks.
public enum FavoritesLayout {
    public static func lineRows(_ favorites: FavoritesState) -> [Int?] {
        var lines: [Int?] = []
        let rocketCount = favorites.items.rockets.count
        let total = favorites.rows.count
        if rocketCount > 0 {
            lines.append(nil)
            for i in 0..<rocketCount { lines.append(i) }
        }
        if total > rocketCount {
            if rocketCount > 0 { lines.append(nil) }
            lines.append(nil)
            for i in rocketCount..<total { lines.append(i) }
        }
        return lines
    }

    /// Lines of the list area (from the column header row to the status line).
    public static func height(_ layout: ScreenLayout) -> Int { layout.statusRow - layout.columnHeaderRow }

    /// The first line shown: just enough scroll to show the selected row.
    public static func top(_ favorites: FavoritesState, layout: ScreenLayout) -> Int {
        let selectedLine = lineRows(favorites).firstIndex { $0 == favorites.selection } ?? 0
        return max(0, selectedLine - height(layout) + 1)
    }
}
