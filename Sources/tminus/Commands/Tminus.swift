import ArgumentParser
import Foundation
import Logging
import TminusCore
import TminusRender
import TminusTerminal
import TminusViewModel

/// The command line: without a subcommand, the full-screen app; with one, a line, a table or
/// JSON for scripts. Its flags and environment variables are an exact interface: tests and
/// scripts drive the app through them.
struct Tminus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tminus",
        abstract: "Follow rocket launches in your terminal.",
        // The parser's own line (`tminus <options> <subcommand>`) reads as if a subcommand
        // were needed: without one, tminus is the full-screen app.
        usage: """
        tminus [<options>]                 the full-screen app
        tminus <subcommand> [<options>]    a line, a table or JSON for scripts
        """,
        discussion: """
        Each option can also come from the environment variable in brackets; a flag wins over \
        its variable. Keys: press ? in the app. The subcommands take the same options after \
        their name (tminus next --tz UTC).
        """,
        version: TminusVersion.described,
        subcommands: [Next.self, List.self, Events.self, Rockets.self, FavoritesCommand.self, ICS.self, Doctor.self]
    )

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    /// Startup benchmark (Tests/Benchmarks/process_bench.py): leave after the first frame with
    /// launch rows and print how long it took. See StartupBench.
    @Flag(name: .customLong("bench-startup"), help: .hidden)
    var benchStartup = false

    /// The exit status when something the user asked for was not saved (EX_CANTCREAT).
    static let unsavedExitCode: Int32 = 73

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let bench = benchStartup ? StartupBench(environment: environment) : nil
        bench?.mark("main", at: bench?.elapsed(at: StartupBench.mainEntered))
        bench?.mark("arguments parsed")
        let settings = try options.settings(environment)

        FileLogHandler.bootstrap(file: settings.paths.logFile)
        let logger = Logger(label: "tminus")
        logger.info("start: source=\(settings.source.rawValue) api=\(settings.spacexAPI) tz=\(settings.timeZone.identifier)")
        if let problem = settings.configProblem { logger.warning("config: \(problem)") }

        bench?.mark("settings + log")

        let mailbox = Mailbox()
        var appEnvironment = Wiring.environment(settings, logger: logger)
        // The flags' follow is this run's (not saved); without them the saved one applies.
        if follow.given {
            let saved = PreferencesStore.file(settings.paths.settingsFile).load().preferences.savedFollow(config: settings.config.follow)
            appEnvironment.followFlag = follow.follow(saved: saved)
        }
        let viewModel = AppViewModel(environment: appEnvironment, mailbox: mailbox)
        bench?.mark("view model")
        bench?.startWatchdog()
        let code: Int32
        do {
            // The theme is part of the state (`t`, --theme, the terminal's background): the
            // renderer takes its colours from there every frame.
            code = try TerminalApp.run(viewModel: viewModel, mailbox: mailbox,
                                       logger: logger, pictures: settings.pictures,
                                       onFrame: bench.map { bench in { bench.frameDrawn($0) } })
        } catch let error as TerminalError {
            // No usable terminal (no TERM, an unknown or a dumb one, not a tty) is not a flag
            // problem: one line saying what is wrong, without the usage text.
            logger.error("terminal: \(error)")
            throw error
        } catch {
            logger.error("terminal: \(error)")
            throw ValidationError("\(error)")
        }
        // Writes the user asked for and the disk did not take: said now that the terminal is
        // back, with a copy wherever one could be written, and the exit is not a success.
        let unsaved = viewModel.finishWrites()
        if !unsaved.isEmpty {
            let copy = RescueCopy.write(unsaved.json, named: RescueCopy.name(at: Date()),
                                        candidates: RescueCopy.candidates(settings.paths))
            // The new copy holds what older ones held (their changes were waiting too).
            if let copy { for old in unsaved.carriedFrom where old != copy { try? FileManager.default.removeItem(at: old) } }
            let report = unsaved.report(copy: copy)
            logger.error("exit: \(report.trimmingCharacters(in: .newlines))")
            FileHandle.standardError.write(Data(report.utf8))
            throw ExitCode(Self.unsavedExitCode)
        }
        if let bench {
            logger.info("bench-startup: \(bench.line ?? "no rows") — \(bench.breakdown)")
            guard let line = bench.line else {
                FileHandle.standardError.write(Data("tminus: --bench-startup: no frame with launch rows within \(StartupBench.deadlineSeconds) s\n".utf8))
                throw ExitCode(1)
            }
            print(line)
        }
        throw ExitCode(code)
    }
}

/// The entry point: the startup clock's first mark, then the command line.
/// Synchronous on purpose: the full-screen app must run its loop on the main thread (curses
/// is not thread-safe), which an async entry point would not guarantee.
@main
enum Entry {
    static func main() {
        _ = StartupBench.mainEntered
        if let short = OpenFilesLimit.ensure() ?? ThreadProbe.problem() {
            FileHandle.standardError.write(Data((short + "\n").utf8))
            exit(EX_OSERR)
        }
        Tminus.main()
    }
}
