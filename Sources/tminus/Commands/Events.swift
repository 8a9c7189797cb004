import ArgumentParser
import Foundation
import TminusCore

/// `tminus events [upcoming|past]`: the source's events (dockings, spacewalks, landings…) as a
/// table or JSON, like `tminus list`.
struct Events: ScriptCommand {
    static let configuration = CommandConfiguration(abstract: "Print the upcoming or past events (dockings, spacewalks, static fires, landings) as a table or JSON.")

    @Argument(help: ArgumentHelp("Which list: upcoming or past.", valueName: "upcoming|past"))
    var list: String = "upcoming"

    @Option(help: "How many events (following the pages).")
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
        guard let source = context.source.events else {
            throw ScriptFailure("\(context.source.name) has no events: use --source ll2")
        }
        var all: [SpaceEvent] = []
        var cursor: PageCursor? = .first
        while let next = cursor, all.count < limit {
            let page = try await context.fetch { () async throws(APIError) in try await source(LaunchSegment(rawValue: list)!, next, .normal) }
            let fresh = page.events.filter { event in !all.contains { $0.id == event.id } }
            // A server that pages on without anything new would keep this loop going.
            if fresh.isEmpty { break }
            all += fresh
            cursor = page.next
        }
        let events = Array(all.prefix(limit))
        if json {
            ScriptContext.write(ScriptOutput.eventJSON(events))
        } else {
            ScriptContext.write(ScriptOutput.eventTable(events, time: context.time))
        }
    }
}
