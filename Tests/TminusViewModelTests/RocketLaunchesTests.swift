import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Rockets: a rocket's launches")
struct RocketLaunchesTests {
    static let f9 = Rockets.falcon9.id
    static let f9Launches = Sample.launches(45, upcoming: false, prefix: "F9")

    func onFalcon9Page(_ source: ScriptedSource) async -> Harness {
        let h = await rocketsTab(source)
        await h.press(.down, .enter)
        return h
    }

    @Test func lShowsTheRocketsLaunchesAndPaginates() async {
        let source = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), rockets: Rockets.all,
                                    rocketLaunches: [Self.f9: Self.f9Launches])
        let h = await onFalcon9Page(source)
        await h.press(.character("L"))

        #expect(h.state.routes.last == .rocketLaunches(rocketID: Self.f9, rocketName: "Falcon 9"))
        #expect(h.state.screen == .rocketLaunches)
        #expect(h.state.activeListID == .rocket(Self.f9))
        #expect(source.requests.last == .rocketLaunches(Self.f9, page: 1))
        let list = h.state.list(.rocket(Self.f9))
        #expect(list.launches.map(\.name) == (1...20).map { "F9 \($0)" })
        #expect(list.next?.page == 2)
        #expect(list.totalDocs == 45)
        #expect(h.state.upcoming.launches.count == 3, "the Launches tab's lists are untouched")

        for _ in 0..<14 { h.viewModel.handle(.key(.down)) }
        #expect(source.requests.count == 3, "not yet within 5 rows of the end")
        h.viewModel.handle(.key(.down))
        #expect(h.state.list(.rocket(Self.f9)).status.activity == .loadingMore)
        await h.viewModel.settle()
        #expect(source.requests.last == .rocketLaunches(Self.f9, page: 2))
        #expect(h.state.list(.rocket(Self.f9)).launches.count == 40)

        for _ in 0..<5 { await h.press(.end) }
        #expect(h.state.list(.rocket(Self.f9)).launches.map(\.id) == Self.f9Launches.map(\.id))
        #expect(h.state.list(.rocket(Self.f9)).next == nil)
        #expect(h.state.list(.rocket(Self.f9)).selection == 44)
        #expect(source.requests.filter { $0.kind == .rocketLaunches(rocketID: Self.f9) }.map(\.page) == [1, 2, 3],
                "no request past the last page")
    }

    @Test func enterOpensALaunchAndEscapeWalksBack() async {
        let source = ScriptedSource(rockets: Rockets.all, rocketLaunches: [Self.f9: Self.f9Launches])
        let h = await onFalcon9Page(source)
        await h.press(.character("L"), .down, .down, .enter)
        #expect(h.state.detail?.launch.name == "F9 3")
        #expect(h.state.screen == .launchDetail)

        await h.press(.escape)
        #expect(h.state.routes.last == .rocketLaunches(rocketID: Self.f9, rocketName: "Falcon 9"))
        #expect(h.state.list(.rocket(Self.f9)).selection == 2, "back on the launch it opened")
        await h.press(.escape)
        #expect(h.state.rocketPage?.index == 1, "back on Falcon 9's page")
        #expect(h.state.routes.count == 1)
        await h.press(.escape)
        #expect(h.state.routes.isEmpty)
        #expect(h.state.rockets.selection == 1)
    }

    @Test func showingTheLaunchesAgainDoesNotReload() async {
        let source = ScriptedSource(rockets: Rockets.all, rocketLaunches: [Self.f9: Self.f9Launches])
        let h = await onFalcon9Page(source)
        await h.press(.character("L"), .down, .backspace, .character("L"))
        #expect(source.requests.filter { $0.kind == .rocketLaunches(rocketID: Self.f9) }.count == 1)
        #expect(h.state.list(.rocket(Self.f9)).selection == 1, "and it kept its place")
    }

    @Test func eachRocketHasItsOwnList() async {
        let f1 = Rockets.falcon1.id
        let source = ScriptedSource(rockets: Rockets.all, rocketLaunches: [
            Self.f9: Self.f9Launches, f1: Sample.launches(5, upcoming: false, prefix: "F1"),
        ])
        let h = await onFalcon9Page(source)
        await h.press(.character("L"), .escape, .character("h"), .character("L"))
        #expect(h.state.routes.last == .rocketLaunches(rocketID: f1, rocketName: "Falcon 1"))
        #expect(source.requests.last == .rocketLaunches(f1, page: 1))
        #expect(h.state.list(.rocket(f1)).launches.map(\.name) == ["F1 1", "F1 2", "F1 3", "F1 4", "F1 5"])
        #expect(h.state.list(.rocket(Self.f9)).launches.count == 20)
    }

    @Test func aFailedLoadIsRetriedWithR() async {
        let source = ScriptedSource(rockets: Rockets.all, rocketLaunches: [Self.f9: Self.f9Launches])
        let h = await onFalcon9Page(source)
        source.fail(with: .http(status: 500, retryAfter: nil))
        await h.press(.character("L"))
        #expect(h.state.list(.rocket(Self.f9)).status.error == .http(status: 500, retryAfter: nil))
        #expect(h.state.list(.rocket(Self.f9)).launches.isEmpty)

        await h.press(.character("r"))
        #expect(h.state.list(.rocket(Self.f9)).status.error == nil)
        #expect(h.state.list(.rocket(Self.f9)).launches.count == 20)
        #expect(source.requests.suffix(2) == [.rocketLaunches(Self.f9, page: 1), .rocketLaunches(Self.f9, page: 1)])
    }

    @Test func aRocketWithoutLaunchesIsAnEmptyList() async {
        let source = ScriptedSource(rockets: Rockets.all)
        let h = await rocketsTab(source)
        await h.press(.character("G"), .enter, .character("L"))
        let list = h.state.list(.rocket(Rockets.starship.id))
        #expect(list.status.hasLoadedOnce)
        #expect(list.launches.isEmpty)
        #expect(list.next == nil)
        await h.press(.down, .enter)
        #expect(h.state.screen == .rocketLaunches, "nothing to open")
    }
}
