import ArgumentParser
import Foundation
import TminusCore

/// The flags every command takes (the app and each subcommand, after its name), with their
/// environment variables. An exact interface: scripts and tests drive tminus through it.
struct CommonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where launches come from: ll2 (Launch Library 2) or spacex (the r/SpaceX API). [TMINUS_SOURCE] (default: ll2)", valueName: "spacex|ll2"))
    var source: String?

    @Option(name: .customLong("spacex-api"), help: ArgumentHelp("Base URL of the r/SpaceX API. [TMINUS_SPACEX_API] (default: https://api.spacexdata.com)", valueName: "URL"))
    var spacexAPI: String?

    @Option(name: .customLong("ll2-api"), help: ArgumentHelp("Base URL of Launch Library 2. [TMINUS_LL2_API] (default: https://ll.thespacedevs.com/2.3.0)", valueName: "URL"))
    var ll2API: String?

    @Option(name: .customLong("ll2-token"), help: ArgumentHelp("Launch Library 2 API key, sent as 'Authorization: Token KEY' for a larger hourly budget. [TMINUS_LL2_TOKEN] (or ll2_token in config.toml)", valueName: "KEY"))
    var ll2Token: String?

    @Option(name: .customLong("news-api"), help: ArgumentHelp("Base URL of the Spaceflight News API, asked for the articles about a launch or event. [TMINUS_NEWS_API] (or news_api in config.toml; default: https://api.spaceflightnewsapi.net/v4)", valueName: "URL"))
    var newsAPI: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Everything the app writes goes under DIR. [TMINUS_DATA_DIR] (default: the XDG data, cache, config and state dirs)", valueName: "DIR"))
    var dataDir: String?

    @Option(help: ArgumentHelp("IANA time zone for every date shown. [TMINUS_TZ] (default: the system zone)", valueName: "ZONE"))
    var tz: String?

    @Option(help: ArgumentHelp("Start the clock at this instant; it then runs in real time. [TMINUS_NOW]", valueName: "ISO8601"))
    var now: String?

    @Flag(help: "Make no network requests.")
    var offline = false

    @Option(help: ArgumentHelp("Command that opens links; it gets the URL as its one argument. [BROWSER] (default: xdg-open)", valueName: "CMD"))
    var browser: String?

    @Flag(name: .customLong("no-images"), help: "Draw placeholder glyphs instead of pictures (--pictures none).")
    var noImages = false

    @Option(help: ArgumentHelp("How pictures are drawn: auto (ask the terminal at start-up: kitty graphics, else iTerm2's, else sixel, else symbols), kitty, sixel, iterm (that protocol, without asking), symbols (coloured text cells, any terminal) or none (no pictures). [TMINUS_PICTURES] (default: pictures in config.toml, else auto)", valueName: "auto|kitty|sixel|iterm|symbols|none"))
    var pictures: String?

    @Option(help: ArgumentHelp("Give up a request after this many seconds without a byte, or twice this in all; the data on screen stays. [TMINUS_TIMEOUT] (default: 15)", valueName: "SECONDS"))
    var timeout: String?

    @Option(help: ArgumentHelp("Colours: auto (dark or light, as the terminal's background), dark, light, or ansi16 (only the terminal's 16 colours). t in the app cycles them and remembers. [TMINUS_THEME] (default: the one chosen with t, else theme in config.toml, else auto)", valueName: "auto|dark|light|ansi16"))
    var theme: String?

    /// Flags, else environment variables, else defaults; a bad value is a usage error.
    func settings(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Settings {
        var flags = Settings.Flags()
        flags.source = source; flags.spacexAPI = spacexAPI; flags.ll2API = ll2API; flags.ll2Token = ll2Token; flags.newsAPI = newsAPI; flags.dataDir = dataDir
        flags.tz = tz; flags.now = now; flags.offline = offline; flags.browser = browser; flags.noImages = noImages
        flags.timeout = timeout; flags.theme = theme; flags.pictures = pictures
        do {
            return try Settings.resolve(flags, environment: environment)
        } catch let error as Settings.Invalid {
            throw ValidationError(error.description)
        }
    }
}
