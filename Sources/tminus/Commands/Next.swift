import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus next`: the next launch on one line, for a status bar or a prompt.
struct Next: ScriptCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the next launch on one line (for tmux or a shell prompt).",
        discussion: "Placeholders: " + ScriptOutput.placeholders.map { "{\($0)}" }.joined(separator: " ") + "; {{ and }} are braces.")

    // ArgumentParser adds "(default: …)" itself.
    @Option(help: ArgumentHelp("What to print.", valueName: "TEMPLATE"))
    var format: String = ScriptOutput.defaultNextFormat

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    /// A bad template is refused while parsing, with `next`'s usage, before any request.
    func check() throws {
        do {
            try ScriptOutput.check(format)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The upcoming launches `next` looks through: the app's whole Upcoming list (Launch
    /// Library 2's one page of 100, so no request more), not the first 20 of it. (A frozen
    /// source's pages are 20; its upcoming launches are history anyway.)
    static let upcomingRead = LaunchLibrary2.upcomingPageSize

    func work() async throws {
        let context = try ScriptContext(options)
        let followed = context.follow(follow)
        // From the replica, the few launches that can be next (no more decoded); from any
        // other source, every upcoming launch it lists, as the app's banner reads them: a list
        // of launches past their NET with no outcome yet must not hide the one three hours away.
        let candidates = try await context.nextCandidates(follow: followed)
        let upcoming: [Launch]
        if let candidates {
            upcoming = candidates
        } else {
            upcoming = try await context.launches(.upcoming, limit: context.source.isFrozen ? LaunchSource.pageSize : Self.upcomingRead,
                                                  follow: followed)
        }
        let now = context.clock.now()
        guard let next = Launch.next(in: upcoming, now: now) else {
            // Said as the app's banner says it: nothing listed is still ahead.
            let listed = candidates == nil ? upcoming : try await context.heldUpcoming(follow: followed)
            let overdue = listed.filter { $0.isOutcomeOverdue(at: now) }.count
            let following = followed.isEmpty ? "" : " followed (\(followed.words))"
            let why = overdue == 0 ? "no upcoming launch\(following)"
                : "no launch\(following) ahead (the \(overdue) listed are past their NET with no outcome)"
            throw ScriptFailure("\(context.source.name): \(why)")
        }
        ScriptContext.write(try ScriptOutput.format(format, next, now: now, time: context.time) + "\n")
    }
}
