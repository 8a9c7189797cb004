import Foundation
import TminusCore

/// A screen of the app, as one unit: its folder under Screens/ holds its state, its keys
/// (the table that dispatches them also feeds `?` and the status line's hints), what its
/// actions do and how it draws. The root (`AppReducer`, `Renderer`, `Keymap`) finds a screen
/// by its kind (`ScreenKind.unit`) and never switches on which screen it is.
///
/// A unit changes its own part of the state through the reducer it is handed; what concerns
/// the app as a whole (opening or closing a screen, a passing message, another tab's data) it
/// asks of the root (`push`, `goBack`, `show`, `updateRoutes`).
protocol ScreenUnit: SendableMetatype {
    static var kind: ScreenKind { get }
    /// Its keys, before the global ones.
    static var keys: [KeyHelp] { get }
    /// What its actions do (the ones every screen shares are the root's: `AppReducer.perform`).
    static func perform(_ action: Action, _ reducer: inout AppReducer)
    /// Draws the screen in `rect` (between the tab bar and the status line), recording its
    /// click regions, picture boxes and scroll limit in `frame`.
    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame)

    /// Selects its row `index`: a click on it (a `ClickTarget.row` its view recorded), or the
    /// screen pushed over it closing on that row (a rocket page paged to another rocket).
    static func selectRow(_ index: Int, _ reducer: inout AppReducer)
    /// It was just pushed (it is the innermost screen): what it asks for as it opens.
    static func opened(_ reducer: inout AppReducer)
    /// The mouse wheel: `lines` down (negative: up).
    static func wheel(_ lines: Int, _ reducer: inout AppReducer)
    /// The launch or rocket the user is looking at (`f`, `y`, `c` and the preview act on it).
    static func launchInFocus(_ state: AppState) -> Launch?
    static func rocketInFocus(_ state: AppState) -> Rocket?
    /// The launch list its movement keys move in, if it is one.
    static func activeList(_ state: AppState) -> ListID?
    /// Whether a wide terminal shows a preview of the launch (or rocket) in focus beside it.
    static var hasPreview: Bool { get }
    /// Whether its status line says if the mouse is on (clicks select rows or links here).
    static var mouseHint: Bool { get }
    /// The data it shows, for the status line.
    static func data(_ state: AppState) -> ShownData
    /// Whether a text input of its own (`/`) is open: keys go to `typed` as they are.
    static func isTyping(_ state: AppState) -> Bool
    static func typed(_ key: Key, _ reducer: inout AppReducer)
}

extension ScreenUnit {
    static func selectRow(_ index: Int, _ reducer: inout AppReducer) {}
    static func opened(_ reducer: inout AppReducer) {}
    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {}
    static func launchInFocus(_ state: AppState) -> Launch? { nil }
    static func rocketInFocus(_ state: AppState) -> Rocket? { nil }
    static func activeList(_ state: AppState) -> ListID? { nil }
    static var hasPreview: Bool { false }
    static var mouseHint: Bool { false }
    static func data(_ state: AppState) -> ShownData { ShownData() }
    /// A launch list's `/` input, on the screens that have one.
    static func isTyping(_ state: AppState) -> Bool {
        state.filterInput != nil && state.filterInput?.list == activeList(state)
    }
    static func typed(_ key: Key, _ reducer: inout AppReducer) {
        if let input = reducer.state.filterInput { reducer.handleFilterKey(key, input: input) }
    }
}

/// A screen at the root of a tab.
protocol TabUnit: ScreenUnit {
    static var tab: Tab { get }
    /// What choosing the tab does besides showing it (its data loads, if not yet).
    static func selected(_ reducer: inout AppReducer)
    /// Whether its screens show the Launches source's data: `S` closes what is open over it.
    static var followsSource: Bool { get }
    /// Whether `S` pressed on it stays on it (showing the new source's data there) rather than
    /// going to the Launches tab.
    static var staysOnSourceSwitch: Bool { get }
    /// `S` moved to another source: what its own state does about it.
    static func sourceSwitched(_ reducer: inout AppReducer)
}

extension TabUnit {
    static func selected(_ reducer: inout AppReducer) {}
    static var followsSource: Bool { false }
    static var staysOnSourceSwitch: Bool { false }
    static func sourceSwitched(_ reducer: inout AppReducer) {}
}

/// Every screen. A new tab is a folder under Screens/ plus its line here, and its state's
/// line in `AppState`.
enum Screens {
    /// The tabs, in the tab bar's order (the digit keys follow it).
    static let tabs: [any TabUnit.Type] = [LaunchesScreen.self, RocketsScreen.self, FavoritesScreen.self, EventsScreen.self]
    /// The screens pushed over them.
    static let pushed: [any ScreenUnit.Type] = [LaunchDetailScreen.self, RocketPageScreen.self, RocketLaunchesScreen.self,
                                                  EventDetailScreen.self]

    static let all: [any ScreenUnit.Type] = tabs + pushed

    static func unit(_ kind: ScreenKind) -> any ScreenUnit.Type {
        all.first { $0.kind == kind } ?? LaunchesScreen.self
    }

    static func unit(_ tab: Tab) -> any TabUnit.Type {
        tabs.first { $0.tab == tab } ?? LaunchesScreen.self
    }
}

extension ScreenKind {
    /// The unit that implements this screen.
    var unit: any ScreenUnit.Type { Screens.unit(self) }
}

/// The data a screen shows, for the status line: whether it is loading, when it arrived,
/// what went wrong, when it will be asked for again by itself, and the month the built-in
/// archive runs to when that is what is shown.
struct ShownData {
    var loading = false
    var updatedAt: Date?
    var error: APIError?
    var retryAt: Date?
    var archive: String?

    /// A source's data as its status says.
    init(_ status: RemoteStatus, loading: Bool) {
        self.loading = loading; updatedAt = status.updatedAt; error = status.error; retryAt = status.retryAt; archive = status.archive
    }
    /// A launch list's.
    init(list: LaunchListState) { self.init(list.status, loading: list.status.activity == .loadingFirst) }
    init(loading: Bool = false, updatedAt: Date? = nil, error: APIError? = nil, retryAt: Date? = nil, archive: String? = nil) {
        self.loading = loading; self.updatedAt = updatedAt; self.error = error; self.retryAt = retryAt; self.archive = archive
    }
}
