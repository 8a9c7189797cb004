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
    /// The last write of each kind, so the next one waits for it (see `runInOrder`).
    var lastWrite: [WriteQueue: Task<Void, Never>] = [:]
    /// Favorites as they will be once the queued store calls are through (see `toggleWatch`).
    var pendingFavorites = PendingFavorites()

    enum WriteQueue: Hashable { case preferences, favorites }

    /// How close to the end of a list the selection gets before the next page is asked for.
    public static let prefetchDistance = 5

    public init(environment: AppEnvironment, mailbox: Mailbox) {
        self.environment = environment
        self.mailbox = mailbox
        state = AppState(now: environment.clock.now(), sourceName: environment.source.name,
                         timeZone: environment.time.timeZone)
        let loaded = environment.preferences.load()
        state.preferences = loaded.preferences
        // Both the settings file and the favorites database can be bad at once: say both.
        let problems = [loaded.problem, environment.favorites.openProblem].compactMap { $0 }
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
    public var tickInterval: Duration? {
        if state.notice?.expires != nil { return .seconds(1) }
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
        switch event {
        case .key(let key): handleKey(key)
        case .tick:
            state.now = environment.clock.now()
            if let expires = state.notice?.expires, expires <= state.now { state.notice = nil }
        case .resized(let width, let height):
            state.size = ScreenSize(width: max(0, width), height: max(0, height))
            if let id = state.activeListID { modifyList(id) { self.keepSelectionVisible(&$0) } }
        case let .launchesLoaded(id, page, generation, result):
            receivedLaunches(id, page: page, generation: generation, result: result)
        case .rocketsLoaded(let result):
            receivedRockets(result)
        case let .linkOpened(url, result):
            switch result {
            case .success: show(Notice("opened \(url.absoluteString)"))
            case .failure(let error): show(Notice("could not open link: \(error.message)", level: .error))
            }
        case .favoritesLoaded(let result):
            receivedFavorites(result)
        case .preferencesSaved(let result):
            if case .failure(let error) = result { state.notice = Notice(error.message, level: .error) }
        }
    }

    /// Applies what background work posted. Returns whether anything arrived.
    @discardableResult
    public func receiveMail() -> Bool {
        let events = mailbox.drain()
        for event in events { handle(event) }
        return !events.isEmpty
    }

    // MARK: - Keys

    func handleKey(_ key: Key) {
        switch state.overlay {
        case .help?:
            // Any of these closes the overlay; other keys are swallowed so nothing moves behind it.
            if [.character("?"), .escape, .backspace, .character("q"), .enter].contains(key) { state.overlay = nil }
            return
        case .units(let selection)?:
            handleUnitsKey(key, selection: selection)
            return
        case nil:
            break
        }
        switch key {
        case .character("q"), .control("c"): state.quitRequested = true; return
        case .character("?"): state.overlay = .help; return
        case .character("U") where state.isRocketScreen: state.overlay = .units(selection: 0); return
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

    // MARK: - Launch lists (Upcoming, Past, a rocket's launches)

    func handleListKey(_ key: Key, list id: ListID) {
        let page = ScreenLayout(state.size).listHeight
        switch key {
        case .down, .character("j"): moveSelection(in: id, by: 1)
        case .up, .character("k"): moveSelection(in: id, by: -1)
        case .pageDown, .control("f"): moveSelection(in: id, by: page)
        case .pageUp, .control("b"): moveSelection(in: id, by: -page)
        case .home, .character("g"): moveSelection(in: id, to: 0)
        case .end, .character("G"): moveSelection(in: id, to: Int.max)
        case .character("r"): userRequestedRefresh(id)
        case .enter, .right, .character("l"): userOpenedSelectedLaunch(in: id)
        default: break
        }
    }

    func userOpenedSelectedLaunch(in id: ListID) {
        guard let launch = state.list(id).selectedLaunch else { return }
        push(.launchDetail(LaunchDetailState(launch: launch)))
        state.now = environment.clock.now()
    }

    func moveSelection(in id: ListID, by delta: Int) {
        let current = state.list(id).selection
        moveSelection(in: id, to: current.addingReportingOverflow(delta).partialValue)
    }

    func moveSelection(in id: ListID, to index: Int) {
        modifyList(id) { list in
            guard !list.launches.isEmpty else { return }
            list.selection = min(max(0, index), list.launches.count - 1)
            self.keepSelectionVisible(&list)
        }
        loadMoreIfNearEnd(id)
    }

    /// Scrolls only as far as needed to show the selection, like a pager.
    func keepSelectionVisible(_ list: inout LaunchListState) {
        let height = ScreenLayout(state.size).listHeight
        if list.selection < list.scrollTop { list.scrollTop = list.selection }
        if list.selection >= list.scrollTop + height { list.scrollTop = list.selection - height + 1 }
        list.scrollTop = max(0, min(list.scrollTop, max(0, list.launches.count - height)))
    }

    func loadFirstPageIfNeeded(_ id: ListID) {
        let list = state.list(id)
        guard !list.hasLoadedOnce, !list.isLoading else { return }
        request(id, page: 1, phase: .loadingFirst)
    }

    func loadMoreIfNearEnd(_ id: ListID) {
        let list = state.list(id)
        guard list.hasLoadedOnce, !list.isLoading, list.error == nil, let next = list.nextPage,
              list.selection >= list.launches.count - Self.prefetchDistance else { return }
        request(id, page: next, phase: .loadingMore)
    }

    /// `r`: after a failed "load more", try that page again; otherwise reload from the top,
    /// keeping the rows on screen until the new first page replaces them.
    func userRequestedRefresh(_ id: ListID) {
        let list = state.list(id)
        if list.error != nil, list.errorWasLoadMore, let next = list.nextPage {
            request(id, page: next, phase: .loadingMore)
            return
        }
        modifyList(id) { $0.generation += 1 }
        request(id, page: 1, phase: .loadingFirst)
    }

    func request(_ id: ListID, page: Int, phase: LoadPhase) {
        modifyList(id) { list in
            list.phase = phase
            list.error = nil
        }
        let generation = state.list(id).generation
        let source = environment.source
        run { () async -> AppEvent in
            let result: Result<LaunchPage, APIError>
            do throws(APIError) {
                switch id {
                case .segment(let segment): result = .success(try await source.launches(segment, page))
                case .rocket(let rocketID): result = .success(try await source.rocketLaunches(rocketID, page))
                }
            } catch {
                result = .failure(error)
            }
            return .launchesLoaded(id, page: page, generation: generation, result)
        }
    }

    func receivedLaunches(_ id: ListID, page: Int, generation: Int, result: Result<LaunchPage, APIError>) {
        let now = environment.clock.now()
        modifyList(id) { list in
            // A response to a request made before the latest refresh describes an old list.
            guard generation == list.generation else { return }
            let wasLoadMore = list.phase == .loadingMore
            list.phase = .idle
            switch result {
            case .failure(let error):
                list.error = error
                list.errorWasLoadMore = wasLoadMore
            case .success(let received):
                if page == 1 {
                    // A refresh replaces the rows but keeps the user on the launch they were on.
                    let selectedID = list.selectedLaunch?.id
                    list.launches = Self.uniqued(received.launches, after: [])
                    list.selection = selectedID.flatMap { id in list.launches.firstIndex { $0.id == id } } ?? 0
                } else {
                    list.launches += Self.uniqued(received.launches, after: list.launches)
                }
                list.nextPage = received.nextPage
                list.totalDocs = received.totalDocs
                list.updatedAt = now
                list.hasLoadedOnce = true
                list.error = nil
                self.keepSelectionVisible(&list)
            }
        }
        if case .success(let received) = result { refreshStoredFavorites(launches: received.launches) }
        state.now = now
        // A short first page may not fill the screen; a selection already near the end wants more.
        loadMoreIfNearEnd(id)
    }

    /// Pages can overlap when the list changes between requests; a launch is shown once.
    static func uniqued(_ incoming: [Launch], after existing: [Launch]) -> [Launch] {
        var seen = Set(existing.map(\.id))
        return incoming.filter { seen.insert($0.id).inserted }
    }

    /// Changes one list. It works on a copy written back afterwards: `change` may read other
    /// parts of `state` (the screen size), which an inout borrow of `state.lists` forbids.
    func modifyList(_ id: ListID, _ change: (inout LaunchListState) -> Void) {
        var list = state.list(id)
        change(&list)
        state.lists[id] = list
    }

    // MARK: - Launch detail

    func handleDetailKey(_ key: Key) {
        guard var detail = state.detail else { return }
        let layout = ScreenLayout(state.size)
        let bodyLines = LaunchDetailDocument.lines(for: detail.launch, time: state.time,
                                                   width: layout.detailBodyWidth).count
        let available = LaunchLinkKind.allCases.indices.filter {
            detail.launch.links.url(for: LaunchLinkKind.allCases[$0]) != nil
        }
        switch key {
        case .escape, .backspace:
            goBack()
            return
        case .right, .character("l"):
            if let next = available.first(where: { $0 > detail.linkIndex }) ?? available.first { detail.linkIndex = next }
        case .left, .character("h"):
            if let prev = available.last(where: { $0 < detail.linkIndex }) ?? available.last { detail.linkIndex = prev }
        case .character("o"), .enter:
            let kind = LaunchLinkKind.allCases[detail.linkIndex]
            userOpenedLink(detail.launch.links.url(for: kind), named: kind.title.lowercased(), missing: "this launch has no links")
        default:
            detail.scroll = scrolled(detail.scroll, by: key, lines: bodyLines, height: layout.detailBodyHeight)
        }
        replaceTop(.launchDetail(detail))
    }

    /// Scroll keys shared by every scrolling body (launch detail, rocket page).
    func scrolled(_ scroll: Int, by key: Key, lines: Int, height: Int) -> Int {
        let maxScroll = max(0, lines - height)
        var s = scroll
        switch key {
        case .down, .character("j"): s += 1
        case .up, .character("k"): s -= 1
        case .pageDown, .character(" "), .control("f"): s += height
        case .pageUp, .control("b"): s -= height
        case .home, .character("g"): s = 0
        case .end, .character("G"): s = maxScroll
        default: break
        }
        return min(max(0, s), maxScroll)
    }

    func userOpenedLink(_ url: URL?, named name: String, missing: String) {
        guard let url else {
            show(Notice(missing, level: .error))
            return
        }
        show(Notice("opening \(name)…"))
        let open = environment.openURL
        run { .linkOpened(url, await open(url)) }
    }

    // MARK: - Rockets

    func loadRocketsIfNeeded() {
        guard !state.rockets.hasLoadedOnce, !state.rockets.isLoading else { return }
        requestRockets()
    }

    func requestRockets() {
        guard !state.rockets.isLoading else { return }
        state.rockets.isLoading = true
        state.rockets.error = nil
        let source = environment.source
        run { () async -> AppEvent in
            do throws(APIError) {
                return .rocketsLoaded(.success(try await source.rockets()))
            } catch {
                return .rocketsLoaded(.failure(error))
            }
        }
    }

    func receivedRockets(_ result: Result<[Rocket], APIError>) {
        state.rockets.isLoading = false
        switch result {
        case .failure(let error):
            state.rockets.error = error
        case .success(let rockets):
            let selectedID = state.rockets.rockets.indices.contains(state.rockets.selection)
                ? state.rockets.rockets[state.rockets.selection].id : nil
            state.rockets.rockets = rockets
            state.rockets.selection = selectedID.flatMap { id in rockets.firstIndex { $0.id == id } } ?? 0
            refreshStoredFavorites(rockets: rockets)
            state.rockets.hasLoadedOnce = true
            state.rockets.updatedAt = environment.clock.now()
            state.rockets.error = nil
            // A refreshed list may be shorter: open pages keep pointing at a rocket that exists.
            state.stacks[.rockets] = (state.stacks[.rockets] ?? []).compactMap { route in
                guard case .rocketPage(var page) = route else { return route }
                guard !rockets.isEmpty else { return nil }
                page.index = min(page.index, rockets.count - 1)
                return .rocketPage(page)
            }
        }
        state.now = environment.clock.now()
    }

    func handleRocketListKey(_ key: Key) {
        let count = state.rockets.rockets.count
        switch key {
        case .down, .character("j"): state.rockets.selection = min(max(0, count - 1), state.rockets.selection + 1)
        case .up, .character("k"): state.rockets.selection = max(0, state.rockets.selection - 1)
        case .home, .character("g"): state.rockets.selection = 0
        case .end, .character("G"): state.rockets.selection = max(0, count - 1)
        case .character("r"): requestRockets()
        case .enter, .right, .character("l"):
            guard count > 0 else { return }
            push(.rocketPage(visit(state.rockets.selection, in: .all)))
        default: break
        }
    }

    /// Landing on a rocket's page: a fresh random picture from its gallery.
    func visit(_ index: Int, in collection: RocketPageState.Collection) -> RocketPageState {
        let images = state.rockets(in: collection)[index].flickrImages.count
        let pick = images > 0 ? min(max(0, environment.randomIndex(images)), images - 1) : 0
        return RocketPageState(index: index, imageIndex: pick, collection: collection)
    }

    func handleRocketPageKey(_ key: Key) {
        guard var page = state.rocketPage, let rocket = state.rocket(at: page) else {
            if key == .escape || key == .backspace { goBack() }
            return
        }
        let count = state.rockets(in: page.collection).count
        switch key {
        case .escape, .backspace:
            // Back to the list, on the rocket the pager ended on.
            if page.collection == .all { state.rockets.selection = page.index }
            goBack()
            return
        // The pager stops at both ends: a deliberate edge, not a jump back to the start.
        case .left, .character("h"):
            guard page.index > 0 else { return }
            page = visit(page.index - 1, in: page.collection)
        case .right, .character("l"):
            guard page.index < count - 1 else { return }
            page = visit(page.index + 1, in: page.collection)
        // The gallery wraps: it is a carousel of equals.
        case .character("]"):
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + 1) % n }
        case .character("["):
            let n = rocket.flickrImages.count
            if n > 0 { page.imageIndex = (page.imageIndex + n - 1) % n }
        case .character("o"):
            userOpenedLink(rocket.wikipedia, named: "Wikipedia", missing: "this rocket has no Wikipedia link")
        case .character("L"):
            if page.collection == .all { state.rockets.selection = page.index }
            push(.rocketLaunches(rocketID: rocket.id, rocketName: rocket.name))
            loadFirstPageIfNeeded(.rocket(rocket.id))
            return
        default:
            let layout = ScreenLayout(state.size)
            let lines = RocketDocument.lines(rocket, width: layout.detailBodyWidth).count
            page.scroll = scrolled(page.scroll, by: key, lines: lines, height: layout.rocketBodyHeight)
        }
        replaceTop(.rocketPage(page))
    }

    // MARK: - Units

    func handleUnitsKey(_ key: Key, selection: Int) {
        let rows = UnitsModal.rows
        switch key {
        case .escape, .character("U"), .backspace:
            state.overlay = nil
        case .down, .character("j"):
            state.overlay = .units(selection: min(rows.count - 1, selection + 1))
        case .up, .character("k"):
            state.overlay = .units(selection: max(0, selection - 1))
        case .character(" "), .enter:
            userToggledUnit(rows[selection])
        default:
            break
        }
    }

    func userToggledUnit(_ quantity: UnitPreferences.Quantity) {
        state.preferences.units[quantity] = state.preferences.units[quantity].toggled
        // The error notice of a corrupt file no longer applies once the user chose anew.
        if state.notice?.level == .error, state.notice?.expires == nil { state.notice = nil }
        let preferences = state.preferences
        let store = environment.preferences
        runInOrder(.preferences) { .preferencesSaved(await store.save(preferences)) }
    }

    // MARK: - Notices

    /// A passing message: shown now, gone after `Notice.lifetime` or when the screen changes.
    func show(_ notice: Notice) {
        var notice = notice
        notice.expires = environment.clock.now().addingTimeInterval(Notice.lifetime)
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
