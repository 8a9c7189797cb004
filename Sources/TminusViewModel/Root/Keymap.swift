import TminusCore

/// One row of a screen's bindings table: the keys, what each does, and how the row reads in
/// `?` and the status line. The same rows dispatch the keys and document them, so the help can
/// never describe a key that does something else.
public struct KeyHelp: Sendable, Hashable {
    /// How the help shows the keys, e.g. `↑↓ j k`.
    public var keys: String
    /// What they do, in words.
    public var action: String
    /// Shown in the status line hints (the rest only in `?`).
    public var inStatusLine: Bool
    /// Each key and the action it takes.
    public var bindings: [KeyAction]
    /// Listed in `?` (a few keys, e.g. Ctrl-C, work without being listed).
    public var listed = true

    public init(_ keys: String, _ action: String, status: Bool = false, _ bindings: [KeyAction]) {
        self.keys = keys; self.action = action; inStatusLine = status; self.bindings = bindings
    }

    /// The same row, in the status line too.
    func shownInStatusLine() -> KeyHelp {
        var row = self
        row.inStatusLine = true
        return row
    }

    /// A row that works but is not listed.
    static func unlisted(_ bindings: [KeyAction]) -> KeyHelp {
        var row = KeyHelp("", "", bindings)
        row.listed = false
        return row
    }
}

public struct KeyAction: Sendable, Hashable {
    public var key: Key
    public var action: Action
    public init(_ key: Key, _ action: Action) { self.key = key; self.action = action }
}

func bind(_ pairs: (Key, Action)...) -> [KeyAction] { pairs.map { KeyAction($0.0, $0.1) } }
func char(_ c: Character) -> Key { .character(c) }

public enum Keymap {
    /// The keys of every screen. Tab digits come from the tab list: a new tab gets its key here
    /// without another line.
    static let global: [KeyHelp] = [
        KeyHelp(Tab.allCases.map { String($0.key) }.joined(separator: " "),
                Tab.allCases.map(\.title).joined(separator: " / ") + " tab",
                Tab.allCases.map { KeyAction(.character($0.key), .selectTab($0)) }),
        KeyHelp("Tab", "next tab", bind((.tab, .nextTab), (.backTab, .previousTab))),
        KeyHelp("S", "source: Launch Library 2 / r/SpaceX", bind((char("S"), .switchSource))),
        KeyHelp("m", "mouse on / off (wheel, clicks)", bind((char("m"), .toggleMouse))),
        KeyHelp("b", "next-launch banner on / off", bind((char("b"), .toggleBanner))),
        KeyHelp("t", "theme: auto / dark / light / ansi16", bind((char("t"), .cycleTheme))),
        KeyHelp("P", "follow: providers, places, crewed, hide", bind((char("P"), .chooseFollow))),
        KeyHelp("E", "everything for now / the follow again", bind((char("E"), .toggleEverything))),
        KeyHelp("y", "copy the link (OSC 52)", bind((char("y"), .copyLink))),
        KeyHelp("?", "help", status: true, bind((char("?"), .showHelp))),
        KeyHelp("q", "quit", status: true, bind((char("q"), .quit))),
        .unlisted(bind((.control("c"), .quit))),
    ]

    /// By its keys and actions, so a row reworded for the status line is still known.
    public static func isGlobal(_ help: KeyHelp) -> Bool {
        global.contains { $0.bindings == help.bindings }
    }

    /// The hints a status line keeps whatever its width: `? help` and `q quit`.
    public static func isEssential(_ help: KeyHelp) -> Bool {
        global.contains { $0.bindings == help.bindings && $0.inStatusLine }
    }

    /// The status line's hints, in order: the screen's own, then (where the screen's unit has `mouseHint`) the
    /// mouse key and its state, `m mouse: off`, then `? help` and `q quit`. The mouse hint
    /// counts as global: a narrow status line drops the screen's hints first, then it.
    public static func statusHints(for state: AppState) -> [KeyHelp] {
        // The chooser takes the keys while open: its own, not the list's behind it (there
        // Enter saves and q closes it).
        if case .follow(let chooser)? = state.overlay { return chooser.keys }
        let all = help(for: state.screen, keys: state.keys)
        var hints = all.filter(\.inStatusLine)
        // Where a click would select a row or a link, and where a user wanting the terminal's
        // own selection or link clicks looks for why they do not work (`ScreenUnit.mouseHint`).
        if state.screen.unit.mouseHint,
           var mouse = all.first(where: { $0.bindings.contains { $0.action == .toggleMouse } }) {
            mouse.action = state.preferences.mouse ? "mouse: on" : "mouse: off"
            hints.insert(mouse, at: hints.firstIndex(where: isGlobal) ?? hints.endIndex)
        }
        return hints
    }

    /// The action `key` takes on `screen`, if any: the screen's own rows first, then the global ones.
    public static func action(for key: Key, on screen: ScreenKind) -> Action? {
        for row in table(for: screen) + global {
            if let binding = row.bindings.first(where: { $0.key == key }) { return binding.action }
        }
        return nil
    }

    /// Where `key` does something other than on `screen`: the first listed row's words and the
    /// screens' names, or nil when no screen uses it.
    public static func screens(using key: Key, besides screen: ScreenKind) -> (action: String, screens: [String])? {
        var action: String?
        var names: [String] = []
        for unit in Screens.all where unit.kind != screen {
            guard let row = unit.keys.first(where: { $0.listed && $0.bindings.contains { $0.key == key } }) else { continue }
            action = action ?? row.action
            if !names.contains(unit.kind.name) { names.append(unit.kind.name) }
        }
        return action.map { ($0, names) }
    }

    /// The screen's listed keys with the ones `config.toml` moved shown as configured.
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
        (table(for: screen) + global).filter(\.listed)
    }

    // MARK: - The tables

    /// The screen's own rows (its unit's `keys`).
    static func table(for screen: ScreenKind) -> [KeyHelp] { screen.unit.keys }

    // The rows several screens share, for their tables.

    static let move = KeyHelp("↑↓ j k", "move", status: true,
            bind((.down, .move(.down)), (char("j"), .move(.down)), (.up, .move(.up)), (char("k"), .move(.up))))
    static let pages = KeyHelp("PgUp PgDn", "page up / down",
            bind((.pageUp, .move(.pageUp)), (.control("b"), .move(.pageUp)),
            (.pageDown, .move(.pageDown)), (.control("f"), .move(.pageDown))))
    static let ends = KeyHelp("g G Home End", "first / last row",
            bind((char("g"), .move(.top)), (.home, .move(.top)), (char("G"), .move(.bottom)), (.end, .move(.bottom))))
    /// The scrolling bodies (detail, rocket page): a line, a page, either end.
    static let scroll = KeyHelp("↑↓ j k", "scroll", bind((.down, .move(.down)), (char("j"), .move(.down)), (.up, .move(.up)), (char("k"), .move(.up))))
    static let scrollPages = bind((.pageUp, .move(.pageUp)), (.pageDown, .move(.pageDown)), (char(" "), .move(.pageDown)),
            (.control("f"), .move(.pageDown)), (.control("b"), .move(.pageUp)),
            (char("g"), .move(.top)), (.home, .move(.top)), (char("G"), .move(.bottom)), (.end, .move(.bottom)))
    /// Listed in the help of every scrolling body (issue 37: the rocket page's left them out).
    static let scrollPagesHelp = KeyHelp("PgUp PgDn g G", "scroll by page / to the ends", scrollPages)
    /// The short lists (rockets, favorites) move by row and to either end (no pages).
    static let shortList = [move, .unlisted(ends.bindings)]
    static let refresh = KeyHelp("r", "refresh (retry after an error)", bind((char("r"), .refresh)))
    static let matches = KeyHelp("n N", "next / previous match", bind((char("n"), .nextMatch), (char("N"), .previousMatch)))
    static let openRow = bind((.enter, .open), (.right, .open), (char("l"), .open))
    static let back = bind((.escape, .back), (.backspace, .back))
    static let calendar = KeyHelp("c", "save a calendar event (.ics)", bind((char("c"), .saveCalendarEvent)))
    static let units = KeyHelp("U", "units", status: true, bind((char("U"), .showUnits)))
    static func watch(_ words: String, status: Bool) -> KeyHelp {
        KeyHelp("f", words, status: status, bind((char("f"), .toggleFavorite)))
    }
}

extension Tab {
    /// The digit that selects the tab: its place in the tab bar.
    public var key: Character { Character(String(index + 1)) }
}
