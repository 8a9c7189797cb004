import Foundation
import Testing
import TminusCore

/// The theme words and what `auto` stands for.
struct ThemeChoiceTests {
    @Test func theWordsAndTheOldDefault() {
        #expect(ThemeChoice(word: "light") == .light)
        #expect(ThemeChoice(word: "ANSI16") == .ansi16)
        #expect(ThemeChoice(word: "default") == .auto, "the word from before light and dark themes")
        #expect(ThemeChoice(word: "solarized") == nil)
        #expect(ThemeChoice(word: "") == nil)
        #expect(ThemeChoice.wordList == "auto, dark, light or ansi16")
    }

    @Test func tCyclesThroughEveryThemeAndBack() {
        #expect(ThemeChoice.auto.next == .dark)
        #expect(ThemeChoice.dark.next == .light)
        #expect(ThemeChoice.light.next == .ansi16)
        #expect(ThemeChoice.ansi16.next == .auto)
    }

    @Test func autoFollowsTheBackgroundOnA256ColourTerminal() {
        #expect(ThemeChoice.auto.resolved(background: .light, colors: 256) == .light)
        #expect(ThemeChoice.auto.resolved(background: .dark, colors: 256) == .dark)
        #expect(ThemeChoice.auto.resolved(background: nil, colors: 256) == .dark, "unknown: dark, as before themes")
        #expect(ThemeChoice.auto.resolved(background: .light, colors: 16_777_216) == .light)
        #expect(ThemeChoice.auto.resolved(background: .light, colors: 16) == .ansi16, "the 256-colour greys do not survive 16 colours")
        #expect(ThemeChoice.auto.resolved(background: .dark, colors: 0) == .ansi16)
        #expect(ThemeChoice.light.resolved(background: .dark, colors: 8) == .light, "a chosen theme is the theme")
        #expect(ThemeChoice.dark.resolved(background: .light, colors: 256) == .dark)
    }

    @Test func theFlagTheVariableAndABadWord() throws {
        let home = ["HOME": "/home/ada"]
        var flags = Settings.Flags()
        #expect(try Settings.resolve(flags, environment: home, config: .init()).theme == nil, "not given: the app decides")
        #expect(try Settings.resolve(flags, environment: home.merging(["TMINUS_THEME": "light"]) { $1 }, config: .init()).theme == .light)
        flags.theme = "ansi16"
        #expect(try Settings.resolve(flags, environment: home.merging(["TMINUS_THEME": "light"]) { $1 }, config: .init()).theme == .ansi16,
                "the flag wins over the variable")
        flags.theme = "default"
        #expect(try Settings.resolve(flags, environment: home, config: .init()).theme == .auto)
        flags.theme = "sepia"
        let error = #expect(throws: Settings.Invalid.self) { try Settings.resolve(flags, environment: home, config: .init()) }
        #expect(error?.description == "unknown theme 'sepia': use auto, dark, light or ansi16")
    }
}

/// The pure parts of asking the terminal for its background.
struct TerminalBackgroundTests {
    @Test(arguments: [
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", TerminalBackground.light),
        ("\u{1B}]11;rgb:0000/0000/0000\u{07}", .dark),
        ("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\", .light),     // Solarized light
        ("\u{1B}]11;rgb:2828/2c2c/3434\u{07}", .dark),         // One Dark
        ("\u{1B}]11;rgb:ff/ff/ff\u{07}", .light),               // two digits a channel
        ("\u{1B}]11;rgb:f/f/f\u{07}", .light),                  // one
        ("\u{1B}]11;rgb:303/303/303\u{07}", .dark),             // three: 0x303/0xfff
        ("\u{1B}]11;RGB:FFFF/FFFF/FFFF\u{07}", .light),
        ("\u{1B}]11;rgba:ffff/ffff/ffff/0000\u{1B}\\", .light),  // rxvt with transparency
    ])
    func repliesAreRead(_ reply: String, _ background: TerminalBackground) {
        #expect(TerminalBackground(reply: reply) == background, "\(reply.debugDescription)")
    }

    @Test(arguments: [
        "\u{1B}]11;rgb:ffff/ffff/ffff",            // no end
        "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}",      // the foreground, not the background
        "\u{1B}]11;?\u{07}",                       // the question echoed back
        "\u{1B}]11;rgb:fffff/ffff/ffff\u{07}",     // five digits
        "\u{1B}]11;rgb:ffff/ffff\u{07}",
        "\u{1B}]11;rgb:gggg/ffff/ffff\u{07}",
        "\u{1B}]11;rgb:/ffff/ffff\u{07}",
        "\u{1B}]11;#ffffff\u{07}",
        "\u{1B}]11;rgba:ffff/ffff/ffff\u{07}",
        "rgb:ffff/ffff/ffff",
        "",
    ])
    func anythingElseIsNoReply(_ reply: String) {
        #expect(TerminalBackground(reply: reply) == nil, "\(reply.debugDescription)")
    }

    @Test func channelsAreScaledByTheirDigits() throws {
        let one = try #require(TerminalBackground.parseColor("rgb:8/0/f"))
        #expect(one.red == 8.0 / 15 && one.green == 0 && one.blue == 1)
        let four = try #require(TerminalBackground.parseColor("rgb:8000/4000/ffff"))
        #expect(four.red == 32768.0 / 65535 && four.green == 16384.0 / 65535 && four.blue == 1)
    }

    /// Light where black text reads better than white: the line falls between the greys
    /// #757575 and #767676 (WCAG's well-known "lightest grey for text on white").
    @Test func theLineBetweenLightAndDark() {
        func at(_ v: Double) -> TerminalBackground {
            TerminalBackground(luminance: TerminalBackground.luminance(red: v, green: v, blue: v))
        }
        #expect(at(0) == .dark)
        #expect(at(1) == .light)
        #expect(at(117.0 / 255) == .dark)
        #expect(at(118.0 / 255) == .light)
        #expect(abs(TerminalBackground.luminance(red: 1, green: 1, blue: 1) - 1) < 1e-12)
        #expect(abs(TerminalBackground.contrast(0, 1) - 21) < 1e-12)
        // Pure blue is dark, pure yellow light, whatever their channel sums say.
        #expect(TerminalBackground(luminance: TerminalBackground.luminance(red: 0, green: 0, blue: 1)) == .dark)
        #expect(TerminalBackground(luminance: TerminalBackground.luminance(red: 1, green: 1, blue: 0)) == .light)
    }

    @Test(arguments: [
        ("0;15", TerminalBackground?.some(.light)),
        ("0;7", .light),
        ("15;0", .dark),
        ("7;8", .dark),
        ("0;default;15", .light),                  // rxvt's three fields
        ("15;default;0", .dark),
        ("15", nil),
        ("15;default", nil),
        ("", nil),
        ("light", nil),
    ])
    func colorFGBG(_ value: String, _ background: TerminalBackground?) {
        #expect(TerminalBackground(colorFGBG: value) == background, "COLORFGBG=\(value)")
    }

    @Test func noColorFGBGIsNoGuess() {
        #expect(TerminalBackground(colorFGBG: nil) == nil)
    }
}

/// The theme in the settings file: chosen with `t`, absent from older files.
struct ThemePreferenceTests {
    func load(_ json: String) throws -> PreferencesStore.Loaded {
        let root = FileManager.default.temporaryDirectory.appending(path: "tminus-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appending(path: "settings.json")
        try Data(json.utf8).write(to: file)
        return PreferencesStore.file(file).load()
    }

    @Test func aFileFromBeforeThemesHasNoChoice() throws {
        let loaded = try load(#"{"units": {"height": "imperial", "diameter": "metric", "mass": "metric", "payload": "metric"}, "mouse": false}"#)
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.theme == nil)
        #expect(loaded.preferences.mouse == false, "the rest of the file still counts")
    }

    @Test func aChosenThemeIsRead() throws {
        #expect(try load(#"{"theme": "light"}"#).preferences.theme == .light)
        #expect(try load(#"{"theme": "auto"}"#).preferences.theme == .auto)
    }

    /// A newer version's theme, or a wrong type, is no choice: not a corrupt file.
    @Test(arguments: [#"{"theme": "solarized", "mouse": false}"#, #"{"theme": 3, "mouse": false}"#, #"{"theme": null, "mouse": false}"#])
    func anUnknownThemeIsNoChoice(_ json: String) throws {
        let loaded = try load(json)
        #expect(loaded.problem == nil)
        #expect(loaded.preferences.theme == nil)
        #expect(loaded.preferences.mouse == false)
    }

    @Test func itIsWrittenAsItsWordAndOnlyOnceChosen() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let none = String(decoding: try encoder.encode(Preferences()), as: UTF8.self)
        #expect(!none.contains("theme"))
        let light = String(decoding: try encoder.encode(Preferences(theme: .light)), as: UTF8.self)
        #expect(light.contains(#""theme":"light""#))
        #expect(try JSONDecoder().decode(Preferences.self, from: Data(light.utf8)) == Preferences(theme: .light))
    }
}
