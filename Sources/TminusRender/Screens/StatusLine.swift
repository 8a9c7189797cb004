import TminusCore
import TminusViewModel

/// The bottom row: a message or the key hints on the left, how old the data is on the right.
enum StatusLine {
    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.statusRow
        grid.fill(x: 0, y: y, width: grid.width, height: 1, style: Theme.bar)
        let right = dataAge(state)
        let rightX = grid.putRight(right + " ", right: grid.width, y: y,
                                   style: Style(foreground: .muted, background: .barBackground))
        let room = max(0, rightX - 2)
        if let message = message(state) {
            grid.put(" " + message.text, x: 0, y: y, maxWidth: room,
                     style: message.level == .error
                        ? Style(foreground: .failure, background: .barBackground, attributes: .bold)
                        : Style(background: .barBackground))
            return
        }
        // The screen's own hints first, but `? help` and `q quit` always stay: drop the
        // screen's last hints until everything fits.
        let all = Keymap.help(for: state.screen).filter(\.inStatusLine)
        var hints = all
        func width(_ list: [KeyHelp]) -> Int {
            list.reduce(0) { $0 + TerminalText.width($1.keys) + 1 + TerminalText.width($1.action) + 2 }
        }
        while width(hints) > room, let drop = hints.lastIndex(where: { !Keymap.isGlobal($0) }) {
            hints.remove(at: drop)
        }
        var x = 1
        for help in hints {
            x += grid.put(help.keys, x: x, y: y, maxWidth: max(0, room - x),
                          style: Style(foreground: .accent, background: .barBackground, attributes: .bold))
            x += grid.put(" " + help.action + "  ", x: x, y: y, maxWidth: max(0, room - x),
                          style: Style(foreground: Color(250), background: .barBackground))
        }
    }

    /// An error on the list being looked at outranks any passing notice.
    static func message(_ state: AppState) -> Notice? {
        if state.detail == nil, state.tab == .launches, let error = state.currentList.error {
            return Notice("\(error.message) — press r to retry", level: .error)
        }
        return state.notice
    }

    static func dataAge(_ state: AppState) -> String {
        guard state.tab == .launches || state.detail != nil else { return "" }
        let list = state.currentList
        if list.phase == .loadingFirst { return "loading…" }
        guard let updated = list.updatedAt else { return list.error == nil ? "" : "no data" }
        return "updated " + Formatting.age(from: updated, to: state.now)
    }
}
