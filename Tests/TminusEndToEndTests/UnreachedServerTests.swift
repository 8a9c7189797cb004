import Foundation
import Testing

/// Issue 36, the part about counting what reached the server: Launch Library 2 on a port that
/// refuses connections. Every try, automatic or `r`, says the true cause and spends nothing of
/// the free tier's 15 an hour (5 at once), so the user is never told about a budget that was
/// never used; when the server starts answering on that port, the list comes by itself.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct UnreachedServerTests {
    @Test func aRefusedPortSpendsNoBudgetAndTheListComesOnceItAnswers() async throws {
        // A port held bound, nothing listening: refused, and no other test's server takes it.
        let reserved = try ReservedPort()
        let base = reserved.baseURL
        let port = reserved.port
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-unreached")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let tmux = try TmuxSession.tminus(
            ["--source", "ll2", "--spacex-api", base.absoluteString, "--ll2-api", base.appending(path: "2.3.0").absoluteString,
             "--news-api", base.appending(path: "v4").absoluteString,
             "--tz", "UTC", "--no-images", "--data-dir", dataDir.path],
            width: 140, height: 30)
        defer { tmux.kill() }
        try await tmux.waitFor("network error: connection refused", timeout: .seconds(30))

        // Twice the free tier's burst of tries: each says the true cause, never the budget.
        for _ in 0..<10 {
            try tmux.sendKeys("r")
            try await Task.sleep(for: .milliseconds(300))
            let screen = try await tmux.waitFor("network error: connection refused")
            #expect(!screen.contains("holding back"), "no budget was spent:\n\(screen)")
        }

        // The server starts answering on that port: the list comes by itself, no key pressed,
        // within the next automatic try (half a minute at most while nothing was reached).
        reserved.release()
        let server = try FixtureServer(port: port)
        defer { server.stop() }
        let screen = try await tmux.waitUntil(timeout: .seconds(45), "the server's rows") {
            $0.contains(LaunchLibrary2Tests.first) && !$0.contains("connection refused")
        }
        #expect(!screen.contains("holding back"), "\(screen)")
        #expect(tmux.isAlive)
    }

    /// One budget per host for every tminus on the machine: separate `tminus next` processes
    /// that each need a request (their response cache and replica emptied) share Launch
    /// Library 2's burst of 5, the app's included; a fresh replica costs nothing; `doctor`
    /// lists the spending.
    @Test func separateProcessesShareOneBudgetAndDoctorShowsTheSpending() async throws {
        let rig = try CommandRig(prefix: "tminus-e2e-shared-budget")
        let cache = rig.dataDir.appending(path: "cache")
        func forget() throws {
            try? FileManager.default.removeItem(at: cache.appending(path: "responses"))
            for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name.hasPrefix("replica.sqlite") {
                try FileManager.default.removeItem(at: cache.appending(path: name))
            }
        }
        // At a time the recorded launches are ahead (today they are long past: no next launch).
        let next = ["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z"]
        for round in 1...5 {
            try forget()
            let result = try rig.run(next)
            #expect(result.status == 0, "process \(round): \(result.stderr)")
        }
        // A replica synced a moment ago: asked of no one, however often (a status bar every 15 s).
        for _ in 1...5 { #expect(try rig.run(next).status == 0) }
        // The sixth process that needs the network finds the burst spent by the five before it.
        try forget()
        let sixth = try rig.run(next)
        #expect(sixth.status != 0)
        #expect(sixth.stderr.contains("holding back requests to 127.0.0.1:\(rig.server.baseURL.port!) to stay within its budget"),
                "\(sixth.stderr)")
        let requests = try await rig.server.requests().map(\.path).filter { $0.hasPrefix("/2.2.0/launch") }
        #expect(requests.count == 5, "\(requests)")

        let doctor = try rig.run(["doctor", "--now", "2023-04-20T00:00:00Z"])  // the ledger keeps the real time whatever --now says
        #expect(doctor.stdout.contains("Requests in the last hour (every tminus with this cache)"), "\(doctor.stdout)")
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("127.0.0.1:\(rig.server.baseURL.port!)") && $0.contains("list") }
        #expect(line?.contains("list 5") == true, "\(doctor.stdout)")
    }
}
