import Foundation

/// A small HTTP server on 127.0.0.1 for the live client's tests: well-behaved routes, and the
/// fixture server's runaway answers (Tests/FixtureServer/misbehaviour.py) without its recorded
/// data. Python's standard library only; tests skip when python3 is missing.
///
///     /ok              200, a small JSON body and an X-Test header
///     /gzip            200, a gzip-encoded JSON body
///     /echo            200, what was asked: method, body, Content-Type, User-Agent
///     /redirect        302 to /ok
///     /size/N          200, N bytes
///     /huge-length     200 with Content-Length 100 MB, one byte, then nothing
///     /endless /trickle /gzip_bomb /silent   misbehaviour.py's answers (trickle: 1 byte / 0.5 s)
///
/// The server stops when this object goes, or when the test process dies (it reads its stdin
/// until the pipe closes).
final class HostileServer: @unchecked Sendable {
    let baseURL: URL
    private let process: Process
    private let stdin: Pipe

    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["TMINUS_PYTHON"], "/usr/bin/python3", "/usr/local/bin/python3"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let onPath = path.split(separator: ":").map { "\($0)/python3" }
        return (candidates.compactMap { $0 } + onPath).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var available: Bool { python != nil }

    private static let misbehaviour = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FixtureServer")

    init() throws {
        guard let python = Self.python else { throw ServerError("python3 is not installed") }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tminus-hostile-\(UUID().uuidString).py")
        try Self.source.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }

        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, Self.misbehaviour.path]
        stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // The first line is the port, written once the server listens.
        var line = Data()
        while let byte = try stdout.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError("the server did not start")
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit {
        try? stdin.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    func url(_ path: String) -> URL { baseURL.appending(path: path) }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static let source = #"""
    import gzip, json, sys, threading, time
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    sys.path.insert(0, sys.argv[1])
    import misbehaviour

    streams = misbehaviour.Streams()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body, headers=()):
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            self.do_GET()

        def do_GET(self):
            length = int(self.headers.get("Content-Length") or 0)
            received = self.rfile.read(length) if length else b""
            path = self.path
            if path == "/ok":
                self.answer(200, b'{"ok":true}', [("Content-Type", "application/json"), ("X-Test", "yes")])
            elif path == "/gzip":
                self.answer(200, gzip.compress(b'{"ok":"gzip"}'), [("Content-Encoding", "gzip")])
            elif path == "/echo":
                self.answer(200, json.dumps({"method": self.command, "body": received.decode(),
                                             "type": self.headers.get("Content-Type"),
                                             "agent": self.headers.get("User-Agent")}).encode())
            elif path == "/redirect":
                self.answer(302, b"", [("Location", "/ok")])
            elif path.startswith("/size/"):
                self.answer(200, b"a" * int(path[6:]))
            elif path == "/huge-length":
                self.close_connection = True
                self.send_response(200)
                self.send_header("Content-Length", str(100 << 20))
                self.end_headers()
                self.wfile.write(b"{")
                self.wfile.flush()
                time.sleep(30)
            elif path[1:] in misbehaviour.HOSTILE_BODIES:
                streams.serve(self, path[1:], "application/json", body=b'{"docs":[]}', kind="spacex", interval=0.5)
            else:
                self.answer(404, b"{}")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()
    streams.closing.set()
    """#
}
