import Foundation
import TminusCore

/// The app's screen state and what each user action does to it.
///
/// Not Sendable: it lives on the UI thread. Work that leaves the process (requests, the
/// browser, the preferences file) runs in tasks that post their result to the mailbox; the
/// loop calls `receiveMail()` on the UI thread, so state only ever changes here, in order.
public final class AppViewModel {
    public internal(set) var state: AppState
    let environment: AppEnvironment
    let mailbox: Mailbox
    /// Work in flight, so tests can wait for it (`settle`).
    var tasks: [Task<Void, Never>] = []
    /// The latest preferences save; the next one waits for it.
    /// Picture loads in flight, so ones scrolled away can be cancelled.
    var pictureTasks: [PictureKey: Task<Void, Never>] = [:]

    /// The last write of each kind, so the next one waits for it (see `runInOrder`).
    var lastWrite: [WriteQueue: Task<Void, Never>] = [:]
    /// Favorites as they will be once the queued store calls are through (see `toggleWatch`).
    var pendingFavorites = PendingFavorites()
    /// Reminders already set off this run (see `checkReminders`).
    var firedReminders: Set<ReminderKey> = []
    /// The last click, to tell a double-click (see `handleMouse`).
    var lastClick: Click?

    enum WriteQueue: Hashable { case preferences, favorites }

    /// How close to the end of a list the selection gets before the next page is asked for.
    public static let prefetchDistance = 5

    public init(environment: AppEnvironment, mailbox: Mailbox) {
        self.environment = environment
        self.mailbox = mailbox
        state = AppState(now: environment.clock.now(), sourceNames: environment.sources.map(\.name),
                         timeZone: environment.time.timeZone)
        state.frozenSources = Set(environment.sources.indices.filter { environment.sources[$0].isFrozen })
        if environment.pictures == nil { state.pictureMode = .glyphs }
        let loaded = environment.preferences.load()
        state.preferences = loaded.preferences
        state.keys = environment.keys
        // The settings file, config.toml and the favorites database can be bad at once: say all.
        let problems = [environment.configProblem, loaded.problem, environment.favorites.openProblem].compactMap { $0 }
        if !problems.isEmpty {
            state.notice = Notice(problems.joined(separator: " · "), level: .error)
        } else if let notice = environment.startupNotice {
            state.notice = Notice(notice)
        }
    }

    /// Asks for the first page of the list on screen.
    public func start() {
        loadFirstPageIfNeeded(.segment(state.segment))
        // The ★ marks on every list come from here, so favorites load at once.
        reloadFavorites()
    }

    /// The loop wakes this often to redraw a changing clock: every second while a countdown
    /// ticks or a passing message waits to be taken down, every 30 s otherwise (the
    /// "updated N min ago" text).
    public var tickInterval: Duration? { Self.sooner(screenTickInterval, reminderWake) }

    /// What the screen alone needs.
    var screenTickInterval: Duration? {
        if state.filterInput?.askAt != nil { return .milliseconds(100) }  // the `/` filter's pause
        if state.notice?.expires != nil { return .seconds(1) }
        // A retry waiting must start on time, and its last minute counts down in seconds.
        let retries = state.lists.values.compactMap(\.retryAt) + [state.rockets.retryAt].compactMap { $0 }
        if let soonest = retries.min() {
            let remaining = soonest.timeIntervalSince(state.now)
            if remaining <= 60 { return .seconds(1) }
            return .seconds(Int(min(30, remaining - 60).rounded(.up)))
        }
        if let detail = state.detail, Self.counts(detail.launch.upcoming, detail.launch.datePrecision, detail.launch.date) {
            return .seconds(1)
        }
        if state.screen == .favorites,
           state.favorites.items.launches.contains(where: { Self.counts($0.status == .upcoming, $0.datePrecision, $0.date) }) {
            return .seconds(1)
        }
        return .seconds(30)
    }

    /// Whether a launch shows a ticking countdown: upcoming, with an exact time.
    static func counts(_ upcoming: Bool, _ precision: DatePrecision, _ date: Date?) -> Bool {
        upcoming && precision == .hour && date != nil
    }

    // MARK: - Events

    public func handle(_ event: AppEvent) {
        apply(event)
        updatePictureDemand()
    }

    func apply(_ event: AppEvent) {
        switch event {
        case .key(let key): handleKey(key)
        case .mouse(let mouse): handleMouse(mouse)
        case .tick:
            state.now = environment.clock.now()
            if let expires = state.notice?.expires, expires <= state.now { state.notice = nil }
            retryDueLists()
            retryRocketsIfDue()
            checkReminders()
            askForFilterIfDue()
        case .resized(let width, let height):
            state.size = ScreenSize(width: max(0, width), height: max(0, height))
            if let id = state.activeListID { modifyList(id) { self.keepSelectionVisible(&$0) } }
        case let .launchesLoaded(asked, result):
            receivedLaunches(asked, result: result)
        case let .launchDetailLoaded(id, result):
            receivedLaunchDetail(id, result)
        case let .rocketsLoaded(mode, result):
            receivedRockets(mode, result)
        case let .linkOpened(url, result):
            switch result {
            case .success: show(Notice("opened \(url.absoluteString)"))
            case .failure(let error): show(Notice("could not open link: \(error.message)", level: .error))
            }
        case .exportSaved(let result):
            switch result {
            // A path to read (or copy) stays longer than a passing message.
            case .success(let url): show(Notice("calendar event saved to \(url.path)"), for: 3 * Notice.lifetime)
            case .failure(let error): show(Notice("could not save the calendar event: \(error.message)", level: .error))
            }
        case let .pictureLoaded(key, result):
            receivedPicture(key, result)
        case .terminalColors(let count):
            if count < 256 { state.pictureMode = .glyphs }
            state.directColor = count >= 1 << 24
            // Rows just changed height: the selection must stay on screen.
            if let id = state.activeListID { modifyList(id) { self.keepSelectionVisible(&$0) } }
        case .favoritesLoaded(let result):
            receivedFavorites(result)
            checkReminders()
        case .preferencesSaved(let result):
            if case .failure(let error) = result { state.notice = Notice(error.message, level: .error) }
        }
    }

    /// Applies what background work posted. Returns whether anything arrived.
    @discardableResult
    public func receiveMail() -> Bool {
        let events = mailbox.drain()
        for event in events { apply(event) }
        if !events.isEmpty { updatePictureDemand() }
        return !events.isEmpty
    }

    // MARK: - Keys

    func handleKey(_ typed: Key) {
        // Keys moved in config.toml become their defaults here, except while typing a filter.
        var key = typed
        let typingFilter = state.overlay == nil && state.filterInput != nil && state.filterInput?.list == state.activeListID
        if case .character(let c) = typed, !typingFilter {
            guard let translated = state.keys.translate(c) else { return }
            key = .character(translated)
        }
        switch state.overlay {
        case .help?:
            // Any of these closes the overlay; other keys are swallowed so nothing moves behind it.
            if [.character("?"), .escape, .backspace, .character("q"), .enter].contains(key) { state.overlay = nil }
            return
        case .units(let selection)?:
            handleUnitsKey(key, selection: selection)
            return
        case .links(let menu)?:
            handleLinkMenuKey(key, menu: menu)
            return
        case nil:
            break
        }
        // The `/` input takes every key but Ctrl-C while its list is on screen.
        if let input = state.filterInput, key != .control("c") {
            if input.list == state.activeListID { handleFilterKey(key, input: input); return }
            state.filterInput = nil
        }
        switch key {
        case .character("q"), .control("c"): state.quitRequested = true; return
        case .character("?"): state.overlay = .help; return
        case .character("U") where state.isRocketScreen: state.overlay = .units(selection: 0); return
        case .character("S"): userSwitchedSource(); return
        case .character("m"): userToggledMouse(); return
        default: break
        }
        // Tabs switch from any screen; each tab keeps its own screens.
        switch key {
        case .character("1"): userSelectedTab(.launches); return
        case .character("2"): userSelectedTab(.rockets); return
        case .character("3"): userSelectedTab(.favorites); return
        case .tab: userSelectedTab(Tab(rawValue: (state.tab.rawValue + 1) % Tab.allCases.count)!); return
        case .backTab: userSelectedTab(Tab(rawValue: (state.tab.rawValue + Tab.allCases.count - 1) % Tab.allCases.count)!); return
        default: break
        }
        if key == .character("f") || (key == .character("x") && state.screen == .favorites) {
            userToggledFavorite()
            return
        }
        if key == .character("c"), let launch = state.launchInFocus {
            userExportedToCalendar(launch)
            return
        }
        switch state.routes.last {
        case .launchDetail?: handleDetailKey(key); return
        case .rocketPage?: handleRocketPageKey(key); return
        case .rocketLaunches(let id, _)?:
            if key == .escape || key == .backspace { goBack() } else { handleListKey(key, list: .rocket(id)) }
            return
        case nil: break
        }
        switch state.tab {
        case .launches:
            switch key {
            case .character("u"): userSwitchedSegment(.upcoming)
            case .character("p"): userSwitchedSegment(.past)
            default: handleListKey(key, list: .segment(state.segment))
            }
        case .rockets: handleRocketListKey(key)
        case .favorites: handleFavoritesKey(key)
        }
    }

    func userSelectedTab(_ tab: Tab) {
        if tab != state.tab { dismissPassingNotice() }
        state.tab = tab
        switch tab {
        case .launches: loadFirstPageIfNeeded(.segment(state.segment))
        case .rockets: loadRocketsIfNeeded()
        // Another tminus may have changed the database: the tab shows what is on disk now.
        case .favorites: reloadFavorites()
        }
    }

    func userSwitchedSegment(_ segment: LaunchSegment) {
        state.segment = segment
        loadFirstPageIfNeeded(.segment(segment))
    }

    func push(_ route: Route) {
        dismissPassingNotice()
        state.routes.append(route)
    }

    func goBack() {
        dismissPassingNotice()
        if !state.routes.isEmpty { state.routes.removeLast() }
    }

    /// Replaces the innermost screen's state (after a key changed it).
    func replaceTop(_ route: Route) {
        guard !state.routes.isEmpty else { return }
        state.routes[state.routes.count - 1] = route
    }

    // MARK: - Notices

    /// A passing message: shown now, gone after `Notice.lifetime` or when the screen changes.
    func show(_ notice: Notice, for lifetime: TimeInterval = Notice.lifetime) {
        var notice = notice
        notice.expires = environment.clock.now().addingTimeInterval(lifetime)
        state.notice = notice
    }

    func dismissPassingNotice() {
        if state.notice?.expires != nil { state.notice = nil }
    }

    // MARK: - Background work

    /// Like `run`, but one at a time per queue and in the order asked: two quick toggles must
    /// not race, or the older choice could land last and be what the disk keeps.
    func runInOrder(_ queue: WriteQueue, _ work: @escaping @Sendable () async -> AppEvent) {
        let previous = lastWrite[queue]
        let mailbox = self.mailbox
        let task = Task.detached {
            await previous?.value
            mailbox.post(await work())
        }
        lastWrite[queue] = task
        tasks.append(task)
    }

    /// Runs `work` off the UI thread and posts the event it returns.
    func run(_ work: @escaping @Sendable () async -> AppEvent) {
        let mailbox = self.mailbox
        tasks.append(Task.detached { mailbox.post(await work()) })
    }
}

extension AppViewModel {
    /// Waits for all work started so far and applies its results, until nothing is left.
    /// Tests use it to run a scenario to completion without sleeping.
    public func settle() async {
        while !tasks.isEmpty {
            let running = tasks
            tasks.removeAll()
            for task in running { await task.value }
            receiveMail()
        }
        receiveMail()
    }
}
