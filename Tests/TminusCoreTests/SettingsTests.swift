import Foundation
import Testing
import TminusCore

/// `Settings.resolve`: flag, else environment variable, else default.
struct SettingsTests {
    static let home = ["HOME": "/home/ada"]

    func resolve(_ flags: Settings.Flags = .init(), _ env: [String: String] = home) throws -> Settings {
        try Settings.resolve(flags, environment: env)
    }

    func invalid(_ flags: Settings.Flags = .init(), _ env: [String: String] = home) -> String? {
        do {
            _ = try resolve(flags, env)
            return nil
        } catch let error as Settings.Invalid {
            return error.description
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func defaults() throws {
        let s = try resolve()
        #expect(s.source == .ll2, "Launch Library 2 is the default source")
        #expect(s.spacexAPI.absoluteString == "https://api.spacexdata.com")
        #expect(s.ll2API.absoluteString == "https://ll.thespacedevs.com/2.3.0")
        #expect(s.paths.data.path == "/home/ada/.local/share/tminus")
        #expect(s.paths.cache.path == "/home/ada/.cache/tminus")
        #expect(s.paths.config.path == "/home/ada/.config/tminus")
        #expect(s.paths.state.path == "/home/ada/.local/state/tminus")
        #expect(s.paths.logFile.path == "/home/ada/.local/state/tminus/tminus.log")
        #expect(s.browser == "xdg-open")
        #expect(s.timeZone == .current)
        #expect(s.startTime == nil)
        #expect(s.offline == false)
        #expect(s.images == true)
    }

    @Test func xdgVariables() throws {
        let s = try resolve(.init(), [
            "HOME": "/home/ada", "XDG_DATA_HOME": "/xdg/data", "XDG_CACHE_HOME": "/xdg/cache",
            "XDG_CONFIG_HOME": "/xdg/config", "XDG_STATE_HOME": "/xdg/state",
        ])
        #expect(s.paths.data.path == "/xdg/data/tminus")
        #expect(s.paths.cache.path == "/xdg/cache/tminus")
        #expect(s.paths.config.path == "/xdg/config/tminus")
        #expect(s.paths.state.path == "/xdg/state/tminus")
    }

    @Test func relativeXDGVariablesAreIgnored() throws {
        let s = try resolve(.init(), ["HOME": "/home/ada", "XDG_CACHE_HOME": "relative/cache", "XDG_DATA_HOME": ""])
        #expect(s.paths.cache.path == "/home/ada/.cache/tminus")
        #expect(s.paths.data.path == "/home/ada/.local/share/tminus")
    }

    @Test func environmentVariables() throws {
        let s = try resolve(.init(), [
            "HOME": "/home/ada",
            "TMINUS_SOURCE": "ll2",
            "TMINUS_SPACEX_API": "http://127.0.0.1:8080",
            "TMINUS_LL2_API": "http://127.0.0.1:8081/2.2.0",
            "TMINUS_DATA_DIR": "/tmp/tminus-env",
            "TMINUS_TZ": "Europe/Warsaw",
            "TMINUS_NOW": "2022-10-08T20:00:00Z",
            "BROWSER": "firefox --new-tab",
        ])
        #expect(s.source == .ll2)
        #expect(s.spacexAPI.absoluteString == "http://127.0.0.1:8080")
        #expect(s.ll2API.absoluteString == "http://127.0.0.1:8081/2.2.0")
        #expect(s.paths.data.path == "/tmp/tminus-env/data")
        #expect(s.timeZone.identifier == "Europe/Warsaw")
        #expect(s.startTime == (try instant("2022-10-08T20:00:00Z")))
        #expect(s.browser == "firefox --new-tab")
    }

    @Test func flagsBeatEnvironment() throws {
        var flags = Settings.Flags()
        flags.source = "spacex"
        flags.spacexAPI = "https://flag.example/spacex"
        flags.ll2API = "https://flag.example/ll2"
        flags.dataDir = "/tmp/tminus-flag"
        flags.tz = "UTC"
        flags.now = "2020-05-30T19:22:45.000Z"
        flags.browser = "lynx"
        flags.offline = true
        flags.noImages = true
        let s = try resolve(flags, [
            "HOME": "/home/ada", "TMINUS_SOURCE": "ll2", "TMINUS_SPACEX_API": "http://env.example",
            "TMINUS_LL2_API": "http://env.example/ll2", "TMINUS_DATA_DIR": "/tmp/tminus-env",
            "TMINUS_TZ": "Europe/Warsaw", "TMINUS_NOW": "2022-10-08T20:00:00Z", "BROWSER": "firefox",
        ])
        #expect(s.source == .spacex)
        #expect(s.spacexAPI.absoluteString == "https://flag.example/spacex")
        #expect(s.ll2API.absoluteString == "https://flag.example/ll2")
        #expect(s.paths.data.path == "/tmp/tminus-flag/data")
        #expect(s.timeZone == Zone(identifier: "UTC"))
        #expect(s.timeZone.foundation.secondsFromGMT(for: try instant("2022-07-01T12:00:00Z")) == 0)
        #expect(s.startTime == (try instant("2020-05-30T19:22:45Z")))
        #expect(s.browser == "lynx")
        #expect(s.offline == true)
        #expect(s.images == false)
    }

    /// `--now` moves this run's clock only: what every tminus shares (the request ledger) is
    /// kept in the real time, unless a test scripts one clock for all its processes.
    @Test func theSharedClockIsNeverTheRunsNow() throws {
        var flags = Settings.Flags()
        flags.now = "2031-01-01T00:00:00Z"
        let s = try resolve(flags, ["HOME": "/home/ada"])
        #expect(s.clock.now() >= (try instant("2031-01-01T00:00:00Z")))
        #expect(abs(s.sharedClock.now().timeIntervalSinceNow) < 60)
        let scripted = try resolve(flags, ["HOME": "/home/ada", "TMINUS_CLOCK_FILE": "/nonexistent/clock"])
        #expect(scripted.sharedClock.now() >= (try instant("2031-01-01T00:00:00Z")), "a test's scripted clock is every process's")
    }

    @Test func emptyValuesCountAsNotGiven() throws {
        var flags = Settings.Flags()
        flags.source = ""
        flags.browser = ""
        let s = try resolve(flags, ["HOME": "/home/ada", "TMINUS_SOURCE": "spacex", "BROWSER": "", "TMINUS_TZ": ""])
        #expect(s.source == .spacex)
        #expect(s.browser == "xdg-open")
        #expect(s.timeZone == .current)
    }

    @Test func sourceIsCaseInsensitive() throws {
        #expect(try resolve(.init(), ["HOME": "/h", "TMINUS_SOURCE": "LL2"]).source == .ll2)
        #expect(try resolve(.init(), ["HOME": "/h", "TMINUS_SOURCE": "SpaceX"]).source == .spacex)
    }

    @Test func dataDirPutsEveryPathUnderIt() throws {
        var flags = Settings.Flags()
        flags.dataDir = "/tmp/tminus-test"
        let s = try resolve(flags, ["HOME": "/home/ada", "XDG_CACHE_HOME": "/xdg/cache"])
        #expect(s.paths == AppPaths(root: URL(fileURLWithPath: "/tmp/tminus-test", isDirectory: true)))
        let all = [s.paths.data, s.paths.cache, s.paths.config, s.paths.state, s.paths.logFile]
        #expect(all.map(\.path) == ["/tmp/tminus-test/data", "/tmp/tminus-test/cache", "/tmp/tminus-test/config",
                                   "/tmp/tminus-test/state", "/tmp/tminus-test/state/tminus.log"])
        #expect(Set(all.map(\.path)).count == 5)
    }

    @Test func invalidSource() {
        var flags = Settings.Flags()
        flags.source = "nasa"
        #expect(invalid(flags) == "unknown source 'nasa': use spacex or ll2")
        #expect(invalid(.init(), ["HOME": "/h", "TMINUS_SOURCE": "launchlibrary"]) == "unknown source 'launchlibrary': use spacex or ll2")
    }

    @Test func invalidZone() {
        var flags = Settings.Flags()
        flags.tz = "Mars/Olympus_Mons"
        #expect(invalid(flags) == "unknown time zone 'Mars/Olympus_Mons': use an IANA name such as UTC or Europe/Warsaw")
    }

    @Test(arguments: ["yesterday", "2022-10-08", "2022-10-08 20:00", "1665259200"])
    func invalidNow(text: String) {
        var flags = Settings.Flags()
        flags.now = text
        #expect(invalid(flags) == "--now '\(text)' is not an ISO 8601 instant such as 2022-10-08T20:00:00Z")
    }

    @Test(arguments: ["ftp://example.com", "file:///tmp/api", "not a url", "api.spacexdata.com", "http://"])
    func invalidURLs(text: String) {
        var spacex = Settings.Flags()
        spacex.spacexAPI = text
        #expect(invalid(spacex) == "--spacex-api '\(text)' is not an http(s) URL")
        #expect(invalid(.init(), ["HOME": "/h", "TMINUS_LL2_API": text]) == "--ll2-api '\(text)' is not an http(s) URL")
    }

    @Test func timeoutFromTheFlagOrTheVariable() throws {
        #expect(try resolve().timeout == 15)
        var flags = Settings.Flags()
        flags.timeout = "2.5"
        #expect(try resolve(flags).timeout == 2.5)
        #expect(try resolve(.init(), ["HOME": "/h", "TMINUS_TIMEOUT": "40"]).timeout == 40)
        #expect(try resolve(flags, ["HOME": "/h", "TMINUS_TIMEOUT": "40"]).timeout == 2.5, "the flag wins")
    }

    @Test(arguments: ["0", "-3", "soon", "nan", "inf", "601"])
    func invalidTimeout(text: String) {
        var flags = Settings.Flags()
        flags.timeout = text
        #expect(invalid(flags) == "--timeout '\(text)' is not a number of seconds between 0 and 600")
    }

    @Test func theLL2TokenComesFromTheFlagTheEnvironmentOrTheConfigFile() throws {
        #expect(try resolve().ll2Token == nil)
        var config = ConfigFile()
        config.ll2Token = "from-config"
        let loaded = ConfigFile.Loaded(config: config)
        #expect(try Settings.resolve(.init(), environment: ["HOME": "/h"], config: loaded).ll2Token == "from-config")
        #expect(try Settings.resolve(.init(), environment: ["HOME": "/h", "TMINUS_LL2_TOKEN": "from-env"], config: loaded).ll2Token == "from-env")
        var flags = Settings.Flags()
        flags.ll2Token = "from-flag"
        #expect(try Settings.resolve(flags, environment: ["HOME": "/h", "TMINUS_LL2_TOKEN": "from-env"], config: loaded).ll2Token == "from-flag")
        for bad in ["two words", "line\r\nX-Injected: 1", "tab\there"] {
            flags.ll2Token = bad
            #expect(invalid(flags) == "the Launch Library 2 token must be one word without spaces or control characters")
        }
    }

    /// `--pictures` over `TMINUS_PICTURES` over config.toml's `pictures` over auto; the exact
    /// words only; `--no-images` is `none`, whatever else says.
    @Test func picturesFromTheFlagTheEnvironmentTheConfigFileOrAuto() throws {
        var config = ConfigFile()
        config.pictures = .sixel
        let loaded = ConfigFile.Loaded(config: config)
        let home = ["HOME": "/h"]
        #expect(try resolve().pictures == .auto)
        #expect(try resolve().images)
        #expect(try Settings.resolve(.init(), environment: home, config: loaded).pictures == .sixel)
        #expect(try Settings.resolve(.init(), environment: home.merging(["TMINUS_PICTURES": "kitty"]) { $1 }, config: loaded).pictures == .kitty)
        var flags = Settings.Flags()
        flags.pictures = "symbols"
        #expect(try Settings.resolve(flags, environment: home.merging(["TMINUS_PICTURES": "kitty"]) { $1 }, config: loaded).pictures == .symbols)
        flags.pictures = "none"
        #expect(try Settings.resolve(flags, environment: home, config: loaded).images == false)
        flags.pictures = "iterm"
        flags.noImages = true
        let noImages = try Settings.resolve(flags, environment: home, config: loaded)
        #expect(noImages.pictures == .none && !noImages.images)
        for bad in ["iterm2", "Kitty", "sixels", "yes"] {
            var wrong = Settings.Flags()
            wrong.pictures = bad
            #expect(invalid(wrong) == "unknown pictures '\(bad)': use auto, kitty, sixel, iterm, symbols or none")
        }
    }
}
