import Testing
import TminusCore
import TminusTestSupport
import TminusViewModel

/// The bug found in review, one scripted server each: a list that always says there is more
/// (page 1 again, empty pages, `next` pointing on forever or back at itself). Scrolling to the
/// end of Past must cost a few requests, the list must say it has ended, and the clock alone
/// must not make it ask again.
@Suite("Lists whose server always says there is more")
struct EndlessListTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var habit: ListHabit
        var style: PagingStyle
        var testDescription: String { "\(style): \(habit)" }
    }

    static let cases = [
        Case(habit: .repeatsFirstPage, style: .numbered),
        Case(habit: .emptyPagesForever, style: .numbered),
        Case(habit: .neverEnds, style: .linked),
        Case(habit: .repeatsNextURL, style: .linked),
    ]

    /// Requests one `G` may cost: the next page, and one or two more to see that nothing new came.
    static let perKey = 3

    @Test(arguments: cases)
    func scrollingToTheEndOfPastAsksAFewTimesThenStops(_ endless: Case) async {
        let clock = TestClock()
        let server = MisbehavingServer(temperament: .always(endless.habit), clock: clock.clock)
        let app = server.app(styles: [endless.style], clock: clock)
        app.start()
        await app.settle()
        app.handle(.key(.character("p")))
        await app.settle()

        // Honest pages run out after five `G`s at most; then every `G` meets the endless part.
        for press in 1...8 {
            server.beginStep()
            app.handle(.key(.character("G")))
            await app.settle()
            let asked = server.networkRecords.filter { $0.step == server.step }
            #expect(asked.count <= Self.perKey,
                    "G number \(press) cost \(asked.count) requests, the last: \(asked.last.map { "\($0)" } ?? "-")")
            if asked.count > Self.perKey { break }
        }
        // Asked apart from `#expect`, which would print the whole list.
        let past = app.state.past
        let ended = showsItsEnd(past), settled = isSettled(past)
        #expect(ended, "Past still offers more after 8 G: page \(past.next?.page ?? 0) \(past.next?.url?.absoluteString ?? "")")
        #expect(settled, "Past is still \(past.status.activity)")

        // Only the clock from here (100 min): nothing failed, so only the scheduled refreshes of
        // first pages ask (upcoming every 15 min, past every hour); never a page past the first.
        server.beginStep()
        for _ in 0..<10 {
            clock.advance(by: 600)
            app.handle(.tick)
            await app.settle()
        }
        let byItself = server.networkRecords.filter { $0.step == server.step }
        let morePages = byItself.filter { $0.request.page != 1 }
        #expect(morePages.isEmpty, "with only the clock running a list asked past its first page: \(morePages)")
        let pastRefreshes = byItself.filter { $0.request.kind == .launches(.past) }
        #expect(pastRefreshes.count <= 2, "Past refreshed \(pastRefreshes.count) times in 100 min")
    }
}
