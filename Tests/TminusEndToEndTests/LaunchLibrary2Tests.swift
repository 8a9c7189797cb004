import Foundation
import Testing

/// Launch Library 2 through the real binary: `--source ll2`, its rows and times, a detail with
/// a video opened in the browser, the disk cache that spares the hourly request budget, a 429
/// over cached rows, and `S` between the two sources.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct LaunchLibrary2Tests {
    /// The first launch of the fixture server's upcoming list (the 2023-04 recording).
    /// The first upcoming launch: its row shows the mission part (the rocket has a column).
    static let first = "TeLEOS-2"
    static let firstFullName = "PSLV-CA | TeLEOS-2"
    static let firstProvider = "Indian Space Research Organization"
    /// 2023-04-22T08:50:00Z is 10:50 in Warsaw (CEST, UTC+2).
    static let firstWarsawTime = "2023-04-22 10:50"
    /// The one recorded launch with a webcast, 31st of the 32 upcoming ones.
    static let starlink = "Starlink Group 15-22"
    static let starlinkVideo = "https://x.com/i/broadcasts/1AKEmvvQLayKL"
    static let ll2Lists = "/2.2.0/launch/"
    static let upcomingList = "/2.2.0/launch/upcoming/"
    static let history = "/2.2.0/launch/previous/"
    /// A token's budget: the replica's history comes at once in the background (on the free
    /// tier's, a page every few minutes).
    static let token = ["--ll2-token", "e2e-token"]

    /// 120 columns: every list column (rocket, provider) and no preview beside the rows.
    static func startLL2(_ rig: AppRig, _ extra: [String] = [], width: Int = 120) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2", "--tz", "Europe/Warsaw", "--no-images"] + extra,
                            width: width, height: 40, ready: first)
    }

    static func line(_ screen: String, containing text: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test func theFirstLaunchWithItsProviderAndWarsawTimeThenAVideoOpens() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2")
        let tmux = try await Self.startLL2(rig)
        var screen = tmux.capture()
        let row = try #require(Self.line(screen, containing: Self.first))
        #expect(row.contains("Indian Space"), "the provider, cut to its column (names are cut last, issue 37): \(row)")
        #expect(row.contains(Self.firstWarsawTime), "\(row)")
        // Recorded in 2023 as Go, three years past its NET with no outcome: one verdict on every
        // screen, `NO OUTCOME` (its detail awaits the outcome), never a blue GO.
        #expect(row.hasSuffix("NO OUTCOME"), "\(row)")
        #expect(screen.contains("Launch Library 2"))
        #expect(screen.contains("times in Europe/Warsaw"))
        // One request for the whole upcoming list: LL2's largest page, in the detailed mode.
        // Every other request fills the replica's history, 100 past launches at a time.
        let lists = try await rig.requests(under: Self.ll2Lists)
        #expect(lists.map(\.path).filter { !$0.hasPrefix(Self.history) }
                == ["/2.2.0/launch/upcoming/?limit=100&offset=0&mode=detailed"])
        #expect(lists.allSatisfy { !$0.path.hasPrefix(Self.history) || $0.path.contains("limit=100") })
        // The list's 32 records, less the two recorded as already flown (Eutelsat 36D and
        // Starlink Group 6-45, both Success): one verdict everywhere, so they are on Past.
        #expect(screen.contains("30 launches") && !screen.contains("of 30 launches"), "\(screen)")
        #expect(!screen.contains("Eutelsat 36D"), "\(screen)")

        // To the end: the Starlink launch is the one before last; no page is asked.
        try tmux.sendKeys("G")
        try await tmux.waitUntil("the last row selected") { Self.line($0, containing: "›")?.contains("MTG-I2") == true }
        try tmux.sendKeys("Up")
        try await tmux.waitUntil("Starlink selected") { Self.line($0, containing: "›")?.contains("Starlink Group 15-22") == true }
        #expect(try await rig.requests(under: Self.upcomingList).count == 1)

        try tmux.sendKeys("Enter")
        // The launch-day timeline follows the mission's fields; the links list is further down.
        screen = try await tmux.waitFor("GO for Prop Load")
        #expect(Self.line(screen, containing: "Starlink Group 15-22")?.hasSuffix("NO OUTCOME") == true, "\(screen)")
        #expect(screen.contains("AWAITING OUTCOME"), "\(screen)")
        #expect(screen.contains("Timeline"))
        #expect(Self.line(screen, containing: "GO for Prop Load")?.contains("T-00:38:00") == true, "\(screen)")
        #expect(screen.contains("Video"))
        #expect(screen.contains("Provider       SpaceX"), "\(screen)")
        // The booster as LL2 spells it, and where it lands (issue 27).
        #expect(Self.line(screen, containing: "Boosters")?.contains("B1082 · flight 24") == true, "\(screen)")
        #expect(screen.contains("OCISLY"), "\(screen)")
        try tmux.sendKeys("G")
        screen = try await tmux.waitFor("SpaceX — Starlink Mission (English)")
        try tmux.sendKeys("o")
        #expect(try await rig.browser.waitForURL() == Self.starlinkVideo)
        // The detailed row was the whole record: the detail asked for nothing more.
        let detail = try await rig.requests(under: "/2.2.0/launch/95653d52")
        #expect(detail.isEmpty, "\(detail.map(\.path))")
    }

    @Test func aRestartWithinTenMinutesAsksForNothingAndRGoesPastTheCache() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-cache")
        // With a token's budget the first run fills the history at once (2 pages of 100 here).
        var tmux = try await Self.startLL2(rig, Self.token)
        try await rig.waitForRequests(under: Self.history, count: 2)
        try tmux.sendKeys("q")
        _ = try await tmux.waitForExit()
        let first = try await rig.requests(under: Self.ll2Lists).count
        #expect(try await rig.requests(under: Self.upcomingList).count == 1)

        tmux = try await Self.startLL2(rig, Self.token)
        let screen = tmux.capture()
        #expect(try await rig.requests(under: Self.ll2Lists).count == first,
                "the replica was synced less than 10 minutes ago and holds all of history")
        #expect(screen.contains("updated "), "\(screen)")

        // `r` asks what changed since the last sync: one request.
        try tmux.sendKeys("r")
        try await rig.waitForRequests(under: Self.ll2Lists, count: first + 1)
        let asked = try await rig.requests(under: Self.ll2Lists).dropFirst(first)
        #expect(asked.map(\.path).allSatisfy { $0.contains("last_updated__gte=") }, "\(asked.map(\.path))")
    }

    @Test func rateLimitedTheCachedRowsStayWithTheReason() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-429")
        let tmux = try await Self.startLL2(rig)
        try await rig.server.inject(fault: .rateLimited(path: Self.ll2Lists, retryAfter: 240))
        try tmux.sendKeys("r")
        let screen = try await tmux.waitFor("rate limited by Launch Library 2, retry in 4 min")
        #expect(screen.contains(Self.first), "the rows stay")
        #expect(screen.contains("updated "), "and say how old they are")
        // While the server's wait lasts, `r` sends nothing.
        let before = try await rig.requests(under: Self.ll2Lists).count
        try tmux.sendKeys("r")
        try await tmux.waitFor("rate limited by Launch Library 2, retry in 4 min")
        #expect(try await rig.requests(under: Self.ll2Lists).count == before)
    }

    @Test func sSwitchesBetweenTheSourcesAndTheFrozenOneSaysSo() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-switch")
        // 2026: every "upcoming" r/SpaceX launch is years past.
        let tmux = try await rig.start(["--tz", "UTC", "--now", "2026-11-21T12:00:00Z", "--no-images"],
                                       width: 120, height: 30, ready: "data frozen in 2022 — S for Launch Library 2")
        #expect(tmux.capture().contains("r/SpaceX API"))
        try tmux.sendKeys("S")
        var screen = try await tmux.waitFor(Self.first)
        #expect(Self.line(screen, containing: "tminus")?.contains("Launch Library 2") == true)
        try tmux.sendKeys("S")
        screen = try await tmux.waitFor("data frozen in 2022 — S for Launch Library 2")
        #expect(Self.line(screen, containing: "tminus")?.contains("r/SpaceX API") == true)
        #expect(try await rig.requests(under: Self.upcomingList).count == 1, "switching back and forth asks once")
    }

    /// No `--source` at all: the app and `tminus next` ask Launch Library 2 (its current version,
    /// 2.3.0, whose endpoints are plural) and show its launches.
    @Test func withNoSourceTheAppAndNextAskLaunchLibrary2() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-ll2-default")
        let arguments = ["--spacex-api", rig.server.baseURL.absoluteString,
                         "--ll2-api", rig.server.baseURL.appending(path: "2.3.0").absoluteString,
                         "--data-dir", rig.dataDir.path, "--tz", "UTC", "--now", "2023-04-20T00:00:00Z"]
        let tmux = try TmuxSession.tminus(arguments + ["--no-images"], width: 160, height: 40)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor(Self.first)
        #expect(Self.line(screen, containing: "tminus")?.contains("Launch Library 2") == true, "\(screen)")
        #expect(try await rig.requests(under: "/2.3.0/launches/upcoming/").count == 1)
        #expect(try await rig.requests(under: "/v5/launches").isEmpty, "the r/SpaceX API is not asked for launches")

        var environment = ProcessInfo.processInfo.environment
        for name in TmuxSession.appVariables { environment[name] = nil }
        let next = try Harness.run(try Harness.tminusBinary().path, ["next"] + arguments, environment: environment)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.hasPrefix(Self.firstFullName), "\(next.stdout)")
        // Three years on, every recorded launch is long past its NET with no outcome: `next`
        // says so, as the app's banner does, and names no three-year-old launch as next.
        let later = try Harness.run(try Harness.tminusBinary().path, ["next"] + arguments + ["--now", "2026-11-29T00:00:00Z"],
                                environment: environment)
        #expect(later.status == 1 && later.stdout.isEmpty, "\(later.stdout)")
        #expect(later.stderr.contains("Launch Library 2: no launch ahead (the "), "\(later.stderr)")
        #expect(later.stderr.contains(" listed are past their NET with no outcome)"), "\(later.stderr)")
    }
}
