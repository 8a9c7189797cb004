import Foundation
import TminusCore

/// One paginated launch list (Upcoming, Past, a rocket's launches). Each keeps its own rows,
/// selection and scroll, so switching segments and back loses nothing; its pages are a
/// `Paging` on top of `RemoteStatus`.
public struct LaunchListState: Sendable, Hashable {
    public var launches: [Launch] = [] {
        didSet { measure = LaunchListMeasure(launches) }
    }
    /// The columns' widest values, measured when `launches` changes (never per frame).
    public private(set) var measure = LaunchListMeasure()
    public var selection = 0
    /// First visible row; kept by the reducer so the list scrolls like a pager, not a jump.
    public var scrollTop = 0
    public var paging = Paging()
    public var status = RemoteStatus()
    /// Bumped by every refresh so a response to an older request is recognised and dropped.
    public var generation = 0
    /// Records the source sent that could not be read, over the pages shown (skipped, counted).
    public var unreadable = 0
    /// Launches the server sent that the list's filters left out here (a filter the server
    /// cannot apply, a follow it ignored): its total is then no count of this list's rows.
    public var dropped = 0
    /// Those the follow left out (the header counts them; `P` lists their providers and
    /// places). No more than the pages asked for hold.
    public var hiddenByFollow: [Launch] = []
    /// What the answer covers, from a source that holds all it knows (the replica): the
    /// newest page's word, as history grows between pages.
    public var coverage: ListCoverage?

    public init() {}

    /// Where the next page is; nil once the last page is in.
    public var next: PageCursor? {
        get { paging.next }
        set { paging.next = newValue }
    }
    /// Why the list ended before the server said so.
    public var end: ListEnd? { paging.end }
    public var totalDocs: Int? { paging.totalDocs }

    public var selectedLaunch: Launch? {
        launches.indices.contains(selection) ? launches[selection] : nil
    }

    public var isLoading: Bool { status.isLoading }

    /// Whether a user move near the end may ask for the next page.
    var canLoadMore: Bool { paging.canLoadMore(status) }

    /// A "load more" goes out: the cursor to ask, or nil (and the list ends) when the server
    /// already sent that page.
    mutating func beginMore() -> PageCursor? {
        guard canLoadMore, let cursor = paging.beginMore() else { return nil }
        status.begin(.loadingMore, mode: .normal)
        return cursor
    }

    /// A page arrived (already filtered to the list's query; `all` is what the server sent).
    mutating func received(_ page: LaunchPage, all: [Launch], follow: Follow = .everything, isFirst: Bool, fetchedAt: Date) {
        paging.received(ids: all.map(\.id), next: page.next, totalDocs: page.totalDocs, isFirst: isFirst)
        coverage = page.coverage
        defer {
            let kept = Set(page.launches.map(\.id))
            dropped += all.filter { !kept.contains($0.id) }.count
            let known = Set(hiddenByFollow.map(\.id))
            hiddenByFollow += all.filter { !follow.follows($0) && !known.contains($0.id) }
        }
        if isFirst {
            // A refresh replaces the rows but keeps the user on the launch they were on.
            let selectedID = selectedLaunch?.id
            launches = Self.uniqued(page.launches, after: [])
            selection = selectedID.flatMap { id in launches.firstIndex { $0.id == id } } ?? 0
            status.updatedAt = fetchedAt
            unreadable = page.unreadable
            dropped = 0
            hiddenByFollow = []
        } else {
            launches += Self.uniqued(page.launches, after: launches)
            // The list is as old as its oldest page.
            status.updatedAt = min(status.updatedAt ?? fetchedAt, fetchedAt)
            unreadable += page.unreadable
        }
    }

    /// Pages can overlap when the list changes between requests; a launch is shown once.
    static func uniqued(_ incoming: [Launch], after existing: [Launch]) -> [Launch] {
        var seen = Set(existing.map(\.id))
        return incoming.filter { seen.insert($0.id).inserted }
    }
}

/// Why a list stopped paging before the server's own end marker.
public enum ListEnd: Sendable, Hashable {
    /// A page brought no launch not already listed.
    case noNewRecords
    /// The server's `next` pointed at a page already asked.
    case repeatedPage

    /// Said under the last row.
    public var text: String {
        switch self {
        case .noNewRecords: "end of list: the server sent no new launches"
        case .repeatedPage: "end of list: the server pointed back at a page already loaded"
        }
    }
}

/// `/` on a launch list: the name filter being typed, and when the server is asked for it
/// (a short pause after the last key, or Enter).
public struct FilterInput: Sendable, Hashable {
    public var list: ListID
    public var text: String
    public var askAt: Date?
    public init(list: ListID, text: String, askAt: Date? = nil) { self.list = list; self.text = text; self.askAt = askAt }
}

/// Which paginated launch list: a segment of the Launches tab, or one rocket's launches.
public enum ListID: Sendable, Hashable {
    case segment(LaunchSegment)
    case rocket(String)
}
