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

    /// tminus's own pace and the server's count, each said as whose it is: never "spent"
    /// beside "15/15 left" with nothing to tell them apart. The own figure grows back with time.
    @Test func theStatusLineSaysTminusOwnPaceThenTheServers() async {
        let clock = TestClock()
        let source = Self.ll2()
        source.reportOwnAllowance(OwnAllowance(tokens: 3.2, at: clock.clock.now(), burst: 5, every: 360))
        let h = await Harness(source: source, clock: clock).started()
        #expect(h.state.ownAllowance?.available(at: clock.clock.now()) == 3)
        func statusLine(_ width: Int) -> String {
            String(Renderer.render(h.state, size: Size(width: width, height: 24)).text.split(separator: "\n", omittingEmptySubsequences: false)[23])
        }
        #expect(statusLine(120).hasSuffix("LL2 3 now · server 12/15 left "), "\(statusLine(120))")
        #expect(statusLine(260).contains("LL2 3 now, then one every 6 min · the server: 12 of 15 left"), "\(statusLine(260))")
        clock.advance(by: 6 * 60)
        await h.press(.character("j"))
        #expect(statusLine(120).contains("LL2 4 now · server"), "\(statusLine(120))")
        // Without the own figure (a source that does not say it), the server's count as before.
        let plain = await Harness(source: Self.ll2()).started()
        let line = String(Renderer.render(plain.state, size: Size(width: 120, height: 24)).text.split(separator: "\n")[23])
        #expect(line.contains("LL2 12/15 left"), "\(line)")
    }

    @Test func aSourceThatReportsNoBudgetIsNeverAsked() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true))
        let h = Harness(source: source)
        #expect(!h.viewModel.start().contains(.fetchAllowance(source: 0)))
        #expect(h.state.allowance == nil)
    }
}
