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

@Suite("Rockets: the pager")
struct RocketPagerTests {
    @Test func lAndHMoveThroughTheRocketsAndStopAtTheEnds() async {
        let h = await rocketsTab()
        await h.press(.enter)
        #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0))

        await h.press(.character("l"))
        #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0))
        await h.press(.character("]"), .right)
        #expect(h.state.rocketPage == RocketPageState(index: 2, imageIndex: 0), "each rocket from its first picture")
        await h.press(.character("]"), .character("l"), .right)
        #expect(h.state.rocketPage == RocketPageState(index: 2, imageIndex: 1), "stops at the last rocket, the picture kept")

        await h.press(.character("h"))
        #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0))
        await h.press(.left)
        #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0))
        await h.press(.character("h"), .left)
        #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0), "stops at the first")
        #expect(h.state.routes.count == 1, "the pager replaces the page, it does not stack them")
    }

    @Test func aVisitStartsAtTheTop() async {
        let h = await rocketsTab()
        await h.press(.down, .enter, .down, .down, .down)
        #expect(h.state.rocketPage?.scroll == 3)
        await h.press(.character("l"))
        #expect(h.state.rocketPage?.scroll == 0)
        await h.press(.character("j"), .character("k"), .character("j"))
        #expect(h.state.rocketPage?.scroll == 1)
        await h.press(.character("g"))
        #expect(h.state.rocketPage?.scroll == 0)
    }

    @Test func theGalleryWraps() async {
        let h = await rocketsTab()
        await h.press(.down, .enter)  // Falcon 9, six pictures, starting at 0
        #expect(h.state.rocketPage?.imageIndex == 0)
        await h.press(.character("["))
        #expect(h.state.rocketPage?.imageIndex == 5, "back from the first is the last")
        await h.press(.character("]"))
        #expect(h.state.rocketPage?.imageIndex == 0, "on from the last is the first")
        await h.press(.character("]"), .character("]"))
        #expect(h.state.rocketPage?.imageIndex == 2)
        for _ in 0..<6 { await h.press(.character("]")) }
        #expect(h.state.rocketPage?.imageIndex == 2, "six steps go round once")
        await h.press(.character("["), .character("["), .character("["))
        #expect(h.state.rocketPage?.imageIndex == 5)
        #expect(h.state.rocketPage?.index == 1, "the gallery never changes the rocket")
    }

    @Test func aRocketWithoutPicturesDoesNotCrash() async {
        let h = await rocketsTab(ScriptedSource(rockets: [Rockets.bare, Rockets.falcon1]))
        await h.press(.enter)
        #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0))
        await h.press(.character("]"), .character("["), .character("["), .character("]"), .character("]"))
        #expect(h.state.rocketPage == RocketPageState(index: 0, imageIndex: 0))
        await h.press(.down, .end, .up, .home)
        #expect(h.state.rocketPage?.index == 0)
        await h.press(.character("l"))
        #expect(h.state.rocketPage == RocketPageState(index: 1, imageIndex: 0))
    }

    @Test func escapeGoesBackToTheRocketThePagerEndedOn() async {
        let h = await rocketsTab()
        await h.press(.enter, .character("l"), .character("l"))
        await h.press(.escape)
        #expect(h.state.routes.isEmpty)
        #expect(h.state.screen == .rocketList)
        #expect(h.state.rockets.selection == 2)

        await h.press(.enter, .character("h"), .backspace)
        #expect(h.state.routes.isEmpty)
        #expect(h.state.rockets.selection == 1, "Backspace too")
    }

    @Test func oOpensTheRocketsWikipedia() async {
        let h = await rocketsTab()
        await h.press(.down, .enter, .character("o"))
        #expect(h.browser.urls == [URL(string: "https://en.wikipedia.org/wiki/Falcon_9")!])
        #expect(h.state.notice?.text == "opened https://en.wikipedia.org/wiki/Falcon_9")
        #expect(h.state.notice?.level == .info)

        await h.press(.character("h"), .character("o"))
        #expect(h.browser.urls.last == URL(string: "https://en.wikipedia.org/wiki/Falcon_1")!)
        #expect(h.browser.urls.count == 2)
    }

    @Test func aRocketWithoutWikipediaSaysSo() async {
        let h = await rocketsTab(ScriptedSource(rockets: [Rockets.bare]))
        await h.press(.enter, .character("o"))
        #expect(h.browser.urls.isEmpty)
        #expect(h.state.notice?.text == "this rocket has no Wikipedia link")
        #expect(h.state.notice?.level == .error)
    }
}

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

@Suite("Rockets: the page's words")
struct RocketDocumentTests {
    func values(_ lines: [DetailLine], _ label: String) -> [String] {
        lines.compactMap { line in
            if case .field(label, let value, _) = line { return value }
            return nil
        }
    }

    func tone(_ lines: [DetailLine], _ label: String) -> Tone? {
        for case .field(label, _, let tone) in lines { return tone }
        return nil
    }

    @Test func starshipHasNoBurnTimesAndAnEngineWithoutVersion() {
        let lines = RocketDocument.lines(Rockets.starship, width: 76)
        #expect(values(lines, "Burn time") == ["-", "-"])
        #expect(tone(lines, "Burn time") == .muted)
        #expect(values(lines, "Engines") == ["37", "6"])
        #expect(values(lines, "Fuel") == ["3,300 t", "1,200 t"])
        #expect(values(lines, "Engine") == ["Raptor"], "no trailing version")
        #expect(values(lines, "Landing legs") == ["6, stainless steel"])
        #expect(values(lines, "Status") == ["retired"])
        #expect(values(lines, "Cost/launch") == ["$7M"])
        #expect(values(lines, "Success rate") == ["0%"])
    }

    @Test func falcon1HasNoLandingLegs() {
        let lines = RocketDocument.lines(Rockets.falcon1, width: 76)
        #expect(values(lines, "Landing legs") == ["none"])
        #expect(values(lines, "Status") == ["retired"])
        #expect(tone(lines, "Status") == .muted)
        #expect(values(lines, "Cost/launch") == ["$6.7M"])
        #expect(values(lines, "Success rate") == ["40%"])
        #expect(values(lines, "Fuel") == ["44.3 t", "3.4 t"])
        #expect(values(lines, "Engine") == ["Merlin 1C"])
        #expect(values(lines, "Country") == ["Republic of the Marshall Islands"])
    }

    @Test func falcon9() {
        let lines = RocketDocument.lines(Rockets.falcon9, width: 76)
        #expect(values(lines, "Status") == ["active"])
        #expect(tone(lines, "Status") == .success)
        #expect(values(lines, "Burn time") == ["162 s", "397 s"])
        #expect(values(lines, "Engines") == ["9", "1"])
        #expect(values(lines, "Landing legs") == ["4, carbon fiber"])
        #expect(values(lines, "Engine") == ["Merlin 1D+"])
        #expect(values(lines, "First flight") == ["2010-06-04"])
        #expect(values(lines, "Wikipedia") == ["https://en.wikipedia.org/wiki/Falcon_9"])
        #expect(lines.first == .heading("Overview"))
        #expect(lines.filter { if case .heading = $0 { true } else { false } }
                == [.heading("Overview"), .heading("First stage"), .heading("Second stage"), .heading("More")])
    }

    /// Launch Library 2's figures on the same page: provider, records, GTO, thrust, stages.
    @Test func anLL2RocketShowsItsProviderAndRecords() {
        var rocket = Rocket(id: "ll2-config-161", name: "Falcon Heavy", active: true, heightMeters: 70, payloadToLEOKg: 63_800)
        rocket.origin = .launchLibrary2
        rocket.provider = "SpaceX"
        rocket.payloadToGTOKg = 26_700
        rocket.thrustKN = 22_819
        rocket.stages = 3
        rocket.reusable = true
        rocket.launchRecord = .init(total: 12, successful: 12, failed: 0, pending: 14)
        rocket.landingRecord = .init(attempted: 23, successful: 21, failed: 2)
        let lines = RocketDocument.lines(rocket, width: 76)
        #expect(values(lines, "Provider") == ["SpaceX"])
        #expect(values(lines, "Launches") == ["12 launches: 12 successful, 0 failed · 14 to come"])
        #expect(values(lines, "Landings") == ["21 of 23 landed"])
        #expect(values(lines, "Payload GTO") == ["26,700 kg"])
        #expect(values(lines, "Thrust") == ["22,819 kN"])
        #expect(values(lines, "Stages") == ["3"] && values(lines, "Reusable") == ["yes"])
        #expect(values(lines, "Burn time") == ["-", "-"], "what LL2 does not have is -")
        let imperial = RocketDocument.lines(rocket, width: 76, units: UnitPreferences(payload: .imperial))
        #expect(values(imperial, "Payload GTO") == ["58,863 lb"])
        // The r/SpaceX API's thrust is its first stage's at sea level.
        #expect(values(RocketDocument.lines(Rockets.falcon9, width: 76), "Thrust") == ["7,607 kN"])
    }

    @Test func aBareRocketIsAllDashes() {
        let lines = RocketDocument.lines(Rockets.bare, width: 76)
        let fields = lines.compactMap { line -> (String, String)? in
            if case .field(let label, let value, _) = line { return (label, value) }
            return nil
        }
        #expect(fields.count == 22)
        #expect(fields.allSatisfy { $0.1 == "-" }, "\(fields.filter { $0.1 != "-" })")
        #expect(values(lines, "Engine") == ["-"])
    }

    @Test func longDescriptionsWrapUnderTheirLabel() throws {
        let lines = RocketDocument.lines(Rockets.falcon9, width: 40)
        let start = try #require(lines.firstIndex { if case .field("Description", _, _) = $0 { true } else { false } })
        guard case .field(_, let first, _) = lines[start], case .field(let label, let second, _) = lines[start + 1] else {
            Issue.record("no description lines")
            return
        }
        #expect(first.hasPrefix("Falcon 9 is a"))
        #expect(label == "", "a continued value has no label")
        #expect(!second.isEmpty)
        #expect(first.count <= 40 - LaunchDetailDocument.labelWidth - 1)
    }

    @Test func figuresInEachSystem() {
        let metric = RocketDocument.figures(Rockets.falcon9, units: UnitPreferences())
        #expect(metric.map(\.name) == ["Height", "Diameter", "Mass", "Payload to LEO"])
        #expect(metric.map { "\($0.value) \($0.unit)" } == ["70 m", "3.7 m", "549,054 kg", "22,800 kg"])
        let imperial = RocketDocument.figures(Rockets.falcon9, units: UnitPreferences(height: .imperial, diameter: .imperial,
                                                                                       mass: .imperial, payload: .imperial))
        #expect(imperial.map { "\($0.value) \($0.unit)" } == ["229.7 ft", "12.1 ft", "1,210,457 lb", "50,265 lb"])
        let bare = RocketDocument.figures(Rockets.bare, units: UnitPreferences(mass: .imperial))
        #expect(bare.map { "\($0.value) \($0.unit)" } == ["- m", "- m", "- lb", "- kg"])
    }
}

@Suite("Rocket page: the description beside the picture")
struct RocketSummaryTests {
    static func rocket(_ description: String?) -> Rocket {
        var rocket = Rocket(id: "r", name: "R")
        rocket.description = description
        return rocket
    }

    @Test func aCutDescriptionEndsInAnEllipsis() {
        let text = "Falcon 9 is a two-stage rocket designed and manufactured by SpaceX for the reliable and safe transport of satellites."
        let lines = RocketDocument.summary(Self.rocket(text), width: 20, lines: 3)
        #expect(lines == ["Falcon 9 is a", "two-stage rocket", "designed and…"])
        #expect(lines.allSatisfy { TerminalText.width($0) <= 20 })
    }

    @Test func aLastLineThatIsFullIsCutToMakeRoom() {
        let lines = RocketDocument.summary(Self.rocket("aaaa bbbbb cccc dddd"), width: 5, lines: 2)
        #expect(lines == ["aaaa", "bbbb…"])
    }

    @Test func whatFitsIsLeftAsItIs() {
        #expect(RocketDocument.summary(Self.rocket("A short one."), width: 20, lines: 3) == ["A short one."])
        #expect(RocketDocument.summary(Self.rocket("one two three"), width: 5, lines: 3) == ["one", "two", "three"])
        #expect(RocketDocument.summary(Self.rocket(nil), width: 20, lines: 3) == ["-"])
        #expect(RocketDocument.summary(Self.rocket("anything"), width: 20, lines: 0) == [])
    }
}
