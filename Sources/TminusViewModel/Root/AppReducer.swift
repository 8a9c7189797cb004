import Foundation
import TminusCore
import TminusImage

/// The reducer: takes the state and one event, changes the state and collects the effects
/// the change asks for. It reads the clock once (`now`, kept in `state.now`) and does no I/O.
/// Each screen's part lives in its folder (Screens/, found through `ScreenUnit`), what several
/// share in Shared/; this file is the thin router.
struct AppReducer {
    var state: AppState
    /// What the event asks the outside world to do, in order.
    var effects: [Effect] = []
    let context: ReducerContext

    init(state: AppState, context: ReducerContext, now: Date) {
        self.state = state
        self.context = context
        self.state.now = now
    }

    var now: Date { state.now }

    mutating func reduce(_ event: AppEvent) {
        switch event {
        case .started:
            loadFirstPageIfNeeded(.segment(state.segment))
            askAllowanceIfDue(source: state.sourceIndex)
            // The ★ marks on every list come from here, so favorites load at once.
            reloadFavorites()
        case .key(let key): handleKey(key)
        case .mouse(let mouse): handleMouse(mouse)
        case .tick:
            if let expires = state.notice?.expires, expires <= now { state.notice = nil }
            retryDueLists()
            refreshDueLists()
            refreshDueEvents()
            retryRocketsIfDue()
            retryFavoritesIfDue()
            retrySettingsIfDue()
            checkReminders()
            askForFilterIfDue()
        case .resized(let width, let height):
            state.size = Size(width: max(0, width), height: max(0, height))
            keepActiveSelectionVisible()
        case let .launchesLoaded(asked, result):
            receivedLaunches(asked, result: result)
            askAllowanceAfter(asked, result)
        case let .eventsLoaded(asked, result): receivedEvents(asked, result)
        case let .newsLoaded(subject, result): receivedNews(subject, result)
        case .allowanceLoaded(let result): receivedAllowance(result)
        case .ownAllowanceRead(let source, let own): if source == state.sourceIndex { state.ownAllowance = own }
        case let .launchDetailLoaded(id, result): receivedLaunchDetail(id, result)
        case let .rocketsLoaded(source, mode, result):
            guard source == state.sourceIndex else { break }
            receivedRockets(mode, result)
        case let .moreRocketsLoaded(source, page, result):
            guard source == state.sourceIndex else { break }
            receivedMoreRockets(page, result)
        case let .linkOpened(url, result):
            switch result {
            case .success: show(Notice("opened \(url.absoluteString)"))
            case .failure(let error): show(Notice("could not open link: \(error.message)", level: .error))
            }
        case .exportSaved(let result):
            switch result {
            // A path to read (or copy) stays longer than a passing message. The file and the
            // folder both, at every width (issue 25: the file's name got cut; issue 37: a
            // narrow line dropped the folder): shorter words, the home as `~`, and at the
            // narrowest the folder first, the file's name cut at its end.
            case .success(let url):
                let file = url.lastPathComponent, folder = Formatting.homeAbbreviated(url.deletingLastPathComponent().path)
                show(Notice("calendar event saved: \(file) — in \(folder)",
                            shorter: ["saved \(file) in \(folder)", "saved in \(folder): \(file)"]),
                     for: 3 * Notice.lifetime)
            case .failure(let error): show(Notice("could not save the calendar event: \(error.message)", level: .error))
            }
        case let .pictureLoaded(key, result): receivedPicture(key, result)
        case .terminalColors(let count):
            state.theme.colors = count
            state.pictureDepth = PictureColorDepth(terminalColors: count)
            // Rows just changed height: the selection must stay on screen.
            keepActiveSelectionVisible()
        case .terminalGraphics(let graphics):
            state.graphics = graphics
        case .terminalBackground(let background): receivedBackground(background)
        case let .favoritesAnswered(call, result, status):
            receivedFavorites(call, result, status)
            checkReminders()
        case .preferencesSaved(let result): receivedSettingsSaved(result)
        case let .preferencesReloaded(loaded, edits): receivedSettingsReloaded(loaded, edits: edits)
        case .laidOut(let geometry):
            // Where the frame just drawn put things: clicks, pictures and scrolling go by it.
            state.lastFrame = geometry
        }
        // Whatever changed (a resize while another tab was shown, a tab switched back to), the
        // selected row of the list on screen is on screen.
        keepActiveSelectionVisible()
        updatePictureDemand()
        // Each change the user makes is one more edit: a file read before it is not applied.
        if effects.contains(where: { if case .savePreferences = $0 { true } else { false } }) { state.settingsSaving.edits += 1 }
    }

    // MARK: - Keys

    mutating func handleKey(_ typed: Key) {
        // Keys moved in config.toml become their defaults here, except while typing a filter.
        var key = typed
        let typingFilter = state.overlay == nil && state.isTypingFilter
        if case .character(let c) = typed, !typingFilter {
            guard let translated = state.keys.translate(c) else { return }
            key = .character(translated)
        }
        // Overlays and the screen's `/` input take the keys while open.
        switch state.overlay {
        case .help?:
            // Any of these closes the overlay; the moves scroll it where it does not fit (issue
            // 37: at 60x14 every description was cut); other keys are swallowed so nothing
            // moves behind it.
            if [.character("?"), .escape, .backspace, .character("q"), .enter].contains(key) { state.overlay = nil }
            let most = HelpOverlay.maxScroll(state.screen, keys: state.keys, size: state.size)
            let page = max(1, HelpOverlay.visibleLines(size: state.size) - 1)
            switch key {
            case .down, .character("j"): state.helpScroll += 1
            case .up, .character("k"): state.helpScroll -= 1
            case .pageDown, .character(" "): state.helpScroll += page
            case .pageUp: state.helpScroll -= page
            case .home, .character("g"): state.helpScroll = 0
            case .end, .character("G"): state.helpScroll = most
            default: break
            }
            state.helpScroll = min(max(0, state.helpScroll), most)
            return
        case .units(let selection)?: return handleUnitsKey(key, selection: selection)
        case .links(let menu)?: return handleLinkMenuKey(key, menu: menu)
        case .follow(let chooser)?: return handleFollowKey(typed, chooser: chooser)
        case nil: break
        }
        let unit = state.screen.unit
        if unit.isTyping(state), key != .control("c") { return unit.typed(key, &self) }
        // A `/` input left open on another list closes.
        if state.filterInput != nil, key != .control("c") { state.filterInput = nil }
        guard let action = Keymap.action(for: key, on: state.screen) else {
            userPressedKeyOfAnotherScreen(key)
            return
        }
        perform(action)
    }

    /// What an action does: the ones every screen shares here, the rest by screen.
    mutating func perform(_ action: Action) {
        switch action {
        case .quit: effects.append(.quit)
        case .showHelp:
            state.overlay = .help
            state.helpScroll = 0
        case .showUnits: state.overlay = .units(selection: 0)
        case .chooseFollow: userOpenedFollowChooser()
        case .toggleEverything: userToggledEverything()
        case .switchSource: userSwitchedSource()
        case .toggleMouse: userToggledMouse()
        case .toggleBanner: userToggledBanner()
        case .cycleTheme: userCycledTheme()
        case .selectTab(let tab): userSelectedTab(tab)
        case .nextTab: userSelectedTab(state.tab.moved(by: 1))
        case .previousTab: userSelectedTab(state.tab.moved(by: -1))
        case .saveCalendarEvent:
            if let launch = state.launchInFocus {
                userExportedToCalendar(launch)
            } else {
                // A rocket (the Favorites tab's) has no date: said, not silent (issue 37).
                show(Notice(state.rocketInFocus == nil ? "nothing here to put in a calendar" : "a rocket has no date to put in a calendar: c saves a launch"))
            }
        case .copyLink: userCopiedLink()
        default: state.screen.unit.perform(action, &self)
        }
    }

    mutating func userSelectedTab(_ tab: Tab) {
        if tab != state.tab {
            dismissPassingNotice()
            noticeSettingsOfAnotherInstance()
        }
        state.tab = tab
        Screens.unit(tab).selected(&self)
    }

    // MARK: - Screens

    mutating func push(_ route: Route) {
        dismissPassingNotice()
        state.routes.append(route)
        route.screen.unit.opened(&self)
    }

    mutating func goBack() {
        dismissPassingNotice()
        if !state.routes.isEmpty { state.routes.removeLast() }
    }

    /// Every open screen whose state is a `State`, on every tab, changed by `change` (nil
    /// closes it), or only those of `tab`: data that arrived shows wherever it is open. The
    /// screens ask this of the root rather than edit the tabs' stacks themselves.
    mutating func updateRoutes<State: Sendable & Hashable>(on tab: Tab? = nil, _ change: (State) -> Route?) {
        for key in Array(state.stacks.keys) where tab == nil || key == tab {
            state.stacks[key] = state.stacks[key]?.compactMap { route in
                route.state(as: State.self).map(change) ?? route
            }
        }
    }

    /// Replaces the innermost screen's state (after a key changed it).
    mutating func replaceTop(_ route: Route) {
        guard !state.routes.isEmpty else { return }
        state.routes[state.routes.count - 1] = route
    }

    // MARK: - Notices

    /// A passing message: shown now, gone after `Notice.lifetime` or when the screen changes.
    /// A letter that does nothing here says where it does something (`U: units — on a rocket
    /// page`), or that nothing uses it: every key answers (issue 37: `U L o x [` on the
    /// launch list did nothing, silently).
    mutating func userPressedKeyOfAnotherScreen(_ key: Key) {
        guard case .character(let c) = key, !c.isWhitespace else { return }
        let elsewhere = Keymap.screens(using: key, besides: state.screen)
        let shown = String(state.keys.shown(c))
        if let (action, screens) = elsewhere {
            show(Notice("\(shown): \(action) — on \(screens.joined(separator: ", ")), not here"))
        } else {
            show(Notice("\(shown) does nothing here — ? lists the keys"))
        }
    }

    mutating func show(_ notice: Notice, for lifetime: TimeInterval = Notice.lifetime) {
        var notice = notice
        notice.expires = now.addingTimeInterval(lifetime)
        state.notice = notice
    }

    mutating func dismissPassingNotice() {
        if state.notice?.expires != nil { state.notice = nil }
    }
}
