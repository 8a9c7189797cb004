import ArgumentParser
import Foundation
import TminusCore

/// `tminus events [upcoming|past]`: the source's events (dockings, spacewalks, landings…) as a
/// table or JSON, like `tminus list`.
struct Events: ListCommand {
    static let configuration = CommandConfiguration(abstract: "Print the upcoming or past events (dockings, spacewalks, static fires, landings) as a table or JSON.")

    @OptionGroup var arguments: ListArguments

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        guard let source = context.source.events else {
            throw ScriptFailure("\(context.source.name) has no events: use --source ll2")
        }
        // Events that name a followed launch, and those that name none (issue 38).
        let followed = context.follow(follow)
        var all: [SpaceEvent] = []
        var cursor: PageCursor? = .first
        var pages = 0
        while let next = cursor, all.count < arguments.limit, followed.isEmpty || pages < ScriptContext.followedPagesMax {
            pages += 1
            let page = try await context.fetch { () async throws(APIError) in try await source(arguments.segment, next, .normal) }
            let fresh = page.events.filter { event in !all.contains { $0.id == event.id } }
            // A server that pages on without anything new would keep this loop going.
            if fresh.isEmpty { break }
            all += fresh.filter(followed.follows)
            cursor = page.next
        }
        let events = Array(all.prefix(arguments.limit))
        if arguments.json {
            ScriptContext.write(ScriptOutput.eventJSON(events))
        } else {
            ScriptContext.write(ScriptOutput.eventTable(events, time: context.time))
        }
    }
}
