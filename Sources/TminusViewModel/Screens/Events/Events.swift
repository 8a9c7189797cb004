import Foundation
import TminusCore

/// The Events tab's lists: loading, paging, refreshing rarely, opening an event.
extension AppReducer {
    mutating func performOnEvents(_ action: Action) {
        let segment = state.events.segment
        switch action {
        case .showSegment(let chosen):
            state.events.segment = chosen
            loadEventsIfNeeded(chosen)
        case .move(let movement):
            let list = state.events.current
            let page = max(1, state.layout.listHeight / EventListView.rowHeight)
            let lines = switch movement {
            case .pageDown: page
            case .pageUp: -page
            default: 0
            }
            let index = lines != 0 ? Self.moved(list.selection, count: list.events.count, by: lines)
                : Self.moved(list.selection, count: list.events.count, by: movement)
            selectEvent(index)
        case .refresh: retryEvents(segment, mode: .reload)
        case .open: if let event = state.events.current.selectedEvent { openEvent(event) }
        case .toggleFavorite: if let event = state.events.current.selectedEvent { toggleWatch(event) }
        default: break
        }
    }

    /// A user move (a key, a click, the wheel): near the end of the rows the next page is asked.
    mutating func selectEvent(_ index: Int) {
        let segment = state.events.segment
        var list = state.events.current
        guard !list.events.isEmpty else { return }
        list.selection = min(max(0, index), list.events.count - 1)
        var cursor: PageCursor?
        if list.selection >= list.events.count - AppViewModel.prefetchDistance { cursor = list.beginMore() }
        state.events.lists[segment] = list
        if let cursor { sendEvents(segment, cursor: cursor, mode: .normal) }
    }

    /// Its news is asked as the detail opens (`EventDetailScreen.opened`).
    mutating func openEvent(_ event: SpaceEvent) {
        push(.eventDetail(EventDetailState(event: event)))
    }

    var sourceHasEvents: Bool { state.sourceHasEvents }

    /// The list's first showing: the cache at once, then the network when that is stale.
    mutating func loadEventsIfNeeded(_ segment: LaunchSegment) {
        let list = state.events.list(segment)
        guard sourceHasEvents, !list.status.hasLoadedOnce, !list.status.isLoading else { return }
        requestEvents(segment, cursor: .first, activity: .loadingFirst, mode: .cacheOnly)
    }

    /// `r`, a retry timer or the hourly refresh: the failed page again, else the first page.
    mutating func retryEvents(_ segment: LaunchSegment, mode: FetchMode) {
        var list = state.events.list(segment)
        guard sourceHasEvents, !list.status.isLoading else { return }
        if list.status.error != nil, list.status.errorWasLoadMore, let next = list.paging.next {
            return requestEvents(segment, cursor: next, activity: .loadingMore, mode: mode)
        }
        list.generation += 1
        state.events.lists[segment] = list
        requestEvents(segment, cursor: .first, activity: .loadingFirst, mode: mode)
    }

    mutating func requestEvents(_ segment: LaunchSegment, cursor: PageCursor, activity: RemoteStatus.Activity, mode: FetchMode) {
        var list = state.events.list(segment)
        list.status.begin(activity, mode: mode)
        state.events.lists[segment] = list
        sendEvents(segment, cursor: cursor, mode: mode)
    }

    private mutating func sendEvents(_ segment: LaunchSegment, cursor: PageCursor, mode: FetchMode) {
        let asked = EventRequest(segment: segment, page: cursor.page, generation: state.events.list(segment).generation,
                                 source: state.sourceIndex, mode: mode)
        effects.append(.fetchEvents(asked, cursor))
    }

    mutating func receivedEvents(_ asked: EventRequest, _ result: Result<Fetched<EventPage>, APIError>) {
        // Another source's events, or an answer to a request older than the last refresh.
        guard asked.source == state.sourceIndex, asked.generation == state.events.list(asked.segment).generation else { return }
        var list = state.events.list(asked.segment)
        var askNetwork = false
        switch result {
        case .failure where asked.mode == .cacheOnly:
            list.status.activity = .idle
            askNetwork = true
        case .failure(let error):
            list.status.failed(error, mode: asked.mode, now: now)
        case .success(let fetched):
            let fetchedAt = fetched.fetchedAt ?? now
            list.show(following: state.activeFollow)
            list.received(fetched.value, isFirst: asked.page == 1, fetchedAt: fetchedAt)
            // An hour fresh (not a launch list's ten minutes): a cache read younger than that
            // asks nothing behind it.
            askNetwork = list.status.succeeded(fetchedAt: fetchedAt, problem: fetched.problem, mode: asked.mode, now: now,
                                               freshFor: LaunchLibrary2.eventsFreshFor)
        }
        state.events.lists[asked.segment] = list
        if askNetwork { requestEvents(asked.segment, cursor: .first, activity: .loadingFirst, mode: .normal) }
        if case .success(let fetched) = result { refreshWatchedEvents(fetched.value.events) }
    }

    /// The clock moved: a failed event list whose retry time has come asks again, and a loaded
    /// one asks again when its hour is up (`EventsPlan`).
    mutating func refreshDueEvents() {
        for segment in LaunchSegment.allCases {
            let list = state.events.list(segment)
            if list.status.retryIsDue(now: now) {
                retryEvents(segment, mode: list.status.retryMode)
            } else if let due = EventsPlan.due(segment, state), due <= now {
                retryEvents(segment, mode: .normal)
            }
        }
    }

    /// `S` moved to another source: its events are other events.
    mutating func forgetEvents() {
        let segment = state.events.segment
        state.events = EventsState()
        state.events.segment = segment
        if state.tab == EventsScreen.tab { loadEventsIfNeeded(segment) }
    }
}

/// When the Events tab's lists are asked again by themselves. Events change rarely and spend
/// the launches' small budget (Launch Library 2's ~15 requests an hour): a loaded list is asked
/// once an hour, never while a launch is near T-0 (`RefreshPlan.isNear`: that launch's own
/// refreshes come first), and half as often when little of the hour's budget is left.
public enum EventsPlan {
    public static let interval: TimeInterval = 3600

    /// When `segment`'s list is next asked; nil when it is not (not loaded, loading, failed
    /// (its retry timer has it), a frozen source, or a launch near T-0).
    public static func due(_ segment: LaunchSegment, _ state: AppState) -> Date? {
        let list = state.events.list(segment)
        guard !state.frozenSources.contains(state.sourceIndex), !state.offline, list.status.hasLoadedOnce, !list.status.isLoading,
              list.status.error == nil, let updated = list.status.updatedAt,
              !RefreshPlan.isNear(state, list: state.upcoming) else { return nil }
        return updated.addingTimeInterval(RefreshPlan.widened(interval, by: state.allowance))
    }
}
