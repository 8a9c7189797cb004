import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A day with the Events tab and an event's detail open while a launch nears T-0, on a scripted
/// clock (issue 27): events are asked hourly and never while the launch is near, the news once,
/// and Launch Library 2's requests (launches and events together) stay inside its free 15 an hour.
@Suite("A day of events and news inside their budgets")
struct EventsBudgetDayTests {
    static let start = Sample.reference
    static let net = start.addingTimeInterval(12 * 3600)

    @Test func aDayOfEventsAndNewsWhileALaunchNearsT0() async {
        let clock = TestClock(Self.start)
        let soon = Launch(origin: .launchLibrary2, id: "soon", name: "Soon", date: Self.net, upcoming: true)
        let later = Launch(origin: .launchLibrary2, id: "later", name: "Later", date: Self.start.addingTimeInterval(3 * 86_400), upcoming: true)
        let source = ScriptedSource(upcoming: [soon, later], past: Sample.ll2Launches(3, upcoming: false), name: "Launch Library 2",
                                    events: [.upcoming: Sample.events(5), .past: Sample.events(3, upcoming: false)])
        let news = ScriptedNews([.event("101"): [Sample.article(1, title: "Docking coverage")]])
        let h = await Harness(source: source, clock: clock, news: news).started()
        await h.press(.character("4"), .enter)   // the Events tab, then the first event's detail
        var events: [Date] = [], ll2: [Date] = []
        var seen = source.requests.count
        var reported = false
        for _ in 0..<(24 * 120) {
            clock.advance(by: 30)
            let now = clock.clock.now()
            if !reported, now >= Self.net.addingTimeInterval(20 * 60) {
                var flown = soon
                flown.upcoming = false
                flown.success = true
                source.replace(upcoming: [flown, later])
                reported = true
            }
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            for request in source.requests.dropFirst(seen) {
                ll2.append(now)
                if case .events = request.kind { events.append(now) }
            }
            seen = source.requests.count
        }
        // Hourly: 23 or 24 refreshes of the one list on screen, never closer than an hour.
        #expect((20...24).contains(events.count), "\(events.count) event requests")
        let gaps = zip(events, events.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(gaps.allSatisfy { $0 >= EventsPlan.interval - 30 }, "\(gaps)")
        // None from an hour before T-0 until the outcome came.
        let near = Self.net.addingTimeInterval(-3600)...Self.net.addingTimeInterval(20 * 60)
        #expect(!events.contains { near.contains($0) }, "\(events.filter { near.contains($0) })")
        // Launch Library 2's free tier: no window of an hour holds more than 15.
        for (i, t) in ll2.enumerated() {
            let window = ll2[i...].prefix { $0.timeIntervalSince(t) < 3600 }
            #expect(window.count <= 15, "\(window.count) requests in the hour from \(t)")
        }
        // The news: once, when the detail opened; a day on screen asks nothing more.
        #expect(news.requests == [.event("101")])
        #expect(h.state.screen == .eventDetail)
    }
}
