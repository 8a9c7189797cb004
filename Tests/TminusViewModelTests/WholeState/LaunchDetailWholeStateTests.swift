import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// A launch's detail through the pure reducer (`ReducerStore`): its links bar (keys and
/// clicks), opening a link, and scrolling as far as the last frame drawn allows. Each step
/// says the whole state it leads to and every effect (issue 26).
@Suite("Whole states: launch detail")
struct LaunchDetailWholeStateTests {
    static let upcoming = WholeState.upcoming

    /// CRS-26: links Webcast (0) and Wikipedia (2); Press kit, Article and Reddit empty.
    /// `l` `h` go round the links that have a page, `o` opens the selected one; `j` does
    /// nothing until a frame said how far the body scrolls, then `j` `G` `g` go within it.
    @Test func linksSelectOpenAndTheBodyScrollsWithinTheLaidOutLimit() {
        let crs26 = Sample.crs26
        let launches = [crs26] + Sample.launches(2, upcoming: true)
        var store = ReducerStore(ScriptedSource(upcoming: launches))
        store.startWithCachedUpcoming(launches)
        let now = store.clock.clock.now()

        // Opened from the list: on its first link with a page (the webcast).
        var detail = LaunchDetailState(launch: crs26)
        detail.sourceIndex = 0
        #expect(detail.linkIndex == 0)
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.launches] = [.launchDetail(detail)]
        }
        #expect(store.state.screen == .launchDetail)

        // `l`: Press kit has no page, so Wikipedia; again: round to the webcast; `h`: back round.
        for (key, index) in [("l", 2), ("l", 0), ("h", 2)] {
            store.send(.key(.character(Character(key))), effects: []) { state in
                detail.linkIndex = index
                state.stacks[.launches] = [.launchDetail(detail)]
            }
        }

        // `o`: the selected link opens in the browser (an effect), said in the status line.
        let wikipedia = URL(string: "https://en.wikipedia.org/wiki/CRS-26")!
        store.send(.key(.character("o")), effects: [.openURL(wikipedia)]) { state in
            state.notice = Notice("opening wikipedia…", expires: now.addingTimeInterval(Notice.lifetime))
        }
        store.send(.linkOpened(wikipedia, .success(())), effects: []) { state in
            state.notice = Notice("opened \(wikipedia.absoluteString)", expires: now.addingTimeInterval(Notice.lifetime))
        }

        // No frame laid out yet: nothing says the body can scroll.
        store.send(.key(.character("j")), effects: []) { _ in }

        var geometry = FrameGeometry()
        geometry.scrollLimit = 5
        store.send(.laidOut(geometry), effects: []) { state in
            state.lastFrame = geometry
        }
        for (key, scroll) in [("j", 1), ("G", 5), ("g", 0)] {
            store.send(.key(.character(Character(key))), effects: []) { state in
                detail.scroll = scroll
                state.stacks[.launches] = [.launchDetail(detail)]
            }
        }
        // `k` at the top stays there.
        store.send(.key(.character("k")), effects: []) { _ in }

        // Back to the list: the passing notice goes with the screen.
        store.send(.key(.escape), effects: []) { state in
            state.stacks[.launches] = []
            state.notice = nil
        }
    }

    /// A Launch Library 2 launch: links Video (two pages) and Info (one). The mouse is off
    /// by default: a click does nothing; `m` turns it on (the terminal told, the choice
    /// saved); a click on Info in the links bar selects it, a second click opens it. `o` on
    /// Video asks which of its pages.
    @Test func aClickOnTheLinksBarSelectsThenOpensAndSeveralPagesAsk() {
        let starlink = Sample.starlinkDetailed
        let launches = [Sample.crs26, starlink]
        var store = ReducerStore(ScriptedSource(upcoming: launches))
        store.startWithCachedUpcoming(launches)
        let now = store.clock.clock.now()

        store.send(.key(.character("j")), effects: []) { state in
            state.lists[Self.upcoming]?.selection = 1
        }
        var detail = LaunchDetailState(launch: starlink)
        detail.sourceIndex = 0
        #expect(detail.linkIndex == 0)
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.launches] = [.launchDetail(detail)]
        }

        // What the frame drawn put where: the links bar on row 4.
        var geometry = FrameGeometry()
        geometry.regions = [ClickRegion(Rect(x: 6, y: 4, width: 11, height: 1), .action(.chooseLink(0))),
                            ClickRegion(Rect(x: 18, y: 4, width: 6, height: 1), .action(.chooseLink(1)))]
        store.send(.laidOut(geometry), effects: []) { state in
            state.lastFrame = geometry
        }
        store.send(.mouse(MouseEvent(.press, x: 20, y: 4)), effects: []) { _ in }

        store.turnMouseOn()
        store.send(.mouse(MouseEvent(.press, x: 20, y: 4)), effects: []) { state in
            detail.linkIndex = 1
            state.stacks[.launches] = [.launchDetail(detail)]
        }
        let info = URL(string: "https://www.spacex.com/launches/sl-15-22")!
        store.send(.mouse(MouseEvent(.press, x: 20, y: 4)), effects: [.openURL(info)]) { state in
            state.notice = Notice("opening info…", expires: now.addingTimeInterval(Notice.lifetime))
        }
        // A click on nothing does nothing.
        store.send(.mouse(MouseEvent(.press, x: 0, y: 10)), effects: []) { _ in }

        // Back to Video with `h`; `o`: two pages behind it, a menu asks which.
        store.send(.key(.character("h")), effects: []) { state in
            detail.linkIndex = 0
            state.stacks[.launches] = [.launchDetail(detail)]
        }
        var menu = LinkMenu(title: "Video", targets: starlink.videos)
        store.send(.key(.character("o")), effects: []) { state in
            state.overlay = .links(menu)
        }
        store.send(.key(.character("j")), effects: []) { state in
            menu.selection = 1
            state.overlay = .links(menu)
        }
        let youtube = URL(string: "https://www.youtube.com/watch?v=2")!
        store.send(.key(.enter), effects: [.openURL(youtube)]) { state in
            state.overlay = nil
            state.notice = Notice("opening video…", expires: now.addingTimeInterval(Notice.lifetime))
        }
    }

    /// CRS-26's Press kit slot has no page: a click on it says so and selects nothing.
    @Test func aClickOnAnEmptyLinkSaysSo() {
        let crs26 = Sample.crs26
        var store = ReducerStore(ScriptedSource(upcoming: [crs26]))
        store.startWithCachedUpcoming([crs26])
        let now = store.clock.clock.now()
        store.send(.key(.enter), effects: []) { state in
            state.stacks[.launches] = [WholeState.detail(crs26)]
        }
        store.turnMouseOn()
        var geometry = FrameGeometry()
        geometry.regions = [ClickRegion(Rect(x: 16, y: 4, width: 11, height: 1), .action(.chooseLink(1)))]
        store.send(.laidOut(geometry), effects: []) { state in
            state.lastFrame = geometry
        }
        store.send(.mouse(MouseEvent(.press, x: 17, y: 4)), effects: []) { state in
            state.notice = Notice("this launch has no press kit link", level: .error,
                                  expires: now.addingTimeInterval(Notice.lifetime))
        }
    }
}
