import Foundation
import Testing

/// The real binary in tmux against the project's fixture server: what a user does on the
/// Launches tab, key by key, read back from the screen.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct LaunchBrowsingTests {
    /// A running tminus with its own fixture server, browser stand-in and data dir.
    final class App {
        let server: FixtureServer
        let browser: FakeBrowser
        let dataDir: URL
        let tmux: TmuxSession

        /// The clock starts 3 h before Galaxy 33's NET (2022-10-08 23:05 UTC), the first upcoming launch.
        /// - Parameter thenShell: run tminus inside a shell that records `stty -g` before and
        ///   after it and stays alive afterwards, so the restored terminal can be inspected
        ///   (tmux reports nothing useful about a pane whose program has gone).
        init(now: String = "2022-10-08T20:00:00Z", width: Int = 100, height: Int = 30, extra: [String] = [],
             thenShell: Bool = false) throws {
            server = try FixtureServer()
            browser = try FakeBrowser()
            dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-data")
            // One-line rows (no patches) so rows can be read line by line; pictures have
            // their own suite (PicturesTests).
            let arguments = server.arguments() + ["--tz", "UTC", "--now", now,
                             "--data-dir", dataDir.path, "--browser", browser.executable.path, "--no-images"] + extra
            if thenShell {
                let script = #"stty -g > "$D/before"; "$@"; echo "tminus exited $?"; stty -g > "$D/after"; sleep 60"#
                tmux = try TmuxSession(command: ["sh", "-c", script, "sh", try Harness.tminusBinary().path] + arguments,
                                       width: width, height: height, environment: ["D": dataDir.path],
                                       unsetEnvironment: ["NO_COLOR", "BROWSER"])
            } else {
                tmux = try TmuxSession.tminus(arguments, width: width, height: height)
            }
        }

        /// After tminus exited inside `thenShell`: the terminal is as it was before.
        func expectTerminalRestored(exitStatus: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            try await tmux.waitFor("tminus exited \(exitStatus)")
            try await tmux.waitUntil("stty saved") { _ in FileManager.default.fileExists(atPath: dataDir.appending(path: "after").path) }
            try await Task.sleep(for: .milliseconds(100))
            let before = try String(contentsOf: dataDir.appending(path: "before"), encoding: .utf8)
            let after = try String(contentsOf: dataDir.appending(path: "after"), encoding: .utf8)
            #expect(before == after, "tty modes restored", sourceLocation: sourceLocation)
            #expect(!tmux.alternateScreenOn, "the alternate screen is left", sourceLocation: sourceLocation)
            #expect(tmux.cursorVisible, "the cursor is shown again", sourceLocation: sourceLocation)
        }

        deinit {
            tmux.kill()
            server.stop()
            try? FileManager.default.removeItem(at: dataDir)
        }

        func launchQueries() async throws -> [[String: Any]] {
            try await server.requests().filter { $0.path == "/v5/launches/query" }.compactMap(\.queryOptions)
        }
    }

    /// The launches of the recorded data set in the order a list shows them.
    static func expectedNames(upcoming: Bool) throws -> [String] {
        let data = try Data(contentsOf: try #require(Fixtures.directory).appending(path: "spacex/v5/launches.json"))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let launches = all.filter { ($0["upcoming"] as? Bool) == upcoming }
        let sorted = launches.sorted { a, b in
            let (da, db) = (a["date_utc"] as! String, b["date_utc"] as! String)
            let (fa, fb) = (a["flight_number"] as! Int, b["flight_number"] as! Int)
            return upcoming ? (da, fa) < (db, fb) : (da, fa) > (db, fb)
        }
        return sorted.map { $0["name"] as! String }
    }

    /// Launch names on screen, top to bottom (rows start with the patch glyph).
    static func rowNames(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line -> String? in
            let text = line.dropFirst(2)
            guard text.hasPrefix("◉ ") || text.hasPrefix("○ ") else { return nil }
            return text.dropFirst(2).components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func startShowsUpcomingLaunchesSoonestFirstWithColours() async throws {
        let app = try App()
        let screen = try await app.tmux.waitFor("Galaxy 33 (15R) & 34 (12R)")
        #expect(screen.contains("Launches"))
        #expect(screen.contains("Upcoming │ Past"))
        #expect(screen.contains("2022-10-08 23:05"))
        #expect(screen.contains("NET 2022-11"), "month-precision dates show no made-up hour")
        #expect(Self.rowNames(screen) == Array(try Self.expectedNames(upcoming: true).prefix(18)))

        // UPCOMING is blue (xterm colour 33) and the name bold.
        let colours = app.tmux.captureWithEscapes()
        #expect(colours.contains("38;5;33"), "no blue in \(colours.prefix(400))")

        let query = try #require(try await app.launchQueries().first)
        #expect(query["limit"] as? Int == 20)
        #expect(query["page"] as? Int == 1)
        #expect((query["sort"] as? [String: String])?["date_utc"] == "asc")
        #expect((query["populate"] as? [String])?.contains("rocket") == true)
    }

    @Test func pastListScrollsIntoPageTwoWithoutDuplicates() async throws {
        let app = try App()
        try await app.tmux.waitFor("Galaxy 33")
        try app.tmux.sendKeys("p")
        var screen = try await app.tmux.waitFor("20 of 187 launches")
        #expect(Self.rowNames(screen).first == "Crew-5", "past is newest first")
        #expect(screen.contains("SUCCESS"))

        // Walk down towards the end of page 1: page 2 arrives on its own.
        for _ in 0..<19 { try app.tmux.sendKeys("j") }
        screen = try await app.tmux.waitFor("40 of 187 launches")
        for _ in 0..<11 { try app.tmux.sendKeys("j") }
        let expected = try Self.expectedNames(upcoming: false)
        try await app.tmux.waitUntil(timeout: .seconds(5), "rows 5…30 on screen") { Self.rowNames($0).first == expected[5] }
        screen = app.tmux.capture()
        let rows = Self.rowNames(screen)
        #expect(rows == Array(expected[5..<(5 + rows.count)]), "rows continue across the page boundary in order")
        #expect(Set(rows).count == rows.count)

        let pages = try await app.launchQueries().filter { ($0["sort"] as? [String: String])?["date_utc"] == "desc" }
            .compactMap { $0["page"] as? Int }
        #expect(pages == [1, 2])
    }

    @Test func detailCountdownTicks() async throws {
        let started = ContinuousClock.now
        let app = try App()
        try await app.tmux.waitFor("Galaxy 33")
        try app.tmux.sendKeys("Enter")
        let first = try await app.tmux.waitFor("T-00d 0")
        #expect(first.contains("until launch"))
        #expect(first.contains("Rocket"))
        #expect(first.contains("Flight         #188"))
        let before = try #require(Self.countdown(first))
        let tick = try await app.tmux.waitForTick(of: "the countdown", from: before) { Self.countdown($0) }
        #expect(-tick.moved >= 2 && -tick.moved <= tick.atMost, "the countdown counts down: \(before), moved \(tick.moved) s of at most \(tick.atMost)")
        // --now is 20:00:00Z and the NET 23:05:00Z: 3 h 05 min, less the seconds that went by
        // since the app was started (measured, not assumed).
        let took = Int((ContinuousClock.now - started).components.seconds) + 2
        #expect(before <= 3 * 3600 + 5 * 60 && before >= 3 * 3600 + 5 * 60 - took, "about 3 h 05 min before NET: \(before), \(took) s in")
    }

    /// A past launch's detail and its links. The app's clock stands still (`AppRig.clock`):
    /// "opened …" is a passing notice, and nothing here waits on time.
    @Test func aPastLaunchsDetailAndOOpensTheWebcast() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-webcast", defaults: AppRig.galaxyEve + ["--no-images"], frozenAt: AppRig.galaxyEveInstant)
        let tmux = try await rig.start()
        try tmux.sendKeys("p")
        try await tmux.waitFor("Crew-5")
        try tmux.sendKeys("Enter")
        let detail = try await tmux.waitFor("launched successfully")
        #expect(detail.contains("2022-10-05 16:00:00 UTC"))
        #expect(detail.contains("Reused         no"))
        try tmux.sendKeys("o")
        #expect(try await rig.browser.waitForURL() == "https://youtu.be/5EwW8ZkArL4")
        try await tmux.waitFor("opened https://youtu.be/5EwW8ZkArL4")
        try tmux.sendKeys("l", "o")
        #expect(try await rig.browser.waitForURL(count: 2) == "https://en.wikipedia.org/wiki/SpaceX_Crew-5")
    }

    /// Seconds left in a `T-DDd HH:MM:SS` on screen.
    static func countdown(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"T-\d+d \d\d:\d\d:\d\d"#, options: .regularExpression) else { return nil }
        let parts = screen[range].dropFirst(2).split(whereSeparator: { $0 == "d" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
        guard parts.count == 4 else { return nil }
        return ((parts[0] * 24 + parts[1]) * 60 + parts[2]) * 60 + parts[3]
    }

    @Test func helpOverlayListsTheKeys() async throws {
        let app = try App()
        try await app.tmux.waitFor("Galaxy 33")
        try app.tmux.sendKeys("?")
        // The whole box, not just its title: a capture can land between two writes of a frame.
        try await app.tmux.waitUntil("the help box drawn") {
            $0.contains("Keys: launch list") && $0.contains("Upcoming / Past") && $0.contains("refresh") && $0.contains("? or Esc closes")
        }
        try app.tmux.sendKeys("Escape")
        try await app.tmux.waitUntil("help closed") { !$0.contains("Keys: launch list") }
    }

    @Test func qQuitsAndRestoresTheTerminal() async throws {
        let app = try App(thenShell: true)
        try await app.tmux.waitFor("Galaxy 33")
        #expect(app.tmux.alternateScreenOn)
        #expect(!app.tmux.cursorVisible)
        try app.tmux.sendKeys("q")
        try await app.expectTerminalRestored()
    }

    @Test(arguments: ["INT", "TERM", "HUP"])
    func signalsRestoreTheTerminalAndExitZero(_ signal: String) async throws {
        let app = try App(thenShell: true)
        try await app.tmux.waitFor("Galaxy 33")
        let shell = try #require(app.tmux.pid)
        let pid = try #require(Harness.children(of: shell).first, "tminus runs under the shell")
        let number: Int32 = signal == "INT" ? SIGINT : signal == "TERM" ? SIGTERM : SIGHUP
        Harness.send(signal: number, to: pid)
        try await app.expectTerminalRestored()
    }

    /// Each fault the first request meets, and the words the user must see for it.
    static let faults: [(Fault, String)] = [
        (.status(500, path: "/v5/launches/query", count: 1), "server error (HTTP 500)"),
        // A short wait: `r` sends nothing until it is over (LaunchLibrary2Tests checks that), and
        // the app asks again by itself when it is, so the words are on screen only that long.
        // Eight seconds, not one: a CI run on two busy cores missed a one-second window.
        (.rateLimited(path: "/v5/launches/query", retryAfter: 8, count: 1), "rate limited by r/SpaceX API, retry in 1 min"),
        (.status(404, path: "/v5/launches/query", count: 1), "r/SpaceX API has no /v5/launches/query (HTTP 404)"),
        (.malformed(path: "/v5/launches/query", count: 1), "bad data from the server: malformed or truncated JSON"),
        (.truncated(path: "/v5/launches/query", count: 1), "bad data from the server: the response was cut short"),
        (.dropped(path: "/v5/launches/query", count: 1), "network error: the server closed the connection without answering"),
    ]

    @Test(arguments: 0..<faults.count)
    func aFailedLoadIsShownInWordsAndRRetries(_ index: Int) async throws {
        let (fault, words) = Self.faults[index]
        let server = try FixtureServer(faults: [fault])
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e")
        // Wide enough for the longest reason beside the archive's label.
        let tmux = try TmuxSession.tminus(server.arguments() + ["--tz", "UTC", "--data-dir", dataDir.path], width: 140)
        defer { tmux.kill(); server.stop(); try? FileManager.default.removeItem(at: dataDir) }
        let screen = try await tmux.waitFor(words)
        // Nothing cached: the built-in archive is shown meanwhile, said to be that.
        #expect(screen.contains("built-in archive, data to 2022-10"), "\(screen)")
        // As a user would: `r` again while the screen still shows the error (a 429's wait may
        // not be over at the first press), until the server's rows replace the archive's.
        try await tmux.waitUntil(timeout: .seconds(30), "the rows after r") { screen in
            if screen.contains("Galaxy 33"), !screen.contains("built-in archive") { return true }
            try? tmux.sendKeys("r")
            return false
        }
        #expect(tmux.isAlive)
    }

    @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedraws() async throws {
        let server = try FixtureServer()
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e")
        // An interactive shell with job control, as a user has.
        let tmux = try TmuxSession(command: ["bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "$ "],
                                   unsetEnvironment: ["NO_COLOR"])
        defer { tmux.kill(); server.stop(); try? FileManager.default.removeItem(at: dataDir) }
        try await tmux.waitFor("$")
        let command = ([try Harness.tminusBinary().path] + server.arguments() + ["--tz", "UTC", "--data-dir", dataDir.path])
            .map(Harness.shellQuote).joined(separator: " ")
        try tmux.type(command)
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("Galaxy 33")
        try tmux.sendKeys("C-z")
        try await tmux.waitFor("Stopped")
        #expect(!tmux.alternateScreenOn, "suspended: the shell has the normal screen back")
        #expect(tmux.cursorVisible)
        try tmux.type("fg")
        try tmux.sendKeys("Enter")
        try await tmux.waitUntil("the app redrawn") { $0.contains("Galaxy 33") && $0.contains("Upcoming │ Past") }
        #expect(tmux.alternateScreenOn)
        try tmux.sendKeys("j", "q")
        try await tmux.waitUntil("back at the prompt") { !$0.contains("Upcoming │ Past") }
        #expect(tmux.cursorVisible)
    }

    @Test func aTinyTerminalGetsAMessageNotACrash() async throws {
        let app = try App(width: 30, height: 8)
        try await app.tmux.waitFor("Terminal too small")
        try app.tmux.resize(width: 100, height: 30)
        try await app.tmux.waitFor("Galaxy 33")
        #expect(app.tmux.isAlive)
    }

    @Test func badFlagsAreRefusedWithAMessage() async throws {
        let tmux = try TmuxSession.tminus(["--tz", "Mars/Olympus_Mons"])
        defer { tmux.kill() }
        let exit = try await tmux.waitForExit()
        #expect(exit.status != 0)
        #expect(tmux.capture().contains("unknown time zone 'Mars/Olympus_Mons'"))
    }

}
