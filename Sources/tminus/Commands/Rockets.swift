import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus rockets`: the source's rockets in the user's units (Launch Library 2: the active
/// ones, every provider's; the r/SpaceX API: its four).
struct Rockets: ScriptCommand {
    static let configuration = CommandConfiguration(abstract: "Print the rockets (in your units) as a table or JSON.",
                                                    discussion: "Of the follow, only the providers apply to rockets.")

    @Flag(help: "JSON instead of a table.")
    var json = false

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        // A rocket has a provider, not a place or a crew: only `--provider` narrows the list.
        let providers = context.follow(follow).providers
        let rockets = try await context.fetch { () async throws(APIError) in try await context.source.rockets(.normal) }
            .filter { rocket in providers.isEmpty || providers.contains { Follow.names($0, provider: rocket.provider ?? "", abbrev: nil) } }
        if json {
            ScriptContext.write(ScriptOutput.rocketJSON(rockets))
        } else {
            ScriptContext.write(ScriptOutput.rocketTable(rockets, units: context.units))
        }
    }
}
