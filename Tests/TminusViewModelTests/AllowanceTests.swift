import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Launch Library 2's budget on the status line: asked at start-up and after list refreshes, at
/// most every 5 minutes, and never in answer to a failure.
@Suite("Request allowance (/api-throttle/)")
struct AllowanceTests {
    static func ll2(reporting allowance: RequestAllowance = RequestAllowance(limit: 15, used: 3)) -> ScriptedSource {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(5), name: "Launch Library 2")
        source.reportAllowance(allowance)
        return source
    }

    @Test func startingAsksOnceAndTheStateHoldsTheAnswer() async {
        let source = Self.ll2()
        let h = await Harness(source: source).started()
        #expect(source.allowanceAsks == 1, "the list's own answer, a moment later, does not ask again")
        #expect(h.state.allowance == RequestAllowance(limit: 15, used: 3))
        #expect(h.state.allowance?.left == 12)
    }

    @Test func aRefreshAsksAgainOnlyFiveMinutesOn() async {
        let clock = TestClock()
        let source = Self.ll2()
        let h = await Harness(source: source, clock: clock).started()
        await h.press(.character("r"))
        #expect(source.allowanceAsks == 1)
        clock.advance(by: 5 * 60)
        source.reportAllowance(RequestAllowance(limit: 15, used: 5))
        await h.press(.character("r"))
        #expect(source.allowanceAsks == 2)
        #expect(h.state.allowance?.left == 10)
    }

    @Test func aRateLimitedRefreshIsNotAnsweredWithARequest() async {
        let clock = TestClock()
        let source = Self.ll2()
        let h = await Harness(source: source, clock: clock).started()
        clock.advance(by: 10 * 60)
        let effects = h.viewModel.handle(.launchesLoaded(
            ListRequest(id: .segment(.upcoming), page: 1, generation: h.state.upcoming.generation, source: 0, mode: .reload),
            .failure(.rateLimited(source: "Launch Library 2", retryAfter: 600))))
        #expect(!effects.contains(.fetchAllowance(source: 0)))
    }

    @Test func aSourceThatReportsNoBudgetIsNeverAsked() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = Harness(source: source)
        #expect(!h.viewModel.start().contains(.fetchAllowance(source: 0)))
        #expect(h.state.allowance == nil)
    }
}
