import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus list [upcoming|past]`: a table, or JSON; upcoming when not said (what a script
/// following launches wants).
struct List: ScriptCommand {
    static let configuration = CommandConfiguration(abstract: "Print the upcoming or past launches as a table or JSON.")

    @Argument(help: ArgumentHelp("Which list: upcoming or past.", valueName: "upcoming|past"))
    var list: String = "upcoming"

    @Option(help: "How many launches (following the pages).")
    var limit: Int = 20

    @Flag(help: "JSON instead of a table.")
    var json = false

    @OptionGroup var options: CommonOptions

    func check() throws {
        guard LaunchSegment(rawValue: list) != nil else { throw ValidationError("unknown list '\(list)': use upcoming or past") }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func work() async throws {
        let context = try ScriptContext(options)
        let launches = try await context.launches(LaunchSegment(rawValue: list)!, limit: limit)
        if json {
            ScriptContext.write(ScriptOutput.launchJSON(launches))
        } else {
            ScriptContext.write(ScriptOutput.launchTable(launches, time: context.time, color: ScriptContext.colorOutput))
        }
    }
}
