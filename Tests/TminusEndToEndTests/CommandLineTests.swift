import Foundation
import Testing

/// The command line is an exact interface: flags, their environment variables, and what the
/// binary says when asked or when given something wrong.
@Suite(.serialized)
struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        return try Harness.run(try Harness.tminusBinary().path, arguments, environment: env)
    }

    @Test func versionPrintsAndExits() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
    }

    /// libcurl (and the thirty libraries it brings) is opened on the first request, not at
    /// start-up; the dynamic loader lists what it opens with LD_DEBUG=libs, on stderr.
    @Test(.enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func libcurlIsOpenedForTheFirstRequestOnly() throws {
        let version = try run(["--version"], environment: ["LD_DEBUG": "libs"])
        #expect(version.status == 0)
        #expect(version.stderr.contains("libncursesw"), "the loader's list: \(version.stderr)")
        #expect(!version.stderr.contains("libcurl"), "\(version.stderr)")

        let server = try FixtureServer()
        defer { server.stop() }
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-libcurl")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let list = try run(["list", "--source", "spacex", "--limit", "1"] + server.arguments() + ["--data-dir", dataDir.path],
                           environment: ["LD_DEBUG": "libs"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Galaxy 33"), "the request went through libcurl: \(list.stdout)")
        #expect(list.stderr.contains("libcurl.so.4"))
    }

    @Test func helpNamesEveryFlagAndItsVariable() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for word in ["--source", "--spacex-api", "--ll2-api", "--data-dir", "--tz", "--now", "--offline", "--browser",
                     "--no-images", "--timeout", "--version", "--ll2-token", "TMINUS_LL2_TOKEN", "--theme", "TMINUS_THEME",
                     "--pictures", "TMINUS_PICTURES", "auto|kitty|sixel|iterm|symbols|none",
                     "auto|dark|light|ansi16", "TMINUS_SOURCE", "TMINUS_SPACEX_API", "TMINUS_LL2_API",
                     "TMINUS_DATA_DIR", "TMINUS_TZ", "TMINUS_NOW", "TMINUS_TIMEOUT", "BROWSER"] {
            #expect(result.stdout.contains(word), "--help does not mention \(word)")
        }
    }

    /// ArgumentParser prints an option's default itself: a help text that says it as well
    /// printed it twice (issue 17, `next --help`).
    @Test(arguments: [[], ["next"], ["list"], ["rockets"], ["favorites"], ["ics"]])
    func helpSaysEachDefaultOnce(_ command: [String]) throws {
        let result = try run(command + ["--help"], environment: ["COLUMNS": "400"])
        #expect(result.status == 0)
        // One option per line at this width: its help, its default, and nothing else.
        for line in result.stdout.split(separator: "\n") {
            #expect(line.components(separatedBy: "(default:").count <= 2, "twice: \(line)")
        }
        if command == ["next"] {
            #expect(result.stdout.contains(#"--format <TEMPLATE>"#) && result.stdout.contains("(default: {name}  {countdown}{live})"),
                    "\(result.stdout)")
        }
    }

    @Test(arguments: [
        (["--source", "nasa"], "unknown source 'nasa'"),
        (["--now", "yesterday"], "is not an ISO 8601 instant"),
        (["--spacex-api", "ftp://example.com"], "is not an http(s) URL"),
        (["--tz", "Nowhere/Land"], "unknown time zone 'Nowhere/Land'"),
        (["--timeout", "0"], "--timeout '0' is not a number of seconds"),
        (["--theme", "sepia"], "unknown theme 'sepia': use auto, dark, light or ansi16"),
        (["--pictures", "iterm2"], "unknown pictures 'iterm2': use auto, kitty, sixel, iterm, symbols or none"),
    ])
    func badValuesAreRefusedBeforeTheScreenIsTaken(_ arguments: [String], _ message: String) throws {
        let result = try run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test func badEnvironmentValuesAreRefusedToo() throws {
        let result = try run([], environment: ["TMINUS_TZ": "Nowhere/Land"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown time zone 'Nowhere/Land'"))
    }

    @Test(.enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
    func environmentVariablesStandInForFlags() async throws {
        let server = try FixtureServer()
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-env")
        let tmux = try TmuxSession.tminus([], environment: [
            "TMINUS_SOURCE": "spacex", "TMINUS_SPACEX_API": server.baseURL.absoluteString, "TMINUS_TZ": "Europe/Warsaw",
            "TMINUS_NOW": "2022-10-08T20:00:00Z", "TMINUS_DATA_DIR": dataDir.path,
        ])
        defer { tmux.kill(); server.stop(); try? FileManager.default.removeItem(at: dataDir) }
        // Galaxy 33 lifts off 23:05 UTC = 01:05 the next day in Warsaw (CEST).
        let screen = try await tmux.waitFor("2022-10-09 01:05")
        #expect(screen.contains("times in Europe/Warsaw"))
        #expect(FileManager.default.fileExists(atPath: dataDir.appending(path: "state/tminus.log").path),
                "the log goes under TMINUS_DATA_DIR")
    }

    @Test func offlineSaysThereIsNothingToShowYet() async throws {
        let dataDir = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-offline")
        // An address nothing listens on: if the app tried the network, the error would differ.
        let tmux = try TmuxSession.tminus(["--offline", "--source", "spacex", "--spacex-api", "http://127.0.0.1:9", "--data-dir", dataDir.path, "--no-images"])
        defer { tmux.kill(); try? FileManager.default.removeItem(at: dataDir) }
        let screen = try await tmux.waitFor("offline: nothing cached for this yet")
        #expect(!screen.contains("connection refused"))
        #expect(tmux.isAlive)
    }
}
