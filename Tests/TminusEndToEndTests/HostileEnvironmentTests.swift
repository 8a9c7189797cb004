import Foundation
import Testing

/// tminus in a hostile environment and beside a careless second run: what it shares with every
/// other tminus on the machine (the request ledger) holds, and what a server does to it costs
/// what it costs the server.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set: no recorded data to serve"))
struct HostileEnvironmentTests {
    /// A list that redirects to itself: every hop is a request the server counts, so every hop
    /// counts in the ledger, and the budget stops the next tries; curl follows three at most.
    @Test func everyRedirectHopCountsAgainstTheBudget() async throws {
        let rig = try CommandRig(prefix: "tminus-e2e-redirect")
        try await rig.server.inject(fault: .redirect(path: "/2.2.0/launch", to: "/2.2.0/launches/upcoming/"))
        let next = ["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z"]
        var failures: [String] = []
        for _ in 0..<6 {
            let result = try rig.run(next)
            #expect(result.status != 0)
            failures.append(result.stderr)
        }
        #expect(failures[0].contains("too many redirects (more than 3)"), "\(failures[0])")
        #expect(failures.last?.contains("holding back requests to 127.0.0.1") == true, "\(failures)")
        let hits = try await rig.server.requests().filter { $0.path.hasPrefix("/2.2.0/launch") }.count
        // Two tries of four requests each at most: the burst of five, then the hops it owed.
        #expect(hits <= 8, "\(hits) requests reached the server")
        let doctor = try rig.run(["doctor"])
        // `127.0.0.1:PORT   12 (redirect 6, list 2, …)`: the doctor's own requests beside them.
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("127.0.0.1:\(rig.server.baseURL.port!)") && $0.contains("redirect") }
        func count(_ purpose: String) -> Int {
            guard let line, let range = line.range(of: purpose + " ") else { return 0 }
            return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        #expect(count("redirect") > 0 && count("redirect") + count("list") == hits,
                "the ledger counts what reached the server (\(hits)):\n\(doctor.stdout)")
    }

    /// `tminus next --now 2031-…` moves its own clock only: the ledger keeps the real time, so
    /// the next real run has the hour's requests it had, and doctor counts them where they were.
    @Test func aRunOnAnotherClockLeavesTheSharedHourAlone() async throws {
        let rig = try CommandRig(prefix: "tminus-e2e-future-clock")
        let future = try rig.run(["next", "--source", "ll2", "--now", "2031-01-01T00:00:00Z"])
        #expect(future.status == 1, "nothing is ahead in 2031: \(future.stderr)")
        let ledger = rig.dataDir.appending(path: "cache/budget.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ledger)) as? [String: Any])
        let entries = try #require(json["log"] as? [[String: Any]])
        #expect(!entries.isEmpty && entries.allSatisfy { abs(($0["at"] as? Double ?? 0) - Date().timeIntervalSince1970) < 600 },
                "entries in the real time: \(entries)")
        let doctor = try rig.run(["doctor"])
        #expect(doctor.stdout.contains("127.0.0.1:\(rig.server.baseURL.port!)"), "doctor counts the run in this hour:\n\(doctor.stdout)")
    }

    /// `tminus` run from a shell that set `umask` and limits first (`ulimit -n`, `ulimit -v`).
    static func shell(_ prelude: String, _ arguments: [String], server: FixtureServer) throws -> (status: Int32, stdout: String, stderr: String) {
        var env = ProcessInfo.processInfo.environment
        for name in TmuxSession.appVariables + ["TMINUS_PICTURES", "TMUX", "COLORTERM"] { env[name] = nil }
        env["TMINUS_NEWS_API"] = TmuxSession.noNews
        let binary = try Harness.tminusBinary().path
        return try Harness.run("/bin/sh", ["-c", prelude + "; exec \"$0\" \"$@\"", binary, arguments[0]] + server.arguments() + arguments.dropFirst(),
                               environment: env)
    }

    /// Under `umask 000` every folder tminus makes is 0700 and every file of its own 0600; links
    /// another user planted in the data folder are not followed (the files they point at are
    /// left as they were); a data folder anyone may write to is refused with the reason.
    @Test func itsFilesAreItsOwnWhateverTheUmaskAndTheLinksPlanted() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let root = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-umask")
        defer { try? FileManager.default.removeItem(at: root) }
        let fresh = root.appending(path: "fresh")
        let next = ["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z", "--tz", "UTC"]
        let result = try Self.shell("umask 000", next + ["--data-dir", fresh.path], server: server)
        #expect(result.status == 0, "\(result.stderr)")
        func mode(_ url: URL) throws -> Int { try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) }
        #expect(try mode(fresh) == 0o700)
        for folder in ["data", "cache", "state"] where FileManager.default.fileExists(atPath: fresh.appending(path: folder).path) {
            #expect(try mode(fresh.appending(path: folder)) == 0o700, "\(folder)")
        }
        for file in ["cache/budget.json", "state/tminus.log", "cache/replica.sqlite"] {
            #expect(try mode(fresh.appending(path: file)) & 0o077 == 0, "\(file) is the user's alone")
        }

        // Links planted where tminus keeps its ledger and its log: never written through.
        let planted = root.appending(path: "planted")
        try FileManager.default.createDirectory(at: planted.appending(path: "cache"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: planted.appending(path: "state"), withIntermediateDirectories: true)
        let victim = root.appending(path: "victim.txt")
        try Data("the user's own file\n".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: planted.appending(path: "cache/budget.json"), withDestinationURL: victim)
        try FileManager.default.createSymbolicLink(at: planted.appending(path: "state/tminus.log"), withDestinationURL: victim)
        let linked = try Self.shell("umask 022", next + ["--data-dir", planted.path], server: server)
        #expect(linked.status == 0, "the run goes on without its ledger file: \(linked.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own file\n")

        // A folder anyone may write to is not a place for tminus's files.
        let open = root.appending(path: "open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
        let refused = try Self.shell("umask 022", next + ["--data-dir", open.path], server: server)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("can be written by others (mode 777)"), "\(refused.stderr)")
    }

    /// Out of file descriptors: a hard limit too low for tminus is said at once (never a crash
    /// with nothing said, never "connection refused" while the server answers).
    @Test func aLowOpenFilesLimitIsSaidByName() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let root = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-nofile")
        defer { try? FileManager.default.removeItem(at: root) }
        for limit in [12, 20] {
            let result = try Self.shell("ulimit -n \(limit)", ["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z", "--data-dir", root.path],
                                        server: server)
            #expect(result.status == 71, "ulimit -n \(limit): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("too many open files would be needed: the limit is \(limit)"), "\(result.stderr)")
        }
        // A soft limit below the hard one is raised: the run goes on.
        let raised = try Self.shell("ulimit -S -n 20", ["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z", "--data-dir", root.path],
                                    server: server)
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    /// A config.toml a script generated with 10,000 followed providers: `next` answers at
    /// once, naming config.toml and the line, instead of spinning for seconds then exiting 64
    /// without a word of where the names came from; a config.toml that is not UTF-8 says
    /// "using defaults" once.
    @Test func aHugeOrUnreadableConfigIsSaidOnceAndFast() async throws {
        let rig = try CommandRig(prefix: "tminus-e2e-huge-config")
        let config = rig.dataDir.appending(path: "config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let names = (0..<10_000).map { "\"Provider \($0)\"" }.joined(separator: ", ")
        try Data("[follow]\nproviders = [\(names)]\n".utf8).write(to: config.appending(path: "config.toml"))
        let started = Date()
        let huge = try rig.run(["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z"])
        #expect(Date().timeIntervalSince(started) < 5, "answered in \(Date().timeIntervalSince(started)) s")
        #expect(huge.status == 0, "\(huge.stderr)")
        #expect(huge.stderr.contains("config.toml line 2: follow.providers lists 10000 names; at most 100; using defaults"), "\(huge.stderr)")

        try Data([0x5B, 0x66, 0xFF, 0xFE, 0x0A]).write(to: config.appending(path: "config.toml"))
        let bytes = try rig.run(["next", "--source", "ll2", "--now", "2023-04-20T00:00:00Z"])
        #expect(bytes.stderr.components(separatedBy: "using defaults").count == 2, "once: \(bytes.stderr)")
    }
}
