import Foundation
import Testing
@testable import TminusViewModel
import TminusCore
import TminusTestSupport

/// The paging state machine on its own: pure transitions, no view model, no tasks.
@Suite("Paging state machine")
struct PagingStateMachineTests {
    static let now = Sample.reference
    static let first = Sample.launches(20, upcoming: false)

    /// A list whose first page is in, with a next page at `next`.
    static func loaded(next: PageCursor? = PageCursor(page: 2)) -> LaunchListState {
        var list = LaunchListState()
        list.status.begin(.loadingFirst, mode: .normal)
        let page = LaunchPage(launches: first, page: 1, totalDocs: 8480, next: next)
        list.received(page, all: first, isFirst: true, fetchedAt: now)
        _ = list.status.succeeded(fetchedAt: now, problem: nil, mode: .normal, now: now)
        list.selection = list.launches.count - 1
        return list
    }

    @Test func aPageOfOnlyLaunchesSeenBeforeEndsTheList() {
        var list = Self.loaded()
        let asked = list.beginMore()
        #expect(asked == PageCursor(page: 2))
        #expect(list.status.activity == .loadingMore)
        // The server answers page 2 with page 1's launches and says there is a page 3.
        list.received(LaunchPage(launches: Self.first, page: 2, totalDocs: 8480, next: PageCursor(page: 3)),
                      all: Self.first, isFirst: false, fetchedAt: Self.now)
        _ = list.status.succeeded(fetchedAt: Self.now, problem: nil, mode: .normal, now: Self.now)
        #expect(list.end == .noNewRecords)
        #expect(list.next == nil)
        #expect(list.launches.count == 20, "no duplicate rows")
        #expect(!list.canLoadMore)
        let more = list.beginMore()
        #expect(more == nil, "no further request, however often the user moves")
    }

    @Test func anEmptyPageThatSaysThereIsMoreEndsTheList() {
        var list = Self.loaded()
        _ = list.beginMore()
        list.received(LaunchPage(launches: [], page: 2, next: PageCursor(page: 3)), all: [], isFirst: false, fetchedAt: Self.now)
        #expect(list.end == .noNewRecords)
        let more = list.beginMore()
        #expect(more == nil)
    }

    @Test func aNextLinkPointingBackAtAPageAlreadyAskedEndsTheList() {
        let url = URL(string: "http://127.0.0.1/2.3.0/launches/previous/?offset=20")!
        var list = Self.loaded(next: PageCursor(page: 2, url: url))
        _ = list.beginMore()
        let newer = Sample.launches(20, upcoming: false, prefix: "More")
        // New launches, but the `next` link is the page just asked.
        list.received(LaunchPage(launches: newer, page: 2, next: PageCursor(page: 2, url: url)), all: newer, isFirst: false, fetchedAt: Self.now)
        #expect(list.launches.count == 40)
        #expect(list.end == .repeatedPage)
        let more = list.beginMore()
        #expect(more == nil)
    }

    @Test func theServersOwnEndMarkerEndsTheListWithoutAReason() {
        var list = Self.loaded(next: nil)
        #expect(list.end == nil)
        let more = list.beginMore()
        #expect(more == nil)
    }

    @Test func aRefreshFromTheTopStartsPagingAfresh() {
        var list = Self.loaded()
        _ = list.beginMore()
        list.received(LaunchPage(launches: [], page: 2, next: PageCursor(page: 3)), all: [], isFirst: false, fetchedAt: Self.now)
        #expect(list.end != nil)
        list.received(LaunchPage(launches: Self.first, page: 1, next: PageCursor(page: 2)), all: Self.first, isFirst: true, fetchedAt: Self.now)
        _ = list.status.succeeded(fetchedAt: Self.now, problem: nil, mode: .reload, now: Self.now)
        #expect(list.end == nil)
        let more = list.beginMore()
        #expect(more == PageCursor(page: 2))
    }

    @Test func oneRequestAtATimeAndNoneAfterAFailedLoadMore() {
        var list = Self.loaded()
        let first = list.beginMore()
        #expect(first != nil)
        let second = list.beginMore()
        #expect(second == nil, "one in flight")
        list.status.failed(.http(status: 500, retryAfter: nil), mode: .normal, now: Self.now)
        #expect(list.status.errorWasLoadMore)
        let third = list.beginMore()
        #expect(third == nil, "after a failed load more only `r` or the retry timer asks")
        #expect(list.status.retryAt == Self.now.addingTimeInterval(5))
    }

    @Test func theStatusMachineFromFailureToRetry() {
        var status = RemoteStatus()
        status.begin(.loadingFirst, mode: .normal)
        status.failed(.timedOut, mode: .normal, now: Self.now)
        #expect(!status.retryIsDue(now: Self.now.addingTimeInterval(4)))
        #expect(status.retryIsDue(now: Self.now.addingTimeInterval(5)))
        status.begin(.loadingFirst, mode: .normal)
        #expect(!status.retryIsDue(now: Self.now.addingTimeInterval(60)), "nothing is due while a request is out")
        #expect(status.error == nil)
        let askNetwork = status.succeeded(fetchedAt: Self.now, problem: nil, mode: .normal, now: Self.now)
        #expect(!askNetwork)
        #expect(status.failures == 0 && status.hasLoadedOnce && !status.isLoading)
    }

    @Test func aStaleCacheReadAsksTheNetworkOnceAndAFreshOneDoesNot() {
        var stale = RemoteStatus()
        let staleAsks = stale.succeeded(fetchedAt: Self.now.addingTimeInterval(-3600), problem: nil, mode: .cacheOnly, now: Self.now)
        #expect(staleAsks)
        var fresh = RemoteStatus()
        let freshAsks = fresh.succeeded(fetchedAt: Self.now.addingTimeInterval(-60), problem: nil, mode: .cacheOnly, now: Self.now)
        #expect(!freshAsks)
    }

    @Test func theHeaderStopsQuotingATotalTheServerLiedAbout() {
        var list = Self.loaded()
        _ = list.beginMore()
        list.received(LaunchPage(launches: Self.first, page: 2, totalDocs: 8480, next: PageCursor(page: 3)),
                      all: Self.first, isFirst: false, fetchedAt: Self.now)
        #expect(list.end?.text == "end of list: the server sent no new launches")
    }
}

@Suite("Retry timing")
struct RetryTimingTests {
    @Test func aRequestTheGovernorHeldBackIsRetriedWhenItSaid() {
        let now = Sample.reference
        let held = APIError.heldBack(host: "ll.thespacedevs.com", retryAfter: 360)
        #expect(RemoteStatus.retryTime(after: held, failures: 1, now: now) == now.addingTimeInterval(360))
        #expect(RemoteStatus.retryTime(after: held, failures: 7, now: now) == now.addingTimeInterval(360), "not the back-off")
    }
}
