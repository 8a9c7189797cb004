import Foundation
import Testing

/// What the network can do to a running tminus, through the real binary: a server that hangs,
/// refuses, is not found, fails after the rows are in, a record that cannot be read; and the
/// disk cache that carries the app through: offline, stale at start-up, corrupt.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct NetworkFaultsTests {
    static let galaxy = "Galaxy 33 (15R) & 34 (12R)"
    static let query = "/v5/launches/query"
    static let now = "2022-10-08T20:00:00Z"

    static func start(_ rig: AppRig, _ extra: [String] = [], now: String = now, ready: String = galaxy) async throws -> TmuxSession {
        try await rig.start(["--tz", "UTC", "--now", now, "--no-images"] + extra, ready: ready)
    }

    static func queries(_ rig: AppRig) async throws -> Int {
        try await rig.requests(under: query).count
    }

    @Test func aServerThatHangsTimesOutWhileKeysAndTheCountdownStayAlive() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-hang")
        let tmux = try await Self.start(rig, ["--timeout", "3"])
        try await rig.server.inject(fault: .delay(30, path: Self.query))
        try tmux.sendKeys("r")
        // While the request hangs: the detail opens and its countdown ticks.
        try tmux.sendKeys("Enter")
        let first = try await tmux.waitFor("T-00d 0")
        let clock = try #require(first.split(separator: "\n").first { $0.contains("T-00d") })
        try await tmux.waitUntil("the countdown moved") { screen in
            screen.split(separator: "\n").first { $0.contains("T-00d") } != clock
        }
        try tmux.sendKeys("Escape")
        let screen = try await tmux.waitFor("the request timed out — retrying in")
        #expect(screen.contains(Self.galaxy), "the rows stay")
        #expect(screen.contains("offline — data from 2022-10-08 20:00"), "and say how old they are")
    }

    @Test func aRefusedConnectionIsSaidInWords() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-refused")
        let tmux = try await rig.start(["--spacex-api", "http://127.0.0.1:9", "--tz", "UTC", "--no-images"],
                                       ready: "network error: connection refused")
        #expect(tmux.capture().contains("retrying in"))
        #expect(tmux.isAlive)
    }

    @Test func anUnknownHostIsSaidInWords() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-dns")
        // `.invalid` never resolves (RFC 2606).
        let tmux = try await rig.start(["--spacex-api", "http://tminus-fixture.invalid", "--tz", "UTC", "--no-images",
                                        "--timeout", "5"], ready: "network error: host not found")
        #expect(tmux.isAlive)
    }

    @Test func aFailureAfterTheRowsAreInKeepsThemAndRecoversByItself() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-recover")
        let tmux = try await Self.start(rig)
        try await rig.server.inject(fault: .status(500, path: Self.query, count: 1))
        try tmux.sendKeys("r")
        let screen = try await tmux.waitFor("server error (HTTP 500) — retrying in")
        #expect(screen.contains(Self.galaxy))
        // No key pressed: the retry after 5 s brings the list back.
        try await tmux.waitUntil(timeout: .seconds(15), "the retry by itself") { !$0.contains("server error") && $0.contains("updated just now") }
        // (Which requests, when it is not three: it failed once in a fresh-clone CI run with the
        // whole suite on two cores, and passed every time alone.)
        let asked = try await rig.requests(under: Self.query)
        #expect(asked.count == 3, "\(asked.map { "\($0.time) s: \($0.body ?? "")" })")
    }

    @Test func recordsThatCannotBeReadAreSkippedAndCounted() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-unreadable")
        try await rig.patch(launch: "633f71370531f07b4fdf59bc", set: ["id": NSNull()])    // Hotbird 13F
        try await rig.patch(launch: "63161345ffc78f3b8567070d", set: ["id": ["not": "an id"]])  // Starlink 4-36
        let tmux = try await Self.start(rig, ready: "2 launches could not be read")
        let screen = tmux.capture()
        #expect(screen.contains(Self.galaxy))
        #expect(!screen.contains("Hotbird 13F") && !screen.contains("Starlink 4-36"))
        #expect(screen.contains("Starlink 4-37"), "the rest of the page is there")
    }

    @Test func offlineTheListsComeFromTheCacheAndNothingIsSent() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-offline-cache")
        var tmux = try await Self.start(rig)
        try tmux.sendKeys("p")
        try await tmux.waitFor("Crew-5")
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        try await rig.server.clearRequests()

        // Half an hour later by the app's clock: the cached lists are stale, the network is not
        // there, so they show with the time they are from.
        tmux = try await Self.start(rig, ["--offline"], now: "2022-10-08T20:30:00Z")
        var screen = try await tmux.waitFor("offline — data from 2022-10-08 20:00")
        #expect(screen.contains("offline: showing what the cache holds"), "\(screen)")
        try tmux.sendKeys("p")
        screen = try await tmux.waitFor("Crew-5")
        try tmux.sendKeys("r")
        try await tmux.waitFor("offline")
        #expect(try await rig.server.requests().isEmpty, "offline sends nothing")
    }

    @Test func offlineWithAnEmptyCacheSaysHowToFillIt() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-offline-empty")
        // Wide enough for the whole reason beside the built-in archive's label.
        let tmux = try await rig.start(["--tz", "UTC", "--now", Self.now, "--no-images", "--offline"], width: 140,
                                       ready: "nothing cached for this yet")
        #expect(tmux.capture().contains("run tminus without --offline"))
        #expect(tmux.capture().contains("built-in archive, data to 2022-10"), "the archive is shown meanwhile")
        #expect(try await rig.server.requests().isEmpty)
    }

    @Test func aStaleCacheIsDrawnAtOnceAndRefreshedBehindIt() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-stale")
        var tmux = try await Self.start(rig)
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        try await rig.server.clearRequests()

        // An hour later by the app's clock; the refresh is held up for 4 s.
        try await rig.server.inject(fault: .delay(4, path: Self.query, count: 1))
        tmux = try await Self.start(rig, now: "2022-10-08T21:00:00Z")
        let screen = tmux.capture()
        #expect(screen.contains("min ago, refreshing…") || screen.contains("h ago, refreshing…"), "\(screen)")
        try await tmux.waitFor("updated just now", timeout: .seconds(15))
        #expect(try await Self.queries(rig) == 1)
    }

    @Test func aCorruptCacheIsAMissNotAnErrorScreen() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-corrupt-cache")
        var tmux = try await Self.start(rig)
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        let entries = rig.cachedResponses()
        #expect(!entries.isEmpty)
        for (i, entry) in entries.enumerated() {
            // Garbage, a truncated entry, an empty file.
            let data = try Data(contentsOf: entry)
            let damaged = i % 3 == 0 ? Data("not a cache entry".utf8) : i % 3 == 1 ? data.prefix(data.count / 2) : Data()
            try damaged.write(to: entry)
        }
        try await rig.server.clearRequests()
        tmux = try await Self.start(rig)
        #expect(try await Self.queries(rig) == 1, "the damaged entry was a miss: asked again")
        #expect(tmux.isAlive)
    }
}
