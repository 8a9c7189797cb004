import ArgumentParser
import TminusCore

/// What `tminus list` and `tminus events` both take: which list, how many, JSON or a table.
struct ListArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("Which list: upcoming or past.", valueName: "upcoming|past"))
    var list: String = "upcoming"

    @Option(help: "How many (following the pages).")
    var limit: Int = 20

    @Flag(help: "JSON instead of a table.")
    var json = false

    /// The list asked for; `check` has made sure there is one.
    var segment: LaunchSegment { LaunchSegment(rawValue: list) ?? .upcoming }

    func check() throws {
        guard LaunchSegment(rawValue: list) != nil else { throw ValidationError("unknown list '\(list)': use upcoming or past") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }
}

/// A subcommand that prints a list (`list`, `events`): its list arguments are checked with
/// the flags, before any request.
protocol ListCommand: ScriptCommand {
    var arguments: ListArguments { get }
}

extension ListCommand {
    func check() throws { try arguments.check() }
}
