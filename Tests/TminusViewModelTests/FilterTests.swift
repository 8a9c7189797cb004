import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

@Suite("Launch list: `/` filter by name and `s` sort")
struct FilterTests {
    /// Six upcoming launches, three of them crewed, one with an accent.
    static var upcoming: [Launch] {
        var launches = Sample.launches(6, upcoming: true)
        launches[1].name = "Crew-5"
        launches[3].name = "Démo Crew Flight"
        launches[4].name = "Starlink 4-36"
        launches[5].name = "CREW Dragon"
        return launches
    }

    /// The six, then twenty more: more than a page, so the list is not whole and a filter is
    /// asked of the server (a whole list is filtered here: `aWholeUpcomingList…`).
    static var paged: [Launch] {
        Self.upcoming + Sample.launches(26, upcoming: true).dropFirst(6)
    }

    func started(_ source: ScriptedSource = ScriptedSource(upcoming: Self.paged)) async -> Harness {
        await Harness(source: source).started()
    }

    func type(_ h: Harness, _ text: String) async {
        for character in text { await h.press(.character(character)) }
    }

    var upcomingID: ListID { .segment(.upcoming) }

    @Test func typingFiltersTheLoadedRowsAtOnceWithoutARequest() async {
        let h = await started()
        await h.press(.character("/"))
        #expect(h.state.filterInput?.list == upcomingID)
        await type(h, "crew")
        #expect(h.state.filterInput?.text == "crew")
        #expect(h.state.upcoming.launches.map(\.name) == ["Crew-5", "Démo Crew Flight", "CREW Dragon"])
        #expect(h.source.requests.count == 1, "the server is asked only after the pause")
    }

    @Test func matchingIgnoresCaseAndAccents() async {
        let h = await started()
        await h.press(.character("/"))
        await type(h, "DEMO")
        #expect(h.state.upcoming.launches.map(\.name) == ["Démo Crew Flight"])
    }

    @Test func backspaceWidensTheFilterAgain() async {
        let h = await started()
        await h.press(.character("/"))
        await type(h, "crewx")
        #expect(h.state.upcoming.launches.isEmpty)
        await h.press(.backspace)
        #expect(h.state.filterInput?.text == "crew")
        #expect(h.state.upcoming.launches.count == 3)
    }

    @Test func keysGoToTheInputWhileItIsOpen() async {
        let h = await started()
        await h.press(.character("/"), .character("q"), .character("p"), .character("s"))
        #expect(!h.terminal.quitRequested, "q typed a q")
        #expect(h.state.segment == .upcoming, "p typed a p")
        #expect(h.state.filterInput?.text == "qps")
        #expect(!h.state.query(upcomingID).reversed, "s typed an s")
    }

    @Test func theServerIsAskedWithTheFilterAfterThePause() async {
        let h = await started()
        await h.press(.character("/"))
        await type(h, "crew")
        h.clock.advance(by: 0.1)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(h.source.requests.count == 1, "still typing")
        #expect(h.viewModel.tickInterval == .milliseconds(100), "the loop wakes for the pause")
        h.clock.advance(by: AppViewModel.filterDebounce)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(h.source.requests.count == 2)
        #expect(h.source.requests.last == .init(segment: .upcoming, page: 1))
        #expect(h.source.requests.last?.query == ListQuery(text: "crew"))
        // The scripted server is case-insensitive but keeps accents, like MongoDB's $regex:
        // what it answers is what the rows show.
        #expect(h.state.upcoming.launches.map(\.name) == ["Crew-5", "Démo Crew Flight", "CREW Dragon"])
        #expect(h.state.upcoming.status.hasLoadedOnce)
    }

    @Test func escClearsTheFilterAndRestoresTheListWithoutARequest() async {
        let h = await started()
        h.viewModel.handle(.key(.down))
        await h.press(.character("/"))
        await type(h, "crew")
        await h.press(.enter)
        #expect(h.source.requests.count == 2)
        await h.press(.character("/"), .escape)
        #expect(h.state.filterInput == nil)
        #expect(h.state.query(upcomingID) == .default)
        #expect(h.state.upcoming.launches.map(\.id) == Self.paged.prefix(20).map(\.id))
        #expect(h.state.upcoming.selectedLaunch?.name == "Crew-5", "the selection stays on the launch")
        #expect(h.source.requests.count == 2, "the unfiltered list was kept")
    }

    @Test func enterKeepsTheFilterAndAsksAtOnce() async {
        let h = await started()
        await h.press(.character("/"))
        await type(h, "crew")
        await h.press(.enter)
        #expect(h.state.filterInput == nil)
        #expect(h.state.query(upcomingID) == ListQuery(text: "crew"))
        #expect(h.source.requests.last?.query == ListQuery(text: "crew"))
        await h.press(.character("j"))
        #expect(h.state.upcoming.selection == 1, "list keys work again")
        #expect(h.state.upcoming.launches.count == 3)
    }

    @Test func eachFilterHasItsOwnPages() async {
        var launches = Sample.launches(50, upcoming: true)
        for i in stride(from: 0, to: 50, by: 2) { launches[i].name = "Crew \(i)" }
        let source = ScriptedSource(upcoming: launches)
        let h = await started(source)
        await h.press(.character("/"))
        await type(h, "crew")
        await h.press(.enter)
        #expect(h.state.upcoming.totalDocs == 25)
        #expect(h.state.upcoming.next == PageCursor(page: 2, url: ScriptedSource.nextURL(.launches(.upcoming), page: 2),
                                                    query: ListQuery(text: "crew")))
        await h.press(.end)
        #expect(source.requests.last?.page == 2)
        #expect(source.requests.last?.query == ListQuery(text: "crew"))
        #expect(h.state.upcoming.launches.count == 25)
        #expect(h.state.upcoming.launches.allSatisfy { $0.name.hasPrefix("Crew") })
    }

    @Test func sortFlipsTheOrderAndKeepsTheSelection() async {
        let past = Sample.launches(10, upcoming: false)
        let source = ScriptedSource(past: past)
        let h = await started(source)
        await h.press(.character("p"), .down, .down)
        #expect(h.state.past.selectedLaunch?.id == "mission-3")
        await h.press(.character("s"))
        #expect(source.requests.last?.segment == .past)
        #expect(source.requests.last?.query == ListQuery(reversed: true))
        #expect(h.state.past.launches.map(\.id) == past.reversed().map(\.id), "oldest first")
        #expect(h.state.past.selectedLaunch?.id == "mission-3")
        let asked = source.requests.count
        await h.press(.character("s"))
        #expect(h.state.past.launches.map(\.id) == past.map(\.id), "newest first again")
        #expect(h.state.past.selectedLaunch?.id == "mission-3")
        #expect(source.requests.count == asked, "the usual order was kept")
    }

    @Test func sortKeepsTheFilter() async {
        let h = await started()
        await h.press(.character("/"))
        await type(h, "crew")
        await h.press(.enter, .character("s"))
        #expect(h.source.requests.last?.query == ListQuery(text: "crew", reversed: true))
        #expect(h.state.upcoming.launches.map(\.name) == ["CREW Dragon", "Démo Crew Flight", "Crew-5"])
    }

    /// Issue 36: the upcoming list is whole (its last page in): `/`, Enter, `s`, `W` and Esc
    /// work on it here, with no request, and a whole list's filtered rows are whole too.
    @Test func aWholeUpcomingListIsFilteredAndSortedHereWithNoRequest() async {
        let h = await started(ScriptedSource(upcoming: Self.upcoming))
        #expect(h.state.upcoming.next == nil, "one page: the whole list")
        let asked = h.source.requests.count
        await h.press(.character("/"))
        await type(h, "crew")
        h.clock.advance(by: AppViewModel.filterDebounce + 0.1)
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        await h.press(.enter)
        #expect(h.state.upcoming.launches.map(\.name) == ["Crew-5", "Démo Crew Flight", "CREW Dragon"])
        #expect(h.state.upcoming.status.hasLoadedOnce && h.state.upcoming.next == nil)
        #expect(h.state.upcoming.totalDocs == 3)
        await h.press(.character("s"))
        #expect(h.state.upcoming.launches.map(\.name) == ["CREW Dragon", "Démo Crew Flight", "Crew-5"])
        await h.press(.character("W"), .character("W"), .escape)
        #expect(h.state.query(upcomingID) == ListQuery(reversed: true))
        #expect(h.state.upcoming.launches.map(\.id) == Self.upcoming.reversed().map(\.id))
        await h.press(.character("s"))
        #expect(h.state.upcoming.launches.map(\.id) == Self.upcoming.map(\.id))
        #expect(h.source.requests.count == asked, "no request: \(h.source.requests.dropFirst(asked))")
        // `r` still asks the server, for the list on screen.
        await h.press(.character("r"))
        #expect(h.source.requests.count == asked + 1)
    }

    @Test func aRocketsLaunchesFilterToo() async {
        let rocket = Sample.falcon9
        var launches = Sample.launches(5, upcoming: false)
        launches[2].name = "Crew-1"
        let source = ScriptedSource(rockets: [rocket], rocketLaunches: [rocket.id: launches])
        let h = await started(source)
        await h.press(.character("2"), .enter, .character("L"))
        #expect(h.state.activeListID == .rocket(rocket.id))
        await h.press(.character("/"))
        await type(h, "crew")
        #expect(h.state.list(.rocket(rocket.id)).launches.map(\.name) == ["Crew-1"])
        await h.press(.escape)
        #expect(h.state.list(.rocket(rocket.id)).launches.count == 5)
        #expect(h.state.activeListID == .rocket(rocket.id), "Esc cleared the filter, it did not go back")
    }
}
