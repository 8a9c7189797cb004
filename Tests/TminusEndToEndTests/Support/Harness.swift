import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Locations the end-to-end harness needs, and small process helpers.
enum Harness {
    /// The package root: this file is `<root>/Tests/TminusEndToEndTests/Support/Harness.swift`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TminusEndToEndTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `tminus` executable under test: `$TMINUS_BIN`, else `<root>/.build/debug/tminus`.
    static func tminusBinary() throws -> URL {
        let url: URL
        if let path = ProcessInfo.processInfo.environment["TMINUS_BIN"], !path.isEmpty {
            url = URL(fileURLWithPath: path)
        } else {
            url = packageRoot.appendingPathComponent(".build/debug/tminus")
        }
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw HarnessError.missingBinary(url.path)
        }
        return url
    }

    /// A fresh private directory under the system temp dir; the caller removes it.
    static func makeTemporaryDirectory(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Quote `word` for `/bin/sh`.
    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `kill(2)`, under a name that does not collide with `kill()` methods.
    static func send(signal: Int32, to pid: pid_t) {
        kill(pid, signal)
    }

    /// Child processes of `pid`, oldest first (Linux; empty elsewhere).
    static func children(of pid: pid_t) -> [pid_t] {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else {
            return []
        }
        return text.split(separator: " ").compactMap { pid_t($0) }
        #else
        return []
        #endif
    }

    /// The resident set size of `pid` in KiB (`VmRSS` in `/proc/<pid>/status`; Linux only, nil
    /// elsewhere or once the process is gone).
    static func residentKilobytes(of pid: pid_t) -> Int? {
        statusKilobytes("VmRSS", of: pid)
    }

    /// A KiB figure of `/proc/<pid>/status`: `VmRSS`, `VmHWM` (the peak RSS), `RssAnon` …
    /// (Linux only, nil elsewhere or once the process is gone).
    static func statusKilobytes(_ field: String, of pid: pid_t) -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
        #else
        return nil
        #endif
    }

    /// The CPU time `pid` has used so far, user + system, in seconds (`utime` + `stime` of
    /// `/proc/<pid>/stat`, in clock ticks; Linux only, nil elsewhere or once it is gone).
    static func cpuSeconds(of pid: pid_t) -> Double? {
        #if os(Linux)
        // "pid (comm) S ppid …": fields after the last ')' start at field 3, the state.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: paren)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
        return nil
        #endif
    }

    /// Sets the window size of a terminal device with `TIOCSWINSZ`, as a terminal emulator
    /// does when its window changes: the kernel sends SIGWINCH to the terminal's foreground
    /// process group at once. (tmux's own `resize-window` applies pane sizes on a timer, so a
    /// burst of them reaches the program as only a few SIGWINCHs.) tmux keeps its own idea of
    /// the size, so set it back to the pane's size afterwards.
    static func setWindowSize(tty: String, width: Int, height: Int) throws {
        let fd = open(tty, O_RDWR | O_NOCTTY)
        guard fd >= 0 else {
            throw HarnessError.commandFailed(command: "open \(tty)", status: errno, stderr: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        let result = withUnsafeMutablePointer(to: &size) { ioctl(fd, UInt(TIOCSWINSZ), $0) }
        guard result == 0 else {
            throw HarnessError.commandFailed(command: "ioctl(\(tty), TIOCSWINSZ)", status: errno, stderr: String(cString: strerror(errno)))
        }
    }

    /// Waits up to `grace` seconds for `pid` to end, then SIGKILLs it. For processes that are
    /// not our children (we cannot wait for them); a zombie counts as gone.
    static func ensureGone(_ pid: pid_t, grace: TimeInterval = 1) {
        func running() -> Bool {
            #if os(Linux)
            // "pid (comm) S ...": the state letter follows the last ')'.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let paren = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(after: paren)...].trimmingCharacters(in: .whitespaces).first
            return state != "Z" && state != "X"
            #else
            return kill(pid, 0) == 0
            #endif
        }
        var deadline = Date().addingTimeInterval(grace)
        var killed = false
        while running() {
            if Date() >= deadline {
                if killed { return }  // not even SIGKILL: nothing more we can do
                kill(pid, SIGKILL)
                killed = true
                deadline = Date().addingTimeInterval(1)  // delivery is asynchronous
            }
            usleep(10_000)
        }
    }

    /// Runs a short-lived program (looked up in PATH) to completion; returns its exit status
    /// (128 + signal when killed) and output. Output goes through temp files, not pipes: a
    /// program that leaves a daemon behind (tmux starting its server) must not keep us waiting
    /// for an end-of-file.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String],
                    environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tminus-e2e-run-\(UUID().uuidString)")
        let outPath = base.path + ".out", errPath = base.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let process = try Subprocess([executable] + arguments, environment: environment,
                                     stdout: outPath, stderr: errPath)
        let status = process.wait()
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (status, out, err)
    }
}

/// A child process started with `posix_spawn`, and reaped with `waitpid`.
///
/// Not Foundation's `Process`, for two reasons found the hard way on Linux:
/// - its children inherit the spawning thread's signal mask, and Swift's worker threads block
///   nearly everything: a server that cannot receive SIGTERM, an app under test that never sees
///   SIGWINCH. Here children start with an empty mask and default handlers.
/// - it learns that a child exited through a socket the child inherits; tmux's daemonised server
///   inherits it too, so the tmux client "never exits" and `waitUntilExit()` hangs. Here every
///   descriptor above stderr is closed in the child, and we wait on the pid itself.
final class Subprocess: @unchecked Sendable {
    let pid: pid_t
    private let lock = NSLock()
    private var rawStatus: Int32?

    /// - Parameters:
    ///   - arguments: argv; `arguments[0]` is looked up in PATH.
    ///   - environment: the complete environment (default: ours).
    ///   - stdout, stderr: files to write to (created/truncated); `/dev/null` by default.
    init(_ arguments: [String], environment: [String: String]? = nil,
         stdout: String = "/dev/null", stderr: String = "/dev/null") throws {
        precondition(!arguments.isEmpty, "no program to run")

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil
        var attributes: posix_spawnattr_t = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)  // Darwin's way to close everything else
        #else
        Self.closeInheritedDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = envStrings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid = pid_t()
        let error = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw HarnessError.commandFailed(command: arguments.joined(separator: " "), status: -1,
                                             stderr: "cannot start: \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    /// True until the process has exited (reaps it when it has).
    var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if rawStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            rawStatus = status
            return false
        }
        return true
    }

    /// Blocks until the process exits; its exit status, or 128 + the signal that killed it.
    @discardableResult
    func wait() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if rawStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            rawStatus = status
        }
        return Self.decode(rawStatus!)
    }

    /// SIGTERM, up to `grace` seconds to exit, then SIGKILL; blocks until it is gone.
    func terminate(grace: TimeInterval = 5) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline {
            usleep(10_000)
        }
        if isRunning {
            kill(pid, SIGKILL)
        }
        wait()
    }

    #if !canImport(Darwin)
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc 2.34+ has `posix_spawn_file_actions_addclosefrom_np`, but Swift's Glibc module does
    /// not declare it: look it up at run time.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// Close every descriptor above stderr in the child.
    private static func closeInheritedDescriptors(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
        if let addCloseFrom, addCloseFrom(actions, 3) == 0 {
            return
        }
        // Older glibc: close what is open now (closing one that is gone by then is harmless).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(actions, fd)
        }
    }
    #endif

    /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which are macros Swift cannot import.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case missingBinary(String)
    case serverDidNotStart(String)
    case commandFailed(command: String, status: Int32, stderr: String)
    case timeout(what: String, after: Duration, screen: String)
    case http(String)

    var description: String {
        switch self {
        case .missingBinary(let path):
            return "tminus binary not found at \(path): run `swift build` first, or set TMINUS_BIN"
        case .serverDidNotStart(let reason):
            return "fixture server did not start: \(reason)"
        case .commandFailed(let command, let status, let stderr):
            return "`\(command)` failed with status \(status): \(stderr)"
        case .timeout(let what, let after, let screen):
            return "timed out after \(after) waiting for \(what). Last screen:\n\(Self.frame(screen))"
        case .http(let message):
            return message
        }
    }

    /// The screen between rulers, so trailing blanks and empty rows are visible in a failure.
    static func frame(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let width = max(lines.map(\.count).max() ?? 0, 20)
        let rule = "+" + String(repeating: "-", count: width) + "+"
        return ([rule] + lines.map { "|" + $0 + String(repeating: " ", count: width - $0.count) + "|" } + [rule])
            .joined(separator: "\n")
    }
}
