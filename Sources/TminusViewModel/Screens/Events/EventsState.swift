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

/// One paginated event list. Paging ends as a launch list's does (`LaunchListState`): at the
/// server's end marker, at a page with nothing new, or at a `next` already asked.
public struct EventListState: Sendable, Hashable {
    public var events: [SpaceEvent] = []
    public var selection = 0
    public var next: PageCursor? = .first
    public var status = RemoteStatus()
    public var end: ListEnd?
    /// Bumped by every refresh, so an answer to an older request is dropped.
    public var generation = 0
    public var totalDocs: Int?
    var askedPages: Set<PageCursor> = []
    var seenIDs: Set<String> = []

    public init() {}

    public var selectedEvent: SpaceEvent? { events.indices.contains(selection) ? events[selection] : nil }

    var canLoadMore: Bool {
        status.hasLoadedOnce && !status.isLoading && !(status.error != nil && status.errorWasLoadMore) && next != nil && end == nil
    }

    /// A "load more" goes out: the cursor, or nil (and the list ends) when that page was asked.
    mutating func beginMore() -> PageCursor? {
        guard canLoadMore, let cursor = next else { return nil }
        guard askedPages.insert(cursor).inserted else {
            (end, next) = (.repeatedPage, nil)
            return nil
        }
        status.begin(.loadingMore, mode: .normal)
        return cursor
    }

    /// A page arrived: the first replaces the rows (keeping the selected event), a later one
    /// adds the events not listed yet.
    mutating func received(_ page: EventPage, isFirst: Bool, fetchedAt: Date) {
        let ids = page.events.map(\.id)
        let novel = ids.contains { !seenIDs.contains($0) }
        if isFirst {
            let selectedID = selectedEvent?.id
            var unique = Set<String>()
            events = page.events.filter { unique.insert($0.id).inserted }
            selection = selectedID.flatMap { id in events.firstIndex { $0.id == id } } ?? 0
            status.updatedAt = fetchedAt
            (askedPages, seenIDs, end) = ([.first], Set(ids), nil)
        } else {
            events += page.events.filter { !seenIDs.contains($0.id) }
            seenIDs.formUnion(ids)
            status.updatedAt = min(status.updatedAt ?? fetchedAt, fetchedAt)
        }
        (next, totalDocs) = (page.next, page.totalDocs)
        if !isFirst, !novel {
            (end, next) = (.noNewRecords, nil)
        } else if let next, askedPages.contains(next) {
            (end, self.next) = (.repeatedPage, nil)
        }
    }
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
