import ArgumentParser
import Foundation
import Logging
import TminusCore
import TminusRender
import TminusTerminal
import TminusViewModel

/// The command line. Its flags and environment variables are an exact interface: tests and
/// scripts drive the app through them.
struct Tminus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tminus",
        abstract: "Follow rocket launches in your terminal.",
        discussion: """
        Each option can also come from the environment variable in brackets; a flag wins over \
        its variable. Keys: press ? in the app.
        """,
        version: TminusVersion.current
    )

    @Option(help: ArgumentHelp("Where launches come from: spacex or ll2. [TMINUS_SOURCE]", valueName: "spacex|ll2"))
    var source: String?

    @Option(name: .customLong("spacex-api"), help: ArgumentHelp("Base URL of the r/SpaceX API. [TMINUS_SPACEX_API] (default: https://api.spacexdata.com)", valueName: "URL"))
    var spacexAPI: String?

    @Option(name: .customLong("ll2-api"), help: ArgumentHelp("Base URL of Launch Library 2. [TMINUS_LL2_API] (default: https://ll.thespacedevs.com/2.0.0)", valueName: "URL"))
    var ll2API: String?

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

    @Flag(name: .customLong("no-images"), help: "Draw placeholder glyphs instead of pictures.")
    var noImages = false

    @Option(help: ArgumentHelp("Give up a request after this many seconds; the data on screen stays. [TMINUS_TIMEOUT] (default: 15)", valueName: "SECONDS"))
    var timeout: String?

    func run() throws {
        var flags = Settings.Flags()
        flags.source = source; flags.spacexAPI = spacexAPI; flags.ll2API = ll2API; flags.dataDir = dataDir
        flags.tz = tz; flags.now = now; flags.offline = offline; flags.browser = browser; flags.noImages = noImages
        flags.timeout = timeout
        let settings: Settings
        do {
            settings = try Settings.resolve(flags, environment: ProcessInfo.processInfo.environment)
        } catch let error as Settings.Invalid {
            throw ValidationError(error.description)
        }

        FileLogHandler.bootstrap(file: settings.paths.logFile)
        let logger = Logger(label: "tminus")
        logger.info("start: source=\(settings.source.rawValue) api=\(settings.spacexAPI) tz=\(settings.timeZone.identifier)")

        let mailbox = Mailbox()
        let viewModel = AppViewModel(environment: Wiring.environment(settings, logger: logger), mailbox: mailbox)
        let code: Int32
        do {
            code = try TerminalApp.run(viewModel: viewModel, mailbox: mailbox, render: Renderer.render, logger: logger)
        } catch let error as TerminalError {
            // No usable terminal (no TERM, an unknown or a dumb one, not a tty) is not a flag
            // problem: one line saying what is wrong, without the usage text.
            logger.error("terminal: \(error)")
            throw error
        } catch {
            logger.error("terminal: \(error)")
            throw ValidationError("\(error)")
        }
        throw ExitCode(code)
    }
}

Tminus.main()
