import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus ics ID`: the launch as a calendar file in the download folder (as `c` in the app).
struct ICS: ScriptCommand {
    static let configuration = CommandConfiguration(abstract: "Save a launch as a calendar event (.ics) in the download folder.",
                                                    discussion: "An id names one launch: the follow flags are taken (as by every subcommand) and change nothing here.")

    @Argument(help: "The launch's id (as `tminus list --json` prints it).")
    var id: String

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        let launch = try await find(context)
        let ics: String
        do throws(LaunchEvent.Problem) {
            ics = try LaunchEvent.ics(for: launch, now: context.clock.now())
        } catch {
            throw ScriptFailure("\(launch.name): \(error.description)")
        }
        switch Exports.save(Data(ics.utf8), as: LaunchEvent.fileName(for: launch), in: context.settings.paths.downloads) {
        case .success(let url): ScriptContext.write(url.path + "\n")
        case .failure(let error): throw ScriptFailure("could not save the calendar event: \(error.message)")
        }
    }

    /// The launch's own record where the source has one (Launch Library 2); else it is looked
    /// for in the watched launches, then in the upcoming and past lists.
    func find(_ context: ScriptContext) async throws -> Launch {
        if let detail = context.source.launchDetail {
            return try await context.fetch { () async throws(APIError) in try await detail(id, .normal) }
        }
        if let watched = try? await FavoritesStore.sqlite(at: context.settings.paths.favoritesDatabase).load().launches
            .first(where: { $0.id == id }) {
            return watched.launch
        }
        for segment in LaunchSegment.allCases {
            if let launch = try await context.launches(segment, limit: 1000).first(where: { $0.id == id }) { return launch }
        }
        throw ScriptFailure("\(context.source.name): no launch with id '\(id)'")
    }
}
