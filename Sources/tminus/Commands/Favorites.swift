import ArgumentParser
import Foundation
import Logging
import TminusArchive
import TminusCore
import TminusStore

/// `tminus favorites`: what the favorites database holds.
struct FavoritesCommand: ScriptCommand {
    static let configuration = CommandConfiguration(commandName: "favorites", abstract: "Print the favorite rockets and watched launches.",
                                                    discussion: "What you favorited and watched is listed whole: the follow flags are taken (as by every subcommand) and change nothing here.")

    @Flag(help: "JSON instead of a table.")
    var json = false

    @OptionGroup var follow: FollowOptions

    @OptionGroup var options: CommonOptions

    func work() async throws {
        let context = try ScriptContext(options)
        let store = FavoritesStore.sqlite(at: context.settings.paths.favoritesDatabase)
        let favorites: Favorites
        do {
            favorites = try await store.load()
        } catch {
            throw ScriptFailure(error.message)
        }
        // What opening found (a damaged file set aside and what was recovered from it) is
        // said on stderr; what the database holds is the answer, and a read-only one is read.
        if let notice = store.status().notice { FileHandle.standardError.write(Data("tminus: \(notice)\n".utf8)) }
        let launches = favorites.launches.map(\.launch)
        let rockets = favorites.rockets.map(\.rocket)
        if json {
            let object: [String: Any] = [
                "launches": (try? JSONSerialization.jsonObject(with: ScriptOutput.launchJSON(launches, verdictAt: context.clock.now()))) ?? [],
                "rockets": (try? JSONSerialization.jsonObject(with: ScriptOutput.rocketJSON(rockets))) ?? [],
            ]
            var data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
            data.append(0x0A)
            ScriptContext.write(data)
        } else {
            ScriptContext.write("ROCKETS\n" + (rockets.isEmpty ? "(none)\n" : ScriptOutput.rocketTable(rockets, units: context.units)))
            ScriptContext.write("\nLAUNCHES\n" + (launches.isEmpty ? "(none)\n"
                : ScriptOutput.launchTable(launches, time: context.time, color: ScriptContext.colorOutput,
                                           countdownAt: context.clock.now())))
        }
    }
}
