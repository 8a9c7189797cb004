import Foundation
import PropertyBased
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Issue 38: follows made at random from the names in the recorded multi-provider schedules
/// (providers by name or abbreviation, the chooser's places, crewed, words of launch names),
/// in any case, against every recorded launch.
@Suite("Following: matching over the recorded schedules (properties)",
       .enabled(if: !recordedSchedules.isEmpty, "TMINUS_FIXTURES is not set"))
struct FollowPropertyTests {
    static var launches: [Launch] { recordedSchedules }
}

/// The recorded Launch Library 2 upcoming pages (several providers), decoded once.
let recordedSchedules: [Launch] = {
    guard let root = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !root.isEmpty else { return [] }
    return ["ll2/2.0.0/upcoming-2023-04.json", "ll2/2.0.0/upcoming-2024-03.json", "ll2/2.0.0/upcoming-2026-06.json",
            "ll2/2.2.0/upcoming-detailed.json"].flatMap { file -> [Launch] in
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: root).appending(path: file)) else { return [] }
        return (try? LaunchLibrary2.decodeList(data, page: 1).launches) ?? []
    }
}()

extension FollowPropertyTests {
    struct Case: CustomStringConvertible {
        var follow: Follow
        var description: String { "\(follow)" }

        static let generator = Generator<Case, Shrink.None<Case>> { rng in
            let launches = FollowPropertyTests.launches
            let providers = Array(Set(launches.flatMap { [$0.provider, $0.providerAbbrev].compactMap { $0 } })).sorted()
            let places = Array(Set(launches.flatMap { FollowChooser.places(of: $0).map(\.0) })).sorted()
            let words = Array(Set(launches.flatMap { $0.name.split(separator: " ").map(String.init) })).sorted()
            func some(_ names: [String], upTo most: Int) -> [String] {
                (0..<Int.random(in: 0...most, using: &rng)).map { _ in
                    let name = names.randomElement(using: &rng)!
                    return [name, name.uppercased(), name.lowercased()].randomElement(using: &rng)!
                }
            }
            return Case(follow: Follow(providers: some(providers, upTo: 2), locations: some(places, upTo: 2),
                                       crewed: Int.random(in: 0..<4, using: &rng) == 0, hide: some(words, upTo: 1)))
        }
    }

    /// A launch is followed when it passes each part of the follow, whatever the case.
    @Test func aFollowIsEachOfItsPartsInAnyCase() async {
        await propertyCheck(count: 200, input: Case.generator) { c in
            let f = c.follow
            let shouted = Follow(providers: f.providers.map { $0.uppercased() }, locations: f.locations.map { $0.uppercased() },
                                 crewed: f.crewed, hide: f.hide.map { $0.uppercased() })
            for launch in Self.launches {
                let parts = Follow(providers: f.providers).follows(launch) && Follow(locations: f.locations).follows(launch)
                    && Follow(crewed: f.crewed).follows(launch) && Follow(hide: f.hide).follows(launch)
                #expect(f.follows(launch) == parts, "\(launch.name)")
                #expect(shouted.follows(launch) == f.follows(launch), "\(launch.name)")
            }
        }
    }

    /// More providers or places follow more; a word hidden or crewed only, never more.
    @Test func widerFollowsFollowMoreAndNarrowerLess() async {
        await propertyCheck(count: 200, input: Case.generator) { c in
            let f = c.follow
            let followed = Set(Self.launches.filter(f.follows).map(\.id))
            if !f.providers.isEmpty, let extra = Self.launches.compactMap(\.provider).first {
                var wider = f
                wider.providers.append(extra)
                #expect(followed.isSubset(of: Set(Self.launches.filter(wider.follows).map(\.id))))
            }
            var narrower = f
            narrower.crewed = true
            narrower.hide.append("Starlink")
            #expect(Set(Self.launches.filter(narrower.follows).map(\.id)).isSubset(of: followed))
            #expect(Self.launches.filter(narrower.follows).allSatisfy { $0.isCrewed && !$0.name.contains("Starlink") })
        }
    }

    /// The server is never asked in a way that leaves out a followed launch: the ids learned
    /// from the launches hold every followed one's provider and location.
    @Test func theServerIsAskedForEveryFollowedLaunchSeen() async {
        await propertyCheck(count: 200, input: Case.generator) { c in
            var ids = FollowIDs()
            ids.learn(from: Self.launches, for: c.follow)
            let server = ids.server(for: c.follow)
            for launch in Self.launches where c.follow.follows(launch) {
                if !server.providerIDs.isEmpty, let id = launch.providerID {
                    #expect(server.providerIDs.contains(id), "\(launch.name) by \(launch.provider ?? "-") (\(id))")
                }
                if !server.locationIDs.isEmpty, let id = launch.launchpad?.object?.locationID {
                    #expect(server.locationIDs.contains(id), "\(launch.name) at \(launch.launchpad?.object?.locality ?? "-")")
                }
            }
            #expect(server.crewed == c.follow.crewed)
        }
    }

    /// Every launch's own provider and places are rows of the chooser, and ticking one
    /// follows the launch.
    @Test func theChoosersRowsFollowTheLaunchesTheyCameFrom() {
        let rows = FollowChooser.rows(follow: .everything, upcoming: Self.launches, past: [])
        for launch in Self.launches {
            if let provider = launch.providerName {
                #expect(rows.contains { if case .provider(provider, _) = $0 { true } else { false } }, "\(provider)")
                #expect(Follow(providers: [provider]).follows(launch))
            }
            for (place, _) in FollowChooser.places(of: launch) {
                #expect(Follow(locations: [place]).follows(launch), "\(launch.name) at \(place)")
            }
        }
    }
}
