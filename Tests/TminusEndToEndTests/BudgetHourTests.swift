import Foundation
import Testing

/// An hour of Launch Library 2 on the free tier, in a minute: the fixture server answers past
/// 15 requests in any hour with 429s (as LL2 does), and the app, `tminus next` and the server
/// read one scripted clock (`TMINUS_CLOCK_FILE`, `--clock-file`) that the test moves 15 s at a
/// time. The hour starts 30 minutes before the first upcoming launch's NET (TeLEOS-2,
/// 2023-04-22 08:50 UTC), so it is near T-0 the whole hour.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct BudgetHourTests {
    /// What one scripted hour saw.
    struct Hour {
        var heldBack: [String] = []
        var nextFailures: [String] = []
        var admitted: [(at: Date, path: String)] = []
        var refused: [String] = []
    }

    static let thirtyMinutesBeforeNET = ISO8601DateFormatter().date(from: "2023-04-22T08:20:00Z")!
    static let upcomingPage = "/2.2.0/launch/upcoming/?limit=100&offset=0&mode=detailed"
    static let changes = "/2.2.0/launch/?last_updated__gte="

    /// The scripted hour: every detail of the upcoming list opened, a search, both orders, the
    /// `F` `R` `W` filters, every tab, `r` on the Past and the Upcoming lists every five minutes,
    /// and `tminus next` from a second process on the same data dir every 15 s.
    @Test func anHourOfHeavyUseGetsNo429AndKeepsTheNearLaunchAtItsCadence() async throws {
        let (rig, clock, tmux) = try await Self.start()
        let keys: [Int: [String]] = [
            1: Array(repeating: ["Enter", "Escape", "j"], count: 32).flatMap { $0 } + ["g"],
            4: ["/"], 5: ["Starlink", "Enter"], 7: ["Escape"],
            8: ["s"], 10: ["s"],
            12: ["F"], 13: ["F"], 14: ["R"], 15: ["R"], 16: ["W"], 18: ["Escape"],
            20: ["2"], 24: ["4"], 28: ["3"], 30: ["1"], 32: ["p"], 36: ["u"],
        ]
        var hour = Hour()
        for step in 1...240 {
            try clock.advance(seconds: 15)
            for key in keys[step] ?? [] {
                if key == "Starlink" { try tmux.type(key) } else { try tmux.sendKeys(key) }
            }
            // `r` every five minutes on the Past list (its own requests, which must not take the
            // near launch's), and five minutes apart on the Upcoming list.
            if step >= 40, step % 20 == 0 { try tmux.sendKeys("p", "r", "u") }
            if step >= 40, step % 20 == 10 { try tmux.sendKeys("r") }
            let next = try Self.next(rig, clock: clock)
            if next.status != 0 || !next.stderr.isEmpty { hour.nextFailures.append("\(clock.now): \(next.status) \(next.stderr)") }
            try await Task.sleep(for: .milliseconds(150))
            let screen = tmux.capture()
            if screen.contains("holding back") || screen.contains("429") {
                hour.heldBack.append("\(clock.now):\n\(screen)")
            }
        }
        let report = try await Self.limitReport(rig)
        hour.admitted = report.admitted
        hour.refused = report.refused

        #expect(hour.refused.isEmpty, "the server answered 429 to \(hour.refused)")
        #expect(hour.admitted.count <= 15)
        #expect(hour.heldBack.isEmpty, "\(hour.heldBack.count) screens said the budget: \(hour.heldBack.first ?? "")")
        #expect(hour.nextFailures.isEmpty, "\(hour.nextFailures.prefix(3))")
        // The near launch's list, refreshed at the close cadence all hour (6 min; the clock
        // moves 15 s a step, the app looks at it once a second): the replica's first sync
        // reads the upcoming list, every later one asks what changed since.
        let refreshes = hour.admitted.filter { $0.path == Self.upcomingPage || $0.path.hasPrefix(Self.changes) }.map(\.at)
        let gaps = zip(refreshes, refreshes.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(refreshes.count >= 10, "\(refreshes)")
        #expect(gaps.allSatisfy { $0 <= 6 * 60 + 90 }, "gaps between refreshes: \(gaps)")
        // `doctor` names what the hour went on, and what is kept for the launch near T-0.
        let doctor = try Self.run(["doctor"], rig, clock: clock)
        let spent = doctor.stdout.split(separator: "\n").first { $0.hasPrefix("  127.0.0.1:") } ?? ""
        print("heavy hour: \(hour.admitted.count) requests reached Launch Library 2, \(hour.refused.count) refused; "
              + "list refreshes \(refreshes.count), gaps \(gaps.map { Int($0) }) s; doctor: \(spent.trimmingCharacters(in: .whitespaces))\n"
              + hour.admitted.map { "  \($0.at) \($0.path)" }.joined(separator: "\n"))
        #expect(doctor.stdout.contains("refresh "), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("kept              1 request for TeLEOS-2 near T-0"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("pace              Launch Library 2: 15 an hour — 5 at once, then one every 6 min"), "\(doctor.stdout)")
        #expect(tmux.isAlive)
    }

    /// `tminus next` in a status bar, every 15 s beside the running app: the cache the app
    /// keeps fresh answers it, so it sends nothing at all.
    @Test func nextBesideTheAppSpendsNothing() async throws {
        let (rig, clock, _) = try await Self.start()
        try await rig.waitForRequests(under: Self.upcomingPage, count: 1)
        let before = try await Self.limitReport(rig).admitted.count
        for _ in 1...12 {
            try clock.advance(seconds: 15)
            let next = try Self.next(rig, clock: clock)
            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.stdout.contains("TeLEOS-2"), "\(next.stdout)")
        }
        // Three minutes on: nothing was due for the app either (its close cadence is 6 min).
        #expect(try await Self.limitReport(rig).admitted.count == before)
    }

    // MARK: - The rig

    static func start() async throws -> (AppRig, ScriptedClock, TmuxSession) {
        let directory = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-clock")
        let clock = try ScriptedClock(in: directory, start: thirtyMinutesBeforeNET)
        let rig = try AppRig(prefix: "tminus-e2e-hour", serverOptions: ["--ll2-hourly-limit", "15", "--clock-file", clock.file.path])
        let tmux = try await rig.start(["--source", "ll2", "--tz", "UTC", "--no-images"], width: 160, height: 40,
                                       environment: ["TMINUS_CLOCK_FILE": clock.file.path], ready: LaunchLibrary2Tests.first)
        return (rig, clock, tmux)
    }

    static func next(_ rig: AppRig, clock: ScriptedClock) throws -> (status: Int32, stdout: String, stderr: String) {
        try run(["next"], rig, clock: clock)
    }

    /// A subcommand on the rig's server and data dir, at the scripted time.
    static func run(_ command: [String], _ rig: AppRig, clock: ScriptedClock) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        for name in TmuxSession.appVariables + ["TMINUS_PICTURES", "TMUX", "COLORTERM"] { environment[name] = nil }
        environment["TMINUS_NEWS_API"] = TmuxSession.noNews
        environment["TMINUS_CLOCK_FILE"] = clock.file.path
        return try Harness.run(try Harness.tminusBinary().path,
                               command + rig.server.arguments() + ["--source", "ll2", "--tz", "UTC", "--data-dir", rig.dataDir.path],
                               environment: environment)
    }

    /// The server's count: what it answered and what it refused with 429.
    static func limitReport(_ rig: AppRig) async throws -> (admitted: [(at: Date, path: String)], refused: [String]) {
        let data = try await rig.server.get("/_control/ll2-limit").body
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let parse = ISO8601DateFormatter()
        let admitted = (json["admitted"] as? [[String: String]] ?? []).compactMap { entry -> (Date, String)? in
            guard let at = entry["at"].flatMap(parse.date(from:)), let path = entry["path"] else { return nil }
            return (at, path)
        }
        let refused = (json["refused"] as? [[String: String]] ?? []).map { "\($0["at"] ?? "") \($0["path"] ?? "")" }
        return (admitted, refused)
    }
}
