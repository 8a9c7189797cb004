import Foundation
import TminusCore

/// The Events tab: the source's Upcoming and Past events, each list its own rows, selection
/// and paging, like the Launches tab's.
public struct EventsState: Sendable, Hashable {
    public var segment = LaunchSegment.upcoming
    public var lists: [LaunchSegment: EventListState] = [:]

    public init() {}

    public func list(_ segment: LaunchSegment) -> EventListState { lists[segment] ?? EventListState() }
    public var current: EventListState { list(segment) }
}

/// One paginated event list: its rows and selection, its pages a `Paging` as a launch list's.
public struct EventListState: Sendable, Hashable {
    /// The rows shown: what arrived, through the follow.
    public private(set) var events: [SpaceEvent] = []
    /// Every event that arrived, followed or not (`E` shows them at once, no request).
    public private(set) var all: [SpaceEvent] = []
    /// The follow the rows are shown through (issue 38: events naming a followed launch, and
    /// those naming none).
    public private(set) var follow = Follow.everything
    public var selection = 0
    public var paging = Paging()
    public var status = RemoteStatus()
    /// Bumped by every refresh, so an answer to an older request is dropped.
    public var generation = 0

    public init() {}

    public var selectedEvent: SpaceEvent? { events.indices.contains(selection) ? events[selection] : nil }

    /// A "load more" goes out: the cursor, or nil (and the list ends) when that page was asked.
    mutating func beginMore() -> PageCursor? {
        guard paging.canLoadMore(status), let cursor = paging.beginMore() else { return nil }
        status.begin(.loadingMore, mode: .normal)
        return cursor
    }

    /// A page arrived: the first replaces the rows (keeping the selected event), a later one
    /// adds the events not listed yet.
    mutating func received(_ page: EventPage, isFirst: Bool, fetchedAt: Date) {
        let novel = paging.received(ids: page.events.map(\.id), next: page.next, totalDocs: page.totalDocs, isFirst: isFirst)
        var unique = Set<String>()
        let fresh = page.events.filter { novel.contains($0.id) && unique.insert($0.id).inserted }
        if isFirst {
            let selectedID = selectedEvent?.id
            all = fresh
            events = all.filter(follow.follows)
            selection = selectedID.flatMap { id in events.firstIndex { $0.id == id } } ?? 0
            status.updatedAt = fetchedAt
        } else {
            all += fresh
            events += fresh.filter(follow.follows)
            status.updatedAt = min(status.updatedAt ?? fetchedAt, fetchedAt)
        }
    }

    /// The rows through another follow, the selection kept on its event where it still shows.
    mutating func show(following follow: Follow) {
        guard follow != self.follow else { return }
        let selectedID = selectedEvent?.id
        self.follow = follow
        events = all.filter(follow.follows)
        selection = selectedID.flatMap { id in events.firstIndex { $0.id == id } } ?? min(selection, max(0, events.count - 1))
    }

    /// How many of the events that arrived the follow leaves out.
    public var hiddenCount: Int { all.count - events.count }
}

/// What an event list request asked, carried back with its answer.
public struct EventRequest: Sendable, Hashable {
    public var segment: LaunchSegment
    public var page: Int
    public var generation: Int
    /// The Launches source asked (an answer after `S` moved on is dropped).
    public var source: Int
    public var mode: FetchMode

    public init(segment: LaunchSegment, page: Int, generation: Int, source: Int, mode: FetchMode) {
        self.segment = segment; self.page = page; self.generation = generation; self.source = source; self.mode = mode
    }
}
