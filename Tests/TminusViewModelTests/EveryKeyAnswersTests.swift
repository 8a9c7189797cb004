import Foundation
import Testing
import TminusCore
import TminusRender
import TminusTestSupport
@testable import TminusViewModel

/// Issue 37: every key answers. A key that does nothing on the screen says where it does
/// something (or that nothing uses it); a key with nothing to act on says why; the help lists
/// every key that works; the status line keeps the hints that fit.
@Suite("Every key answers")
struct EveryKeyAnswersTests {
    func statusLine(_ h: Harness, _ size: Size) -> String {
        String(Renderer.render(h.state, size: size).text.split(separator: "\n", omittingEmptySubsequences: false)[size.height - 1])
    }

    @Test(arguments: [("U", "units — on "), ("L", "show launches — on "),
                      ("[", "previous / next image — on "), ("o", "open link in browser — on ")])
    func aKeyOfAnotherScreenSaysWhere(key: String, words: String) async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        await h.press(.character(Character(key)))
        #expect(h.state.notice?.text.hasPrefix("\(key): ") == true && h.state.notice?.text.contains(words) == true
                && h.state.notice?.text.hasSuffix("not here") == true,
                "\(String(describing: h.state.notice?.text))")
        #expect(h.state.screen == .launchList, "nothing else happened")
    }

    @Test func aKeyNoScreenUsesSaysSo() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true))).started()
        await h.press(.character("z"))
        #expect(h.state.notice?.text == "z does nothing here — ? lists the keys")
    }

    @Test func nextLinkWithOneLinkSaysSo() async {
        var launch = Sample.launches(1, upcoming: true)[0]
        launch.links = LaunchLinks(webcast: URL(string: "https://youtu.be/one"))
        let h = await Harness(source: ScriptedSource(upcoming: [launch])).started()
        await h.press(.enter, .character("l"))
        #expect(h.state.notice?.text == "this launch has one link: o opens it", "\(String(describing: h.state.notice?.text))")
        await h.press(.right)
        #expect(h.state.notice?.text == "this launch has one link: o opens it")
    }

    @Test func cOnAFavoriteRocketSaysWhyNot() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(2, upcoming: true), rockets: [Sample.Rockets.falcon9])).started()
        await h.press(.character("2"), .character("f"), .character("3"))
        #expect(h.state.rocketInFocus != nil)
        await h.press(.character("c"))
        #expect(h.state.notice?.text == "a rocket has no date to put in a calendar: c saves a launch")
        #expect(h.exports.files.isEmpty)
    }

    @Test func theRocketPagesHelpListsItsPagingKeys() {
        let keys = Keymap.help(for: .rocketPage).map(\.keys)
        #expect(keys.contains("PgUp PgDn g G"), "\(keys)")
    }

    /// At 80x24 the rocket page kept only `? help  q quit` while 30 columns were free: the
    /// hints that fit stay, a long one giving way to shorter ones after it.
    @Test func theRocketPageKeepsTheHintsThatFit() async {
        let source = ScriptedSource(upcoming: Sample.ll2Launches(2), rockets: [Sample.Rockets.falcon9], name: "Launch Library 2")
        source.reportAllowance(RequestAllowance(limit: 15, used: 3))
        let h = await Harness(source: source).started()
        await h.press(.character("2"), .enter)
        let hints = Keymap.statusHints(for: h.state).filter { !Keymap.isGlobal($0) }
        for width in [80, 100, 120] {
            let line = statusLine(h, Size(width: width, height: 24))
            #expect(line.contains("? help  q quit") && hints.contains { line.contains($0.keys + " " + $0.action) }, "\(width): \(line)")
        }
        #expect(statusLine(h, Size(width: 120, height: 24)).contains("U units"))
    }

    /// The frozen source's words sit on the right, where the data's age goes; the key hints
    /// keep the left (they replaced them for good on r/SpaceX Upcoming).
    @Test func theFrozenWordsLeaveTheHints() async {
        let spacex = ScriptedSource(upcoming: Sample.launches(3, upcoming: true), name: "r/SpaceX API", isFrozen: true)
        let h = await Harness(source: spacex, alternatives: [ScriptedSource(upcoming: Sample.ll2Launches(2), name: "Launch Library 2")]).started()
        h.clock.advance(by: 30 * 86_400)
        h.viewModel.handle(.tick)
        let line = statusLine(h, Size(width: 120, height: 24))
        #expect(line.contains("Enter open launch") && line.contains("? help  q quit"), "\(line)")
        #expect(line.contains("data frozen in 2022"), "\(line)")
    }
}
