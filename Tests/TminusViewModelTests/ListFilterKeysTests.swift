import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch list: `F` outcome, `R` rocket, `W` webcast filters")
struct ListFilterKeysTests {
    /// Twelve past launches: every third failed, every fourth on Falcon 1 (the rest Falcon 9),
    /// the even ones with a webcast.
    static var past: [Launch] {
        var launches = Sample.launches(12, upcoming: false)
        for i in launches.indices {
            launches[i].success = i % 3 != 2
            launches[i].rocket = .object(i % 4 == 0 ? Sample.Rockets.falcon1 : Sample.Rockets.falcon9)
            launches[i].links.webcast = i % 2 == 0 ? URL(string: "https://youtu.be/\(i)") : nil
        }
        return launches
    }

    var pastID: ListID { .segment(.past) }

    func startedOnPast() async -> Harness {
        let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true), past: Self.past, rockets: Sample.Rockets.all)
        let h = await Harness(source: source).started()
        await h.press(.character("p"))
        return h
    }

    /// `n` / `N` (issue 25): through the rows whose name holds the `/` text, round the rows
    /// at hand, saying when they wrap; without a text they say what to do first.
    @Test func nAndCapitalNGoThroughTheMatchesAndWrap() async {
        let h = await startedOnPast()
        await h.press(.character("n"))
        #expect(h.state.notice?.text == "nothing to match: / first, then n and N go through the matches")
        await h.press(.character("/"), .character("1"), .enter)
        let names = h.state.past.launches.map(\.name)
        #expect(names.count >= 3 && names.allSatisfy { $0.contains("1") }, "\(names)")
        #expect(h.state.past.selection == 0)
        await h.press(.character("n"))
        #expect(h.state.past.selection == 1)
        await h.press(.character("N"), .character("N"))
        #expect(h.state.past.selection == names.count - 1, "N from the first wraps to the last")
        #expect(h.state.notice?.text == "from the bottom")
        await h.press(.character("n"))
        #expect(h.state.past.selection == 0)
        #expect(h.state.notice?.text == "from the top")
    }

    @Test func fCyclesTheOutcomeAndAsksTheServer() async {
        let h = await startedOnPast()
        await h.press(.character("F"))
        #expect(h.state.query(pastID).outcome == .success)
        #expect(h.source.requests.last?.query == ListQuery(outcome: .success))
        #expect(!h.state.past.launches.isEmpty && h.state.past.launches.allSatisfy { $0.success == true })
        await h.press(.character("F"))
        #expect(h.state.query(pastID).outcome == .failure)
        #expect(h.source.requests.last?.query == ListQuery(outcome: .failure))
        #expect(h.state.past.launches.map(\.id) == Self.past.filter { $0.success == false }.map(\.id))
        let asked = h.source.requests.count
        await h.press(.character("F"))
        #expect(h.state.query(pastID) == .default)
        #expect(h.state.past.launches.map(\.id) == Self.past.map(\.id))
        #expect(h.source.requests.count == asked, "the unfiltered list was kept")
    }

    @Test func fOnUpcomingSaysThereIsNoOutcomeYet() async {
        let source = ScriptedSource(upcoming: Sample.launches(5, upcoming: true))
        let h = await Harness(source: source).started()
        await h.press(.character("F"))
        #expect(h.state.query(.segment(.upcoming)) == .default)
        #expect(h.state.notice?.text.contains("no outcome") == true)
    }

    @Test func wTogglesHasWebcast() async {
        let h = await startedOnPast()
        await h.press(.character("W"))
        #expect(h.state.query(pastID).hasWebcast)
        #expect(h.source.requests.last?.query == ListQuery(hasWebcast: true))
        #expect(h.state.past.launches.map(\.id) == Self.past.filter { $0.links.webcast != nil }.map(\.id))
        await h.press(.character("W"))
        #expect(h.state.query(pastID) == .default)
    }

    @Test func rLoadsTheRocketsOnDemandThenCyclesThem() async {
        let h = await startedOnPast()
        #expect(!h.source.requests.contains(where: { $0.kind == .rockets }))
        await h.press(.character("R"))
        #expect(h.source.requests.contains(where: { $0.kind == .rockets }), "asked for the rockets")
        let names = Sample.Rockets.all.map(\.name)
        #expect(h.state.query(pastID).rocket?.name == names.first, "the press that asked takes effect when they arrive")
        for name in names.dropFirst() {
            await h.press(.character("R"))
            #expect(h.state.query(pastID).rocket?.name == name)
        }
        #expect(h.source.requests.last?.query.rocket?.id == Sample.Rockets.all.last?.id)
        await h.press(.character("R"))
        #expect(h.state.query(pastID).rocket == nil, "back to any rocket")
    }

    @Test func rFiltersTheRowsByRocket() async {
        let h = await startedOnPast()
        await h.press(.character("R"))
        #expect(h.state.query(pastID).rocket == .init(id: Sample.Rockets.falcon1.id, name: "Falcon 1"))
        #expect(h.state.past.launches.map(\.id) == Self.past.filter { $0.rocket?.object?.id == Sample.Rockets.falcon1.id }.map(\.id))
    }

    @Test func filtersCombineAndEachCombinationIsItsOwnList() async {
        let h = await startedOnPast()
        await h.press(.character("R"))   // Falcon 1, once the rockets are in
        await h.press(.character("F"), .character("F"))   // failure
        await h.press(.character("W"))
        let query = h.state.query(pastID)
        #expect(query == ListQuery(outcome: .failure, rocket: .init(id: Sample.Rockets.falcon1.id, name: "Falcon 1"), hasWebcast: true))
        #expect(h.source.requests.last?.query == query)
        let expected = Self.past.filter {
            $0.success == false && $0.rocket?.object?.id == Sample.Rockets.falcon1.id && $0.links.webcast != nil
        }
        #expect(h.state.past.launches.map(\.id) == expected.map(\.id))
        // Off and on again: the list kept for the combination comes back without a request.
        let asked = h.source.requests.count
        await h.press(.character("W"), .character("W"))
        #expect(h.state.query(pastID) == query)
        #expect(h.source.requests.count == asked, "both combinations were kept: no request")
        #expect(h.state.otherQueryLists[pastID]?.count ?? 0 >= 3)
    }

    @Test func theNameFilterKeepsTheOtherFilters() async {
        let h = await startedOnPast()
        await h.press(.character("F"))
        await h.press(.character("/"), .character("M"), .enter)
        #expect(h.state.query(pastID) == ListQuery(text: "M", outcome: .success))
        await h.press(.character("/"), .escape)
        #expect(h.state.query(pastID) == ListQuery(outcome: .success))
    }

    @Test func switchingTheSourceClearsTheFilters() async {
        let source = ScriptedSource(past: Self.past)
        let other = ScriptedSource(past: Self.past)
        let h = await Harness(source: source, alternatives: [other]).started()
        await h.press(.character("p"), .character("F"), .character("W"))
        await h.press(.character("S"))
        #expect(h.state.query(pastID) == .default)
    }
    /// Launch Library 2's catalogue is hundreds of rockets long: `R` cycles through the ones the
    /// rows fly, most launches first, and asks for no rockets at all.
    @Test func aLongCatalogueSourceCyclesTheRocketsOfTheRowsAtHand() async {
        func row(_ id: String, rocket: String, name: String) -> Launch {
            var launch = Launch(origin: .launchLibrary2, id: id, name: id, date: Date(timeIntervalSince1970: 1_700_000_000),
                                upcoming: false, success: true)
            var r = Rocket(id: rocket, name: name)
            r.origin = .launchLibrary2
            launch.rocket = .object(r)
            return launch
        }
        let rows = [row("a", rocket: "ll2-config-1", name: "Electron"), row("b", rocket: "ll2-config-2", name: "Falcon 9"),
                    row("c", rocket: "ll2-config-2", name: "Falcon 9"), row("d", rocket: "ll2-config-3", name: "Ariane 6")]
        let source = ScriptedSource(past: rows, name: "Launch Library 2", rocketFilterChoices: .rowsAtHand)
        let h = await Harness(source: source).started()
        await h.press(.character("p"), .character("R"))
        #expect(h.state.query(pastID).rocket == .init(id: "ll2-config-2", name: "Falcon 9"))
        #expect(h.state.past.launches.map(\.id) == ["b", "c"])
        await h.press(.character("R"))
        #expect(h.state.query(pastID).rocket?.name == "Ariane 6", "then by name among equals")
        await h.press(.character("R"), .character("R"))
        #expect(h.state.query(pastID).rocket == nil, "Electron, then any again")
        #expect(source.requests.allSatisfy { $0.kind != .rockets }, "no catalogue asked for")
        await h.press(.character("W"))
        #expect(h.state.query(pastID).hasWebcast)
        #expect(h.state.notice?.text == "webcast: a video listed or live now (as Launch Library 2 knows)")
    }

    @Test func aRocketsOwnListHasNoRocketFilter() async {
        let rocket = Sample.Rockets.falcon9
        let source = ScriptedSource(rockets: [rocket], rocketLaunches: [rocket.id: Self.past])
        let h = await Harness(source: source).started()
        await h.press(.character("2"), .enter, .character("L"))
        await h.press(.character("R"))
        #expect(h.state.query(.rocket(rocket.id)).rocket == nil)
        await h.press(.character("F"), .character("W"))
        #expect(h.state.query(.rocket(rocket.id)) == ListQuery(outcome: .success, hasWebcast: true))
        #expect(h.source.requests.last?.query == ListQuery(outcome: .success, hasWebcast: true))
        #expect(h.state.list(.rocket(rocket.id)).launches.allSatisfy { $0.success == true && $0.links.webcast != nil })
    }
}
