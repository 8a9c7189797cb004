import Foundation
import Testing

/// Reminders with the real binary in tmux: a watched launch 10 minutes away rings, says so in
/// the status line and asks `notify-send` (here a stand-in, first on PATH) for a notification.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct RemindersTests {
    static let galaxy33 = "Galaxy 33 (15R) & 34 (12R)"

    /// A fake `notify-send` in a directory of its own: it appends its arguments, one a line, to a file.
    final class FakeNotifySend {
        let directory: URL
        let logFile: URL

        init() throws {
            directory = try Harness.makeTemporaryDirectory(prefix: "tminus-fake-notify")
            logFile = directory.appending(path: "calls.txt")
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            let script = """
                #!/bin/sh
                printf '%s\\n' "$@" >> \(Harness.shellQuote(logFile.path))
                """ + "\n"
            let executable = directory.appending(path: "notify-send")
            try script.write(to: executable, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var calls: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

        /// PATH with this directory first.
        var path: String { directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

        /// Polls the log until it contains `text`; returns the log then.
        @discardableResult
        func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
            let deadline = ContinuousClock.now + timeout
            while !calls.contains(text) {
                if ContinuousClock.now >= deadline {
                    throw HarnessError.timeout(what: "notify-send with \(text)", after: timeout, screen: calls)
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            return calls
        }
    }

    @Test func aWatchedLaunchTenMinutesAwayAlertsOnScreenAndOnTheDesktop() async throws {
        let notify = try FakeNotifySend()
        // Eleven minutes before Galaxy 33's NET (2022-10-08 23:05 UTC), on a clock that stands
        // still until the test moves it: a loaded machine once took over a minute to start the
        // app and press `f`, and the ten-minute mark had passed by then.
        let rig = try AppRig(prefix: "tminus-e2e-reminders", defaults: ["--tz", "UTC"],
                             frozenAt: ISO8601DateFormatter().date(from: "2022-10-08T22:54:00Z")!)
        let tmux = try await rig.start(environment: ["PATH": notify.path])
        try await tmux.waitUntil("Galaxy 33 selected") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("Galaxy 33") }
        }
        #expect(notify.calls.isEmpty, "nothing is watched yet")

        // Watched inside the one-hour window: that reminder goes off at once ("in 11 min", or
        // "in 10 min" on a slow start), with the countdown as it stands.
        try tmux.sendKeys("f")
        let calls = try await notify.waitFor(Self.galaxy33)
        let lines = calls.split(separator: "\n").map(String.init)
        #expect(lines.first == "tminus", "the title, then the body: \(lines)")
        #expect(lines.contains { $0.hasPrefix("\(Self.galaxy33) in 1") && $0.contains("(T-00d 00:1") }, "\(lines)")
        let screen = try await tmux.waitFor("⏰ \(Self.galaxy33) in 1")
        // The bell reached the terminal: tmux flags the (detached) window.
        let bell = try Harness.run("tmux", ["-L", tmux.socketName, "-f", "/dev/null", "display-message", "-p", "-t", "e2e", "#{window_bell_flag}"])
        #expect(bell.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "tmux saw no bell")
        #expect(screen.contains("Galaxy 33 (15R) & 34 (12R) ★"), "watched:\n\(screen)")

        // Then the 10-minute mark itself comes: on time, to the second (the clock is moved to
        // it; the app finds it at its next wake-up).
        try rig.clock!.advance(seconds: 60)
        try await notify.waitFor("\(Self.galaxy33) in 10 min (T-00d 00:10:00)", timeout: .seconds(90))
        #expect(rig.log().contains("reminder: \(Self.galaxy33) in 10 min"))
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit().status == 0)
    }
}
