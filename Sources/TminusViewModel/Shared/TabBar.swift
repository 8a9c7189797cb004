import TminusCore
import TminusRender

enum TabBar {
    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.tabBarRow
        grid.fill(x: 0, y: y, width: grid.width, height: 1, style: Theme.bar)
        grid.put(TabBarGeometry.title, x: 0, y: y, style: Style(foreground: .theme.accent, background: .theme.barBackground, attributes: .bold))
        // Where each label goes comes from TabBarGeometry, which also maps clicks back to tabs.
        var x = TabBarGeometry.title.count
        for (tab, labelX, width) in TabBarGeometry.labels {
            let active = tab == state.tab
            let style = active
                ? Style(foreground: .theme.onAccent, background: .theme.accent, attributes: .bold)
                : Style(foreground: .theme.barText, background: .theme.barBackground)
            grid.put(TabBarGeometry.label(tab), x: labelX, y: y, style: style)
            x = labelX + width + 1
        }
        // The source's name where it fits; on a narrow screen the tabs matter more. While the
        // built-in archive's rows are on screen it is named, not the source it stands in for.
        let name = (StatusLine.data(state).archive == nil ? state.sourceName : LaunchArchive.headerName) + " "
        if x + 1 + TerminalText.width(name) <= grid.width {
            grid.putRight(name, right: grid.width, y: y, style: Style(foreground: .theme.muted, background: .theme.barBackground))
        }
    }
}
