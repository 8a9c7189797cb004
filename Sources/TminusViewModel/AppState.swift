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

public enum LoadPhase: Sendable, Hashable {
    case idle
    /// The first page, or a refresh from the top (rows already shown stay until it arrives).
    case loadingFirst
    case loadingMore
}

/// One paginated launch list (Upcoming or Past). Each keeps its own rows, selection and
/// scroll, so switching segments and back loses nothing.
public struct LaunchListState: Sendable, Hashable {
    public var launches: [Launch] = []
    public var selection = 0
    /// First visible row; kept by the view model so the list scrolls like a pager, not a jump.
    public var scrollTop = 0
    /// The page to ask for next; nil once the last page is in.
    public var nextPage: Int? = 1
    public var phase: LoadPhase = .idle
    public var error: APIError?
    /// Whether the failed request was a "load more" (then `r` retries that page).
    public var errorWasLoadMore = false
    /// Bumped by every refresh so a response to an older request is recognised and dropped.
    public var generation = 0
    public var totalDocs: Int?
    public var updatedAt: Date?
    public var hasLoadedOnce = false

    public init() {}

    public var selectedLaunch: Launch? {
        launches.indices.contains(selection) ? launches[selection] : nil
    }

    public var isLoading: Bool { phase != .idle }
}

public struct LaunchDetailState: Sendable, Hashable {
    public var launch: Launch
    /// Lines scrolled off the top of the detail body.
    public var scroll = 0
    /// Which entry of `links` `o` opens.
    public var linkIndex = 0

    public init(launch: Launch) {
        self.launch = launch
        linkIndex = LaunchLinkKind.allCases.firstIndex { launch.links.url(for: $0) != nil } ?? 0
    }
}

public enum LaunchLinkKind: String, Sendable, Hashable, CaseIterable {
    case webcast, presskit, wikipedia, article, reddit

    public var title: String {
        switch self {
        case .webcast: "Webcast"
        case .presskit: "Press kit"
        case .wikipedia: "Wikipedia"
        case .article: "Article"
        case .reddit: "Reddit"
        }
    }
}

extension LaunchLinks {
    public func url(for kind: LaunchLinkKind) -> URL? {
        switch kind {
        case .webcast: webcast
        case .presskit: presskit
        case .wikipedia: wikipedia
        case .article: article
        case .reddit: reddit
        }
    }
}

/// Which paginated launch list: a segment of the Launches tab, or one rocket's launches.
public enum ListID: Sendable, Hashable {
    case segment(LaunchSegment)
    case rocket(String)
}

/// The Rockets tab's list.
public struct RocketsState: Sendable, Hashable {
    public var rockets: [Rocket] = []
    public var selection = 0
    public var isLoading = false
    public var error: APIError?
    public var updatedAt: Date?
    public var hasLoadedOnce = false
    public init() {}
}

/// One page of the rocket pager.
public struct RocketPageState: Sendable, Hashable {
    /// The rockets the pager walks through: the Rockets tab's list, or the favorite rockets.
    public enum Collection: Sendable, Hashable { case all, favorites }
    public var collection: Collection = .all
    /// Which rocket of the collection.
    public var index: Int
    /// Which of the rocket's `flickrImages` the gallery shows.
    public var imageIndex: Int
    /// Lines scrolled off the top of the page body.
    public var scroll = 0
    public init(index: Int, imageIndex: Int, collection: Collection = .all) {
        self.index = index; self.imageIndex = imageIndex; self.collection = collection
    }
}

/// The Favorites tab: what the database holds, and where the selection is.
public struct FavoritesState: Sendable, Hashable {
    public var items = Favorites.empty
    /// One selection across both sections: rockets first, then launches.
    public var selection = 0
    public var isLoading = false
    public var hasLoadedOnce = false
    public var error: StoreError?
    public init() {}

    public enum Row: Sendable, Hashable {
        case rocket(FavoriteRocket)
        case launch(WatchedLaunch)
    }

    public var rows: [Row] { items.rockets.map(Row.rocket) + items.launches.map(Row.launch) }

    public var selectedRow: Row? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
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

/// Everything the renderer needs to draw a frame.
public struct AppState: Sendable, Hashable {
    public var tab: Tab = .launches
    public var segment: LaunchSegment = .upcoming
    /// Every paginated launch list by its identity.
    public var lists: [ListID: LaunchListState] = [:]
    public var rockets = RocketsState()
    public var favorites = FavoritesState()
    /// Each tab's screens opened over it, innermost last, so switching tabs and back returns
    /// to where the user was.
    public var stacks: [Tab: [Route]] = [:]
    public var overlay: Overlay?
    public var notice: Notice?
    public var now: Date
    public var size = ScreenSize(width: 80, height: 24)
    public var sourceName: String
    public var timeZone: TimeZone
    public var preferences = Preferences.defaults
    /// Pictures by what they show and where: loading, ready to draw, or failed.
    public var pictures: [PictureKey: PictureSlot] = [:]
    public var pictureMode = PictureMode.pictures
    /// The terminal shows 24-bit colour: pictures use their own colours, not the palette.
    public var directColor = false
    public var quitRequested = false

    public init(now: Date, sourceName: String, timeZone: TimeZone) {
        self.now = now
        self.sourceName = sourceName
        self.timeZone = timeZone
    }

    public var time: LaunchTime { LaunchTime(timeZone: timeZone) }

    public func list(_ id: ListID) -> LaunchListState { lists[id] ?? LaunchListState() }
    public func list(_ segment: LaunchSegment) -> LaunchListState { list(.segment(segment)) }
    public var upcoming: LaunchListState { list(.upcoming) }
    public var past: LaunchListState { list(.past) }
    public var currentList: LaunchListState { list(segment) }

    /// The current tab's screens, innermost last; `Esc` pops one.
    public var routes: [Route] {
        get { stacks[tab] ?? [] }
        set { stacks[tab] = newValue }
    }

    public var showingHelp: Bool { overlay == .help }

    /// Lines a launch row takes: two when it shows its patch (a 4×2-cell picture), one with
    /// glyphs. Pages, scrolling and drawing all count rows with this.
    public var launchRowHeight: Int { pictureMode == .pictures ? 2 : 1 }

    /// How many launch rows fit on screen at once.
    public var visibleLaunchRows: Int { max(1, ScreenLayout(size).listHeight / launchRowHeight) }

    public var detail: LaunchDetailState? {
        if case .launchDetail(let d)? = routes.last { return d }
        return nil
    }

    public var rocketPage: RocketPageState? {
        if case .rocketPage(let p)? = routes.last { return p }
        return nil
    }

    /// The rockets a pager walks through.
    public func rockets(in collection: RocketPageState.Collection) -> [Rocket] {
        switch collection {
        case .all: rockets.rockets
        case .favorites: favorites.items.rockets.map(\.rocket)
        }
    }

    /// The rocket a rocket page shows.
    public func rocket(at page: RocketPageState) -> Rocket? {
        let all = rockets(in: page.collection)
        return all.indices.contains(page.index) ? all[page.index] : nil
    }

    public func isFavorite(rocket id: String) -> Bool { favorites.items.rockets.contains { $0.id == id } }
    public func isWatched(launch id: String) -> Bool { favorites.items.launches.contains { $0.id == id } }

    /// The launch list the keys move in, if the screen is one.
    public var activeListID: ListID? {
        switch routes.last {
        case .rocketLaunches(let id, _)?: return .rocket(id)
        case nil: return tab == .launches ? .segment(segment) : nil
        default: return nil
        }
    }

    /// The screen whose keys apply (and whose help the overlay shows).
    public var screen: ScreenKind {
        switch routes.last {
        case .launchDetail?: return .launchDetail
        case .rocketPage?: return .rocketPage
        case .rocketLaunches?: return .rocketLaunches
        case nil:
            switch tab {
            case .launches: return .launchList
            case .rockets: return .rocketList
            case .favorites: return .favorites
            }
        }
    }

    /// Whether the screen belongs to the Rockets tab (where `U` opens the Units modal).
    public var isRocketScreen: Bool {
        [.rocketList, .rocketPage, .rocketLaunches].contains(screen)
    }
}

public enum ScreenKind: Sendable, Hashable {
    case launchList, launchDetail, rocketList, rocketPage, rocketLaunches, favorites
}

public struct ScreenSize: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}
