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
    /// Where the next page is; nil once the last page is in.
    public var next: PageCursor? = .first
    public var phase: LoadPhase = .idle
    public var error: APIError?
    /// Whether the failed request was a "load more" (then `r` retries that page).
    public var errorWasLoadMore = false
    /// Bumped by every refresh so a response to an older request is recognised and dropped.
    public var generation = 0
    public var totalDocs: Int?
    /// When the oldest page on screen left the server (a page from the cache keeps its age).
    public var updatedAt: Date?
    public var hasLoadedOnce = false
    /// Records the source sent that could not be read, over the pages shown (skipped, counted).
    public var unreadable = 0
    /// Failures in a row, for the retry back-off; when the list asks again by itself, and
    /// how (a failed `r` is retried past the cache again).
    public var failures = 0
    public var retryAt: Date?
    public var retryMode = FetchMode.normal

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
    /// Which entry of `launch.linkSlots` `o` opens.
    public var linkIndex = 0
    /// The source is fetching the launch's whole record (Launch Library 2 lists leave out
    /// the videos); the row's data shows meanwhile.
    public var isLoading = false
    /// Why the whole record could not be had (the row's data stays).
    public var error: APIError?
    /// When the record shown left the server, once the detail request answered.
    public var updatedAt: Date?
    /// Which Launches source it was opened from (for `r`); nil from a rocket's list or Favorites.
    public var sourceIndex: Int?

    public init(launch: Launch) {
        self.launch = launch
        linkIndex = launch.linkSlots.firstIndex { !$0.targets.isEmpty } ?? 0
    }

    /// Takes a newer copy of the launch, keeping the selected link when it still exists.
    public mutating func update(_ newer: Launch) {
        let title = launch.linkSlots.indices.contains(linkIndex) ? launch.linkSlots[linkIndex].title : nil
        launch = newer
        let slots = newer.linkSlots
        if let title, let same = slots.firstIndex(where: { $0.title == title && !$0.targets.isEmpty }) {
            linkIndex = same
        } else {
            linkIndex = slots.firstIndex { !$0.targets.isEmpty } ?? 0
        }
    }
}

/// One entry of a launch's links bar: a name and the pages behind it. A webcast may be
/// published on several sites and in several languages: then `o` offers a menu.
public struct LinkSlot: Sendable, Hashable {
    public var title: String
    public var targets: [ExternalLink]
    public init(title: String, targets: [ExternalLink]) { self.title = title; self.targets = targets }
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

extension Launch {
    /// The links bar: the r/SpaceX API's five fixed links, or Launch Library 2's videos and
    /// info pages. Every slot is listed, empty or not, so the bar reads the same on every launch.
    public var linkSlots: [LinkSlot] {
        switch origin {
        case .spacex:
            return LaunchLinkKind.allCases.map { kind in
                LinkSlot(title: kind.title, targets: links.url(for: kind).map { [ExternalLink(url: $0)] } ?? [])
            }
        case .launchLibrary2:
            return [LinkSlot(title: "Video", targets: videos), LinkSlot(title: "Info", targets: infoLinks)]
        }
    }
}

/// Which paginated launch list: a segment of the Launches tab, or one rocket's launches.
public enum ListID: Sendable, Hashable {
    case segment(LaunchSegment)
    case rocket(String)
}

/// `/` on a launch list: the name filter being typed, and when the server is asked for it
/// (a short pause after the last key, or Enter).
public struct FilterInput: Sendable, Hashable {
    public var list: ListID
    public var text: String
    public var askAt: Date?
    public init(list: ListID, text: String, askAt: Date? = nil) { self.list = list; self.text = text; self.askAt = askAt }
}

/// The Rockets tab's list.
public struct RocketsState: Sendable, Hashable {
    public var rockets: [Rocket] = []
    public var selection = 0
    public var isLoading = false
    public var error: APIError?
    public var updatedAt: Date?
    public var hasLoadedOnce = false
    /// Failures in a row, and when the list asks again by itself (as a launch list does).
    public var failures = 0
    public var retryAt: Date?
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
    /// The keys `config.toml` moved (the help and the status line show them).
    public var keys = KeyBindings()
    public var now: Date
    public var size = ScreenSize(width: 80, height: 24)
    /// The launch sources `S` cycles through, by name, and which one the Launches tab shows.
    public var sourceNames: [String]
    public var sourceIndex = 0
    /// Which of them no longer update (the r/SpaceX API since 2022).
    public var frozenSources: Set<Int> = []
    /// Each launch list's name filter and order (`/`, `s`); absent: all launches, usual order.
    /// `lists[id]` is always the list of `query(id)`; the other queries' lists wait in
    /// `otherQueryLists`, so clearing a filter shows the unfiltered rows again at once.
    public var queries: [ListID: ListQuery] = [:]
    public var otherQueryLists: [ListID: [ListQuery: LaunchListState]] = [:]
    /// The `/` input while open (it takes the keys).
    public var filterInput: FilterInput?
    /// The Upcoming and Past lists of the sources not shown, kept for switching back.
    public var otherSourcesLists: [Int: [LaunchSegment: LaunchListState]] = [:]
    public var timeZone: TimeZone
    public var preferences = Preferences.defaults
    /// Pictures by what they show and where: loading, ready to draw, or failed.
    public var pictures: [PictureKey: PictureSlot] = [:]
    public var pictureMode = PictureMode.pictures
    /// The terminal shows 24-bit colour: pictures use their own colours, not the palette.
    public var directColor = false
    public var quitRequested = false
    /// Bells asked for so far (a reminder went off); the terminal loop rings when it grows.
    public var bellCount = 0

    public init(now: Date, sourceNames: [String], timeZone: TimeZone) {
        self.now = now
        self.sourceNames = sourceNames.isEmpty ? ["no source"] : sourceNames
        self.timeZone = timeZone
    }

    /// The name of the source the Launches tab shows.
    public var sourceName: String { sourceNames[min(max(0, sourceIndex), sourceNames.count - 1)] }

    /// The r/SpaceX API stopped in 2022: when every launch a frozen source calls upcoming is
    /// already in the past and another source exists, the status line says so and points at `S`.
    public var upcomingIsStale: Bool {
        let upcoming = list(.upcoming)
        guard sourceNames.count > 1, frozenSources.contains(sourceIndex), upcoming.hasLoadedOnce, !upcoming.launches.isEmpty else { return false }
        // The list runs soonest first: its first and last launch are enough (every frame asks,
        // and the list may hold thousands).
        guard let first = upcoming.launches.first?.date, let last = upcoming.launches.last?.date else { return false }
        return max(first, last) < now
    }

    public var time: LaunchTime { LaunchTime(timeZone: timeZone) }

    public func list(_ id: ListID) -> LaunchListState { lists[id] ?? LaunchListState() }
    public func query(_ id: ListID) -> ListQuery { queries[id] ?? .default }
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

    /// The detail body of `launch` as this screen lays it out: the one place its width and
    /// picture box are decided, for drawing, scrolling and picture loading alike.
    public func detailBody(_ launch: Launch) -> [DetailLine] {
        LaunchDetailDocument.lines(for: launch, time: time, width: ScreenLayout(size).detailBodyWidth,
                                   pictures: pictureMode == .pictures)
    }

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

    /// The launch the user is looking at: the open detail, the selected row of a launch list,
    /// or the selected watched launch on the Favorites tab.
    public var launchInFocus: Launch? {
        switch screen {
        case .launchDetail: return detail?.launch
        case .launchList, .rocketLaunches: return activeListID.flatMap { list($0).selectedLaunch }
        case .favorites:
            if case .launch(let watched)? = favorites.selectedRow { return watched.launch }
            return nil
        case .rocketList, .rocketPage: return nil
        }
    }

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
