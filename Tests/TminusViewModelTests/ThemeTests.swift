import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// The theme in the state: where it comes from at start, `t`, and the terminal's background.
@Suite("Theme")
struct ThemeTests {
    /// A view model whose theme comes from these three places (nil: that place says nothing).
    func start(flag: ThemeChoice? = nil, saved: ThemeChoice? = nil, config: ThemeChoice? = nil,
               colors: [String: Int] = [:]) -> AppViewModel {
        var environment = AppEnvironment(source: ScriptedSource().source, clock: TestClock().clock,
                                         time: LaunchTime(timeZone: .gmt), openURL: { _ in .success(()) },
                                         preferences: PreferencesSpy(Preferences(theme: saved)).store)
        environment.themeFlag = flag
        environment.configTheme = config
        environment.colorOverrides = colors
        return AppViewModel(environment: environment, mailbox: Mailbox())
    }

    @Test func theFlagThenTheSavedChoiceThenTheConfigFileThenAuto() {
        #expect(start(flag: .light, saved: .ansi16, config: .dark).state.theme.choice == .light)
        #expect(start(saved: .ansi16, config: .dark).state.theme.choice == .ansi16)
        #expect(start(config: .dark).state.theme.choice == .dark)
        #expect(start().state.theme.choice == .auto)
        #expect(start(colors: ["accent": 5]).state.theme.overrides == ["accent": 5])
    }

    @Test func tCyclesShowsAndSavesEachChoiceInOrder() async {
        let spy = PreferencesSpy()
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), preferences: spy.store).started()
        h.viewModel.handle(.terminalBackground(.light))
        #expect(h.state.theme.palette == .light)
        var seen: [String] = []
        for _ in 0..<4 {
            await h.press(.character("t"))
            seen.append(h.state.notice?.text ?? "none")
        }
        #expect(seen == ["theme: dark (t to change)", "theme: light (t to change)", "theme: ansi16 (t to change)",
                         "theme: auto → light (t to change)"])
        #expect(spy.saves.map(\.theme) == [.dark, .light, .ansi16, .auto])
        #expect(h.state.notice?.level == .info)
        #expect(h.state.notice?.expires != nil, "a passing notice")
    }

    @Test func tIsGlobalAndListedInHelp() async {
        for screen in [ScreenKind.launchList, .launchDetail, .rocketList, .rocketPage, .rocketLaunches, .favorites] {
            #expect(Keymap.action(for: .character("t"), on: screen) == .cycleTheme, "\(screen)")
            #expect(Keymap.help(for: screen).contains { $0.keys == "t" && $0.action.hasPrefix("theme") }, "\(screen)")
        }
        #expect(Keymap.isGlobal(Keymap.help(for: .launchList).first { $0.keys == "t" }!))
    }

    /// `--theme` is for the run: a change of units writes back what was saved, not the flag.
    @Test func theFlagIsNotSaved() async {
        let spy = PreferencesSpy(Preferences(theme: .ansi16))
        var environment = AppEnvironment(source: ScriptedSource(rockets: Sample.Rockets.all).source, clock: TestClock().clock,
                                         time: LaunchTime(timeZone: .gmt), openURL: { _ in .success(()) }, preferences: spy.store)
        environment.themeFlag = .light
        let model = AppViewModel(environment: environment, mailbox: Mailbox())
        model.start()
        await model.settle()
        for key in [Key.character("2"), .character("U"), .character(" ")] {
            model.handle(.key(key))
            await model.settle()
        }
        #expect(model.state.theme.choice == .light)
        #expect(spy.saves.count == 1)
        #expect(spy.saves.last?.theme == .ansi16)
        #expect(spy.saves.last?.units.height == .imperial)
    }

    @Test func autoFollowsTheBackgroundAndTheColourCount() {
        let model = start()
        #expect(model.state.theme.waitsForBackground, "auto on 256 colours waits for the answer")
        #expect(model.state.theme.palette == .dark, "dark until then")
        model.handle(.terminalBackground(.light))
        #expect(model.state.theme.palette == .light)
        #expect(!model.state.theme.waitsForBackground)
        model.handle(.terminalColors(16))
        #expect(model.state.theme.palette == .ansi16)

        let chosen = start(config: .dark)
        #expect(!chosen.state.theme.waitsForBackground, "a chosen theme does not wait")
        chosen.handle(.terminalBackground(.light))
        #expect(chosen.state.theme.palette == .dark)
        let few = start()
        few.handle(.terminalColors(8))
        #expect(!few.state.theme.waitsForBackground, "fewer than 256 colours: ansi16 whatever the background")
    }
}
