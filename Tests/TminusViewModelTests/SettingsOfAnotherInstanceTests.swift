import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Two tminus on one settings file: what one chooses the other takes up at its next tab
/// switch, says so, and never writes back over.
@Suite struct SettingsOfAnotherInstanceTests {
    @Test func aTabSwitchTakesUpWhatAnotherInstanceChose() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "tminus-two-instances-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "settings.json")
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), width: 120, height: 30,
                              preferences: .file(file)).started()
        // The other instance: the theme, and a follow.
        let other = PreferencesStore.file(file)
        var theirs = other.load().preferences
        theirs.theme = .light
        theirs.follow = Follow(providers: ["SpaceX"])
        if case .failure(let error) = await other.save(theirs) { Issue.record("\(error.message)") }

        await h.press(.character("2"))
        #expect(h.state.theme.choice == .light)
        #expect(h.state.follow == Follow(providers: ["SpaceX"]))
        #expect(h.state.notice?.text == "settings changed in another tminus: theme, follow")

        // This instance's next change keeps theirs.
        await h.press(.character("1"), .character("m"))
        let saved = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: file))
        #expect(saved.mouse && saved.theme == .light && saved.follow == Follow(providers: ["SpaceX"]))
    }
}
