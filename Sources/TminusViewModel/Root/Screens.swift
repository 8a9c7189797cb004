import Foundation
import TminusCore

/// A tab of the tab bar: the screen at its root, and its label. Each tab's folder declares its
/// own (`Tab.launches` in Screens/Launches/); their order is `Screens.tabs`.
public struct Tab: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The screen shown when nothing is pushed over the tab.
    public let root: ScreenKind
    public let title: String

    public init(_ root: ScreenKind, title: String) { self.root = root; self.title = title }

    /// The tabs in the tab bar's order.
    public static var allCases: [Tab] { Screens.tabs.map { $0.tab } }

    /// Its place in the tab bar, from 0.
    public var index: Int { Tab.allCases.firstIndex(of: self) ?? 0 }

    /// The tab `offset` places along the bar, round the ends (`Tab`, `Shift-Tab`).
    public func moved(by offset: Int) -> Tab {
        let all = Tab.allCases
        return all[((index + offset) % all.count + all.count) % all.count]
    }

    public var description: String { title }
}

/// Which screen: one per folder under Screens/ (`ScreenKind.launchList` is declared in
/// Screens/Launches/). The root finds the screen's unit by it (`unit`) instead of switching.
public struct ScreenKind: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// A screen pushed over a tab (Enter on a row, `L` on a rocket page): which screen, and its
/// state. A screen's folder gives its routes a constructor and an accessor
/// (`Route.launchDetail(_:)`, `route.launchDetail`), so the root never names them.
public struct Route: Sendable, Hashable {
    public let screen: ScreenKind
    private let state: ScreenState

    public init<State: Sendable & Hashable>(_ screen: ScreenKind, _ state: State) {
        self.screen = screen
        self.state = ScreenState(state)
    }

    /// The route's state, when it is a `State`.
    public func state<State: Sendable & Hashable>(as type: State.Type) -> State? { state.value as? State }
}

/// A pushed screen's state, whatever its type: compared and hashed as itself.
private struct ScreenState: @unchecked Sendable, Hashable {
    // Only `Sendable` values are ever stored (the generic init), and they are never mutated.
    let value: AnyHashable
    init<State: Sendable & Hashable>(_ state: State) { value = AnyHashable(state) }
}

/// Boxes drawn over the screen; they take the keys while open.
public enum Overlay: Sendable, Hashable {
    case help
    /// The Units modal, with its selected row.
    case units(selection: Int)
    /// `o` on a link with several pages behind it: which one to open.
    case links(LinkMenu)
    /// `P`: what to follow.
    case follow(FollowChooser)
}

/// The small menu of a link slot's pages (several webcasts: X, YouTube, another language).
public struct LinkMenu: Sendable, Hashable {
    public var title: String
    public var targets: [ExternalLink]
    public var selection = 0
    public init(title: String, targets: [ExternalLink]) { self.title = title; self.targets = targets }
}

/// A short message for the status line, with how serious it is.
public struct Notice: Sendable, Hashable {
    public enum Level: Sendable, Hashable { case info, error }
    public var text: String
    public var level: Level
    /// When it stops being shown; nil stays until replaced (e.g. why the app is offline).
    public var expires: Date?
    /// The answer to something the user just did (`Falcon 9 saved`): shown over an error on
    /// the data (offline, nothing cached) for its lifetime, or the user never learns whether
    /// it worked.
    public var isReply: Bool
    /// Shorter words for a narrow status line, tried in order (the last may be cut); none: the
    /// words before ` — ` are the short form.
    public var shorter: [String] = []
    public init(_ text: String, level: Level = .info, expires: Date? = nil, isReply: Bool = false, shorter: [String] = []) {
        self.text = text; self.level = level; self.expires = expires; self.isReply = isReply; self.shorter = shorter
    }

    /// How long a passing message ("opened …") stays in the status line.
    public static let lifetime: TimeInterval = 5
}
