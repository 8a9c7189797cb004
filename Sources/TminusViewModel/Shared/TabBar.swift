import TminusCore
import TminusRender

enum TabBar {
    static func draw(_ state: AppState, into frame: inout Frame, layout: ScreenLayout) {
        let y = layout.tabBarRow
        frame.grid.fill(x: 0, y: y, width: frame.grid.width, height: 1, style: Theme.bar)
        frame.grid.put(TabBarGeometry.title, x: 0, y: y, style: Style(foreground: .theme.accent, background: .theme.barBackground, attributes: .bold))
        // Where each label goes comes from TabBarGeometry; a click on one selects its tab.
        var x = TabBarGeometry.title.count
        for (tab, labelX, width) in TabBarGeometry.labels {
            let active = tab == state.tab
            let style = active
                ? Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
                : Style(foreground: .theme.barText, background: .theme.barBackground)
            frame.grid.put(TabBarGeometry.label(tab), x: labelX, y: y, style: style)
            frame.click(Rect(x: labelX, y: y, width: width, height: 1), .action(.selectTab(tab)))
            x = labelX + width + 1
        }
        // The source's name where it fits; on a narrow screen the tabs matter more. While the
        // built-in archive's rows are on screen it is named, not the source it stands in for.
        let name = (StatusLine.data(state).archive == nil ? state.sourceName : LaunchArchive.headerName) + " "
        if x + 1 + TerminalText.width(name) <= frame.grid.width {
            frame.grid.putRight(name, right: frame.grid.width, y: y, style: Style(foreground: .theme.muted, background: .theme.barBackground))
        }
    }
}

/// Where each tab's label sits in the tab bar: `TabBar` draws each label there and records it
/// as the tab's click region.
public enum TabBarGeometry {
    /// The app's name, left of the tabs.
    public static let title = " tminus "

    public static func label(_ tab: Tab) -> String { " \(tab.index + 1) \(tab.title) " }

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

    /// The tab whose label covers column `x`, if any (the tests' reading of the bar; clicks go
    /// by the frame's regions).
    public static func tab(at x: Int) -> Tab? {
        labels.first { x >= $0.x && x < $0.x + $0.width }?.tab
    }
}
