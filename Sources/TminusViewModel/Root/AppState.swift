import Foundation
import TminusCore
import TminusImage

/// Everything the renderer needs to draw a frame.
public struct AppState: Sendable, Hashable {
    public var tab: Tab = .launches
    public var segment: LaunchSegment = .upcoming
    /// Every paginated launch list by its identity.
    public var lists: [ListID: LaunchListState] = [:]
    public var rockets = RocketsState()
    public var favorites = FavoritesState()
    public var events = EventsState()
    /// Each tab's screens opened over it, innermost last, so switching tabs and back returns
    /// to where the user was.
    public var stacks: [Tab: [Route]] = [:]
    public var overlay: Overlay?
    /// How far the help box is scrolled (a screen too small for every key's words whole).
    public var helpScroll = 0
    public var notice: Notice?
    /// The keys `config.toml` moved (the help and the status line show them).
    public var keys = KeyBindings()
    public var now: Date
    public var size = Size(width: 80, height: 24)
    /// The launch sources `S` cycles through, by name, and which one the Launches tab shows.
    public var sourceNames: [String]
    public var sourceIndex = 0
    /// Which of them no longer update (the r/SpaceX API since 2022).
    public var frozenSources: Set<Int> = []
    /// `--offline`: nothing is asked, so nothing is refreshed; the status line says whose data it is.
    public var offline = false
    /// Which of them have events (the r/SpaceX API has none).
    public var sourcesWithEvents: Set<Int> = []
    /// Launch Library 2's request budget as it last said (`/api-throttle/`): the status line
    /// shows the calls left. Only one source reports one.
    public var allowance: RequestAllowance?
    /// tminus's own pace for that server (the request governor's), as last read.
    public var ownAllowance: OwnAllowance?
    /// Each launch list's name filter and order (`/`, `s`); absent: all launches, usual order.
    /// `lists[id]` is always the list of `query(id)`; the other queries' lists wait in
    /// `otherQueryLists`, so clearing a filter shows the unfiltered rows again at once.
    public var queries: [ListID: ListQuery] = [:]
    public var otherQueryLists: [ListID: [ListQuery: LaunchListState]] = [:]
    /// The `/` input while open (it takes the keys).
    public var filterInput: FilterInput?
    /// The list `R` was pressed on before the rockets had loaded: it filters when they arrive.
    public var rocketFilterWaiting: ListID?
    /// The Upcoming and Past lists of the sources not shown, kept for switching back.
    public var otherSourcesLists: [Int: [LaunchSegment: LaunchListState]] = [:]
    /// Their rocket catalogues, likewise.
    public var otherSourcesRockets: [Int: RocketsState] = [:]
    public var timeZone: Zone
    public var preferences = Preferences.defaults
    /// What this run follows (issue 38): the one chosen with `P` (saved), else config.toml's,
    /// with the command line's `--provider` … for this run over it.
    public var follow = Follow.everything
    /// The settings file could not be read at start (corrupt, a bad value): nothing the app
    /// learns by itself is written over it; a choice of the user's is.
    public var settingsFileProblem = false
    /// The follow as the server's filters, fixed when the follow is applied (at start, `P`):
    /// ids learned meanwhile wait for the next change or run, so a list's query never changes
    /// under an answer on its way.
    public var followServer = ServerFollow.none
    /// `E`: every launch shown for a moment, the follow kept (until `E` again or the next run).
    public var showsEverything = false
    /// Whether the settings file holds `preferences`: why not, and when it is tried again.
    public var settingsSaving = SettingsSaving()
    /// The colours to draw with (`t`, `--theme`, the terminal's background).
    public var theme = ThemeState()
    /// Pictures by what they show, where and how (`pictureRequest`): loading, ready to draw,
    /// or failed. Only those of the current `pictureLook` are drawn.
    public var pictures: [PictureRequest: PictureSlot] = [:]
    public var pictureMode = PictureMode.pictures
    /// How many colours pictures use: what the terminal has (`terminalColors`).
    public var pictureDepth = PictureColorDepth.indexed256
    /// How pictures reach the screen: chafa's symbols, or pixels (kitty, iTerm2, sixel).
    public var graphics = TerminalGraphics.symbols
    /// What the user saw of each launch when they last looked (loaded at start), and what
    /// changed since, by launch id.
    public var seen: [String: SeenLaunch] = [:]
    public var changes: [String: LaunchChange] = [:]
    /// What this run has shown of each launch: a refresh that moves its NET or status while
    /// the app is open is flagged against this, at once (`seen` is the previous run's).
    public var shownThisRun: [String: SeenLaunch] = [:]
    /// What the reducer remembers between events that is not drawn: pending favorites
    /// changes, reminders set off, the last click.
    public var session = SessionMemory()
    /// Where the last frame drawn put things (`FrameGeometry`): the next reduce reads clicks,
    /// picture boxes and scroll limits from it instead of working them out again.
    public var lastFrame = FrameGeometry()

    /// A stand-in that costs nothing to build: the state is swapped out for it while the
    /// reducer holds the real one.
    static let placeholder = AppState(now: Date(timeIntervalSince1970: 0), sourceNames: [], timeZone: .gmt)

    public init(now: Date, sourceNames: [String], timeZone: Zone) {
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
        guard sourceNames.count > 1, frozenSources.contains(sourceIndex), upcoming.status.hasLoadedOnce, !upcoming.launches.isEmpty else { return false }
        // The list runs soonest first: its first and last launch are enough (every frame asks,
        // and the list may hold thousands).
        guard let first = upcoming.launches.first?.date, let last = upcoming.launches.last?.date else { return false }
        return max(first, last) < now
    }

    public var time: LaunchTime { LaunchTime(zone: timeZone) }

    /// Whether the source the Launches tab shows has events (the Events tab says when not).
    public var sourceHasEvents: Bool { sourcesWithEvents.contains(sourceIndex) }

    public func list(_ id: ListID) -> LaunchListState { lists[id] ?? LaunchListState() }
    public func query(_ id: ListID) -> ListQuery { queries[id] ?? ground(id) }

    /// The follow the Launches tab's lists stand on now: none while `E` shows everything.
    public var activeFollow: Follow { showsEverything ? .everything : follow }

    /// A list's query without filters: for Upcoming and Past, the follow (with the server's
    /// ids for its names, as they were known when it was applied); a rocket's launches are
    /// all its launches.
    public func ground(_ id: ListID) -> ListQuery {
        guard case .segment = id else { return .default }
        return showsEverything ? .default : ListQuery(follow: follow, server: followServer)
    }
    public func list(_ segment: LaunchSegment) -> LaunchListState { list(.segment(segment)) }
    public var upcoming: LaunchListState { list(.upcoming) }
    public var past: LaunchListState { list(.past) }
    public var currentList: LaunchListState { list(segment) }

    /// The very first load, on the Launches tab: the logo while it waits (later empty lists
    /// just say what is going on). The view draws it and the picture demand asks for it.
    public var showsStartupLogo: Bool {
        screen == .launchList && !upcoming.status.hasLoadedOnce && !past.status.hasLoadedOnce
            && currentList.launches.isEmpty && currentList.status.activity == .loadingFirst
    }

    /// The current tab's screens, innermost last; `Esc` pops one.
    public var routes: [Route] {
        get { stacks[tab] ?? [] }
        set { stacks[tab] = newValue }
    }

    public var showingHelp: Bool { overlay == .help }

    /// What pictures drawn now must look like: the terminal's colour depth, the screen's
    /// background (what chafa blends over: white under a light palette, else black) and,
    /// when the terminal takes pixels, its cell size. A change loads them again.
    public var pictureLook: PictureLook {
        let light = theme.palette == .light || (theme.palette == .ansi16 && theme.background == .light)
        return PictureLook(depth: pictureDepth, background: light ? RGBA(255, 255, 255) : RGBA(0, 0, 0),
                           cellPixels: graphics.drawsPixels ? PixelSize(width: graphics.cellWidth, height: graphics.cellHeight) : nil)
    }

    /// The request for the picture `key` as it must look now.
    public func pictureRequest(_ key: PictureKey) -> PictureRequest {
        key.request(pictureLook)
    }

    /// Lines a launch row takes: two or three when it shows its patch (`ScreenLayout`), one
    /// with glyphs. Pages, scrolling and drawing all count rows with this.
    public var launchRowHeight: Int { layout.launchRowHeight(pictures: pictureMode == .pictures) }

    /// Where things go on this screen: its size, and whether the banner takes a row. Every
    /// reducer and the renderer lay out through this one value.
    public var layout: ScreenLayout { ScreenLayout(size, banner: preferences.banner) }

    /// How many launch rows fit on screen at once.
    public var visibleLaunchRows: Int { max(1, layout.listHeight / launchRowHeight) }

    /// The detail body of `launch` as this screen lays it out: the one place its width and
    /// picture box are decided, for drawing, scrolling and picture loading alike.
    public func detailBody(_ launch: Launch) -> [DetailLine] {
        LaunchDetailDocument.lines(for: launch, time: time, now: now, width: layout.detailBodyWidth,
                                   imageBox: pictureMode == .pictures ? layout.detailImageBox : nil)
    }

    /// The launch detail on screen, if one is.
    public var detail: LaunchDetailState? { routes.last?.launchDetail }

    /// The event detail on screen, if one is.
    public var eventDetail: EventDetailState? { routes.last?.eventDetail }

    /// A `/` input on screen takes the keys (a launch list's, or the rocket list's).
    public var isTypingFilter: Bool { screen.unit.isTyping(self) }

    /// The rocket page on screen, if one is.
    public var rocketPage: RocketPageState? { routes.last?.rocketPage }

    /// The rockets a pager walks through.
    public func rockets(in collection: RocketPageState.Collection) -> [Rocket] {
        switch collection {
        case .all: rockets.rockets
        case .favorites: favorites.items.rockets.map(\.rocket)
        case .single(let rocket): [rocket]
        }
    }

    /// The rocket a rocket page shows.
    public func rocket(at page: RocketPageState) -> Rocket? {
        let all = rockets(in: page.collection)
        return all.indices.contains(page.index) ? all[page.index] : nil
    }

    public func isFavorite(rocket id: String) -> Bool { favorites.items.rockets.contains { $0.id == id } }
    public func isWatched(launch id: String) -> Bool { favorites.items.launches.contains { $0.id == id } }
    public func isWatched(event id: String) -> Bool { favorites.items.events.contains { $0.id == id } }

    /// The rocket the user is looking at: the open page, the selected row of the Rockets tab,
    /// or the selected favorite rocket on the Favorites tab (`f`, `y` and the preview act on it).
    public var rocketInFocus: Rocket? { screen.unit.rocketInFocus(self) }

    /// The launch the user is looking at: the open detail, the selected row of a launch list,
    /// or the selected watched launch on the Favorites tab.
    public var launchInFocus: Launch? { screen.unit.launchInFocus(self) }

    /// The launch the preview beside a launch list shows, on wide terminals
    /// (`ScreenLayout.isSplit`): the selected row; nil without a preview (narrower, another
    /// screen, nothing selected while the first page loads or after an error). Drawing, the
    /// once-a-second tick and the preview's picture all go by this.
    public var previewLaunch: Launch? {
        guard screen.unit.hasPreview, layout.isSplit else { return nil }
        return launchInFocus
    }

    /// The rocket the Favorites tab's preview shows on wide terminals (the selected row is a
    /// favorite rocket), as `previewLaunch` does for a watched launch (issue 25).
    public var previewRocket: Rocket? {
        guard screen.unit.hasPreview, layout.isSplit else { return nil }
        return rocketInFocus
    }

    /// Whether a preview pane is beside the list (so the list keeps to `layout.listWidth`).
    public var hasPreview: Bool { previewLaunch != nil || previewRocket != nil }

    /// The launch list the keys move in, if the screen is one.
    public var activeListID: ListID? { screen.unit.activeList(self) }

    /// The screen whose keys apply (and whose help the overlay shows): the innermost one
    /// pushed over the tab, else the tab's own.
    public var screen: ScreenKind { routes.last?.screen ?? tab.root }
}

extension AppState {
    /// The state at start-up, from what the environment read: the saved preferences, the
    /// theme flag, config.toml, what was seen last run, and any problem with those to say.
    public static func initial(_ environment: AppEnvironment) -> AppState {
        var state = AppState(now: environment.clock.now(), sourceNames: environment.sources.map(\.name),
                             timeZone: environment.time.zone)
        state.frozenSources = Set(environment.sources.indices.filter { environment.sources[$0].isFrozen })
        state.sourcesWithEvents = Set(environment.sources.indices.filter { environment.sources[$0].events != nil })
        state.offline = environment.offline
        if environment.pictures == nil { state.pictureMode = .glyphs }
        let loaded = environment.preferences.load()
        state.preferences = loaded.preferences
        state.settingsFileProblem = loaded.problem != nil
        state.keys = environment.keys
        // The flag is for this run only: it is not saved, so a later `t` or units change writes
        // back what was saved, not the flag.
        state.theme.choice = environment.themeFlag ?? loaded.preferences.theme ?? environment.configTheme ?? .auto
        state.theme.overrides = environment.colorOverrides
        // Likewise the follow: the flags' for this run; `P` saves a new one.
        state.follow = environment.followFlag ?? loaded.preferences.savedFollow(config: environment.configFollow)
        state.followServer = loaded.preferences.followIDs.server(for: state.follow)
        // A small file, read once: the baseline "what changed" is measured against.
        state.seen = environment.seen.load()
        // The settings file, config.toml and the favorites database can be bad at once: say all.
        // (What the favorites database says of itself comes with its first answer: opening it
        // here could wait on another program's lock before the first frame.)
        let problems = [environment.configProblem, loaded.problem].compactMap { $0 }
        // Changes an earlier run could not save wait first, and go with the first load.
        state.favorites.waiting = environment.leftover.writes
        state.session.rescueFiles = environment.leftover.files
        if !problems.isEmpty {
            state.notice = Notice(problems.joined(separator: " · "), level: .error)
        } else if !environment.leftover.writes.isEmpty {
            let count = environment.leftover.writes.count
            state.notice = Notice("saving \(count == 1 ? "1 change" : "\(count) changes") the last run could not save (\(environment.leftover.writes.map(\.what).joined(separator: ", ")))",
                                  expires: state.now.addingTimeInterval(3 * Notice.lifetime))
        } else if let notice = environment.startupNotice {
            state.notice = Notice(notice)
        }
        return state
    }
}
