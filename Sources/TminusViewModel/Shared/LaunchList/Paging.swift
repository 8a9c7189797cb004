import Foundation
import TminusCore

/// Where a paginated list (launches, events) is in its pages, and the rules that end it. A
/// "load more" is asked only for a user move or a retry timer (never because an answer
/// arrived), and the list is over when the server's end marker says so, when a page brings no
/// record not seen before, or when its `next` points at a page already asked: a server that
/// pages forever costs one request more than it should, not a loop.
public struct Paging: Sendable, Hashable {
    /// Where the next page is; nil once the last page is in.
    public var next: PageCursor? = .first
    /// Why the list ended before the server said so (shown under the last row).
    public var end: ListEnd?
    public var totalDocs: Int?
    /// The pages asked since the first, so a `next` pointing back is caught.
    var askedPages: Set<PageCursor> = []
    /// Every record id the pages brought (shown or filtered out): a page of only these is
    /// nothing new.
    var seenIDs: Set<String> = []

    public init() {}

    /// Whether a user move near the end may ask for the next page, given the list's status.
    func canLoadMore(_ status: RemoteStatus) -> Bool {
        status.hasLoadedOnce && !status.isLoading && !(status.error != nil && status.errorWasLoadMore) && next != nil && end == nil
    }

    /// A "load more" goes out (the caller has checked `canLoadMore`): the cursor to ask, or nil
    /// (and the list ends) when the server already sent that page.
    mutating func beginMore() -> PageCursor? {
        guard let cursor = next else { return nil }
        guard askedPages.insert(cursor).inserted else {
            (end, next) = (.repeatedPage, nil)
            return nil
        }
        return cursor
    }

    /// A page arrived: `ids` are every record the server sent on it. Returns the ids not seen
    /// before (all of them on a first page, which starts the count again).
    @discardableResult
    mutating func received(ids: [String], next: PageCursor?, totalDocs: Int?, isFirst: Bool) -> Set<String> {
        let novel = Set(ids).subtracting(isFirst ? [] : seenIDs)
        if isFirst {
            (askedPages, seenIDs, end) = ([.first], Set(ids), nil)
        } else {
            seenIDs.formUnion(ids)
        }
        (self.next, self.totalDocs) = (next, totalDocs)
        if !isFirst, novel.isEmpty {
            // Nothing new: the server repeats itself or sends empty pages while saying there
            // are more. Asking on would only repeat that.
            (end, self.next) = (.noNewRecords, nil)
        } else if let next, askedPages.contains(next) {
            (end, self.next) = (.repeatedPage, nil)
        }
        return novel
    }
}
