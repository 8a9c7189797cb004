import Foundation
import Testing

/// What an end-to-end scenario runs against: a fixture server, a browser stand-in, a data
/// dir of its own, and the tminus sessions started on them (killed, with the rest, at the end).
/// A restart is a second `start` on the same rig: same cache, same database, same settings.
final class AppRig {
    let server: FixtureServer
    let browser: FakeBrowser
    let dataDir: URL
    /// Flags every `start` passes before its own (a suite's clock, zone, picture mode).
    let defaults: [String]
    /// What `start` waits for unless told otherwise.
    let ready: String
    /// The app's time when it must stand still (`frozenAt`): a passing notice lasts 5 s of the
    /// app's time, and a loaded CI machine has taken longer than that between a key and the
    /// next capture of the screen. Only for scenarios where nothing waits on time passing.
    let clock: ScriptedClock?
    private var sessions: [TmuxSession] = []

    /// The SpaceX fixture three hours before Galaxy 33's NET (2022-10-08 23:05 UTC), in UTC.
    static let galaxyEve = ["--tz", "UTC", "--now", "2022-10-08T20:00:00Z"]
    /// `galaxyEve`'s instant, for a rig whose clock stands still there.
    static let galaxyEveInstant = ISO8601DateFormatter().date(from: "2022-10-08T20:00:00Z")!

    init(prefix: String = "tminus-e2e", faults: [Fault] = [], defaults: [String] = [], ready: String = "Galaxy 33",
         serverOptions: [String] = [], frozenAt: Date? = nil) throws {
        server = try FixtureServer(faults: faults, options: serverOptions)
        browser = try FakeBrowser()
        dataDir = try Harness.makeTemporaryDirectory(prefix: prefix)
        clock = try frozenAt.map { try ScriptedClock(in: try Harness.makeTemporaryDirectory(prefix: prefix + "-clock"), start: $0) }
        self.defaults = defaults
        self.ready = ready
    }

    deinit {
        sessions.forEach { $0.kill() }
        server.stop()
        try? FileManager.default.removeItem(at: dataDir)
        if let clock { try? FileManager.default.removeItem(at: clock.file.deletingLastPathComponent()) }
    }

    /// `FixtureServer.arguments` (both APIs, `--source spacex`), the data dir and browser are
    /// the rig's; then `defaults`, then `arguments` (a later flag wins).
    func start(_ arguments: [String] = [], ll2Version: String = "2.2.0", width: Int = 100, height: Int = 30,
               environment: [String: String] = [:], background: String? = nil, ready: String? = nil) async throws -> TmuxSession {
        let tmux = try TmuxSession.tminus(
            server.arguments(ll2Version: ll2Version)
                + ["--data-dir", dataDir.path, "--browser", browser.executable.path] + defaults + arguments,
            width: width, height: height,
            environment: environment.merging(clock.map { ["TMINUS_CLOCK_FILE": $0.file.path] } ?? [:]) { mine, _ in mine },
            background: background)
        sessions.append(tmux)
        // The first screen's wait is generous: start-up speed is `make bench`'s to measure, and
        // in CI's full run, with every suite and the other tests' processes on two cores, a
        // start once took more than the 10 s the later waits allow.
        try await tmux.waitFor(ready ?? self.ready, timeout: .seconds(30))
        return tmux
    }

    /// The requests the server has had whose path starts with `prefix`.
    func requests(under prefix: String) async throws -> [RecordedRequest] {
        try await server.requests().filter { $0.path.hasPrefix(prefix) }
    }

    /// Waits until the server has had `count` requests under `prefix` (the app asks in the
    /// background: the screen can settle before the request is even sent).
    func waitForRequests(under prefix: String, count: Int, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await requests(under: prefix).count < count {
            guard ContinuousClock.now < deadline else {
                throw HarnessError.http("\(count) requests under \(prefix) did not come within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The app's log so far ("" before it exists).
    func log() -> String {
        (try? String(contentsOf: dataDir.appending(path: "state/tminus.log"), encoding: .utf8)) ?? ""
    }
}

extension AppRig {
    /// `POST /_control/patch`: sets fields of one served document (nulls included).
    func patch(launch id: String, set fields: [String: Any]) async throws {
        let (status, body) = try await server.post("/_control/patch", json: ["collection": "launches", "id": id, "set": fields])
        guard status == 200 else {
            throw HarnessError.http("patch \(id): HTTP \(status) \(String(decoding: body, as: UTF8.self))")
        }
    }

    /// The response cache's entry files (`cache/responses/*.img`).
    func cachedResponses() -> [URL] {
        let directory = dataDir.appending(path: "cache/responses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".img") }.sorted().map { directory.appending(path: $0) }
    }
}

// MARK: - Files the app writes

extension AppRig {
    var settingsFile: URL { dataDir.appending(path: "config/settings.json") }
    var corruptSettingsFile: URL { dataDir.appending(path: "config/settings.json.corrupt") }

    /// The units saved in settings.json (`height` → `imperial`, …).
    func savedUnits() throws -> [String: String] {
        let data = try Data(contentsOf: settingsFile)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["units"] as? [String: String], "no units in \(String(decoding: data, as: UTF8.self))")
    }
}

extension AppRig {
    var imageCache: URL { dataDir.appending(path: "cache/images") }

    /// The entries of the picture cache (`*.img`).
    func cachedPictures() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: imageCache.path)) ?? []).filter { $0.hasSuffix(".img") }
    }

    /// Picture requests the server saw (`/images/...`), oldest first.
    func imageRequests() async throws -> [RecordedRequest] {
        try await requests(under: "/images/")
    }
}
