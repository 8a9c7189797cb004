import Foundation
import GRDB
import Synchronization
import Testing
import TminusCore
@testable import TminusStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Temporary directories

/// A fresh directory under the system temp dir, removed by `remove()` (call it in a `defer`).
struct TempDir {
    let url: URL

    init(_ label: String = "store") throws {
        url = FileManager.default.temporaryDirectory
            .appending(path: "tminus-\(label)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The database file the tests use, `favorites.sqlite` in this directory.
    var database: URL { url.appending(path: "favorites.sqlite") }

    func file(_ name: String) -> URL { url.appending(path: name) }

    /// Names of everything in the directory, sorted.
    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func remove() {
        // Put permissions back first, in case a test took them away.
        _ = chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

// MARK: - Looking at the file behind the store's back

/// A plain read-only connection to the database file: sees what is committed without going
/// through `FavoritesStore`, and (being read-only) never checkpoints or deletes the WAL on close,
/// so whatever a killed process left behind is still there for the next one to recover.
func rawQueue(_ url: URL) throws -> DatabaseQueue {
    var config = Configuration()
    config.readonly = true
    config.busyMode = .timeout(5)
    return try DatabaseQueue(path: url.path, configuration: config)
}

/// Reads through `rawQueue` (a plain function, so async tests get the blocking `read`).
func rawRead<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
    try rawQueue(url).read(body)
}

func integrityCheck(_ url: URL) throws -> [String] {
    try rawQueue(url).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
}

func launchIDs(_ url: URL) throws -> Set<String> {
    try rawQueue(url).read { db in try Set(String.fetchAll(db, sql: "SELECT id FROM watchedLaunch")) }
}

func appliedMigrations(_ url: URL) throws -> [String] {
    try rawQueue(url).read { db in
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }
}

// MARK: - Fixed times

/// A clock the tests move by hand (`now` for the store's `addedAt` / `updatedAt`).
final class ManualClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var now: @Sendable () -> Date { { self.current.withLock { $0 } } }
}

// MARK: - Reproducible randomness


// MARK: - The torture child process

enum Torture {
    /// `$TMINUS_TORTURE_BIN`, else `.build/debug/favorites-torture` under the package root.
    static let binary: String? = {
        if let env = ProcessInfo.processInfo.environment["TMINUS_TORTURE_BIN"], !env.isEmpty {
            return FileManager.default.isExecutableFile(atPath: env) ? env : nil
        }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TminusStoreTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        let path = root.appending(path: ".build/debug/favorites-torture").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    static let missing = "favorites-torture is not built: run `swift build` (or set TMINUS_TORTURE_BIN)"
}

enum ChildExit: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(status: Int32) {
        let low = status & 0x7f
        self = low == 0 ? .exited((status >> 8) & 0xff) : .signaled(low)
    }

    var description: String {
        switch self {
        case .exited(let code): "exited with \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    var description: String
}

/// A child process started with posix_spawn, its stdout and stderr going to files (a file can't
/// fill up and block the child the way an unread pipe can).
final class Child {
    let pid: pid_t
    let stdout: URL
    let stderr: URL
    private(set) var exit: ChildExit?

    init(_ executable: String, _ arguments: [String], stdout: URL, stderr: URL) throws {
        self.stdout = stdout
        self.stderr = stderr
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // Whatever signal mask this (test runner) thread has, the child starts with none blocked.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        // Never leave a child behind, whatever a failing test did.
        if exit == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Reaps the child if it has ended; nil while it is still running.
    func poll() -> ChildExit? {
        if let exit { return exit }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { exit = ChildExit(status: status) }
        return exit
    }

    /// Waits at most `timeout` seconds for the child to end; if it has not, kills it and throws.
    @discardableResult
    func wait(timeout: TimeInterval) throws -> ChildExit {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let exit = poll() { return exit }
            usleep(2_000)
        }
        killAndReap()
        throw SpawnError(description: "child \(pid) still running after \(timeout) s; killed it. stderr: \(errorOutput)")
    }

    /// SIGKILL can be neither caught nor blocked, so the wait that follows always ends.
    @discardableResult
    func killAndReap() -> ChildExit {
        if let exit { return exit }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let ended = ChildExit(status: status)
        exit = ended
        return ended
    }

    /// Complete lines of stdout so far (a line still being written is left out).
    var outputLines: [String] {
        guard let data = try? Data(contentsOf: stdout) else { return [] }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a partial line
        return lines.map(String.init)
    }

    var errorOutput: String {
        (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
    }

    /// Ids from `committed <id>` lines, in order.
    var committed: [String] {
        outputLines.compactMap { $0.hasPrefix("committed ") ? String($0.dropFirst("committed ".count)) : nil }
    }

    /// Waits until stdout holds `line`, the child ends, or `timeout` passes.
    func waitForLine(_ line: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if outputLines.contains(line) { return true }
            if poll() != nil { return outputLines.contains(line) }
            usleep(1_000)
        }
        return false
    }
}
