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

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        let launches = try await context.launches(arguments.segment, limit: arguments.limit,
                                                  follow: context.follow(follow))
        // Frozen data's "upcoming" launches past their date are listed as the Upcoming tab
        // lists them, as `NO DATA` (never upcoming to a script); said once, why.
        let history = launches.filter { $0.sourceStatus?.kind == .noData }.count
        if history > 0 {
            ScriptContext.warn("\(context.source.name): frozen data: \(history == 1 ? "1 launch" : "\(history) launches") it calls upcoming "
                               + "\(history == 1 ? "is" : "are") past \(history == 1 ? "its date" : "their dates") (no data)")
        }
        if arguments.json {
            ScriptContext.write(ScriptOutput.launchJSON(launches, verdictAt: context.clock.now(), list: arguments.segment))
        } else if launches.isEmpty {
            // What the app's empty list says, not a bare header.
            ScriptContext.write("No \(arguments.segment == .upcoming ? "upcoming" : "past") launches.\n")
        } else {
            ScriptContext.write(ScriptOutput.launchTable(launches, time: context.time, color: ScriptContext.colorOutput,
                                                         verdictAt: context.clock.now()))
        }
    }
}
