import Foundation
import Testing
@testable import TminusCore

/// A populated r/SpaceX page carries its rocket and pad in every launch: after decoding, the
/// launches share one copy (issue 28), the same values as before.
// The kept copies are the process's: each test names rockets of its own (tests run in parallel).
@Suite struct SharedReferencesTests {
    static func page(rocket id: String, rocketDescription: String) -> Data {
        let rocket = #"{"id": "\#(id)", "name": "Falcon 9", "description": "\#(rocketDescription)", "flickr_images": ["https://example.com/a.jpg"]}"#
        let pad = #"{"id": "slc40", "name": "CCSFS SLC 40", "full_name": "Cape Canaveral Space Force Station Space Launch Complex 40"}"#
        let docs = (1...3).map { #"{"id": "launch\#($0)", "name": "Launch \#($0)", "upcoming": false, "rocket": \#(rocket), "launchpad": \#(pad)}"# }
        return Data(#"{"docs": [\#(docs.joined(separator: ","))], "page": 1, "totalDocs": 3}"#.utf8)
    }

    /// Where a string's bytes live: two strings sharing storage share this address.
    static func storage(_ text: String?) -> UnsafeRawPointer? {
        text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func theLaunchesOfAPageShareTheirRocketAndPad() throws {
        let description = "Falcon 9 is a two-stage rocket designed and manufactured by SpaceX for reliable transport."
        let launches = try SpaceXAPI.decodePage(Self.page(rocket: "falcon9-shared", rocketDescription: description)).launches
        #expect(launches.count == 3)
        let rockets = launches.compactMap { $0.rocket?.object }
        #expect(rockets.count == 3 && rockets.allSatisfy { $0.description == description })
        #expect(Set(rockets.map { Self.storage($0.description) }).count == 1, "one copy of the description")
        let pads = launches.compactMap { $0.launchpad?.object }
        #expect(pads.count == 3 && Set(pads.map { Self.storage($0.fullName) }).count == 1, "one copy of the pad's name")
    }

    @Test func aChangedRocketIsNotReplacedByTheOldCopy() throws {
        let before = "Falcon 9 as the API described it before the change, long enough to live on the heap."
        let after = "Falcon 9 as the API describes it after the change, also long enough to live on the heap."
        _ = try SpaceXAPI.decodePage(Self.page(rocket: "falcon9-changed", rocketDescription: before))
        let launches = try SpaceXAPI.decodePage(Self.page(rocket: "falcon9-changed", rocketDescription: after)).launches
        #expect(launches.allSatisfy { $0.rocket?.object?.description == after })
    }
}

/// The same on Launch Library 2: a list's launches share the rocket configuration they name.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchLibrary2SharedReferencesTests {
    @Test func aListsLaunchesShareTheirRocket() throws {
        let page = try LaunchLibrary2.decodeList(Fixtures.data("ll2/2.0.0/upcoming-2026-06.json"), page: 1)
        let byRocket = Dictionary(grouping: page.launches.compactMap { $0.rocket?.object }, by: \.id)
        let shared = try #require(byRocket.values.max { $0.count < $1.count })
        #expect(shared.count > 1, "a rocket named by several launches")
        #expect(Set(shared.map { SharedReferencesTests.storage($0.name) ?? SharedReferencesTests.storage($0.id) }).count == 1)
    }
}
