import TminusCore
import TminusRender

enum TabBar {
    static func draw(_ state: AppState, into frame: inout Frame, layout: ScreenLayout) {
        let y = layout.tabBarRow
        frame.grid.fill(x: 0, y: y, width: frame.grid.width, height: 1, style: Theme.bar)
        let width = frame.grid.width
        if TabBarGeometry.showsTitle(width: width) {
            frame.grid.put(TabBarGeometry.title, x: 0, y: y, style: Style(foreground: .theme.accent, background: .theme.barBackground, attributes: .bold))
        }
        // Where each label goes comes from TabBarGeometry; a click on one selects its tab.
        var x = 0
        for (tab, labelX, width) in TabBarGeometry.labels(width: width) {
            let active = tab == state.tab
            let style = active
                ? Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
                : Style(foreground: .theme.barText, background: .theme.barBackground)
            frame.grid.put(TabBarGeometry.label(tab), x: labelX, y: y, style: style)
            frame.click(Rect(x: labelX, y: y, width: width, height: 1), .action(.selectTab(tab)))
            x = labelX + width + 1
        }
        // A standing fault (changes not saved, favorites unreadable or read-only) is marked on
        // every tab, right of the tabs, before the source's name, which gives way to it.
        var right = frame.grid.width
        if let marker = StandingFault.marker(state), TabBarGeometry.fits(marker: marker.text, width: width) {
            let style = marker.isError
                ? Style(foreground: .theme.failure, background: .theme.barBackground, attributes: .bold)
                : Style(foreground: .theme.muted, background: .theme.barBackground)
            right = frame.grid.putRight(" " + marker.text + " ", right: right, y: y, style: style)
        }
        // The source's name where it fits; on a narrow screen the tabs matter more. While the
        // built-in archive's rows are on screen it is named, not the source it stands in for.
        let name = (StatusLine.data(state).archive == nil ? state.sourceName : LaunchArchive.headerName) + " "
        if x + 1 + TerminalText.width(name) <= right {
            frame.grid.putRight(name, right: right, y: y, style: Style(foreground: .theme.muted, background: .theme.barBackground))
        }
    }
}

/// Where each tab's label sits in the tab bar: `TabBar` draws each label there and records it
/// as the tab's click region.
public enum TabBarGeometry {
    /// The app's name, left of the tabs.
    public static let title = " tminus "

    public static func label(_ tab: Tab) -> String { " \(tab.index + 1) \(tab.title) " }

    /// Each tab with the first column of its label and the label's width (one blank between),
    /// on a screen wide enough for the app's name too.
    public static var labels: [(tab: Tab, x: Int, width: Int)] { labels(width: .max) }

    /// The labels on a screen `width` columns wide: after the app's name when everything fits,
    /// else from the first column (at the narrowest screen, 50 columns, every tab still shows).
    public static func labels(width: Int) -> [(tab: Tab, x: Int, width: Int)] {
        var x = showsTitle(width: width) ? title.count : 0
        var result: [(tab: Tab, x: Int, width: Int)] = []
        for tab in Tab.allCases {
            let width = label(tab).count
            result.append((tab, x, width))
            x += width + 1
        }
        return result
    }

    /// Whether a standing fault's marker fits right of the tabs (else the status line alone
    /// carries it, whole).
    public static func fits(marker: String, width: Int) -> Bool {
        guard let last = labels(width: width).last else { return false }
        return last.x + last.width + 1 + 1 + TerminalText.width(marker) + 2 <= width
    }

    /// Whether the app's name fits left of the tabs.
    public static func showsTitle(width: Int) -> Bool {
        title.count + Tab.allCases.map { label($0).count + 1 }.reduce(0, +) <= width
    }

    /// The tab whose label covers column `x`, if any (the tests' reading of the bar; clicks go
    /// by the frame's regions).
    public static func tab(at x: Int) -> Tab? {
        labels.first { x >= $0.x && x < $0.x + $0.width }?.tab
    }
}
