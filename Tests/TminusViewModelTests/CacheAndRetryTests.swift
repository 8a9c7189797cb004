import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Start-up from the cache, and retrying by itself")
struct CacheAndRetryTests {
    @Test func withAnEmptyCacheTheFirstPageComesFromTheNetwork() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = await Harness(source: source).started()
        #expect(source.cacheReads.map(\.page) == [1], "the cache is looked at first")
        #expect(source.requests == [.init(segment: .upcoming, page: 1)])
        #expect(h.state.upcoming.launches.count == 3)
    }

    @Test func aFreshCacheIsDrawnAndTheNetworkIsNotAsked() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.cached(at: Sample.reference.addingTimeInterval(-5 * 60))
        let h = await Harness(source: source).started()
        #expect(source.requests.isEmpty)
        #expect(h.state.upcoming.launches.count == 3)
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(-5 * 60))
    }

    @Test func aStaleCacheIsDrawnAtOnceThenRefreshedBehindIt() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.cached(at: Sample.reference.addingTimeInterval(-3 * 3600))
        let h = Harness(source: source)
        h.viewModel.start()
        // Only the cache read has run: its rows are on screen while the refresh is asked for.
        while h.state.upcoming.launches.isEmpty {
            await Task.yield()
            h.viewModel.receiveMail()
        }
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(-3 * 3600))
        #expect(h.state.upcoming.status.activity == .loadingFirst, "the refresh is under way over the cached rows")
        await h.viewModel.settle()
        #expect(source.requests == [.init(segment: .upcoming, page: 1)])
        #expect(h.state.upcoming.status.updatedAt == Sample.reference)
        #expect(h.state.upcoming.status.activity == .idle)
    }

    @Test func aStaleCacheStaysWhenTheRefreshFails() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.cached(at: Sample.reference.addingTimeInterval(-3 * 3600))
        source.fail(with: .transport("no connection"))
        let h = await Harness(source: source).started()
        #expect(h.state.upcoming.launches.count == 3)
        #expect(h.state.upcoming.status.error == .transport("no connection"))
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(-3 * 3600))
    }

    @Test func aFailedListAsksAgainBy5Then10Then20Seconds() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.fail(with: .http(status: 500, retryAfter: nil), times: 3)
        let h = await Harness(source: source).started()
        #expect(h.state.upcoming.status.retryAt == Sample.reference.addingTimeInterval(5))
        #expect(h.viewModel.tickInterval == .seconds(1), "a retry's last minute counts in seconds")

        for (waited, next) in [(5.0, 10.0), (10.0, 20.0)] {
            h.clock.advance(by: waited - 1)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            #expect(source.requests.count == Int(log2(waited / 5)) + 1, "not before its time")
            h.clock.advance(by: 1)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            #expect(h.state.upcoming.status.retryAt == h.clock.clock.now().addingTimeInterval(next))
        }
        h.clock.advance(by: 20)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(source.requests.count == 4)
        #expect(h.state.upcoming.launches.count == 3, "recovered by itself")
        #expect(h.state.upcoming.status.retryAt == nil)
        #expect(h.state.upcoming.status.failures == 0)
        #expect(h.viewModel.tickInterval == .seconds(30))
    }

    @Test func theBackOffStopsGrowingAtFiveMinutes() {
        let now = Sample.reference
        let delays = (1...12).map { RemoteStatus.retryTime(after: .timedOut, failures: $0, now: now)!.timeIntervalSince(now) }
        #expect(delays.prefix(7) == [5, 10, 20, 40, 80, 160, 300])
        #expect(delays.allSatisfy { $0 <= 300 })
    }

    @Test func aRateLimitWaitsAsLongAsTheServerSaid() {
        let now = Sample.reference
        #expect(RemoteStatus.retryTime(after: .rateLimited(source: "LL2", retryAfter: 240), failures: 1, now: now)
                == now.addingTimeInterval(240))
        #expect(RemoteStatus.retryTime(after: .rateLimited(source: "LL2", retryAfter: nil), failures: 1, now: now)
                == now.addingTimeInterval(300))
        #expect(RemoteStatus.retryTime(after: .offline("offline"), failures: 1, now: now) == nil, "--offline: nothing to retry")
        // Issue 36: a 404 (or another 4xx the server would give again) is not asked by itself;
        // a request that never reached the server is, on the usual steps.
        #expect(RemoteStatus.retryTime(after: .refused(source: "LL2", path: "/launcher_configurations/", status: 404), failures: 1, now: now) == nil)
        #expect(RemoteStatus.retryTime(after: .unreached("connection refused"), failures: 1, now: now) == now.addingTimeInterval(5))
        #expect(RemoteStatus.retryTime(after: .unreached("connection refused"), failures: 9, now: now) == now.addingTimeInterval(30),
                "costs nothing: the network's return is noticed within half a minute")
    }

    @Test func aListFromTheCacheBecauseTheNetworkFailedIsRetriedToo() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Sample.reference.addingTimeInterval(-3600), problem: .timedOut)
        await h.press(.character("r"))
        #expect(h.state.upcoming.status.error == .timedOut)
        #expect(h.state.upcoming.status.retryAt == Sample.reference.addingTimeInterval(5))
        h.clock.advance(by: 5)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(h.state.upcoming.status.error == nil)
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(5))
        #expect(source.requests.last?.reload == true, "a failed r is retried past the cache again")
    }

    @Test func rIsStillImmediate() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        source.fail(with: .timedOut)
        let h = await Harness(source: source).started()
        await h.press(.character("r"))
        #expect(h.state.upcoming.launches.count == 3)
        #expect(h.state.upcoming.status.retryAt == nil)
    }

    @Test func unreadableRecordsAreCountedNotFatal() async {
        let spy = UnreadableSource()
        let environment = AppEnvironment(source: spy.source, clock: TestClock().clock, time: LaunchTime(timeZone: .gmt),
                                         openURL: BrowserSpy().open)
        let vm = AppViewModel(environment: environment, mailbox: Mailbox())
        vm.handle(.resized(width: 80, height: 24))
        vm.start()
        await vm.settle()
        #expect(vm.state.upcoming.launches.count == 20)
        #expect(vm.state.upcoming.unreadable == 2)
        vm.handle(.key(.end))
        await vm.settle()
        #expect(vm.state.upcoming.unreadable == 3, "counted over every page shown")
        // A refresh brings the first page alone (the next one waits for a move): 2, not 3 + 2.
        vm.handle(.key(.character("r")))
        await vm.settle()
        #expect(vm.state.upcoming.launches.count == 20)
        #expect(vm.state.upcoming.unreadable == 2, "a refresh counts afresh")
        vm.handle(.key(.end))
        await vm.settle()
        #expect(vm.state.upcoming.launches.count == 25)
        #expect(vm.state.upcoming.unreadable == 3)
    }

    @Test func theRocketsListIsDrawnFromTheCacheFirstToo() async {
        let source = ScriptedSource(rockets: [Sample.falcon9])
        source.cached(at: Sample.reference.addingTimeInterval(-2 * 86_400))
        let h = await Harness(source: source).started()
        await h.press(.character("2"))
        #expect(source.cacheReads.contains(.rockets))
        #expect(source.requests.filter { $0 == .rockets }.count == 1, "two days old: refreshed")
        #expect(h.state.rockets.rockets.map(\.id) == [Sample.falcon9.id])
    }
}

/// A source whose pages say some records could not be read: 2 on page 1, 1 on page 2.
final class UnreadableSource: Sendable {
    var source: LaunchSource {
        LaunchSource(name: "unreadable", launches: { (_, cursor, _) throws(APIError) -> Fetched<LaunchPage> in
            let launches = Sample.launches(cursor.page == 1 ? 20 : 5, upcoming: true, prefix: "Page\(cursor.page)")
            return Fetched(LaunchPage(launches: launches, page: cursor.page, totalDocs: 28,
                                      next: cursor.page == 1 ? PageCursor(page: 2) : nil,
                                      unreadable: cursor.page == 1 ? 2 : 1))
        })
    }
}
