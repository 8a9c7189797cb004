import Foundation
import Testing
import TminusCore

/// The upcoming list in Launch Library 2's detailed mode: each row is the whole record, so the
/// app opens its detail with no request of its own. A record is whole when it carries the
/// detailed mode's lists (`updates` and the videos, if only empty); the normal mode leaves them out.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchLibrary2DetailedListTests {
    @Test func aDetailedPageCarriesTheDetailAndANormalOneDoesNot() throws {
        let detailed = try LaunchLibrary2.decodeList(Fixtures.data("ll2/2.2.0/spacex-upcoming-detailed-2026-08.json"), page: 1)
        #expect(detailed.launches.count == 10)
        #expect(detailed.launches.allSatisfy { $0.carriesDetail })
        #expect(detailed.launches.contains { !$0.videos.isEmpty && !$0.cores.isEmpty })
        let normal = try LaunchLibrary2.decodeList(Fixtures.data("ll2/2.0.0/upcoming-2026-06.json"), page: 1)
        #expect(normal.launches.count == 10)
        #expect(normal.launches.allSatisfy { !$0.carriesDetail })
    }

    @Test func emptyDetailedListsStillMakeAWholeRecordButNotOneOfThem() throws {
        func launch(_ extra: String) throws -> Launch {
            try LaunchLibrary2.decodeLaunch(Data(#"{"id": "a1", "name": "Electron | One", "net": "2023-04-22T08:50:00Z"\#(extra)}"#.utf8))
        }
        let snake = try launch(#", "updates": [], "vid_urls": []"#), camel = try launch(#", "updates": [], "vidURLs": []"#)
        #expect(snake.carriesDetail, "2.3.0's spelling")
        #expect(camel.carriesDetail, "2.2.0's")
        let notes = try launch(#", "updates": []"#), videos = try launch(#", "vid_urls": null"#), bare = try launch("")
        #expect(!notes.carriesDetail && !videos.carriesDetail && !bare.carriesDetail)
    }

    /// What the trade-off costs: the detailed page of the recording is ~26 KB a launch, so LL2's
    /// largest page (100) is ~2.6 MB, under the list's cap with room to spare.
    @Test func aHundredDetailedLaunchesFitTheListsCap() throws {
        let data = try Fixtures.data("ll2/2.2.0/spacex-upcoming-detailed-2026-08.json")
        #expect(data.count * 10 < HTTPClient.Request.Kind.apiList.maxBodyBytes / 2)
    }

    @Test func aStoredLaunchKeepsWhetherItWasWhole() throws {
        var launch = Launch(origin: .launchLibrary2, id: "a1", name: "One", date: nil, upcoming: true)
        launch.carriesDetail = true
        let decoded = try JSONDecoder().decode(Launch.self, from: try JSONEncoder().encode(launch))
        #expect(decoded == launch)
    }
}
