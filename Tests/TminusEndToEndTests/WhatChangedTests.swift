import Foundation
import Testing

/// "What changed since the user last looked", through the real binary: a run sees Galaxy 33,
/// the server moves its NET two days later, and the next run flags the row and the detail.
@Suite(.enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct WhatChangedTests {
    static let galaxy33ID = "633f71240531f07b4fdf59bb"

    @Test func aNETMovedSinceTheLastRunIsFlaggedOnTheRowAndInTheDetail() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-changed", defaults: AppRig.galaxyEve + ["--source", "spacex", "--no-images"])
        var tmux = try await rig.start()
        #expect(!tmux.capture().contains("NET +"), "a first run flags nothing")
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        #expect(FileManager.default.fileExists(atPath: rig.dataDir.appending(path: "state/seen.json").path))

        try await rig.patch(launch: Self.galaxy33ID, set: ["date_utc": "2022-10-10T23:05:00.000Z", "date_unix": 1_665_443_100])
        // The next run, past the cache (it would show the old NET for 10 min otherwise).
        try? FileManager.default.removeItem(at: rig.dataDir.appending(path: "cache"))
        tmux = try await rig.start()
        let list = try await tmux.waitUntil("the flagged row") { screen in
            screen.split(separator: "\n").contains { $0.contains("Galaxy 33 (15R) & 34 (12R) NET +2 d") && $0.contains("2022-10-10 23:05") }
        }
        #expect(!list.contains("Hotbird 13F NET"), "only what changed is flagged:\n\(list)")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("NET +2 d since you last looked")
    }

    /// Issue 24: a NET moved between two answers while the app is open is flagged after `r`,
    /// on a first run too (which flags nothing against a previous one).
    @Test func aNETMovedWhileTheAppIsOpenIsFlaggedAfterARefresh() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-changed-open", defaults: AppRig.galaxyEve + ["--source", "spacex", "--no-images"])
        let tmux = try await rig.start()
        #expect(!tmux.capture().contains("NET +"), "a first run flags nothing")

        try await rig.patch(launch: Self.galaxy33ID, set: ["date_utc": "2022-10-09T23:05:00.000Z", "date_unix": 1_665_356_700])
        try tmux.sendKeys("r")
        let list = try await tmux.waitUntil("the row flagged after the refresh") { screen in
            screen.split(separator: "\n").contains { $0.contains("Galaxy 33 (15R) & 34 (12R) NET +1 d") && $0.contains("2022-10-09 23:05") }
        }
        #expect(!list.contains("Hotbird 13F NET"), "only what changed is flagged:\n\(list)")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("NET +1 d since you last looked")
    }
}
