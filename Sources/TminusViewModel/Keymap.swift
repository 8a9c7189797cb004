import TminusCore

/// The keys of each screen, as data: the help overlay lists them and the status line shows
/// the first few, so documentation and behaviour come from one table.
public struct KeyHelp: Sendable, Hashable {
    public var keys: String
    public var action: String
    /// Shown in the status line hints (the rest only in `?`).
    public var inStatusLine: Bool

    public init(_ keys: String, _ action: String, status: Bool = false) {
        self.keys = keys; self.action = action; inStatusLine = status
    }
}

public enum Keymap {
    static let global: [KeyHelp] = [
        KeyHelp("1 2 3", "Launches / Rockets / Favorites tab"),
        KeyHelp("Tab", "next tab"),
        KeyHelp("S", "switch source: r/SpaceX API / Launch Library 2"),
        KeyHelp("m", "mouse on / off: wheel, click selects, double-click opens"),
        KeyHelp("?", "help", status: true),
        KeyHelp("q", "quit", status: true),
    ]

    public static func isGlobal(_ help: KeyHelp) -> Bool {
        global.contains { $0.action == help.action }
    }

    /// The screen's keys with the ones `config.toml` moved shown as configured.
    public static func help(for screen: ScreenKind, keys: KeyBindings) -> [KeyHelp] {
        let all = help(for: screen)
        guard !keys.isEmpty else { return all }
        return all.map { entry in
            var entry = entry
            entry.keys = entry.keys.split(separator: " ").map { token in
                token.count == 1 ? String(keys.shown(token.first!)) : String(token)
            }.joined(separator: " ")
            return entry
        }
    }

    public static func help(for screen: ScreenKind) -> [KeyHelp] {
        let own: [KeyHelp]
        switch screen {
        case .launchList:
            own = [
                KeyHelp("↑↓ j k", "move", status: true),
                KeyHelp("PgUp PgDn", "page up / down"),
                KeyHelp("g G Home End", "first / last row"),
                KeyHelp("Enter", "open launch", status: true),
                KeyHelp("u p", "Upcoming / Past", status: true),
                KeyHelp("/", "filter by name (Enter keep, Esc clear)"),
                KeyHelp("s", "sort: soonest / latest first"),
                KeyHelp("F R W", "filter: outcome (Past) / rocket / has webcast"),
                KeyHelp("f", "watch / unwatch the launch", status: true),
                KeyHelp("c", "save a calendar event (.ics)"),
                KeyHelp("r", "refresh (retry after an error)", status: true),
            ]
        case .launchDetail:
            own = [
                KeyHelp("←→ h l", "select link", status: true),
                KeyHelp("o Enter", "open link in browser", status: true),
                KeyHelp("f", "watch / unwatch", status: true),
                KeyHelp("c", "save a calendar event (.ics)"),
                KeyHelp("↑↓ j k", "scroll"),
                KeyHelp("PgUp PgDn g G", "scroll by page / to the ends"),
                KeyHelp("r", "reload the launch (Launch Library 2)"),
                KeyHelp("Esc Backspace", "back", status: true),
            ]
        case .rocketList:
            own = [
                KeyHelp("↑↓ j k", "move", status: true),
                KeyHelp("Enter", "open rocket", status: true),
                KeyHelp("f", "favorite / unfavorite", status: true),
                KeyHelp("U", "units", status: true),
                KeyHelp("r", "refresh (retry after an error)"),
            ]
        case .rocketPage:
            own = [
                KeyHelp("←→ h l", "previous / next rocket", status: true),
                KeyHelp("[ ]", "previous / next image", status: true),
                KeyHelp("L", "show launches", status: true),
                KeyHelp("f", "favorite / unfavorite", status: true),
                KeyHelp("U", "units", status: true),
                KeyHelp("o", "open Wikipedia"),
                KeyHelp("↑↓ j k", "scroll"),
                KeyHelp("Esc Backspace", "back"),
            ]
        case .rocketLaunches:
            own = [
                KeyHelp("↑↓ j k", "move", status: true),
                KeyHelp("PgUp PgDn", "page up / down"),
                KeyHelp("g G Home End", "first / last row"),
                KeyHelp("Enter", "open launch", status: true),
                KeyHelp("f", "watch / unwatch the launch"),
                KeyHelp("/", "filter by name (Enter keep, Esc clear)"),
                KeyHelp("s", "sort: newest / oldest first"),
                KeyHelp("F W", "filter: outcome / has webcast"),
                KeyHelp("U", "units"),
                KeyHelp("r", "refresh (retry after an error)"),
                KeyHelp("Esc Backspace", "back", status: true),
            ]
        case .favorites:
            own = [
                KeyHelp("↑↓ j k", "move", status: true),
                KeyHelp("Enter", "open", status: true),
                KeyHelp("f x", "remove", status: true),
                KeyHelp("c", "save a calendar event for the launch (.ics)"),
                KeyHelp("r", "reload from the database"),
            ]
        }
        return own + global
    }
}
