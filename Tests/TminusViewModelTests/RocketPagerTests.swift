import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

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
