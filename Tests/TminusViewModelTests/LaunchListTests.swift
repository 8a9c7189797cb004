import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch list: loading, order, pagination")
struct LaunchListTests {
    @Test func startLoadsTheFirstUpcomingPage() async {
        let source = ScriptedSource(upcoming: Sample.launches(45, upcoming: true))
        let h = await Harness(source: source).started()

        #expect(source.requests == [.init(segment: .upcoming, page: 1)])
        #expect(h.state.upcoming.launches.count == 20)
        #expect(h.state.upcoming.next?.page == 2)
        #expect(h.state.upcoming.totalDocs == 45)
        #expect(h.state.upcoming.status.activity == .idle)
        #expect(h.state.upcoming.status.updatedAt == Sample.reference)
    }

    @Test func rowsKeepTheSourceOrderAcrossPages() async {
        let launches = Sample.launches(30, upcoming: true)
        let h = await Harness(source: ScriptedSource(upcoming: launches)).started()
        await h.press(.end)
        #expect(h.state.upcoming.launches.map(\.id) == launches.map(\.id))
    }

    @Test func firstLoadShowsLoadingUntilTheAnswerArrives() async {
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)))
        h.viewModel.start()
        #expect(h.state.upcoming.status.activity == .loadingFirst)
        await h.viewModel.settle()
        #expect(h.state.upcoming.status.activity == .idle)
        #expect(h.state.upcoming.launches.count == 3)
    }

    @Test func nearingTheEndLoadsTheNextPage() async {
        let source = ScriptedSource(upcoming: Sample.launches(45, upcoming: true))
        let h = await Harness(source: source).started()

        // 20 rows loaded: moving to row 14 is still 6 from the end, row 15 is within 5.
        for _ in 0..<14 { h.viewModel.handle(.key(.down)) }
        #expect(source.requests.count == 1)
        h.viewModel.handle(.key(.down))
        #expect(h.state.upcoming.status.activity == .loadingMore, "the Loading more… row shows while page 2 is on its way")
        await h.viewModel.settle()
        #expect(source.requests.last == .init(segment: .upcoming, page: 2))
        #expect(h.state.upcoming.launches.count == 40)
    }

    @Test func paginationStopsAtTheLastPage() async {
        let source = ScriptedSource(upcoming: Sample.launches(45, upcoming: true))
        let h = await Harness(source: source).started()
        for _ in 0..<10 { await h.press(.end) }

        #expect(h.state.upcoming.launches.count == 45)
        #expect(h.state.upcoming.next == nil)
        #expect(source.requests.map(\.page) == [1, 2, 3], "no request past the last page")
        #expect(h.state.upcoming.selection == 44)
    }

    @Test func overlappingPagesShowEachLaunchOnce() async {
        // A launch slipped between requests, so page 2 repeats the end of page 1.
        let launches = Sample.launches(25, upcoming: true)
        let source = ScriptedSource(upcoming: launches, pageSize: 20)
        let h = await Harness(source: source).started()
        source.replace(upcoming: Array(launches[0..<2]) + launches)
        await h.press(.end)

        let ids = h.state.upcoming.launches.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.count == 25)
    }

    @Test func pagingKeysMoveByAScreenAndScroll() async {
        let h = await Harness(source: ScriptedSource(past: Sample.launches(60, upcoming: false))).started()
        await h.press(.character("p"))
        let page = h.state.layout.listHeight  // 20 at 80x24

        await h.press(.pageDown)
        #expect(h.state.past.selection == page - 1, "clamped to the last loaded row…")
        #expect(h.state.past.launches.count == 40, "…which is near the end, so page 2 came in")
        await h.press(.pageDown)
        #expect(h.state.past.selection == 2 * page - 1)
        #expect(h.state.past.scrollTop == page + 1, "the selection sits just above the \"Loading more…\" row, both visible")
        await h.press(.pageUp)
        #expect(h.state.past.selection == page - 1)
        #expect(h.state.past.scrollTop == page - 1)
        await h.press(.character("G"))
        #expect(h.state.past.selection == 59, "End goes to the last loaded row; page 3 loaded on the way")
        #expect(h.state.past.next == nil)
        await h.press(.character("g"))
        #expect(h.state.past.selection == 0)
        await h.press(.up)
        #expect(h.state.past.selection == 0, "moving up from the top stays at the top")
    }

    @Test func resizingKeepsTheSelectionOnScreen() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(20, upcoming: true))).started()
        await h.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"),
                      .character("j"), .character("j"), .character("j"), .character("j"), .character("j"))
        h.viewModel.handle(.resized(width: 80, height: 12))
        let list = h.state.upcoming
        #expect(list.selection >= list.scrollTop && list.selection < list.scrollTop + h.state.layout.listHeight)
    }
}

@Suite("Launch list: segments")
struct SegmentTests {
    @Test func switchingSegmentsLoadsOnceAndKeepsEachPlace() async {
        let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true), past: Sample.launches(30, upcoming: false))
        let h = await Harness(source: source).started()
        await h.press(.down, .down)

        await h.press(.character("p"))
        #expect(h.state.segment == .past)
        #expect(source.requests.last == .init(segment: .past, page: 1))
        #expect(h.state.currentList.launches.first?.name == "Mission 1")
        #expect(h.state.currentList.launches.first?.upcoming == false)

        await h.press(.character("u"))
        #expect(h.state.segment == .upcoming)
        #expect(h.state.upcoming.selection == 2, "the upcoming list kept its selection")
        await h.press(.character("p"))
        #expect(source.requests.count == 2, "switching back does not reload")
    }
}

@Suite("Launch list: errors")
struct ErrorTests {
    @Test func aFailedFirstLoadShowsTheErrorAndRetriesWithR() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.fail(with: .http(status: 500, retryAfter: nil))
        let h = await Harness(source: source).started()

        #expect(h.state.upcoming.status.error == .http(status: 500, retryAfter: nil))
        #expect(h.state.upcoming.launches.isEmpty)
        #expect(h.state.upcoming.status.activity == .idle)

        await h.press(.character("r"))
        #expect(h.state.upcoming.status.error == nil)
        #expect(h.state.upcoming.launches.count == 3)
        #expect(source.requests.map(\.page) == [1, 1])
    }

    @Test func aFailedLoadMoreKeepsTheRowsAndRRetriesThatPage() async {
        let source = ScriptedSource(upcoming: Sample.launches(30, upcoming: true))
        let h = await Harness(source: source).started()
        source.fail(with: .timedOut)
        await h.press(.end)

        #expect(h.state.upcoming.launches.count == 20, "rows already shown stay")
        #expect(h.state.upcoming.status.error == .timedOut)
        #expect(h.state.upcoming.status.errorWasLoadMore)

        await h.press(.up, .down)
        #expect(source.requests.count == 2, "moving does not hammer a failing server")

        await h.press(.character("r"))
        #expect(source.requests.last == .init(segment: .upcoming, page: 2))
        #expect(h.state.upcoming.launches.count == 30)
        #expect(h.state.upcoming.status.error == nil)
    }

    @Test func aFailedRefreshKeepsTheRows() async {
        let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true))
        let h = await Harness(source: source).started()
        source.fail(with: .badData("malformed or truncated JSON"))
        await h.press(.character("r"))

        #expect(h.state.upcoming.launches.count == 5)
        #expect(h.state.upcoming.status.error == .badData("malformed or truncated JSON"))
    }

    @Test func refreshReplacesRowsAndKeepsTheSelectedLaunch() async {
        let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true))
        let h = await Harness(source: source).started()
        await h.press(.down, .down)  // Mission 3
        let fresh = [Launch(id: "new", name: "New", date: Sample.reference, upcoming: true)] + Sample.launches(5, upcoming: true)
        source.replace(upcoming: fresh)
        h.clock.advance(by: 120)
        await h.press(.character("r"))

        #expect(h.state.upcoming.launches.map(\.id).first == "new")
        #expect(h.state.upcoming.selectedLaunch?.name == "Mission 3")
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(120))
    }

    @Test func anAnswerToARequestOlderThanTheLatestRefreshIsDropped() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = await Harness(source: source).started()
        let stale = LaunchPage(launches: [Launch(id: "old", name: "Old", date: nil, upcoming: true)], page: 1, next: nil)
        h.viewModel.handle(.launchesLoaded(ListRequest(id: .segment(.upcoming), page: 1, generation: h.state.upcoming.generation - 1, source: 0, mode: .normal), .success(Fetched(stale))))
        #expect(!h.state.upcoming.launches.contains { $0.id == "old" })
    }
}
