import Foundation
import Testing

/// Issue 36, the part about counting what reached the server: Launch Library 2 on a port that
/// refuses connections. Every try, automatic or `r`, says the true cause and spends nothing of
/// the free tier's 15 an hour (5 at once), so the user is never told about a budget that was
/// never used; when the server starts answering on that port, the list comes by itself.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct UnreachedServerTests {
    @Test func aRefusedPortSpendsNoBudgetAndTheListComesOnceItAnswers() async throws {
        // A port that was just free: nothing listens there now.
        let probe = try FixtureServer()
        let base = probe.baseURL
        let port = try #require(base.port)
        probe.stop()
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
        let server = try FixtureServer(port: port)
        defer { server.stop() }
        let screen = try await tmux.waitUntil(timeout: .seconds(45), "the server's rows") {
            $0.contains(LaunchLibrary2Tests.first) && !$0.contains("connection refused")
        }
        #expect(!screen.contains("holding back"), "\(screen)")
        #expect(tmux.isAlive)
    }
}
