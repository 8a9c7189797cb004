import Foundation
import Testing

/// The local replica of Launch Library 2 through the real binary, on the fixture server's
/// recorded schedules (2.3.0): the app's banner, `tminus next` and `tminus list` name the same
/// launch with the same countdown at every moment; `F` on Past says what it counts among while
/// history fills and gives the recorded failures once it is in; a provider is the same by its
/// abbreviation, its name or its id; an event keeps its place through its launch's record; a
/// launch changed on the server comes with one request.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct ReplicaEndToEndTests {
    static let version = "2.3.0"
    static let starlink = "Falcon 9 Block 5 | Starlink Group 15-22"
    static let starlinkID = "95653d52-bb77-4860-a815-dd7141778d17"
    static let eveOfStarlink = ISO8601DateFormatter().date(from: "2026-08-26T06:00:00Z")!

    /// A subcommand on the rig's server (2.3.0) and data dir, at the scripted time.
    static func run(_ command: [String], _ rig: AppRig) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        for name in TmuxSession.appVariables + ["TMINUS_PICTURES", "TMUX", "COLORTERM"] { environment[name] = nil }
        environment["TMINUS_NEWS_API"] = TmuxSession.noNews
        if let clock = rig.clock { environment["TMINUS_CLOCK_FILE"] = clock.file.path }
        return try Harness.run(try Harness.tminusBinary().path,
                               command + rig.server.arguments(ll2Version: version)
                                   + ["--source", "ll2", "--tz", "UTC", "--data-dir", rig.dataDir.path],
                               environment: environment)
    }

    static func start(_ rig: AppRig, _ extra: [String] = [], width: Int = 120, ready: String = LaunchLibrary2Tests.first) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2", "--tz", "UTC", "--no-images"] + extra, ll2Version: version,
                            width: width, height: 40, ready: ready)
    }

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
    }

    /// From before the first recorded launch to past the last: one at a time, the app's clock
    /// and the subcommands' the same scripted instant.
    static let instants = [
        "2023-04-20T00:00:00Z",  // TeLEOS-2 two days ahead
        "2023-04-22T08:49:30Z",  // thirty seconds before it
        "2023-04-22T09:30:00Z",  // forty minutes after its NET, no outcome yet: still the one
        "2024-03-30T12:00:00Z",  // a year on, April 2023's launches long overdue
        "2026-06-20T00:00:00Z",
        "2026-08-26T06:00:00Z",  // the eve of Starlink Group 15-22
        "2026-08-28T00:00:00Z",  // MTG-I2 four hours past its NET: overdue
        "2026-12-01T00:00:00Z",  // every recorded launch past
    ].map { ISO8601DateFormatter().date(from: $0)! }

    @Test func nextListAndTheBannerNameTheSameLaunchWithTheSameCountdownAtEveryMoment() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-replica-next", frozenAt: Self.instants[0])
        let clock = try #require(rig.clock)
        let tmux = try await Self.start(rig)
        try tmux.sendKeys("b")
        var named: Set<String> = []
        for instant in Self.instants {
            try clock.advance(seconds: instant.timeIntervalSince(clock.now))
            let next = try Self.run(["next", "--format", "{name}~~{countdown}~~{id}"], rig)
            let list = try Self.json(try Self.run(["list", "--json", "--limit", "100"], rig).stdout)
            if next.status == 0 {
                let fields = next.stdout.trimmingCharacters(in: .newlines).components(separatedBy: "~~")
                try #require(fields.count == 3, "\(instant): \(next.stdout)")
                named.insert(fields[0])
                // The banner: the same launch, the same clock (the app's stands still too).
                let screen = try await tmux.waitUntil("\(instant): the banner on \(fields[0])") {
                    ScreenText.lines($0)[1].contains("NEXT  \(fields[0]) · \(fields[1])")
                }
                #expect(ScreenText.lines(screen)[1].contains(fields[1]), "\(instant): \(screen)")
                // `list`: the launch is there, with the verdict of a launch still to come.
                let row = list.first { $0["id"] as? String == fields[2] }
                #expect(row != nil, "\(instant): \(fields[0]) not in `list`")
                #expect(row?["status"] as? String != "no outcome", "\(instant): \(String(describing: row))")
            } else {
                #expect(next.status == 1 && next.stderr.contains("no launch ahead"), "\(instant): \(next.stderr)")
                _ = try await tmux.waitUntil("\(instant): no launch on the banner") {
                    ScreenText.lines($0)[1].contains("no launch with an exact time ahead")
                }
            }
        }
        #expect(named.count >= 3, "the moments name several launches: \(named)")
    }

    /// `F` on Past while the history is still filling: no bare "none", but what it is true
    /// of; once the history is in, the recorded failures.
    @Test func failuresSayWhatTheyCountAmongWhileHistoryFillsThenAreAllThere() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-replica-failures", frozenAt: Self.eveOfStarlink)
        let tmux = try await Self.start(rig)
        // The free tier's spare request: the newest 100 past launches, no failure among them.
        try await rig.waitForRequests(under: "/2.3.0/launches/previous/", count: 1)
        try await rig.server.inject(fault: .status(503, path: "/2.3.0/launches/previous/"))
        try tmux.sendKeys("p", "F", "F")
        // The count says what it is of; the body, why there is no more yet.
        var screen = try await tmux.waitUntil("the failures among what is held") {
            $0.contains("filter: failure") && $0.contains("server error (HTTP 503)")
        }
        let held = #"0 failures in the 10\d launches held \(history to 20\d\d-\d\d — filling\)"#
        #expect(screen.range(of: held, options: .regularExpression) != nil, "\(screen)")
        #expect(!screen.contains("No past launches."), "\(screen)")

        // The server answers again: `r` brings the rest of the history, and the failures.
        try await rig.server.reset()
        try tmux.sendKeys("r")
        screen = try await tmux.waitUntil("the recorded failures") { LaunchBrowsingTests.rowNames($0).count == 5 }
        #expect(LaunchBrowsingTests.rowNames(screen) == ["Amos-6", "CRS-7", "Trailblazer", "DemoSat", "FalconSat"], "\(screen)")
        #expect(!screen.contains("filling"), "\(screen)")
    }

    /// SpaceX by its abbreviation, its name and its Launch Library 2 id: the same rows, and
    /// the same next launch.
    @Test func aProviderIsTheSameByAbbreviationNameOrID() throws {
        let rig = try AppRig(prefix: "tminus-e2e-replica-provider", frozenAt: Self.eveOfStarlink)
        var lists: [String] = [], nexts: [String] = []
        for provider in ["spx", "SpaceX", "121"] {
            let list = try Self.run(["list", "--provider", provider, "--json", "--limit", "100"], rig)
            #expect(list.status == 0, "\(provider): \(list.stderr)")
            let rows = try Self.json(list.stdout)
            #expect(rows.count > 10 && rows.allSatisfy { $0["provider"] as? String == "SpaceX" }, "\(provider): \(rows.count)")
            lists.append(list.stdout)
            nexts.append(try Self.run(["next", "--provider", provider], rig).stdout)
        }
        #expect(Set(lists).count == 1, "the same rows whatever names SpaceX")
        #expect(Set(nexts).count == 1 && nexts[0].hasPrefix(Self.starlink), "\(nexts)")
    }

    /// Europa Clipper's Earth flyby names a launch no list holds (its record is the detail's
    /// only): asked once, its pad keeps the event under a follow of Florida, not of Vandenberg.
    @Test func anEventKeepsItsPlaceThroughItsLaunchsRecord() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-replica-events", frozenAt: Self.eveOfStarlink)
        let flyby = "Europa Clipper Earth Flyby"
        let florida = try Self.run(["events", "--location", "Florida"], rig)
        #expect(florida.status == 0, "\(florida.stderr)")
        #expect(florida.stdout.contains(flyby), "\(florida.stdout)")
        let vandenberg = try Self.run(["events", "--location", "Vandenberg"], rig)
        #expect(!vandenberg.stdout.contains(flyby), "\(vandenberg.stdout)")
        // Its launch's detail was asked once: the second run found it in the replica.
        let details = try await rig.server.requests().map(\.path).filter { $0.hasPrefix("/2.3.0/launches/") && !$0.contains("?") }
        #expect(details.count == 1, "\(details)")
    }

    /// One launch's NET moves on the server: `r` asks what changed (one request) and the
    /// banner, the row and `next` have the new time.
    @Test func aLaunchChangedOnTheServerComesWithOneRequest() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-replica-change", frozenAt: Self.eveOfStarlink)
        let tmux = try await Self.start(rig)
        try tmux.sendKeys("b")
        _ = try await tmux.waitFor("NEXT  \(Self.starlink) · T-00d 03:27:00")
        let (status, body) = try await rig.server.post("/_control/ll2-patch", json: [
            "id": Self.starlinkID, "set": ["net": "2026-08-27T09:27:00Z"], "last_updated": "2026-08-26T05:59:00Z",
        ])
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        let before = try await rig.requests(under: "/2.3.0/launches/").count
        try tmux.sendKeys("r")
        let screen = try await tmux.waitFor("NEXT  \(Self.starlink) · T-01d 03:27:00")
        // The row has the new NET, and says what changed since it was last seen.
        #expect(LaunchLibrary2Tests.line(screen, containing: "Starlink Group 15-22 NET +1 d")?.contains("2026-08-27 09:27") == true,
                "\(screen)")
        let asked = try await rig.requests(under: "/2.3.0/launches/").dropFirst(before).map(\.path)
        #expect(asked.count == 1 && asked[0].contains("last_updated__gte="), "\(asked)")
        let next = try Self.run(["next"], rig)
        #expect(next.stdout == "\(Self.starlink)  T-01d 03:27:00\n", "\(next.stdout)\(next.stderr)")
    }
}
