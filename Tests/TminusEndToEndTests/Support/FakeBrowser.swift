import Foundation

/// A stand-in for the user's web browser: an executable script that records the URL it was asked
/// to open (its first argument) instead of opening it.
///
///     let browser = try FakeBrowser()
///     let tmux = try TmuxSession.tminus(environment: ["BROWSER": browser.executable.path])
///     tmux.sendKeys("o")
///     #expect(try await browser.waitForURL() == "https://www.youtube.com/watch?v=...")
final class FakeBrowser: @unchecked Sendable {
    /// The script to hand to the app as its browser command.
    let executable: URL
    /// One opened URL per line.
    let logFile: URL
    private let directory: URL

    init() throws {
        directory = try Harness.makeTemporaryDirectory(prefix: "tminus-fake-browser")
        executable = directory.appendingPathComponent("browser")
        logFile = directory.appendingPathComponent("opened.txt")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        // printf, not echo: a URL must be recorded byte for byte (echo may interpret backslashes).
        let script = """
            #!/bin/sh
            printf '%s\\n' "$1" >> \(Harness.shellQuote(logFile.path))
            """ + "\n"
        try script.write(to: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The URLs opened so far, oldest first.
    func openedURLs() -> [String] {
        guard let text = try? String(contentsOf: logFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Waits until at least `count` URLs were opened and returns the latest.
    @discardableResult
    func waitForURL(count: Int = 1, timeout: Duration = .seconds(10)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while openedURLs().count < count {
            if ContinuousClock.now >= deadline {
                throw HarnessError.timeout(what: "the browser to open \(count) URL(s)", after: timeout,
                                           screen: openedURLs().joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return openedURLs().last!
    }
}
