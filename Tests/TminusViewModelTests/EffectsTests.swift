import Foundation
import Testing
@testable import TminusViewModel
import TminusCore
import TminusTestSupport

/// What an event asks the world to do, read from the effects `handle` returns, without
/// carrying anything out by hand.
@Suite("Effects as values")
struct EffectsTests {
    @Test func quitIsAnEffectNotAFlag() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        #expect(h.viewModel.handle(.key(.character("q"))) == [.quit])
        #expect(h.viewModel.handle(.key(.control("c"))) == [.quit])
        #expect(h.terminal.quitRequested)
    }

    @Test func mTurnsTheMouseOnAndSavesTheChoice() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        let effects = h.viewModel.handle(.key(.character("m")))
        #expect(effects.contains(.setMouse(true)))
        #expect(effects.contains { if case .savePreferences(let p) = $0 { p.mouse } else { false } })
        #expect(h.terminal.mouse == true)
    }

    @Test func startingAsksForTheFirstPageFromTheCacheAndTheFavorites() {
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)))
        let effects = h.viewModel.start()
        #expect(effects.contains(.favorites(.load)))
        let fetches = effects.compactMap { if case .fetchLaunches(let asked, let cursor) = $0 { (asked, cursor) } else { nil } }
        #expect(fetches.count == 1)
        #expect(fetches.first?.0.mode == .cacheOnly)
        #expect(fetches.first?.1 == .first)
    }

    @Test func aMoveNearTheEndAsksForOnePageAndItsAnswerAsksForNothing() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(60, upcoming: true))).started()
        let effects = h.viewModel.handle(.key(.end))
        let pages = effects.compactMap { if case .fetchLaunches(_, let cursor) = $0 { cursor.page } else { nil } }
        #expect(pages == [2])
        #expect(h.viewModel.handle(.key(.end)).allSatisfy { if case .fetchLaunches = $0 { false } else { true } },
                "one request for a list at a time")
        // The answer lands with the selection still near the end: no request follows by itself.
        let mail = h.viewModel.handle(.launchesLoaded(
            ListRequest(id: .segment(.upcoming), page: 2, generation: 0, source: 0, mode: .normal),
            .success(Fetched(LaunchPage(launches: Sample.launches(20, upcoming: true, prefix: "Late"), page: 2,
                                        next: PageCursor(page: 3))))))
        #expect(!mail.contains { if case .fetchLaunches = $0 { true } else { false } })
    }

    @Test func aReminderRingsTheBellAndNotifiesAsEffects() async {
        let net = Sample.reference.addingTimeInterval(600)
        let launch = Launch(id: "g33", name: "Galaxy 33", date: net, upcoming: true)
        let clock = TestClock(Sample.reference)
        let h = Harness(source: ScriptedSource(upcoming: [launch]), clock: clock,
                        favorites: .inMemory(Favorites(launches: [WatchedLaunch(launch, addedAt: Sample.reference)])))
        h.viewModel.start()
        await h.viewModel.settle()
        #expect(h.terminal.bells == 1, "inside the 10-minute window at start")
        clock.advance(by: 1)
        let effects = h.viewModel.handle(.tick)
        #expect(!effects.contains(.bell), "once")
    }

    @Test func openingALinkIsAnEffect() async {
        let launch = Launch(id: "x", name: "X", date: Sample.reference, upcoming: true,
                            links: LaunchLinks(webcast: URL(string: "https://example.com/w")))
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        h.viewModel.handle(.key(.enter))
        #expect(h.viewModel.handle(.key(.character("o"))) == [.openURL(URL(string: "https://example.com/w")!)])
    }
}

/// With every dependency unimplemented, the keys that only move and show things reach for
/// nothing outside: the test fails on the first unexpected call, naming it.
@Suite("Keys that stay inside")
struct KeysThatStayInsideTests {
    @Test func helpAndMovesCallNothingOutside() async {
        let clock = TestClock(Sample.reference)
        var environment = AppEnvironment.unimplemented(clock: clock.clock)
        environment.favorites = .inMemory()
        let viewModel = AppViewModel(environment: environment, mailbox: Mailbox())
        viewModel.handle(.resized(width: 80, height: 24))
        // Not started: no list has been asked for, and none of these keys asks.
        for key: Key in [.character("?"), .escape, .down, .up, .character("g"), .character("G"), .pageDown] {
            #expect(viewModel.handle(.key(key)).isEmpty, "\(key)")
            await viewModel.settle()
        }
        #expect(viewModel.state.overlay == nil)
    }
}
