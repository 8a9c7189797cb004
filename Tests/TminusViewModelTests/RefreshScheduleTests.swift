import Foundation
import Synchronization
import Testing
@testable import TminusViewModel
@testable import TminusCore
import TminusTestSupport

/// The refresh scheduler over a simulated day, with a scripted clock: the cadence tightens as
/// the first launch nears T-0, the outcome is asked for after T-0, and no hour spends more
/// than Launch Library 2's free budget.
@Suite("Refresh while open")
struct RefreshScheduleTests {
    static let start = Sample.reference
    static let net = start.addingTimeInterval(12 * 3600)
    static let soon = Launch(id: "soon", name: "Soon", date: net, upcoming: true)
    static let later = Launch(id: "later", name: "Later", date: start.addingTimeInterval(3 * 86_400), upcoming: true)

    /// One simulated day in 30 s ticks; the launch flies at `net` and the source reports the
    /// outcome 20 min later. Returns the clock time of each network request of each list.
    static func simulateDay() async -> (upcoming: [Date], past: [Date], harness: Harness) {
        let clock = TestClock(start)
        let source = ScriptedSource(upcoming: [soon, later], past: Sample.launches(5, upcoming: false), name: "LL2-like")
        let h = await Harness(source: source, clock: clock).started()
        await h.press(.character("p"), .character("u"))   // both lists loaded, Upcoming on screen
        var upcoming: [Date] = [], past: [Date] = []
        var seen = source.requests.count
        var reported = false
        for _ in 0..<(24 * 120) {
            clock.advance(by: 30)
            let now = clock.clock.now()
            if !reported, now >= net.addingTimeInterval(20 * 60) {
                var flown = soon
                flown.upcoming = false
                flown.success = true
                source.replace(upcoming: [flown, later])
                reported = true
            }
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
            for request in source.requests.dropFirst(seen) {
                if request.segment == .upcoming { upcoming.append(now) } else if request.segment == .past { past.append(now) }
            }
            seen = source.requests.count
        }
        return (upcoming, past, h)
    }

    static func gaps(_ times: [Date], in range: ClosedRange<Date>) -> [TimeInterval] {
        let inside = times.filter { range.contains($0) }
        return zip(inside, inside.dropFirst()).map { $1.timeIntervalSince($0) }
    }

    @Test func theCadenceTightensTowardT0AndTheDayStaysInsideTheBudget() async {
        let day = await Self.simulateDay()
        let all = (day.upcoming + day.past).sorted()
        // No hour (any window of 3600 s) asks more than the free tier's 15.
        for (i, t) in all.enumerated() {
            let window = all[i...].prefix { $0.timeIntervalSince(t) < 3600 }
            #expect(window.count <= 15, "\(window.count) requests in the hour from \(t)")
        }
        // Far from T-0: every 15 min.
        let far = Self.gaps(day.upcoming, in: Self.start...Self.net.addingTimeInterval(-2 * 3600))
        #expect(!far.isEmpty && far.allSatisfy { abs($0 - RefreshPlan.upcomingInterval) <= 30 }, "\(far)")
        // The last hour before T-0 and until the outcome: every 5 min.
        let near = Self.gaps(day.upcoming, in: Self.net.addingTimeInterval(-3000)...Self.net.addingTimeInterval(20 * 60))
        #expect(near.count >= 8 && near.allSatisfy { abs($0 - RefreshPlan.nearInterval) <= 30 }, "\(near)")
        // The outcome arrived and the cadence went back to 15 min.
        let after = Self.gaps(day.upcoming, in: Self.net.addingTimeInterval(3600)...Self.start.addingTimeInterval(86_400))
        #expect(!after.isEmpty && after.allSatisfy { abs($0 - RefreshPlan.upcomingInterval) <= 30 }, "\(after)")
        // The past list: once a day (issue 36: it changes little), and not while the launch is near.
        let past = Self.gaps(day.past, in: Self.start...Self.start.addingTimeInterval(86_400))
        #expect(past.allSatisfy { $0 >= RefreshPlan.pastInterval - 30 }, "\(past)")
        #expect(day.past.filter { $0 < Self.start.addingTimeInterval(86_400 - 60) }.count <= 1, "\(day.past)")
        #expect(!day.past.contains { $0 > Self.net.addingTimeInterval(-3000) && $0 < Self.net.addingTimeInterval(20 * 60) })
        // The schedule never runs into Launch Library 2's request governor.
        let time = Mutex(Self.start)
        let governor = RequestGovernor(now: { time.withLock { $0 } })
        let url = URL(string: "https://ll.thespacedevs.com/2.3.0/launches/upcoming/")!
        var heldBack: [Date] = []
        for moment in all {
            time.withLock { $0 = moment }
            if governor.take(from: .launchLibrary2, for: url) != nil { heldBack.append(moment) }
        }
        #expect(heldBack.isEmpty, "the governor would hold back \(heldBack.count) scheduled refreshes, the first at \(heldBack.first.map { "\($0)" } ?? "-")")
        #expect(day.upcoming.count + day.past.count < 15 * 24)
        let flown = day.harness.state.upcoming.launches.first { $0.id == "soon" }
        #expect(flown?.status == .success, "the outcome is on screen")
    }

    @Test func aFrozenSourceIsNeverAskedByItself() async {
        let clock = TestClock(Self.start)
        let source = ScriptedSource(upcoming: [Self.soon], name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: source, clock: clock).started()
        let before = source.requests.count
        for _ in 0..<20 {
            clock.advance(by: 600)
            h.viewModel.handle(.tick)
            await h.viewModel.settle()
        }
        #expect(source.requests.count == before)
        #expect(RefreshPlan.next(h.state) == nil)
    }

    @Test func theNextRefreshIsOnTheScreensClockAndWakesTheLoop() async {
        let clock = TestClock(Self.start)
        let h = await Harness(source: ScriptedSource(upcoming: [Self.later]), clock: clock).started()
        let next = RefreshPlan.next(h.state)
        #expect(next?.at == Self.start.addingTimeInterval(RefreshPlan.upcomingInterval))
        #expect(next?.mode == .normal)
        clock.advance(by: RefreshPlan.upcomingInterval - 10)
        h.viewModel.handle(.tick)
        #expect(h.viewModel.tickInterval.map { $0 <= .seconds(10) } == true, "wakes in time for the refresh")
    }

    @Test func theCadenceWidensAsTheBudgetShrinks() async {
        let clock = TestClock(Self.start)
        let h = await Harness(source: ScriptedSource(upcoming: [Self.later]), clock: clock).started()
        h.viewModel.handle(.allowanceLoaded(.success(RequestAllowance(limit: 15, used: 3))))
        #expect(RefreshPlan.next(h.state)?.at == Self.start.addingTimeInterval(RefreshPlan.upcomingInterval))
        h.viewModel.handle(.allowanceLoaded(.success(RequestAllowance(limit: 15, used: 12))))
        #expect(RefreshPlan.next(h.state)?.at == Self.start.addingTimeInterval(2 * RefreshPlan.upcomingInterval))
        h.viewModel.handle(.allowanceLoaded(.success(RequestAllowance(limit: 15, used: 15, nextUse: 2400))))
        #expect(RefreshPlan.next(h.state)?.at == Self.start.addingTimeInterval(2400))
    }

    /// A launch within the hour before NET keeps its 6-minute cadence on a low budget (the
    /// governor keeps its requests for it), and its refreshes ask the budget to keep the next
    /// one; only an empty budget waits for the server.
    @Test func aNearLaunchKeepsItsCadenceOnALowBudget() async {
        let clock = TestClock(Self.net.addingTimeInterval(-30 * 60))
        let h = await Harness(source: ScriptedSource(upcoming: [Self.soon, Self.later]), clock: clock).started()
        let updated = clock.clock.now()
        h.viewModel.handle(.allowanceLoaded(.success(RequestAllowance(limit: 15, used: 12))))
        #expect(RefreshPlan.next(h.state)?.at == updated.addingTimeInterval(RefreshPlan.nearInterval))
        #expect(RefreshPlan.keep(h.state) == RequestOrigin.Keep(launch: "Soon", for: 2 * RefreshPlan.nearInterval))
        h.viewModel.handle(.allowanceLoaded(.success(RequestAllowance(limit: 15, used: 15, nextUse: 900))))
        #expect(RefreshPlan.next(h.state)?.at == updated.addingTimeInterval(900))
        // A day before, nothing is near: nothing is kept.
        clock.set(Self.net.addingTimeInterval(-86_400))
        h.viewModel.handle(.tick)
        #expect(RefreshPlan.keep(h.state) == nil)
    }
}
