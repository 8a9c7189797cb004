import Foundation
import Testing

/// A newcomer without network: no cache, the live source out of reach. The built-in r/SpaceX
/// archive is on screen at once, labelled as such, with the reason beside it; when the source
/// answers, its data replaces the archive and the label goes.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct BuiltInArchiveTests {
    static let label = "built-in archive, data to 2022-10"
    /// An address nothing listens on: every request is refused at once.
    static let refused = "http://127.0.0.1:9"

    static func newcomer(_ arguments: [String]) throws -> (TmuxSession, URL) {
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-archive")
        let tmux = try TmuxSession.tminus(["--spacex-api", refused, "--ll2-api", refused + "/2.2.0", "--data-dir", dataDir.path,
                                           "--tz", "UTC", "--no-images"] + arguments)
        return (tmux, dataDir)
    }

    @Test func spacexUnreachableShowsTheArchiveLaunchesAndRocketsWithinASecond() async throws {
        let (tmux, dataDir) = try Self.newcomer(["--source", "spacex"])
        defer { tmux.kill(); try? FileManager.default.removeItem(at: dataDir) }
        // Timed from the app's first frame: starting tmux and the process is not the app's doing
        // (and takes seconds when every suite runs at once).
        var screen = try await tmux.waitFor("1 Launches")
        let started = ContinuousClock.now
        if !screen.contains(Self.label) {
            screen = try await tmux.waitUntil("the archive's launches") { $0.contains("Galaxy 33") && $0.contains(Self.label) }
        }
        let launchesAfter = ContinuousClock.now - started
        #expect(screen.contains("network error: connection refused — retrying in"), "the reason, in words:\n\(screen)")
        #expect(screen.contains("18 launches"))
        try tmux.sendKeys("2")
        let pressed = ContinuousClock.now
        // ("Falcon Heavy" alone is on the launch rows too.)
        screen = try await tmux.waitUntil("the archive's rockets") { $0.contains("4 rockets") && $0.contains(Self.label) }
        let rocketsAfter = ContinuousClock.now - pressed
        #expect(screen.contains("Falcon Heavy") && screen.contains("○ retired"))
        #expect(screen.contains("network error: connection refused"))
        // Measured, not asserted (speed is the benchmarks' business: a test machine running every
        // suite at once is no measure); docs/performance.md has the release binary's figures.
        print("archive on screen: launches \(launchesAfter) after the first frame, rockets \(rocketsAfter) after `2`")
        // The archive pages like the API: Past, 20 rows at first, more on the way down.
        try tmux.sendKeys("1", "p")
        screen = try await tmux.waitFor("Crew-5")
        #expect(screen.contains(Self.label))
    }

    @Test func launchLibrary2UnreachableShowsTheArchiveWithTheReason() async throws {
        let (tmux, dataDir) = try Self.newcomer(["--source", "ll2"])
        defer { tmux.kill(); try? FileManager.default.removeItem(at: dataDir) }
        let screen = try await tmux.waitUntil("the archive on Launch Library 2") {
            $0.contains("Galaxy 33") && $0.contains(Self.label)
        }
        // The header names the archive, not the source it stands in for (issue 24).
        let header = String(screen.split(separator: "\n").first ?? "")
        #expect(header.hasSuffix("r/SpaceX archive") && !header.contains("Launch Library 2"), "\(header)")
        #expect(screen.contains("network error: connection refused — retrying in"), "\(screen)")
    }

    @Test func offlineWithAnEmptyCacheShowsTheArchive() async throws {
        let (tmux, dataDir) = try Self.newcomer(["--offline"])
        defer { tmux.kill(); try? FileManager.default.removeItem(at: dataDir) }
        let screen = try await tmux.waitUntil("the archive offline") { $0.contains("Galaxy 33") && $0.contains(Self.label) }
        #expect(screen.contains("offline: nothing cached for this yet"))
    }

    @Test func whenTheSourceAnswersItsDataReplacesTheArchive() async throws {
        // The first list request fails; the retry 5 s later reaches the server. The served data
        // is told apart from the archive's by a renamed launch.
        let rig = try AppRig(prefix: "tminus-e2e-archive-live", faults: [.status(500, path: "/v5/launches/query", count: 1)],
                             defaults: AppRig.galaxyEve + ["--no-images"])
        try await rig.patch(launch: "633f71370531f07b4fdf59bc", set: ["name": "Hotbird 13F LIVE"])
        let tmux = try await rig.start(ready: Self.label)
        var screen = tmux.capture()
        #expect(screen.contains("server error (HTTP 500) — retrying in"), "\(screen)")
        #expect(screen.contains("Hotbird 13F") && !screen.contains("LIVE"), "the archive's rows:\n\(screen)")
        screen = try await tmux.waitUntil(timeout: .seconds(15), "the live rows") { $0.contains("Hotbird 13F LIVE") }
        #expect(!screen.contains(Self.label) && !screen.contains("server error"), "\(screen)")
        #expect(screen.contains("updated just now"))
    }

    @Test func whenLaunchLibrary2AnswersItsLaunchesReplaceTheArchive() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-archive-ll2", faults: [.status(503, path: "/2.2.0/launch/upcoming", count: 1)],
                             defaults: ["--tz", "UTC", "--no-images", "--source", "ll2"])
        let tmux = try await rig.start(ready: Self.label)
        var screen = tmux.capture()
        #expect(screen.contains("Galaxy 33") && screen.contains("server error (HTTP 503) — retrying in"), "\(screen)")
        screen = try await tmux.waitUntil(timeout: .seconds(15), "Launch Library 2's rows") { $0.contains("TeLEOS-2") }
        #expect(!screen.contains(Self.label) && !screen.contains("Galaxy 33"), "\(screen)")
    }
}
