import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus rockets`: the source's rockets in the user's units (Launch Library 2: the active
/// ones, every provider's; the r/SpaceX API: its four).
struct Rockets: ScriptCommand {
    static let configuration = CommandConfiguration(abstract: "Print the rockets (in your units) as a table or JSON.")

    @Flag(help: "JSON instead of a table.")
    var json = false

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        let rockets = try await context.fetch { () async throws(APIError) in try await context.source.rockets(.normal) }
        if json {
            ScriptContext.write(ScriptOutput.rocketJSON(rockets))
        } else {
            ScriptContext.write(ScriptOutput.rocketTable(rockets, units: context.units))
        }
    }
}
