import Foundation

/// What an end-to-end scenario runs against: a fixture server, a browser stand-in, a data
/// dir of its own, and the tminus sessions started on them (killed, with the rest, at the end).
/// A restart is a second `start` on the same rig: same cache, same database.
final class AppRig {
    let server: FixtureServer
    let browser: FakeBrowser
    let dataDir: URL
    private var sessions: [TmuxSession] = []

    init(prefix: String = "tminus-e2e", faults: [Fault] = []) throws {
        server = try FixtureServer(faults: faults)
        browser = try FakeBrowser()
        dataDir = try Harness.makeTemporaryDirectory(prefix: prefix)
    }

    deinit {
        sessions.forEach { $0.kill() }
        server.stop()
        try? FileManager.default.removeItem(at: dataDir)
    }

    /// `--spacex-api` and `--ll2-api {server}/{ll2Version}` point at the fixture server, and
    /// the data dir and browser are the rig's; `arguments` come after (a later flag wins).
    func start(_ arguments: [String], ll2Version: String = "2.2.0", width: Int = 100, height: Int = 30,
               ready: String) async throws -> TmuxSession {
        let tmux = try TmuxSession.tminus(
            ["--spacex-api", server.baseURL.absoluteString,
             "--ll2-api", server.baseURL.appending(path: ll2Version).absoluteString,
             "--data-dir", dataDir.path, "--browser", browser.executable.path] + arguments,
            width: width, height: height)
        sessions.append(tmux)
        try await tmux.waitFor(ready)
        return tmux
    }

    /// The requests the server has had whose path starts with `prefix`.
    func requests(under prefix: String) async throws -> [RecordedRequest] {
        try await server.requests().filter { $0.path.hasPrefix(prefix) }
    }
}
