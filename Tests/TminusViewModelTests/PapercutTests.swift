import Foundation
import Testing
@testable import TminusViewModel
import TminusCore
import TminusTestSupport

/// Small things found while rebuilding the view model, each pinned.
@Suite("Papercuts")
struct PapercutTests {
    @Test func gShowsTheLoadingMoreRow() async {
        let source = ScriptedSource(upcoming: Sample.launches(60, upcoming: true))
        let h = await Harness(source: source).started()
        h.viewModel.handle(.key(.end))
        let list = h.state.upcoming
        #expect(list.status.activity == .loadingMore)
        // The row under the last launch is inside the visible rows.
        #expect(list.launches.count - list.scrollTop < h.state.visibleLaunchRows)
    }

    @Test func escOnAListWithAKeptFilterClearsIt() async {
        let launches = Sample.launches(10, upcoming: true) + [Launch(id: "crew", name: "Crew-5", date: Sample.reference, upcoming: true)]
        let h = await Harness(source: ScriptedSource(upcoming: launches)).started()
        await h.press(.character("/"), .character("C"), .character("r"), .character("e"), .character("w"), .enter)
        #expect(h.state.query(.segment(.upcoming)).text == "Crew")
        #expect(h.state.upcoming.launches.map(\.id) == ["crew"])
        await h.press(.escape)
        #expect(h.state.query(.segment(.upcoming)) == .default)
        #expect(h.state.upcoming.launches.count == 11)
    }

    @Test func rAfterTheRocketsFailedSaysWhyAndAsksAgain() async {
        let source = ScriptedSource(past: Sample.launches(5, upcoming: false), rockets: Sample.Rockets.all)
        let h = await Harness(source: source).started()
        await h.press(.character("p"))
        source.fail(with: .http(status: 404, retryAfter: nil))
        await h.press(.character("R"))
        #expect(h.state.notice?.text == "could not load the rockets to filter by: not found (HTTP 404)")
        #expect(h.state.rocketFilterWaiting == nil, "nothing left waiting")
        await h.press(.character("R"))
        #expect(h.state.query(.segment(.past)).rocket?.name == Sample.Rockets.all.first?.name, "asked again, and chosen")
    }

    /// Issue 37: `loading the rockets to filter by…` stayed on the status line after the filter
    /// applied; rockets that came back empty left `R` waiting for ever.
    @Test func theLoadingWordsGoWhenTheRocketsCome() async {
        let source = ScriptedSource(past: Sample.launches(5, upcoming: false), rockets: Sample.Rockets.all)
        let h = await Harness(source: source).started()
        await h.press(.character("p"))
        await h.press(.character("R"))
        #expect(h.state.query(.segment(.past)).rocket?.name == Sample.Rockets.all.first?.name)
        #expect(h.state.notice?.text != "loading the rockets to filter by…", "\(String(describing: h.state.notice))")

        let empty = await Harness(source: ScriptedSource(past: Sample.launches(5, upcoming: false), rockets: [])).started()
        await empty.press(.character("p"), .character("R"))
        #expect(empty.state.rocketFilterWaiting == nil, "nothing left waiting")
        #expect(empty.state.notice?.text == "no rockets to filter by (see the Rockets tab)")
    }

    @Test func theClockIsReadOncePerEvent() async {
        let clock = TestClock(Sample.reference)
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), clock: clock).started()
        clock.advance(by: 42)
        h.viewModel.handle(.key(.down))
        #expect(h.state.now == Sample.reference.addingTimeInterval(42))
    }
}
