import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Keys moved in config.toml: the new key does the action, the old one nothing; typing a
/// filter is not remapped; the help lists the configured keys.
struct KeyRemapTests {
    func bindings(_ pairs: [String: Character]) -> KeyBindings {
        var keys = KeyBindings()
        for (action, key) in pairs { keys.bind(action, to: key) }
        return keys
    }

    @Test func aRemappedQuitKeyQuitsAndTheOldOneDoesNot() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)),
                              keys: bindings(["quit": "Q"])).started()
        await h.press(.character("q"))
        #expect(h.terminal.quitRequested == false)
        await h.press(.character("Q"))
        #expect(h.terminal.quitRequested == true)
    }

    @Test func aRemappedHelpKeyOpensAndClosesHelp() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)),
                              keys: bindings(["help": "H"])).started()
        await h.press(.character("?"))
        #expect(h.state.overlay == nil)
        await h.press(.character("H"))
        #expect(h.state.overlay == .help)
        await h.press(.character("H"))
        #expect(h.state.overlay == nil)
    }

    @Test func typingAFilterIsNotRemapped() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)),
                              keys: bindings(["quit": "Q", "filter": "\\"])).started()
        await h.press(.character("\\"))
        #expect(h.state.filterInput != nil)
        await h.press(.character("Q"), .character("q"))
        #expect(h.state.filterInput?.text == "Qq")
        #expect(h.terminal.quitRequested == false)
    }

    @Test func helpShowsTheConfiguredKeys() {
        let keys = bindings(["quit": "Q", "watch": "w", "refresh": "R"])
        let help = Keymap.help(for: .launchList, keys: keys)
        #expect(help.contains { $0.keys == "Q" && $0.action == "quit" })
        #expect(help.contains { $0.keys == "w" && $0.action.hasPrefix("watch") })
        #expect(help.contains { $0.keys == "R" && $0.action.hasPrefix("refresh") })
        #expect(!help.contains { $0.keys == "q" })
        #expect(Keymap.help(for: .launchList, keys: KeyBindings()) == Keymap.help(for: .launchList))
    }
}
