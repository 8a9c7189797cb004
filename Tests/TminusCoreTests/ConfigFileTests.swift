import Foundation
import Testing
import TminusCore

/// `config.toml`: what it sets, the one-line message for each kind of mistake, and where it
/// stands among flags, environment variables and defaults.
struct ConfigFileTests {
    static let complete = """
    # tminus config
    source = "ll2"
    tz = "Europe/Warsaw"
    theme = "ansi16"

    ll2_token = "0123456789abcdef"

    [units]
    height = "imperial"
    diameter = "metric"
    mass = "imperial"
    payload = "imperial"

    [colors]
    accent = "magenta"
    upcoming = 12
    selection = "bright-black"

    [keys]
    quit = "Q"
    help = "h"
    refresh = "R"
    watch = "w"
    filter = "\\\\"
    source = "s"
    """

    func problem(_ text: String) -> String? {
        do {
            _ = try ConfigFile.parse(text)
            return nil
        } catch let invalid as ConfigFile.Invalid {
            return invalid.description
        } catch {
            return "unexpected \(error)"
        }
    }

    /// Issue 38: `[follow]` keeps what every run follows; a wrong value names its key.
    @Test func aFollowSection() throws {
        let c = try ConfigFile.parse("""
            [follow]
            providers = ["SpaceX", "Rocket Lab"]
            locations = ["Florida"]
            crewed = true
            hide = ["Starlink"]
            """)
        #expect(c.follow == Follow(providers: ["SpaceX", "Rocket Lab"], locations: ["Florida"], crewed: true, hide: ["Starlink"]))
        #expect(try ConfigFile.parse("").follow.isEmpty)
        #expect((problem("[follow]\nproviders = \"SpaceX\"") ?? "").contains("follow.providers must be a list of strings"))
        #expect((problem("[follow]\ncrewed = \"yes\"") ?? "").contains("follow.crewed must be true or false"))
        #expect((problem("[follow]\nagencies = []") ?? "").contains("unknown key follow.agencies: use providers, locations, crewed or hide"))
        // Thousands of names would hold every list up (each launch is matched against each).
        let many = "[follow]\nproviders = [" + (0..<10_000).map { "\"Provider \($0)\"" }.joined(separator: ", ") + "]"
        #expect(problem(many) == "config.toml line 2: follow.providers lists 10000 names; at most 100")
        #expect((try ConfigFile.parse("[follow]\nhide = [" + (0..<100).map { "\"w\($0)\"" }.joined(separator: ", ") + "]")).follow.hide.count == 100)
    }

    @Test func aCompleteFile() throws {
        let c = try ConfigFile.parse(Self.complete)
        #expect(c.source == .ll2)
        #expect(c.tz == "Europe/Warsaw")
        #expect(c.theme == .ansi16)
        #expect(c.ll2Token == "0123456789abcdef")
        #expect(c.units == [.height: .imperial, .diameter: .metric, .mass: .imperial, .payload: .imperial])
        #expect(c.colors == ["accent": 5, "upcoming": 12, "selection": 8])
        #expect(c.keys.translate("Q") == "q")
        #expect(c.keys.translate("q") == nil)
        #expect(c.keys.translate("h") == "?")
        #expect(c.keys.translate("\\") == "/")
        #expect(c.keys.translate("s") == "S")
        #expect(c.keys.translate("j") == "j")
        #expect(c.keys.shown("f") == "w")
    }

    @Test(arguments: [("auto", ThemeChoice.auto), ("dark", .dark), ("light", .light), ("ansi16", .ansi16), ("default", .auto)])
    func everyThemeWordAndTheOldDefault(_ word: String, _ theme: ThemeChoice) throws {
        #expect(try ConfigFile.parse("theme = \"\(word)\"").theme == theme)
        #expect(try ConfigFile.parse("").theme == nil, "not set: the app's choice, else auto")
    }

    @Test(arguments: PictureChoice.allCases)
    func picturesTakesItsWords(_ choice: PictureChoice) throws {
        #expect(try ConfigFile.parse("pictures = \"\(choice.rawValue)\"").pictures == choice)
    }

    @Test func picturesRefusesOtherWords() {
        #expect(problem("\n\npictures = \"iterm2\"") == "config.toml line 3: pictures must be \"auto\", \"kitty\", \"sixel\", \"iterm\", \"symbols\" or \"none\"")
        #expect(try! ConfigFile.parse("").pictures == nil)
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try ConfigFile.parse("") == ConfigFile())
        #expect(try ConfigFile.parse("# nothing\n") == ConfigFile())
    }

    @Test func eachMistakeNamesItsLine() {
        #expect(problem("source = \"ll2\"\ntz = \"UTC\"\n\ntheme = \"sepia\"\n")
                == "config.toml line 4: theme must be \"auto\", \"dark\", \"light\" or \"ansi16\" (\"default\" is auto)")
        #expect(problem("theme = 1") == "config.toml line 1: theme must be a string")
        #expect(problem("source = \"nasa\"") == "config.toml line 1: source must be \"spacex\" or \"ll2\"")
        #expect(problem("\ntz = \"Mars/Olympus\"")?.hasPrefix("config.toml line 2: tz 'Mars/Olympus' is not a time zone") == true)
        #expect(problem("tz = 5") == "config.toml line 1: tz must be a string")
        #expect(problem("source = \"ll2\"\ncolour = 3")?.hasPrefix("config.toml line 2: unknown key 'colour'") == true)
        #expect(problem("[units]\nheight = \"metric\"\nmass = \"stone\"") == "config.toml line 3: units.mass must be \"metric\" or \"imperial\"")
        #expect(problem("[units]\nlength = \"metric\"")?.hasPrefix("config.toml line 2: unknown key units.length") == true)
        #expect(problem("[colors]\naccent = 300")?.hasPrefix("config.toml line 2: colors.accent must be a palette index") == true)
        #expect(problem("[colors]\n\naccent = \"chartreuse\"")?.hasPrefix("config.toml line 3: colors.accent") == true)
        #expect(problem("[keys]\nquit = \"qq\"") == "config.toml line 2: keys.quit must be one printable ASCII character such as \"q\"")
        #expect(problem("[keys]\nquit = \"f\"") == "config.toml line 2: keys.quit and keys.watch are both \"f\"")
        #expect(problem("[keys]\njump = \"j\"")?.hasPrefix("config.toml line 2: unknown key keys.jump") == true)
        #expect(problem("units = \"metric\"") == "config.toml line 1: units must be a table: [units]")
    }

    @Test func aSyntaxErrorNamesItsLine() {
        let message = problem("source = \"ll2\"\ntz = \"UTC\"\ntheme = ansi16\n")
        #expect(message?.hasPrefix("config.toml line 3: ") == true, "\(message ?? "nil")")
        let unclosed = problem("[keys\nquit = \"Q\"")
        #expect(unclosed?.hasPrefix("config.toml line 1: ") == true, "\(unclosed ?? "nil")")
    }

    @Test func theFileIsReadFromTheConfigDir() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "tminus-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appending(path: "config")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "tz = \"Asia/Tokyo\"\nsource = \"ll2\"\n".write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        var flags = Settings.Flags()
        flags.dataDir = root.path
        let s = try Settings.resolve(flags, environment: ["HOME": "/home/ada"])
        #expect(s.paths.configFile.path == dir.appending(path: "config.toml").path)
        #expect(s.timeZone.identifier == "Asia/Tokyo")
        #expect(s.source == .ll2)
        #expect(s.configProblem == nil)

        try "tz = \"Asia/Tokyo\"\ntheme = 3\n".write(to: dir.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let broken = try Settings.resolve(flags, environment: ["HOME": "/home/ada"])
        #expect(broken.configProblem == "config.toml line 2: theme must be a string")
        #expect(broken.timeZone == .current)
        #expect(broken.config == ConfigFile())
    }

    @Test func xdgConfigHomeHoldsTheFile() throws {
        let s = try Settings.resolve(.init(), environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/etc/ada"],
                                     config: .init())
        #expect(s.paths.configFile.path == "/etc/ada/tminus/config.toml")
    }

    @Test func flagThenEnvironmentThenConfigThenDefault() throws {
        var config = ConfigFile()
        config.source = .spacex
        config.tz = "Europe/Warsaw"
        let loaded = ConfigFile.Loaded(config: config)
        let home = ["HOME": "/home/ada"]

        let fromConfig = try Settings.resolve(.init(), environment: home, config: loaded)
        #expect(fromConfig.source == .spacex)
        #expect(fromConfig.timeZone.identifier == "Europe/Warsaw")

        var env = home
        env["TMINUS_SOURCE"] = "ll2"
        env["TMINUS_TZ"] = "Asia/Tokyo"
        let fromEnv = try Settings.resolve(.init(), environment: env, config: loaded)
        #expect(fromEnv.source == .ll2)
        #expect(fromEnv.timeZone.identifier == "Asia/Tokyo")

        var flags = Settings.Flags()
        flags.source = "spacex"
        flags.tz = "America/New_York"
        let fromFlags = try Settings.resolve(flags, environment: env, config: loaded)
        #expect(fromFlags.source == .spacex)
        #expect(fromFlags.timeZone.identifier == "America/New_York")

        let defaults = try Settings.resolve(.init(), environment: home, config: .init())
        #expect(defaults.source == .ll2)
        #expect(defaults.timeZone == .current)
    }
}

/// The example in docs/configuration.md is a valid file.
struct ConfigFileReadmeTests {
    @Test func theDocumentedExampleParses() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/configuration.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Config file"))
        let start = try #require(text.range(of: "```toml\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let config = try ConfigFile.parse(String(text[start.upperBound..<end.lowerBound]))
        #expect(config.theme == .ansi16)
        #expect(config.tz == "Europe/Warsaw")
        #expect(config.keys.translate("\\") == "/")
        #expect(config.colors.count == 8)
    }
}

/// `[units]` fills in while the settings file has no saved units; saved units win.
struct ConfigUnitsTests {
    @Test func configUnitsApplyUntilTheAppSavesSome() async throws {
        let dir = FileManager.default.temporaryDirectory.appending(path: "tminus-units-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appending(path: "settings.json")
        let store = PreferencesStore.file(url, configUnits: [.height: .imperial, .mass: .imperial])

        var units = store.load().preferences.units
        #expect(units == UnitPreferences(height: .imperial, mass: .imperial))

        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try #"{"mouse": false}"#.write(to: url, atomically: true, encoding: .utf8)
        units = store.load().preferences.units
        #expect(units == UnitPreferences(height: .imperial, mass: .imperial))
        #expect(store.load().preferences.mouse == false)

        #expect(await store.save(Preferences(units: UnitPreferences(diameter: .imperial))).isSuccess)
        #expect(store.load().preferences.units == UnitPreferences(diameter: .imperial))
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}
