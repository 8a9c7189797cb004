import Foundation
import Testing
import TminusCore

/// `Browser.open` with real shell scripts in a temporary folder.
struct BrowserTests {
    /// A fresh folder holding `script` and the file it writes to. The script is run as
    /// `/bin/sh script` (`command`), never exec'd itself: exec fails with ETXTBSY (sh says 126)
    /// while any process holds the file open for writing, and a child that another test forks
    /// while this one writes the script inherits that descriptor until its own exec.
    struct Scratch {
        let dir: URL
        var output: URL { dir.appending(path: "recorded.txt") }

        init(script body: String) throws {
            dir = FileManager.default.temporaryDirectory.appending(path: "tminus-browser-\(UUID().uuidString)", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try ("#!/bin/sh\n" + body.replacingOccurrences(of: "$OUT", with: "'\(output.path)'") + "\n")
                .write(to: script, atomically: true, encoding: .utf8)
        }

        var script: URL { dir.appending(path: "browser.sh") }
        /// The browser command that runs `script` (the path quoted: one word to the shell).
        var command: String { "/bin/sh '\(script.path)'" }

        func recorded() throws -> String { try String(contentsOf: output, encoding: .utf8) }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    /// nil for success, else the failure's message.
    func failureMessage(_ result: Result<Void, Browser.Failure>) -> String? {
        if case .failure(let failure) = result { return failure.message }
        return nil
    }

    @Test func urlIsPassedVerbatimNotThroughTheShell() async throws {
        let scratch = try Scratch(script: #"printf '%s' "$1" > $OUT"#)
        defer { scratch.remove() }
        let text = "https://example.com/watch?v=1&list=2;id|true'quoted'$(id)$HOME"
        let url = try #require(URL(string: text))
        let result = await Browser.open(url, with: scratch.command)
        #expect(failureMessage(result) == nil)
        #expect(try scratch.recorded() == url.absoluteString)
        #expect(try scratch.recorded().contains("'quoted'$(id)$HOME"))
    }

    @Test func commandWithArgumentsGetsTheURLLast() async throws {
        let scratch = try Scratch(script: #"printf '%s\n' "$@" > $OUT"#)
        defer { scratch.remove() }
        let url = URL(string: "https://en.wikipedia.org/wiki/SpaceX_Crew-5")!
        let result = await Browser.open(url, with: scratch.command + " --new-tab")
        #expect(failureMessage(result) == nil)
        #expect(try scratch.recorded() == "--new-tab\nhttps://en.wikipedia.org/wiki/SpaceX_Crew-5\n")
    }

    @Test func failingCommandReportsItsStatus() async throws {
        let scratch = try Scratch(script: "exit 3")
        defer { scratch.remove() }
        let command = scratch.command
        let result = await Browser.open(URL(string: "https://example.com")!, with: command)
        #expect(failureMessage(result) == "browser command '\(command)' exited with status 3")
    }

    @Test(arguments: ["tminus-no-such-browser-4f1c", "/nonexistent/tminus/browser"])
    func missingCommandIsNotFound(command: String) async {
        let result = await Browser.open(URL(string: "https://example.com")!, with: command)
        #expect(failureMessage(result) == "browser command not found: \(command)")
    }

    /// A browser that stays in the foreground counts as opened once the grace period is over.
    /// No clock is read here: the script exits with status 7 only when released (or after
    /// 120 s), so an `open` that waited for it to exit would report that failure. (It was 20 s:
    /// with the whole suite running on two cores, `open`'s 20 ms naps on the busy cooperative
    /// pool came back 14–25 s late, and twice past the 20 s.)
    @Test func commandStillRunningAfterGraceCountsAsOpened() async throws {
        let scratch = try Scratch(script: #"printf '%s' "$1" > $OUT; n=0; while [ ! -e $OUT.release ] && [ $n -lt 2400 ]; do sleep 0.05; n=$((n+1)); done; exit 7"#)
        defer { scratch.remove() }
        let result = await Browser.open(URL(string: "https://example.com/x")!, with: scratch.command, grace: .milliseconds(300))
        #expect(failureMessage(result) == nil, "open returned while the browser was still running")
        _ = FileManager.default.createFile(atPath: scratch.output.path + ".release", contents: nil)
        #expect(try scratch.recorded() == "https://example.com/x")
    }
}
