import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus list [upcoming|past]`: a table, or JSON; upcoming when not said (what a script
/// following launches wants).
struct List: ListCommand {
    static let configuration = CommandConfiguration(abstract: "Print the upcoming or past launches as a table or JSON.")

    @OptionGroup var arguments: ListArguments

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        let launches = try await context.launches(arguments.segment, limit: arguments.limit)
        if arguments.json {
            ScriptContext.write(ScriptOutput.launchJSON(launches, verdictAt: context.clock.now()))
        } else {
            ScriptContext.write(ScriptOutput.launchTable(launches, time: context.time, color: ScriptContext.colorOutput,
                                                         verdictAt: context.clock.now()))
        }
    }
}
