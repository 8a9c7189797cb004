import Foundation
import Testing
@testable import TminusCore

/// Issue 38: what a follow matches — providers by name or abbreviation, places by site, pad,
/// location, US state or country, crewed flights, hidden words — over the recorded data.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct FollowTests {
    static func recorded() throws -> [Launch] {
        try ["ll2/2.0.0/upcoming-2023-04.json", "ll2/2.0.0/upcoming-2024-03.json", "ll2/2.0.0/upcoming-2026-06.json",
             "ll2/2.2.0/upcoming-detailed.json"].flatMap { try LaunchLibrary2.decodeList(Fixtures.data($0), page: 1).launches }
    }

    /// Every recorded launch is followed by its own provider's name and abbreviation (any case),
    /// by a word of its place, and hidden by a word of its name; never by another provider's.
    @Test func everyRecordedLaunchMatchesItsOwnNamesOnly() throws {
        let launches = try Self.recorded()
        #expect(launches.count >= 30)
        for launch in launches {
            if let provider = launch.provider {
                #expect(Follow(providers: [provider.uppercased()]).follows(launch), "\(launch.name): \(provider)")
                for other in Set(launches.compactMap(\.provider)) where Follow.folded(other) != Follow.folded(provider)
                    && !Follow.hasWords(other, in: provider) {
                    #expect(!Follow(providers: [other]).follows(launch), "\(launch.name) by \(provider) followed as \(other)")
                }
            }
            if let abbrev = launch.providerAbbrev {
                #expect(Follow(providers: [abbrev.lowercased()]).follows(launch), "\(launch.name): \(abbrev)")
            }
            if let place = launch.launchpad?.object?.locality, let word = place.split(separator: ",").first {
                #expect(Follow(locations: [String(word)]).follows(launch), "\(launch.name): \(word)")
            }
            let word = String(launch.name.split(separator: " ").last ?? "")
            #expect(!Follow(hide: [word]).follows(launch), "\(launch.name) not hidden by \(word)")
        }
    }

    @Test func placesByStateAndCountryAndWholeWordsOnly() {
        func at(_ locality: String, pad: String = "SLC-40") -> Launch {
            var launch = Launch(origin: .launchLibrary2, id: locality, name: "X | Y", date: nil, upcoming: true)
            launch.launchpad = .object(Launchpad(id: "p", name: pad, locality: locality))
            return launch
        }
        let florida = at("Cape Canaveral SFS, FL, USA"), vandenberg = at("Vandenberg SFB, CA, USA"), kourou = at("Guiana Space Centre, French Guiana")
        #expect(Follow(locations: ["Florida"]).follows(florida) && !Follow(locations: ["Florida"]).follows(vandenberg))
        #expect(Follow(locations: ["california"]).follows(vandenberg))
        #expect(Follow(locations: ["USA"]).follows(florida) && Follow(locations: ["USA"]).follows(vandenberg) && !Follow(locations: ["USA"]).follows(kourou))
        #expect(Follow(locations: ["Vandenberg", "Kourou"]).follows(vandenberg), "several places: any of them")
        #expect(Follow(locations: ["Guiana"]).follows(kourou))
        #expect(!Follow(locations: ["Cape"]).follows(vandenberg))
        #expect(!Follow(locations: ["Van"]).follows(vandenberg), "whole words: Van is not Vandenberg")
        #expect(Follow(locations: ["SLC-40"]).follows(florida), "the pad's name")
    }

    @Test func providersCrewedAndHiddenWords() {
        var rocketLab = Launch(origin: .launchLibrary2, id: "rl", name: "Electron | Beginning of the Swarm", date: nil, upcoming: true)
        rocketLab.provider = "Rocket Lab"
        rocketLab.providerAbbrev = "RL"
        var crew = Launch(origin: .launchLibrary2, id: "c", name: "Falcon 9 Block 5 | Crew-12", date: nil, upcoming: true)
        crew.provider = "SpaceX"
        crew.missionType = "Human Exploration"
        let starlink = Launch(id: "s", name: "Starlink 4-36 (v1.5)", date: nil, upcoming: true)  // r/SpaceX: SpaceX
        #expect(Follow(providers: ["rocket lab"]).follows(rocketLab) && Follow(providers: ["RL"]).follows(rocketLab))
        #expect(!Follow(providers: ["Rocket"]).follows(starlink) && Follow(providers: ["spacex"]).follows(starlink))
        #expect(Follow(crewed: true).follows(crew) && !Follow(crewed: true).follows(rocketLab))
        #expect(!Follow(hide: ["starlink"]).follows(starlink) && Follow(hide: ["starlink"]).follows(crew))
        #expect(Follow(providers: ["SpaceX"], crewed: true).follows(crew) && !Follow(providers: ["SpaceX"], crewed: true).follows(starlink))
        #expect(Follow.everything.follows(starlink) && Follow.everything.isEmpty)
        #expect(Follow(providers: ["SpaceX", "Rocket Lab"], locations: ["Florida"], crewed: true, hide: ["Starlink"]).words
                == "SpaceX, Rocket Lab · Florida · crewed · hiding Starlink")
    }

    /// A name that matches nothing names the close ones.
    @Test func aNameThatMatchesNothingNamesTheCloseOnes() throws {
        let launches = try Self.recorded()
        let unmatched = Follow.unmatched(Follow(providers: ["SpaceXX", "SpaceX"], locations: ["Vandenburg"]), in: launches)
        #expect(unmatched.map(\.name) == ["SpaceXX", "Vandenburg"])
        #expect(unmatched.first?.close.contains("SpaceX") == true, "\(unmatched)")
        #expect(unmatched.last?.close.contains { $0.hasPrefix("Vandenberg") } == true, "\(unmatched)")
    }
}

/// A follow as Launch Library 2's own filters, and as the settings keep it.
struct FollowServerTests {
    @Test func theListURLAsksForTheFollowByID() {
        let base = URL(string: "https://ll.thespacedevs.com/2.3.0")!
        let query = ListQuery(follow: Follow(providers: ["SpaceX", "RL"], crewed: true),
                              server: ServerFollow(providerIDs: ["121", "147"], locationIDs: ["12"], crewed: true))
        let url = LaunchLibrary2.listURL(base: base, segment: .past, query: query).absoluteString
        #expect(url == "https://ll.thespacedevs.com/2.3.0/launches/previous/?limit=20&offset=0&lsp__id=121,147&location__ids=12&is_crewed=true&mode=detailed",
                "\(url)")
        // Without ids (none learned yet), only what needs none is asked: the rows are checked here.
        let unknown = ListQuery(follow: Follow(providers: ["SpaceX"]), server: .none)
        #expect(!LaunchLibrary2.listURL(base: base, segment: .past, query: unknown).absoluteString.contains("lsp__id"))
    }

    @Test func idsAreAskedOnlyWhenEveryNameOfAKindIsKnown() {
        var spacex = Launch(origin: .launchLibrary2, id: "a", name: "Starlink", date: nil, upcoming: true)
        spacex.provider = "SpaceX"; spacex.providerAbbrev = "SpX"; spacex.providerID = "121"
        spacex.launchpad = .object(Launchpad(id: "p", name: "SLC-40", locality: "Cape Canaveral SFS, FL, USA", locationID: "12"))
        let follow = Follow(providers: ["spx", "Rocket Lab"], locations: ["Florida"])
        var ids = FollowIDs()
        let first = ids.learn(from: [spacex], for: follow)
        let second = ids.learn(from: [spacex], for: follow)
        #expect(first && !second, "new the first time, nothing new the second")
        let server = ids.server(for: follow)
        #expect(server.providerIDs.isEmpty, "Rocket Lab's id is not known: the server is not asked by provider")
        #expect(server.locationIDs == ["12"])
        #expect(ids.server(for: Follow(providers: ["SpaceX"])).providerIDs.isEmpty, "learned for `spx`, not `SpaceX`")
        #expect(ids.server(for: Follow(providers: ["SPX"])).providerIDs == ["121"])
    }

    @Test func theSettingsKeepTheFollowAndAFileWithoutOneHasNone() throws {
        var preferences = Preferences.defaults
        preferences.follow = Follow(providers: ["Rocket Lab"], hide: ["Starlink"])
        preferences.followIDs = FollowIDs(providers: ["rocket lab": ["147"]])
        let data = try JSONEncoder().encode(preferences)
        let back = try JSONDecoder().decode(Preferences.self, from: data)
        #expect(back.follow == preferences.follow && back.followIDs == preferences.followIDs)
        let old = try JSONDecoder().decode(Preferences.self, from: Data(#"{"units": {}, "follow": {"providers": ["ULA"]}}"#.utf8))
        #expect(old.follow == Follow(providers: ["ULA"]), "a kind left out is not followed")
        let handWritten = try JSONDecoder().decode(Preferences.self, from: Data(#"{"follow_ids": {"providers": {"ula": ["124"]}}}"#.utf8))
        #expect(handWritten.followIDs == FollowIDs(providers: ["ula": ["124"]]), "a kind left out has nothing learned")
        let none = try JSONDecoder().decode(Preferences.self, from: Data("{}".utf8))
        #expect(none.follow == nil && none.savedFollow(config: Follow(crewed: true)) == Follow(crewed: true))
        #expect(back.savedFollow(config: Follow(crewed: true)) == preferences.follow)
    }
}
