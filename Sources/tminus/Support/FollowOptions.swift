import ArgumentParser
import TminusCore

/// What a run follows (issue 38): `--provider`, `--location` (repeatable), `--crewed`,
/// `--hide` (repeatable), `--everything`. Taken by the subcommands that list launches.
struct FollowOptions: ParsableArguments {
    @Option(name: .customLong("provider"), help: ArgumentHelp("Only this provider's launches: its name or abbreviation, any case (SpaceX, SpX, \"Rocket Lab\"). Repeatable.", valueName: "NAME"))
    var providers: [String] = []

    @Option(name: .customLong("location"), help: ArgumentHelp("Only launches from this place: a site, pad or location name, a US state, a country code (Vandenberg, Florida, Kourou, USA). Repeatable.", valueName: "NAME"))
    var locations: [String] = []

    @Flag(help: "Only crewed flights.")
    var crewed = false

    @Option(name: .customLong("hide"), help: ArgumentHelp("Leave out launches whose name holds this word (Starlink). Repeatable.", valueName: "WORD"))
    var hide: [String] = []

    @Flag(help: "Everything, whatever is followed (this run only).")
    var everything = false

    /// Whether the command line names any of them (the app then follows them for this run,
    /// without saving).
    var given: Bool { !providers.isEmpty || !locations.isEmpty || crewed || !hide.isEmpty || everything }

    /// The follow of this run: the saved one (chosen with `P`, else config.toml's `[follow]`),
    /// each kind the flags name replaced by theirs; nothing with `--everything`.
    func follow(saved: Follow) -> Follow {
        guard !everything else { return .everything }
        return Follow(providers: providers.isEmpty ? saved.providers : providers,
                      locations: locations.isEmpty ? saved.locations : locations,
                      crewed: crewed || saved.crewed, hide: hide.isEmpty ? saved.hide : hide)
    }
}

/// A follow naming a provider or place no launch has: said with the nearest names, exit 64 (a
/// usage error: the name is wrong, not the network).
enum UnknownFollowName {
    static func check(_ follow: Follow, against launches: [Launch], known: FollowIDs = FollowIDs()) throws {
        guard let unknown = Follow.unknown(follow, in: launches, known: known) else { return }
        ScriptContext.warn(unknown.message)
        throw ExitCode(64)
    }
}
