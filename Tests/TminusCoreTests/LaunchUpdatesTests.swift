import Foundation
import Testing
@testable import TminusCore

/// Launch Library 2's `updates` (2.2.0+): the source's notes on a launch, newest first, kept
/// through the cache and the database; broken entries skipped.
@Suite("Launch updates")
struct LaunchUpdatesTests {
    @Test func decodedNewestFirstAndKept() throws {
        let json = #"""
        {"id": "u", "updates": [
          {"id": 1, "comment": "Now targeting Aug 24", "created_by": "a", "created_on": "2026-08-16T10:00:00Z"},
          {"id": 2, "comment": "Now targeting Aug 25 at 09:42 UTC", "created_by": "Cosmic_Penguin",
           "created_on": "2026-08-17T21:26:00Z", "info_url": "https://www.spacex.com/launches/sl-15-22"},
          {"id": 3, "comment": "   ", "created_on": "2026-08-18T00:00:00Z"},
          {"id": 4, "comment": null},
          "not an object"
        ]}
        """#
        let launch = try LaunchLibrary2.decodeLaunch(Data(json.utf8))
        #expect(launch.updates.map(\.comment) == ["Now targeting Aug 25 at 09:42 UTC", "Now targeting Aug 24"])
        #expect(launch.updates.first?.author == "Cosmic_Penguin")
        #expect(launch.updates.first?.infoURL?.absoluteString == "https://www.spacex.com/launches/sl-15-22")
        #expect(try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(launch)).updates == launch.updates)
    }

    @Test(.enabled(if: !(ProcessInfo.processInfo.environment["TMINUS_FIXTURES"] ?? "").isEmpty,
                   "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func theRecordedDetailCarriesUpdates() throws {
        let fixtures = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"] ?? ""
        let data = try Data(contentsOf: URL(fileURLWithPath: fixtures).appending(path: "ll2/2.2.0/upcoming-detailed.json"))
        let page = try LaunchLibrary2.decodeList(data, page: 1)
        #expect(page.launches.contains { !$0.updates.isEmpty }, "the 2.2.0 capture has updates")
    }

    @Test func aListRowKeepsTheUpdatesOfTheStoredDetail() {
        var detail = Launch(origin: .launchLibrary2, id: "u", name: "U", date: nil, upcoming: true)
        detail.updates = [LaunchUpdate(comment: "Hold")]
        let row = Launch(origin: .launchLibrary2, id: "u", name: "U", date: nil, upcoming: true)
        #expect(row.keepingDetail(of: detail).updates == detail.updates)
    }
}
