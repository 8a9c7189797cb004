import Foundation
import Testing

/// `tminus doctor` through the real binary: against the fixture server it prints every
/// section, reads Launch Library 2's upcoming list as the app does and its remaining budget as
/// `/api-throttle/` counts it, and exits 0 (a base without `/api-throttle/` too);
/// with the APIs on a closed port it says they are unreachable, exits 1, and does not wait; on a
/// terminal (tmux here, xterm in `SixelXtermTests`) it asks it what the app would.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct DoctorTests {
    /// On a known terminal (TERM decides the colours line and whether the terminal counts as
    /// broken), in UTC.
    static func rig() throws -> CommandRig {
        try CommandRig(prefix: "tminus-e2e-doctor", flags: ["--tz", "UTC"], environment: ["TERM": "xterm-256color"])
    }

    @Test func reportsEverySectionAndTheBudget() async throws {
        let rig = try Self.rig()
        // One Launch Library 2 request spent first, so the budget printed is the server's count
        // (14 of 15), not a constant.
        let list = try rig.run(["list", "--source", "ll2", "--limit", "1"])
        #expect(list.status == 0, "\(list.stderr)")

        let doctor = try rig.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        let lines = doctor.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 24, "\(doctor.stdout)")
        for section in ["Terminal", "Files", "APIs (source: spacex)"] {
            #expect(lines.contains { $0 == section }, "no \(section) in\n\(doctor.stdout)")
        }
        #expect(doctor.stdout.contains("  TERM              xterm-256color: 256 colours (terminfo)\n"), "\(doctor.stdout)")
        // Its output is a pipe here: the terminal is not asked.
        #expect(doctor.stdout.contains("  pictures          auto (default): not asked (doctor's input or output is not a terminal)"),
                "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  favorites         favorites.sqlite: none yet\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(rig.dataDir.path)/cache: "), "\(doctor.stdout)")
        // The list the app reads first, its rockets and its events (three requests: 11 left of
        // the 15), then the budget.
        let ll2Line = try #require(lines.first { $0.hasPrefix("  Launch Library 2  ") }, "\(doctor.stdout)")
        #expect(ll2Line.range(of: #"^  Launch Library 2  \#(rig.server.baseURL.absoluteString)/2\.2\.0: ok, \d+ upcoming launches; 11 of 15 requests left this hour$"#,
                              options: .regularExpression) != nil, "\(ll2Line)")
        let asked = try await rig.server.requests().map(\.path)
        #expect(asked.contains { $0.hasPrefix("/2.2.0/launch/upcoming/") && $0.contains("limit=1") }, "\(asked)")
        #expect(asked.contains { $0.hasPrefix("/2.2.0/config/launcher/") && $0.contains("limit=1") }, "\(asked)")
        #expect(asked.contains { $0.hasPrefix("/2.2.0/event/upcoming/") && $0.contains("limit=1") }, "\(asked)")
        #expect(asked.contains("/v4/rockets"), "\(asked)")
        #expect(doctor.stdout.contains("    rockets         ok\n    events          ok\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  r/SpaceX API      \(rig.server.baseURL.absoluteString): ok ("), "\(doctor.stdout)")
        // The news a detail's News section reads: one article asked.
        #expect(doctor.stdout.contains("  Spaceflight News  \(rig.server.baseURL.absoluteString)/v4: ok\n"), "\(doctor.stdout)")
        #expect(asked.contains("/v4/articles/?limit=1"), "\(asked)")
        #expect(lines.last == "All fine.", "\(doctor.stdout)")

        // The throttle endpoint costs nothing; a second doctor at once meets the app's own
        // budget (a burst of 5): what it did not ask is said, and is not "broken".
        let again = try rig.run(["doctor"])
        #expect(again.stdout.contains("; 10 of 15 requests left this hour"), "\(again.stdout)")
        #expect(again.stdout.contains("holding back requests to 127.0.0.1:"), "\(again.stdout)")
        #expect(again.status == 0 && again.stdout.hasSuffix("All fine.\n"), "\(again.stdout)")
    }

    /// Every resource the app reads, not only the launches (issue 37: doctor said Launch
    /// Library 2 was `ok` while the Rockets and Events tabs got 404 from the same server).
    @Test func aBrokenResourceOfAnAPIThatAnswersIsBroken() async throws {
        let rig = try Self.rig()
        try await rig.server.inject(fault: .status(404, path: "/2.2.0/config/launcher"))
        try await rig.server.inject(fault: .status(404, path: "/v4/rockets"))
        let doctor = try rig.run(["doctor"])
        #expect(doctor.status == 1, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains(": ok, "), "the launches still answer: \(doctor.stdout)")
        // Each failure says what was refused (issue 37: `not found (HTTP 404)` without what).
        #expect(doctor.stdout.contains("    rockets         Launch Library 2 has no /2.2.0/config/launcher/ (HTTP 404)\n    events          ok\n"),
                "\(doctor.stdout)")
        #expect(doctor.stdout.contains("Broken: Launch Library 2 has no /2.2.0/config/launcher/ (HTTP 404); r/SpaceX API has no /v4/rockets (HTTP 404)"),
                "\(doctor.stdout)")
    }

    /// A base the app reads is a base the doctor passes (issue 25: it said `Broken: … not found
    /// (HTTP 404)` for a server without `/api-throttle/`); favorites counted in words.
    @Test func aServerWithoutTheThrottleIsFineAndCountsAreSingular() async throws {
        let rig = try Self.rig()
        try await rig.server.inject(fault: Fault(pathPrefix: "/2.2.0/api-throttle", status: 404))
        let data = rig.dataDir.appending(path: "data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let database = data.appending(path: "favorites.sqlite")
        let sql = "CREATE TABLE favoriteRocket(id TEXT); CREATE TABLE watchedLaunch(id TEXT); "
            + "INSERT INTO favoriteRocket VALUES ('falcon9'); INSERT INTO watchedLaunch VALUES ('crew-5');"
        let made = try Harness.run("/usr/bin/sqlite3", [database.path, sql])
        #expect(made.status == 0, "\(made.stderr)")

        let doctor = try rig.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.range(of: #"Launch Library 2  \S+: ok, \d+ upcoming launches; requests left: not said \(/api-throttle/: [^)]*404[^)]*\)\)"#,
                                    options: .regularExpression) != nil, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  favorites         favorites.sqlite: ok, 1 rocket, 1 launch\n"), "\(doctor.stdout)")
        #expect(doctor.stdout.hasSuffix("All fine.\n"), "\(doctor.stdout)")
    }

    @Test func unreachableAPIsFailFast() throws {
        let rig = try Self.rig()
        let closed = BuiltInArchiveTests.refused  // nothing listens there: refused at once
        let started = Date()
        let doctor = try rig.run(["doctor"], apis: ["--ll2-api", closed + "/2.2.0", "--spacex-api", closed, "--news-api", closed + "/v4"])
        // Under the 15 s timeout a server that did not refuse would take: refused is said at
        // once, with room for a process start on CI's loaded cores.
        #expect(Date().timeIntervalSince(started) < 12)
        #expect(doctor.status == 1, "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains("  Launch Library 2  \(closed)/2.2.0: unreachable ("), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  r/SpaceX API      \(closed): unreachable ("), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("  Spaceflight News  \(closed)/v4: unreachable ("), "\(doctor.stdout)")
        #expect(doctor.stdout.split(separator: "\n").last?.hasPrefix("Broken: Launch Library 2 unreachable") == true, "\(doctor.stdout)")

        // Offline, nothing is asked and nothing is broken.
        let offline = try rig.run(["doctor", "--offline"], apis: ["--ll2-api", closed + "/2.2.0", "--spacex-api", closed, "--news-api", closed + "/v4"])
        #expect(offline.status == 0, "\(offline.stdout)")
        #expect(offline.stdout.contains("  Launch Library 2  not asked (--offline)\n"), "\(offline.stdout)")
    }

    @Test func asksTheTerminalItRunsIn() async throws {
        // tmux answers XTVERSION and DA1 (without sixel: it draws none here), and, with a window
        // background of its own, OSC 11.
        let rig = try Self.rig()
        let session = try TmuxSession.tminus(["doctor", "--offline", "--data-dir", rig.dataDir.path],
                                             width: 120, height: 30, background: "#ffffff")
        let exit = try await session.waitForExit()
        let screen = session.capture()
        #expect(exit.status == 0, "\(screen)")
        #expect(screen.contains("  terminal says     tmux "), "\(screen)")
        #expect(screen.contains("  pictures          auto (default): symbols (no kitty graphics, iTerm2 or sixel; DA1 ?"),
                "\(screen)")
        #expect(screen.contains("  theme             auto (default): light (the background is rgb:ffff/ffff/ffff)"), "\(screen)")
        // The answers were read, not shown: nothing of them on the screen but what doctor says.
        #expect(!screen.contains("11;rgb") && !screen.contains(">|tmux") && !screen.contains("\u{1B}"), "\(screen)")

        // A protocol named on the command line is not asked about.
        let named = try TmuxSession.tminus(["doctor", "--offline", "--data-dir", rig.dataDir.path, "--pictures", "sixel"],
                                           width: 120, height: 30)
        try await named.waitForExit()
        #expect(named.capture().contains("  pictures          sixel (flag): cell "), "\(named.capture())")
        #expect(named.capture().contains("; the protocol is not asked"), "\(named.capture())")
    }
}
