import TminusCore
import TminusViewModel

enum TabBar {
    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.tabBarRow
        grid.fill(x: 0, y: y, width: grid.width, height: 1, style: Theme.bar)
        var x = grid.put(" tminus ", x: 0, y: y, style: Style(foreground: .accent, background: .barBackground, attributes: .bold))
        for tab in Tab.allCases {
            let label = " \(tab.rawValue + 1) \(tab.title) "
            let active = tab == state.tab
            let style = active
                ? Style(foreground: Color(16), background: .accent, attributes: .bold)
                : Style(foreground: Color(250), background: .barBackground)
            x += grid.put(label, x: x, y: y, style: style)
            x += 1
        }
        // The source's name where it fits; on a narrow screen the tabs matter more.
        let name = state.sourceName + " "
        if x + 1 + TerminalText.width(name) <= grid.width {
            grid.putRight(name, right: grid.width, y: y, style: Style(foreground: .muted, background: .barBackground))
        }
    }
}
