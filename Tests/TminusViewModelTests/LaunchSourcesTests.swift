import Foundation
import Testing
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch sources: paging by next, S, cached answers, the stale-data hint")
struct LaunchSourcesTests {
    static func ll2(_ count: Int = 45, past: Int = 0, details: [String: Launch] = [:]) -> ScriptedSource {
        ScriptedSource(upcoming: Sample.ll2Launches(count), past: Sample.ll2Launches(past, upcoming: false),
                       details: details, name: "Launch Library 2")
    }

    @Test func theNextPageIsTheLinkThePreviousPageGave() async {
        let source = Self.ll2(45)
        let h = await Harness(source: source).started()
        await h.press(.end)
        await h.press(.end)
        let requests = source.requests
        #expect(requests.map(\.page) == [1, 2, 3])
        #expect(requests[0].url == nil, "a first page has no link to follow")
        #expect(requests[1].url == ScriptedSource.nextURL(.launches(.upcoming), page: 2))
        #expect(requests[2].url == ScriptedSource.nextURL(.launches(.upcoming), page: 3))
        #expect(h.state.upcoming.launches.count == 45)
        #expect(h.state.upcoming.next == nil)
    }

    @Test func onlyTheUsersRefreshGoesPastTheCache() async {
        let source = Self.ll2(5)
        let h = await Harness(source: source).started()
        await h.press(.character("r"))
        #expect(source.requests.map(\.reload) == [false, true])
    }

    @Test func aCachedAnswerShowsItsAgeAndWhyTheNetworkWasNotUsed() async {
        let clock = TestClock()
        let source = Self.ll2(5)
        let limited = APIError.rateLimited(source: "Launch Library 2", retryAfter: 180)
        let h = await Harness(source: source, clock: clock).started()
        #expect(h.state.upcoming.status.error == nil)

        clock.advance(by: 25 * 60)
        source.serveStale(fetchedAt: Sample.reference.addingTimeInterval(-5 * 60), problem: limited)
        await h.press(.character("r"))
        #expect(h.state.upcoming.launches.count == 5, "the cached rows stay on screen")
        #expect(h.state.upcoming.status.error == limited)
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(-5 * 60))
        #expect(limited.message == "rate limited by Launch Library 2, retry in 3 min")
    }

    @Test func aLoadMoreFromTheCacheMakesTheListAsOldAsItsOldestPage() async {
        let source = Self.ll2(45)
        let h = await Harness(source: source).started()
        source.serveStale(fetchedAt: Sample.reference.addingTimeInterval(-3600))
        await h.press(.end)
        #expect(h.state.upcoming.launches.count == 40)
        #expect(h.state.upcoming.status.updatedAt == Sample.reference.addingTimeInterval(-3600))
    }

    /// Issue 37: offline, `S` changed only the status line (both sources showed the archive),
    /// and nothing said why. The switch says what the other source shows offline.
    @Test func sOfflineSaysWhatTheOtherSourceShows() async {
        let spacex = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: spacex, alternatives: [Self.ll2(3)], offline: true).started()
        await h.press(.character("S"))
        #expect(h.state.notice?.text == "source: Launch Library 2 — offline: its cache, else the built-in archive")
    }

    @Test func sSwitchesSourceAndEachKeepsItsLists() async {
        let spacex = ScriptedSource(upcoming: Sample.launches(30, upcoming: true), name: "r/SpaceX API", isFrozen: true)
        let ll2 = Self.ll2(25)
        let h = await Harness(source: spacex, alternatives: [ll2]).started()
        await h.press(.down, .down)
        #expect(h.state.sourceName == "r/SpaceX API")

        await h.press(.character("S"))
        #expect(h.state.sourceName == "Launch Library 2")
        #expect(h.state.notice?.text == "source: Launch Library 2")
        #expect(h.state.upcoming.launches.first?.id == "ll2-1")
        #expect(h.state.upcoming.selection == 0)
        #expect(ll2.requests == [.init(segment: .upcoming, page: 1)])

        await h.press(.character("S"))
        #expect(h.state.sourceName == "r/SpaceX API")
        #expect(h.state.upcoming.launches.first?.id == "mission-1")
        #expect(h.state.upcoming.selection == 2, "back where the user was")
        #expect(spacex.requests == [.init(segment: .upcoming, page: 1)], "switching back asks for nothing")
    }

    @Test func anAnswerForTheSourceSwitchedAwayFromIsDropped() async {
        let spacex = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API")
        let ll2 = Self.ll2(3)
        let h = Harness(source: spacex, alternatives: [ll2])
        h.viewModel.start()          // SpaceX's first page is in flight…
        h.viewModel.handle(.key(.character("S")))  // …when the user switches.
        await h.viewModel.settle()
        #expect(h.state.upcoming.launches.map(\.id) == ["ll2-1", "ll2-2", "ll2-3"])
        await h.press(.character("S"))
        #expect(h.state.upcoming.launches.map(\.id) == ["mission-1", "mission-2", "mission-3"],
                "the dropped load starts again when its list comes back")
    }

    @Test func sClosesTheLaunchDetailOfTheOtherSource() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)),
                              alternatives: [Self.ll2(3)]).started()
        await h.press(.enter)
        #expect(h.state.screen == .launchDetail)
        await h.press(.character("2"), .character("S"))
        #expect(h.state.tab == .launches)
        #expect(h.state.screen == .launchList)
    }

    @Test func withOneSourceSSaysSo() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API")).started()
        await h.press(.character("S"))
        #expect(h.state.notice?.text == "r/SpaceX API is the only source")
        #expect(h.state.notice?.level == .error)
    }

    @Test func aFrozenSourceWhoseUpcomingLaunchesAreAllPastIsCalledStale() async {
        let clock = TestClock()
        let spacex = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: spacex, alternatives: [Self.ll2(3)], clock: clock).started()
        #expect(!h.state.upcomingIsStale, "launches a day ahead are not stale")
        clock.advance(by: 4 * 86_400)
        h.viewModel.handle(.tick)
        #expect(h.state.upcomingIsStale)
        await h.press(.character("S"))
        #expect(!h.state.upcomingIsStale, "Launch Library 2 is live")
    }

    @Test func aFrozenSourceIsNotStaleWithoutAnotherSourceToOffer() async {
        let clock = TestClock()
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true), isFrozen: true),
                              clock: clock).started()
        clock.advance(by: 4 * 86_400)
        h.viewModel.handle(.tick)
        #expect(!h.state.upcomingIsStale)
    }
}

@Suite("Launch Library 2 statuses")
struct SourceStatusTests {
    /// The word, what it means, and its tone: GO, TBD, HOLD and IN FLIGHT each look different.
    @Test(arguments: [
        (Sample.go, "GO", LaunchStatus.upcoming, Tone.upcoming),
        (Sample.tbd, "TBD", .upcoming, .undecided),
        (Sample.success, "SUCCESS", .success, .success),
        (Sample.failure, "FAILURE", .failure, .failure),
        (SourceStatus(id: 7, name: "Launch was a Partial Failure", abbrev: "Partial Failure"), "PARTIAL FAILURE", .failure, .failure),
        (Sample.hold, "HOLD", .other, .warning),
        (Sample.inFlight, "IN FLIGHT", .other, .active),
        (SourceStatus(id: 8, name: "To Be Confirmed", abbrev: "TBC"), "TBC", .upcoming, .undecided),
        // 2.0.0: no abbrev, the name is the short word.
        (SourceStatus(id: 6, name: "In Flight"), "IN FLIGHT", .other, .active),
        // An id this version does not know: read the words.
        (SourceStatus(id: 99, name: "Launch Failure (new)"), "LAUNCH FAILURE (NEW)", .failure, .failure),
        (SourceStatus(id: nil, name: "Go"), "GO", .upcoming, .upcoming),
        (SourceStatus(id: nil, name: "TBD"), "TBD", .upcoming, .undecided),
        (SourceStatus(id: nil, name: "On Hold"), "ON HOLD", .other, .warning),
        (SourceStatus(id: nil, name: "In Flight"), "IN FLIGHT", .other, .active),
        (SourceStatus(id: nil, name: "Scrubbed"), "SCRUBBED", .other, .warning),
    ])
    func eachStatusHasItsWordAndColour(status: SourceStatus, word: String, meaning: LaunchStatus, tone: Tone) {
        var launch = Sample.ll2Launches(1)[0]
        launch.sourceStatus = status
        #expect(launch.statusWord == word)
        #expect(launch.status == meaning)
        #expect(launch.statusTone == tone)
    }

    /// Without a status of its own (the r/SpaceX API), the tone is what the status means.
    @Test func withoutASourceStatusTheToneIsTheMeaning() {
        for launch in [Sample.launches(1, upcoming: true)[0], Sample.falconSat] {
            #expect(launch.sourceStatus == nil)
            #expect(launch.statusTone == launch.status.tone)
        }
    }

    @Test func theDetailColoursTheStatusTheSameWay() {
        var launch = Sample.ll2Launches(1)[0]
        launch.sourceStatus = Sample.tbd
        let lines = LaunchDetailDocument.lines(for: launch, time: LaunchTime(timeZone: .gmt), now: Sample.reference, width: 76)
        #expect(lines.contains { if case .field("Status", _, .undecided) = $0 { true } else { false } })
    }
}
