import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The recorded API data the end-to-end tests serve. It is not part of the repository: tests
/// that need it are enabled with
/// `@Test(.enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set: ..."))`.
enum Fixtures {
    /// `$TMINUS_FIXTURES`, when it is set and looks like the fixtures directory.
    static let directory: URL? = {
        guard let path = ProcessInfo.processInfo.environment["TMINUS_FIXTURES"], !path.isEmpty else {
            return nil
        }
        let url = URL(fileURLWithPath: path, isDirectory: true)
        let launches = url.appendingPathComponent("spacex/v5/launches.json")
        return FileManager.default.fileExists(atPath: launches.path) ? url : nil
    }()

    static var available: Bool { directory != nil }
}

/// A fault for `FixtureServer.inject(fault:)`; the fields map 1:1 onto the JSON of
/// `POST /_control/fault` (see Tests/FixtureServer/fixture_server.py).
struct Fault: Encodable, Sendable {
    var pathPrefix: String
    var method: String?
    /// How many matching requests it affects; nil: all of them until `reset()`.
    var count: Int?
    var status: Int?
    var retryAfter: Int?
    var delaySeconds: Double?
    var malformed: Bool?
    var truncate: Bool?
    var drop: Bool?
    // A runaway server (Tests/FixtureServer/misbehaviour.py): one of these per fault.
    var endless: Bool?
    var trickle: Bool?
    var trickleInterval: Double?
    var gzipBomb: Bool?
    var silent: Bool?
    var repeatFirstPage: Bool?
    var emptyPages: Bool?
    var noRecords: Bool?
    var redirectTo: String?

    enum CodingKeys: String, CodingKey {
        case pathPrefix = "path_prefix", method, count, status, retryAfter = "retry_after"
        case delaySeconds = "delay_seconds", malformed, truncate, drop
        case endless, trickle, trickleInterval = "trickle_interval", gzipBomb = "gzip_bomb", silent
        case repeatFirstPage = "repeat_first_page", emptyPages = "empty_pages", noRecords = "no_records"
        case redirectTo = "redirect_to"
    }

    /// 302 Found to `target`: the request's own path makes a redirect loop.
    static func redirect(path: String, to target: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, redirectTo: target)
    }

    /// Answer with `status` and a JSON error body.
    static func status(_ status: Int, path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, status: status)
    }

    /// 429 with a `Retry-After` header.
    static func rateLimited(path: String, retryAfter: Int, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, status: 429, retryAfter: retryAfter)
    }

    /// Wait before answering normally.
    static func delay(_ seconds: Double, path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, delaySeconds: seconds)
    }

    /// 200 with the body `{"docs": [`.
    static func malformed(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, malformed: true)
    }

    /// The full Content-Length, half of the body, then the connection closes.
    static func truncated(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, truncate: true)
    }

    /// Close the connection without answering.
    static func dropped(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, drop: true)
    }

    /// 200 and a chunked body that never ends (a JSON list's opening, or a PNG signature, then
    /// filler as fast as the client reads).
    static func endless(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, endless: true)
    }

    /// 200 and the real body one byte every `interval` seconds (then spaces), never idle long
    /// enough for an idle timeout.
    static func trickle(path: String, interval: Double? = nil, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, trickle: true, trickleInterval: interval)
    }

    /// 200, `Content-Encoding: gzip`: about 1 MB that inflates to 1 GiB.
    static func gzipBomb(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, gzipBomb: true)
    }

    /// The request is read and never answered.
    static func silent(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, silent: true)
    }

    /// List requests only: every page is page 1's records, with "there is more" forever.
    static func repeatFirstPage(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, repeatFirstPage: true)
    }

    /// List requests only: page 1 as it is, every later page empty, with "there is more" forever.
    static func emptyPages(path: String, count: Int? = nil) -> Fault {
        Fault(pathPrefix: path, count: count, emptyPages: true)
    }
}

/// A request the server saw (`GET /_control/requests`).
struct RecordedRequest: Decodable, Sendable {
    let method: String
    /// The request target as sent, query string included.
    let path: String
    let body: String?
    let headers: [String: String]
    /// Seconds since the server started.
    let time: Double

    /// The body parsed as JSON (dictionaries, arrays, strings, numbers), if it is JSON.
    var bodyJSON: Any? {
        guard let body, let data = body.data(using: .utf8) else { return nil }
        return try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// `options` of a `/query` body, for asserting what the app asked for.
    var queryOptions: [String: Any]? {
        (bodyJSON as? [String: Any])?["options"] as? [String: Any]
    }
}

/// Runs `Tests/FixtureServer/fixture_server.py` on a free port of 127.0.0.1 for one test.
///
///     let server = try FixtureServer()
///     // point tminus at server.baseURL ...
///     try await server.inject(fault: .status(500, path: "/v5/launches/query", count: 1))
///     let sent = try await server.requests()
///
/// The server stops when the object goes away (or on `stop()`); it also exits by itself if the
/// test process dies, so a crashed run leaves no servers behind.
final class FixtureServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`, no trailing slash.
    let baseURL: URL
    let port: Int
    /// One line per request (`METHOD PATH [BODY]`), written as requests arrive.
    let logFile: URL

    private let process: Subprocess
    private let directory: URL
    private let lock = NSLock()
    private var stopped = false
    private let session: URLSession = {
        // No cache: control GETs must always reach the server.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static let script: URL = Harness.packageRoot.appendingPathComponent("Tests/FixtureServer/fixture_server.py")

    /// The flags that point tminus at this server: both APIs (Launch Library 2 at `ll2Version`),
    /// the Spaceflight News API (`/v4`: a Launch Library 2 detail asks for its news, which must
    /// never reach the internet), and `--source spacex`, since most scenarios were written
    /// against the r/SpaceX fixture while Launch Library 2 is the app's default. The one place
    /// that says so: a test for Launch Library 2 passes `--source ll2` after these (a later flag
    /// wins), or leaves them out.
    func arguments(ll2Version: String = "2.2.0") -> [String] {
        ["--source", "spacex", "--spacex-api", baseURL.absoluteString,
         "--ll2-api", baseURL.appending(path: ll2Version).absoluteString, "--news-api", newsBase]
    }

    /// The Spaceflight News API's base URL here: `http://127.0.0.1:PORT/v4`.
    var newsBase: String { baseURL.appending(path: "v4").absoluteString }

    /// - Parameters:
    ///   - fixtures: the recorded data (default `$TMINUS_FIXTURES`).
    ///   - faults: faults active from the first request on.
    ///   - renames: launch id -> name to serve instead (hostile-name tests).
    ///   - startupTimeout: how long to wait for the port.
    ///   - port: the port to listen on (0: any free one).
    ///   - options: more of the server's flags (`--ll2-hourly-limit 15 --clock-file F`).
    init(fixtures: URL? = Fixtures.directory, faults: [Fault] = [], renames: [String: String] = [:],
         port: Int = 0, startupTimeout: TimeInterval = 10, options: [String] = []) throws {
        guard let fixtures else {
            throw HarnessError.serverDidNotStart("TMINUS_FIXTURES is not set to the recorded-data directory")
        }
        directory = try Harness.makeTemporaryDirectory(prefix: "tminus-fixture-server")
        let portFile = directory.appendingPathComponent("port")
        let stderrFile = directory.appendingPathComponent("stderr")
        logFile = directory.appendingPathComponent("requests.log")

        var arguments = [Self.script.path, "--fixtures", fixtures.path, "--port", String(port),
                         "--port-file", portFile.path, "--log", logFile.path, "--exit-with-parent",
                         // Pictures come from this server too: no test reaches the internet.
                         "--local-images"]
        let encoder = JSONEncoder()
        for fault in faults {
            arguments += ["--fault", String(decoding: try encoder.encode(fault), as: UTF8.self)]
        }
        for (id, name) in renames.sorted(by: { $0.key < $1.key }) {
            arguments += ["--rename", "\(id)=\(name)"]
        }
        arguments += options

        func failure(_ reason: String) -> HarnessError {
            let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            return .serverDidNotStart(stderr.isEmpty ? reason : "\(reason)\n\(stderr)")
        }
        let python = ProcessInfo.processInfo.environment["TMINUS_PYTHON"] ?? "python3"
        let process: Subprocess
        do {
            // stdout is not needed: the port file says when the server is listening.
            process = try Subprocess([python] + arguments, stderr: stderrFile.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw HarnessError.serverDidNotStart("cannot run \(python): \(error)")
        }
        self.process = process

        // The server writes the port file (atomically) once it is listening.
        let deadline = Date().addingTimeInterval(startupTimeout)
        var port: Int?
        while port == nil {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
               let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                port = value
            } else if !process.isRunning {
                let error = failure("exited with status \(process.wait())")
                try? FileManager.default.removeItem(at: directory)
                throw error
            } else if Date() > deadline {
                let error = failure("no port after \(startupTimeout) s")
                process.terminate()
                try? FileManager.default.removeItem(at: directory)
                throw error
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        self.port = port!
        baseURL = URL(string: "http://127.0.0.1:\(port!)")!
    }

    deinit {
        stop()
    }

    /// Terminates the server and waits for it; idempotent.
    func stop() {
        lock.lock()
        let alreadyStopped = stopped
        stopped = true
        lock.unlock()
        guard !alreadyStopped else { return }
        process.terminate()
        session.invalidateAndCancel()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `baseURL` + `path` (which starts with `/` and may carry a query string).
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    // MARK: Control

    /// Every request served so far (control requests excluded), oldest first.
    func requests() async throws -> [RecordedRequest] {
        let (status, data) = try await get("/_control/requests")
        try Self.expectOK(status, data, "GET /_control/requests")
        return try JSONDecoder().decode([RecordedRequest].self, from: data)
    }

    func inject(fault: Fault) async throws {
        let (status, data) = try await post("/_control/fault", body: try JSONEncoder().encode(fault))
        try Self.expectOK(status, data, "POST /_control/fault")
    }

    /// Clears all faults (including those given at start-up).
    func reset() async throws {
        let (status, data) = try await post("/_control/reset", body: Data("{}".utf8))
        try Self.expectOK(status, data, "POST /_control/reset")
    }

    /// Forgets the requests recorded so far.
    func clearRequests() async throws {
        let (status, data) = try await post("/_control/clear-requests", body: Data("{}".utf8))
        try Self.expectOK(status, data, "POST /_control/clear-requests")
    }

    /// Serves launch `id` under `name` from now on (any characters, escape sequences included).
    func rename(launch id: String, to name: String) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["id": id, "name": name])
        let (status, data) = try await post("/_control/rename", body: body)
        try Self.expectOK(status, data, "POST /_control/rename")
    }

    // MARK: Plain HTTP, for tests that talk to the server directly

    func get(_ path: String) async throws -> (status: Int, body: Data) {
        try await send(URLRequest(url: url(path)))
    }

    func post(_ path: String, body: Data) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        return try await send(request)
    }

    /// POST a JSON object (anything `JSONSerialization` accepts).
    func post(_ path: String, json: Any) async throws -> (status: Int, body: Data) {
        try await post(path, body: try JSONSerialization.data(withJSONObject: json))
    }

    func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw HarnessError.http("\(request.url?.absoluteString ?? "?"): not an HTTP response")
        }
        return (http.statusCode, data)
    }

    private static func expectOK(_ status: Int, _ data: Data, _ what: String) throws {
        guard status == 200 else {
            throw HarnessError.http("\(what) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
    }
}
