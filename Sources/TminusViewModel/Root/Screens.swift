import Foundation
import TminusCore

public enum Tab: Int, Sendable, Hashable, CaseIterable {
    case launches, rockets, favorites

    public var title: String {
        switch self {
        case .launches: "Launches"
        case .rockets: "Rockets"
        case .favorites: "Favorites"
        }
    }
}

/// A screen pushed over the tabs.
public enum Route: Sendable, Hashable {
    case launchDetail(LaunchDetailState)
    case rocketPage(RocketPageState)
    /// A rocket's launches (`L`); the list itself is `lists[.rocket(id)]`.
    case rocketLaunches(rocketID: String, rocketName: String)
}

/// Boxes drawn over the screen; they take the keys while open.
public enum Overlay: Sendable, Hashable {
    case help
    /// The Units modal, with its selected row.
    case units(selection: Int)
    /// `o` on a link with several pages behind it: which one to open.
    case links(LinkMenu)
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
    public init(_ text: String, level: Level = .info, expires: Date? = nil) {
        self.text = text; self.level = level; self.expires = expires
    }

    /// How long a passing message ("opened …") stays in the status line.
    public static let lifetime: TimeInterval = 5
}

public enum ScreenKind: Sendable, Hashable {
    case launchList, launchDetail, rocketList, rocketPage, rocketLaunches, favorites
}
