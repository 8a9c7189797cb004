import Foundation
import Testing

/// Proves the harness itself works: the Python fixture server starts, serves the recorded data
/// with the API's semantics, records requests and injects faults.
@Suite(.enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct FixtureServerTests {
    let server: FixtureServer

    init() throws {
        server = try FixtureServer()
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func pageTwoEnvelope() async throws {
        let query: [String: Any] = ["query": [:] as [String: Any],
                                    "options": ["page": 2, "limit": 10, "select": "name flight_number",
                                                "sort": ["flight_number": "asc"]]]
        let (status, data) = try await server.post("/v5/launches/query", json: query)
        #expect(status == 200)

        // Key order is part of the contract: check it on the raw bytes.
        let text = String(decoding: data, as: UTF8.self)
        let keys = ["\"docs\":", "\"totalDocs\":205", "\"limit\":10", "\"totalPages\":21", "\"page\":2",
                    "\"pagingCounter\":11", "\"hasPrevPage\":true", "\"hasNextPage\":true",
                    "\"prevPage\":1", "\"nextPage\":3"]
        let positions = keys.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "missing keys in \(text.suffix(200))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(!text.contains("\"offset\""), "a page-based query has no offset key")

        let docs = try #require(try object(data)["docs"] as? [[String: Any]])
        #expect(docs.compactMap { $0["flight_number"] as? Int } == Array(11...20))
        #expect(docs.first?["name"] as? String == "CASSIOPE")
        #expect(docs.first?.keys.sorted() == ["flight_number", "id", "name"])
    }

    @Test func populateRocketReturnsAnObject() async throws {
        let query: [String: Any] = ["query": ["flight_number": 187],
                                    "options": ["populate": ["rocket"], "select": "name rocket"]]
        let (status, data) = try await server.post("/v5/launches/query", json: query)
        #expect(status == 200)
        let docs = try #require(try object(data)["docs"] as? [[String: Any]])
        let launch = try #require(docs.first)
        #expect(launch["name"] as? String == "Crew-5")
        let rocket = try #require(launch["rocket"] as? [String: Any], "rocket is not an object: \(launch)")
        #expect(rocket["name"] as? String == "Falcon 9")
        #expect(rocket["id"] as? String == "5e9d0d95eda69973a809d1ec")
    }

    @Test func unknownLaunchIs404() async throws {
        let (status, data) = try await server.get("/v5/launches/000000000000000000000000")
        #expect(status == 404)
        #expect(try object(data)["error"] as? String == "Not Found")
    }

    @Test func injectedServerErrorThenRecovery() async throws {
        try await server.inject(fault: .status(500, path: "/v5/launches/query", count: 1))
        let body: [String: Any] = ["options": ["page": 1]]
        let first = try await server.post("/v5/launches/query", json: body)
        #expect(first.status == 500)
        #expect(try object(first.body)["error"] != nil)
        let second = try await server.post("/v5/launches/query", json: body)
        #expect(second.status == 200)

        let requests = try await server.requests()
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests.map(\.path) == ["/v5/launches/query", "/v5/launches/query"])
        #expect(requests.first?.queryOptions?["page"] as? Int == 1)
    }

    @Test func faultsLastUntilReset() async throws {
        try await server.inject(fault: .rateLimited(path: "/v5/", retryAfter: 60))
        #expect(try await server.get("/v5/launches/next").status == 429)
        #expect(try await server.get("/v5/launches/next").status == 429)
        try await server.reset()
        #expect(try await server.get("/v5/launches/next").status == 200)
    }

    @Test func startUpFaultsAndRenames() async throws {
        let crew5 = "62dd70d5202306255024d139"
        let custom = try FixtureServer(faults: [.status(503, path: "/v4/rockets")],
                                       renames: [crew5: "Crew-5 \u{1B}[31mred"])
        defer { custom.stop() }
        #expect(try await custom.get("/v4/rockets").status == 503)
        let (status, data) = try await custom.get("/v5/launches/latest")
        #expect(status == 200)
        #expect(try object(data)["name"] as? String == "Crew-5 \u{1B}[31mred")
        try await custom.rename(launch: crew5, to: "Crew-5")
        #expect(try object(try await custom.get("/v5/launches/latest").body)["name"] as? String == "Crew-5")
    }

    @Test func logFileRecordsRequests() async throws {
        _ = try await server.get("/v5/launches/latest")
        let log = try String(contentsOf: server.logFile, encoding: .utf8)
        #expect(log == "GET /v5/launches/latest\n")
    }
}

/// The fake browser needs no fixtures.
@Suite struct FakeBrowserTests {
    @Test func recordsOpenedURLs() async throws {
        let browser = try FakeBrowser()
        let url = "https://example.com/a?b=c&d='e'\\n"
        let result = try Harness.run(browser.executable.path, [url, "ignored"])
        #expect(result.status == 0)
        #expect(try await browser.waitForURL() == url)
        #expect(browser.openedURLs() == [url])
    }
}

/// tmux plumbing with a plain shell command (no tminus binary needed).
@Suite struct TmuxSessionTests {
    @Test func runsCapturesAndReportsExit() async throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", """
            printf '\\033]2;harness title\\007'; echo "TERM=$TERM size=$(tput cols)x$(tput lines) X=$X"
            printf '\\033[31mred\\033[0m\\n'; read line; echo "got:$line"; exit 7
            """], width: 60, height: 12, environment: ["X": "it's"])
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("red")
        #expect(screen.contains("TERM=xterm-256color size=60x12 X=it's"))
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count == 12)
        #expect(tmux.captureWithEscapes().contains("\u{1B}[31mred"))
        #expect(tmux.paneTitle == "harness title")
        #expect(tmux.isAlive)
        try tmux.type("hello")
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("got:hello")
        #expect(try await tmux.waitForExit() == TmuxSession.Exit(status: 7))
        #expect(tmux.capture().hasPrefix("TERM=xterm-256color"), "the final screen must not scroll")
    }

    #if os(Linux)
    /// The program must be able to receive SIGWINCH/SIGTERM and must not hold the test process's
    /// descriptors (see `Subprocess`).
    @Test func programStartsWithNoBlockedSignalsAndNoStrayDescriptors() async throws {
        // `ls` lists its own descriptors: 0-2 and the directory it is reading (3). (The shell's
        // would be racy: it holds pipeline pipes for a moment.)
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", """
            grep -E 'SigBlk|SigIgn' /proc/self/status; printf 'fds:'; ls /proc/self/fd | sort -n | tr '\\n' ' '; echo; echo end; sleep 30
            """], width: 60, height: 5)
        defer { tmux.kill() }
        let screen = try await tmux.waitUntil { $0.split(separator: "\n").contains("end") }
        let lines = screen.split(separator: "\n").map { $0.replacingOccurrences(of: "\t", with: " ") }
        #expect(lines.contains("SigBlk: 0000000000000000"), "\(screen)")
        // Nothing ignored, apart from glibc's internal signals 32 and 33 (posix_spawn keeps those).
        let ignored = lines.first { $0.hasPrefix("SigIgn: ") }.flatMap { UInt64($0.dropFirst(8), radix: 16) }
        #expect(ignored.map { $0 & ~0x1_8000_0000 } == 0, "\(screen)")
        #expect(lines.contains("fds:0 1 2 3"), "\(screen)")
    }
    #endif

    @Test func reportsDeathBySignalAndTheProgramsPid() async throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", "echo pid=$$; read x; kill -TERM $$"],
                                   width: 30, height: 3)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("pid=")
        let pid = try #require(tmux.pid)
        #expect(screen.contains("pid=\(pid)"))
        try tmux.sendKeys("Enter")
        let exit = try await tmux.waitForExit()
        #expect(exit == TmuxSession.Exit(status: 143))
        #expect(exit.signal == 15)
    }

    @Test func killRemovesTheSocket() throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", "sleep 30"], width: 20, height: 3)
        let socket = try #require(tmux.socketPath)
        #expect(FileManager.default.fileExists(atPath: socket))
        tmux.kill()
        #expect(!tmux.isAlive)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func killAlsoEndsAProgramThatIgnoresHangup() async throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", "trap '' HUP; echo ready; while :; do sleep 1; done"],
                                   width: 20, height: 3)
        try await tmux.waitFor("ready")
        let pid = try #require(tmux.pid)
        tmux.kill()
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        #expect(stat == nil || stat!.contains(") Z"), "pid \(pid) still running: \(stat ?? "")")
    }

    @Test func timeoutErrorShowsTheScreen() async throws {
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", "echo on screen; sleep 30"], width: 40, height: 5)
        defer { tmux.kill() }
        try await tmux.waitFor("on screen")
        do {
            try await tmux.waitFor("never", timeout: .milliseconds(200))
            Issue.record("waitFor should have timed out")
        } catch let error as HarnessError {
            #expect(String(describing: error).contains("|on screen"))
            #expect(String(describing: error).contains("\"never\""))
        }
    }
}
