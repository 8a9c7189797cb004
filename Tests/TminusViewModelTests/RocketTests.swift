import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

typealias Rockets = Sample.Rockets

/// The Rockets tab opened (and loaded) over the three sample rockets.
func rocketsTab(_ source: ScriptedSource = ScriptedSource(rockets: Rockets.all), height: Int = 24,
                preferences: PreferencesStore = .inMemory()) async -> Harness {
    let h = await Harness(source: source, height: height, preferences: preferences).started()
    await h.press(.character("2"))
    return h
}

@Suite("Rockets: the list")
struct RocketListTests {
    @Test func twoLoadsTheRocketsOnce() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: Rockets.all)
        let h = await Harness(source: source).started()
        #expect(h.state.rockets.status.hasLoadedOnce == false)
        #expect(source.requests == [.init(segment: .upcoming, page: 1)], "nothing asked for rockets before the tab opens")

        h.viewModel.handle(.key(.character("2")))
        #expect(h.state.tab == .rockets)
        #expect(h.state.screen == .rocketList)
        #expect(h.state.rockets.status.isLoading)
        await h.viewModel.settle()

        #expect(source.requests == [.init(segment: .upcoming, page: 1), .rockets])
        #expect(h.state.rockets.rockets.map(\.name) == ["Falcon 1", "Falcon 9", "Starship"])
        #expect(!h.state.rockets.status.isLoading)
        #expect(h.state.rockets.status.hasLoadedOnce)
        #expect(h.state.rockets.status.error == nil)
        #expect(h.state.rockets.status.updatedAt == Sample.reference)
        #expect(h.state.rockets.selection == 0)

        await h.press(.character("1"), .character("2"), .tab, .backTab, .backTab, .character("2"))
        #expect(h.state.tab == .rockets)
        #expect(source.requests.filter { $0 == .rockets }.count == 1, "switching away and back does not reload")
        #expect(source.requests.count == 2)
    }

    @Test func enterOnAFilterBeforeTheRocketsComeSaysSoAndKeepsTheFilter() async {
        let h = await Harness(source: ScriptedSource(rockets: Rockets.all)).started()
        for key: Key in [.character("2"), .character("/"), .character("9"), .enter] { h.viewModel.handle(.key(key)) }
        #expect(h.state.rockets.status.isLoading)
        #expect(h.state.routes.isEmpty, "nothing to open yet")
        #expect(h.state.notice?.text.contains("still loading") == true, "\(String(describing: h.state.notice))")
        await h.viewModel.settle()
        #expect(h.state.rockets.filter == "9")
        #expect(h.state.rockets.rockets.map(\.name) == ["Falcon 9"])
    }

    @Test func aFailedLoadShowsTheErrorAndRRetries() async {
        let source = ScriptedSource(rockets: Rockets.all)
        let h = await Harness(source: source).started()
        source.fail(with: .http(status: 503, retryAfter: nil))
        await h.press(.character("2"))

        #expect(h.state.rockets.status.error == .http(status: 503, retryAfter: nil))
        #expect(h.state.rockets.rockets.isEmpty)
        #expect(!h.state.rockets.status.isLoading)
        #expect(!h.state.rockets.status.hasLoadedOnce)
        await h.press(.enter)
        #expect(h.state.routes.isEmpty, "nothing to open")

        await h.press(.character("r"))
        #expect(h.state.rockets.status.error == nil)
        #expect(h.state.rockets.rockets.map(\.id) == Rockets.all.map(\.id))
        #expect(source.requests.filter { $0 == .rockets }.count == 2)
    }

    @Test func aFailedRefreshKeepsTheRowsAndARefreshKeepsTheSelectedRocket() async {
        let source = ScriptedSource(rockets: Rockets.all)
        let h = await rocketsTab(source)
        await h.press(.down, .down)  // Starship
        source.fail(with: .timedOut)
        await h.press(.character("r"))
        #expect(h.state.rockets.status.error == .timedOut)
        #expect(h.state.rockets.rockets.count == 3, "rows already shown stay")
        #expect(h.state.rockets.selection == 2)

        source.replace(rockets: [Rockets.falcon9, Rockets.starship, Rockets.falcon1])
        h.clock.advance(by: 60)
        await h.press(.character("r"))
        #expect(h.state.rockets.rockets.map(\.name) == ["Falcon 9", "Starship", "Falcon 1"])
        #expect(h.state.rockets.selection == 1, "still on Starship")
        #expect(h.state.rockets.status.updatedAt == Sample.reference.addingTimeInterval(60))
    }

    @Test func selectionMovesAndClamps() async {
        let h = await rocketsTab()
        await h.press(.down)
        #expect(h.state.rockets.selection == 1)
        await h.press(.character("j"), .down, .down, .character("j"))
        #expect(h.state.rockets.selection == 2, "stops on the last rocket")
        await h.press(.up)
        #expect(h.state.rockets.selection == 1)
        await h.press(.character("k"), .up, .character("k"))
        #expect(h.state.rockets.selection == 0, "stops on the first")
        await h.press(.character("G"))
        #expect(h.state.rockets.selection == 2)
        await h.press(.home)
        #expect(h.state.rockets.selection == 0)
        await h.press(.end)
        #expect(h.state.rockets.selection == 2)
        await h.press(.character("g"))
        #expect(h.state.rockets.selection == 0)
        #expect(h.state.upcoming.selection == 0, "the launch list did not move")
    }

    @Test func enterOpensThePageAtTheSelectionOnItsFirstPicture() async {
        let h = await rocketsTab()
        await h.press(.down, .enter)
        #expect(h.state.routes == [.rocketPage(RocketPageState(index: 1, imageIndex: 0))])
        #expect(h.state.screen == .rocketPage)
        #expect(h.state.rocketPage.flatMap { h.state.rocket(at: $0) }?.name == "Falcon 9")
        // The gallery moved on, then back out and in again: the first picture again.
        await h.press(.character("]"), .character("]"))
        #expect(h.state.rocketPage?.imageIndex == 2)
        await h.press(.escape, .enter)
        #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0), "image 1/6 on every visit")
    }
}
