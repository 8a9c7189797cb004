import Foundation
import TminusCore

/// The app's screen state and what each user action does to it.
///
/// Not Sendable: it lives on the UI thread. Work that leaves the process (requests, the
/// browser) runs in tasks that post their result to the mailbox; the loop calls
/// `receiveMail()` on the UI thread, so state only ever changes here, in order.
public final class AppViewModel {
    public private(set) var state: AppState
    let environment: AppEnvironment
    let mailbox: Mailbox
    /// Work in flight, so tests can wait for it (`settle`).
    var tasks: [Task<Void, Never>] = []

    /// How close to the end of a list the selection gets before the next page is asked for.
    public static let prefetchDistance = 5

    public init(environment: AppEnvironment, mailbox: Mailbox) {
        self.environment = environment
        self.mailbox = mailbox
        state = AppState(now: environment.clock.now(), sourceName: environment.source.name,
                         timeZone: environment.time.timeZone)
        if let notice = environment.startupNotice { state.notice = Notice(notice) }
    }

    /// Asks for the first page of the list on screen.
    public func start() {
        loadFirstPageIfNeeded(state.segment)
    }

    /// The loop wakes this often to redraw a changing clock: every second while a countdown
    /// ticks, every 30 s otherwise (the "updated N min ago" text).
    public var tickInterval: Duration? {
        if state.notice?.expires != nil { return .seconds(1) }
        if let detail = state.detail, detail.launch.upcoming, detail.launch.datePrecision == .hour,
           detail.launch.date != nil {
            return .seconds(1)
        }
        return .seconds(30)
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
            modifyList(state.segment) { self.keepSelectionVisible(&$0) }
        case let .launchesLoaded(segment, page, generation, result):
            receivedLaunches(segment, page: page, generation: generation, result: result)
        case let .linkOpened(url, result):
            switch result {
            case .success: show(Notice("opened \(url.absoluteString)"))
            case .failure(let error): show(Notice("could not open link: \(error.message)", level: .error))
            }
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
        if state.showingHelp {
            // Any of these closes the overlay; other keys are swallowed so nothing moves behind it.
            if [.character("?"), .escape, .backspace, .character("q"), .enter].contains(key) {
                state.showingHelp = false
            }
            return
        }
        switch key {
        case .character("q"): state.quitRequested = true; return
        case .control("c"): state.quitRequested = true; return
        case .character("?"): state.showingHelp = true; return
        default: break
        }
        if state.detail != nil {
            handleDetailKey(key)
            return
        }
        switch key {
        case .character("1"): userSelectedTab(.launches)
        case .character("2"): userSelectedTab(.rockets)
        case .character("3"): userSelectedTab(.favorites)
        case .tab: userSelectedTab(Tab(rawValue: (state.tab.rawValue + 1) % Tab.allCases.count)!)
        case .backTab: userSelectedTab(Tab(rawValue: (state.tab.rawValue + Tab.allCases.count - 1) % Tab.allCases.count)!)
        default:
            if state.tab == .launches { handleListKey(key) }
        }
    }

    func userSelectedTab(_ tab: Tab) {
        if tab != state.tab { dismissPassingNotice() }
        state.tab = tab
        if tab == .launches { loadFirstPageIfNeeded(state.segment) }
    }

    func handleListKey(_ key: Key) {
        let page = ScreenLayout(state.size).listHeight
        switch key {
        case .down, .character("j"): moveSelection(by: 1)
        case .up, .character("k"): moveSelection(by: -1)
        case .pageDown, .control("f"): moveSelection(by: page)
        case .pageUp, .control("b"): moveSelection(by: -page)
        case .home, .character("g"): moveSelection(to: 0)
        case .end, .character("G"): moveSelection(to: Int.max)
        case .character("u"): userSwitchedSegment(.upcoming)
        case .character("p"): userSwitchedSegment(.past)
        case .character("r"): userRequestedRefresh()
        case .enter, .right, .character("l"): userOpenedSelectedLaunch()
        default: break
        }
    }

    func userSwitchedSegment(_ segment: LaunchSegment) {
        state.segment = segment
        loadFirstPageIfNeeded(segment)
    }

    func userOpenedSelectedLaunch() {
        guard let launch = state.currentList.selectedLaunch else { return }
        dismissPassingNotice()
        state.routes.append(.launchDetail(LaunchDetailState(launch: launch)))
        state.now = environment.clock.now()
    }

    func moveSelection(by delta: Int) {
        let current = state.currentList.selection
        let target = delta > 0 ? current.addingReportingOverflow(delta).partialValue : current + delta
        moveSelection(to: target)
    }

    func moveSelection(to index: Int) {
        let segment = state.segment
        modifyList(segment) { list in
            guard !list.launches.isEmpty else { return }
            list.selection = min(max(0, index), list.launches.count - 1)
            self.keepSelectionVisible(&list)
        }
        loadMoreIfNearEnd(segment)
    }

    /// Scrolls only as far as needed to show the selection, like a pager.
    func keepSelectionVisible(_ list: inout LaunchListState) {
        let height = ScreenLayout(state.size).listHeight
        if list.selection < list.scrollTop { list.scrollTop = list.selection }
        if list.selection >= list.scrollTop + height { list.scrollTop = list.selection - height + 1 }
        list.scrollTop = max(0, min(list.scrollTop, max(0, list.launches.count - height)))
    }

    // MARK: - Detail

    func handleDetailKey(_ key: Key) {
        guard var detail = state.detail else { return }
        let layout = ScreenLayout(state.size)
        let bodyLines = LaunchDetailDocument.lines(for: detail.launch, time: state.time,
                                                   width: layout.detailBodyWidth).count
        let maxScroll = max(0, bodyLines - layout.detailBodyHeight)
        let available = LaunchLinkKind.allCases.indices.filter {
            detail.launch.links.url(for: LaunchLinkKind.allCases[$0]) != nil
        }
        switch key {
        case .escape, .backspace:
            dismissPassingNotice()
            state.routes.removeLast()
            return
        case .down, .character("j"): detail.scroll += 1
        case .up, .character("k"): detail.scroll -= 1
        case .pageDown, .character(" "), .control("f"): detail.scroll += layout.detailBodyHeight
        case .pageUp, .control("b"): detail.scroll -= layout.detailBodyHeight
        case .home, .character("g"): detail.scroll = 0
        case .end, .character("G"): detail.scroll = maxScroll
        case .right, .character("l"), .tab:
            if let next = available.first(where: { $0 > detail.linkIndex }) ?? available.first { detail.linkIndex = next }
        case .left, .character("h"), .backTab:
            if let prev = available.last(where: { $0 < detail.linkIndex }) ?? available.last { detail.linkIndex = prev }
        case .character("o"), .enter:
            userOpenedLink(detail)
        default:
            break
        }
        detail.scroll = min(max(0, detail.scroll), maxScroll)
        state.routes[state.routes.count - 1] = .launchDetail(detail)
    }

    func userOpenedLink(_ detail: LaunchDetailState) {
        let kind = LaunchLinkKind.allCases[detail.linkIndex]
        guard let url = detail.launch.links.url(for: kind) else {
            show(Notice("this launch has no links", level: .error))
            return
        }
        show(Notice("opening \(kind.title.lowercased())…"))
        let open = environment.openURL
        let mailbox = self.mailbox
        tasks.append(Task.detached {
            let result = await open(url)
            mailbox.post(.linkOpened(url, result))
        })
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

    // MARK: - Loading

    func loadFirstPageIfNeeded(_ segment: LaunchSegment) {
        let list = state.list(segment)
        guard !list.hasLoadedOnce, !list.isLoading else { return }
        request(segment, page: 1, phase: .loadingFirst)
    }

    func loadMoreIfNearEnd(_ segment: LaunchSegment) {
        let list = state.list(segment)
        guard list.hasLoadedOnce, !list.isLoading, list.error == nil, let next = list.nextPage,
              list.selection >= list.launches.count - Self.prefetchDistance else { return }
        request(segment, page: next, phase: .loadingMore)
    }

    /// `r`: after a failed "load more", try that page again; otherwise reload from the top,
    /// keeping the rows on screen until the new first page replaces them.
    func userRequestedRefresh() {
        let segment = state.segment
        let list = state.list(segment)
        if list.error != nil, list.errorWasLoadMore, let next = list.nextPage {
            request(segment, page: next, phase: .loadingMore)
            return
        }
        modifyList(segment) { $0.generation += 1 }
        request(segment, page: 1, phase: .loadingFirst)
    }

    func request(_ segment: LaunchSegment, page: Int, phase: LoadPhase) {
        modifyList(segment) { list in
            list.phase = phase
            list.error = nil
        }
        let generation = state.list(segment).generation
        let source = environment.source
        let mailbox = self.mailbox
        tasks.append(Task.detached {
            let result: Result<LaunchPage, APIError>
            do throws(APIError) {
                result = .success(try await source.launches(segment, page))
            } catch {
                result = .failure(error)
            }
            mailbox.post(.launchesLoaded(segment, page: page, generation: generation, result))
        })
    }

    func receivedLaunches(_ segment: LaunchSegment, page: Int, generation: Int, result: Result<LaunchPage, APIError>) {
        let now = environment.clock.now()
        modifyList(segment) { list in
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
        state.now = now
        // A short first page may not fill the screen; a selection already near the end wants more.
        loadMoreIfNearEnd(segment)
    }

    /// Pages can overlap when the list changes between requests; a launch is shown once.
    static func uniqued(_ incoming: [Launch], after existing: [Launch]) -> [Launch] {
        var seen = Set(existing.map(\.id))
        return incoming.filter { seen.insert($0.id).inserted }
    }

    /// Changes one list. It works on a copy written back afterwards: `change` may read other
    /// parts of `state` (the screen size), which an inout borrow of `state.upcoming` forbids.
    func modifyList(_ segment: LaunchSegment, _ change: (inout LaunchListState) -> Void) {
        var list = state.list(segment)
        change(&list)
        switch segment {
        case .upcoming: state.upcoming = list
        case .past: state.past = list
        }
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
