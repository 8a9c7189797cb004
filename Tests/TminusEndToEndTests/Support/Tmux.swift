import Foundation

/// A program running in a detached tmux session, driven like a user at a terminal.
///
///     let tmux = try TmuxSession.tminus([/* however tminus is pointed at server.baseURL */])
///     try await tmux.waitFor("Crew-5")
///     try tmux.sendKeys("Down", "Enter")
///     let screen = try await tmux.waitFor("Falcon 9")
///
/// Each session has its own tmux server (`-L tminus-e2e-<uuid>`, no config file), so tests can
/// run in parallel and never touch the user's tmux. The pane stays after the program exits
/// (`remain-on-exit`), so the exit status and the last screen can still be read.
final class TmuxSession: @unchecked Sendable {
    let socketName: String
    /// Where the wrapper shell writes the program's exit status (see `exit`).
    private var statusFile: URL { FileManager.default.temporaryDirectory.appending(path: socketName + ".status") }
    /// The server's socket file; tmux leaves it behind after kill-server, so `kill()` removes it.
    private(set) var socketPath: String?
    /// The tmux server's pid (see `exit`).
    private var serverPID: Int32?
    let width: Int
    let height: Int
    /// The target of every tmux command: the one pane of the one window.
    private let target = "e2e"
    private let lock = NSLock()
    private var killed = false

    /// How the program ended, in shell `$?` terms.
    struct Exit: Equatable, CustomStringConvertible {
        /// The exit status; 128 + n when signal n killed the program.
        var status: Int32

        /// The signal that killed the program, if one did.
        var signal: Int32? { status > 128 && status < 128 + 65 ? status - 128 : nil }

        var description: String {
            if let signal { return "killed by signal \(signal) (status \(status))" }
            return "exited with status \(status)"
        }
    }

    /// Starts `command` (argv; the arguments are quoted, never interpreted by a shell) in a
    /// `width` x `height` terminal with `TERM=xterm-256color`.
    /// - Parameters:
    ///   - environment: extra variables for the program.
    ///   - unsetEnvironment: variables to remove from the inherited environment (e.g. `NO_COLOR`).
    ///   - workingDirectory: defaults to the package root.
    ///   - background: the pane's background colour (`#ffffff`), which tmux then gives as its
    ///     answer to OSC 11; nil: tmux's default, which it answers with no colour at all.
    init(command: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:],
         unsetEnvironment: [String] = [], workingDirectory: URL? = nil, background: String? = nil) throws {
        precondition(!command.isEmpty, "empty command")
        socketName = "tminus-e2e-\(UUID().uuidString.lowercased())"
        self.width = width
        self.height = height

        var words = ["env"]
        // tmux starts panes with SIGTTIN/SIGTTOU ignored (an interactive shell would reset them,
        // and a plain sh cannot): GNU env restores default dispositions where it can.
        if Self.envCanResetSignals { words.append("--default-signal") }
        for name in unsetEnvironment { words += ["-u", Harness.shellQuote(name)] }
        // TERM is set explicitly, so the program's terminal does not depend on tmux's own setup.
        words.append("TERM=xterm-256color")
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            words.append(Harness.shellQuote("\(name)=\(value)"))
        }
        words += command.map(Harness.shellQuote)
        let directory = (workingDirectory ?? Harness.packageRoot).path
        // The program runs under a small shell rather than being exec'd, because on Linux a
        // program that prints and exits at once can lose that last output: the pty reports EOF
        // to tmux before the final write has been passed through (seen under parallel load).
        // The shell keeps the pty open a moment longer, then exits with the program's status.
        // `trap :` (not `trap ''`, which children would inherit) keeps the shell alive through
        // a Ctrl-C meant for the program.
        let shellCommand = "trap : INT QUIT; cd \(Harness.shellQuote(directory)) || exit 127; "
            + words.joined(separator: " ") + "; status=$?; printf '%s' \"$status\" > "
            + Harness.shellQuote(statusFile.path) + "; sleep 0.2; exit $status"

        // Options go in the same invocation, before new-session, so they are in force before the
        // program starts (a fast-exiting program must not beat remain-on-exit).
        try tmux([
            "set", "-g", "status", "off", ";",                        // all rows belong to the program
            "set", "-g", "remain-on-exit", "on", ";",
            "set", "-gq", "remain-on-exit-format", "", ";",           // 3.3+: no "Pane is dead" line scrolling the screen
            "set", "-g", "default-terminal", "xterm-256color", ";",
            "set", "-g", "default-shell", "/bin/sh", ";",
            "set", "-g", "history-limit", "1000", ";",
        ] + (background.map { ["set", "-g", "window-style", "bg=\($0)", ";"] } ?? []) + [
            "new-session", "-d", "-s", target, "-x", String(width), "-y", String(height), shellCommand,
        ])
        socketPath = try? display("#{socket_path}")
        serverPID = (try? display("#{pid}")).flatMap { Int32($0) }
    }

    /// GNU coreutils 9+ `env --default-signal`.
    private static let envCanResetSignals: Bool = {
        (try? Harness.run("env", ["--default-signal", "true"]).status) == 0
    }()

    /// Runs the tminus binary under test (`$TMINUS_BIN` or `.build/debug/tminus`).
    /// `swift test` exports NO_COLOR=1 to its tests, and the user's own settings must not leak
    /// in either, so these are unset unless a test sets them on purpose.
    static let appVariables = ["NO_COLOR", "BROWSER", "TMINUS_SOURCE", "TMINUS_SPACEX_API", "TMINUS_LL2_API",
                               "TMINUS_DATA_DIR", "TMINUS_TZ", "TMINUS_NOW", "TMINUS_TIMEOUT", "TMINUS_LL2_TOKEN", "TMINUS_NEWS_API",
                               "TMINUS_THEME", "COLORFGBG", "TMINUS_CLOCK_FILE"]

    /// Where the news goes when a test names no news API: a closed port on this machine, so
    /// that no test reaches the real Spaceflight News API (a flag or the test's own
    /// `TMINUS_NEWS_API` wins over it).
    static let noNews = "http://127.0.0.1:9/v4"

    /// tminus in a new session; `appVariables` are unset except those `environment` sets.
    static func tminus(_ arguments: [String] = [], width: Int = 100, height: Int = 30,
                       environment given: [String: String] = [:], background: String? = nil) throws -> TmuxSession {
        var environment = given
        if environment["TMINUS_NEWS_API"] == nil { environment["TMINUS_NEWS_API"] = noNews }
        let binary = try Harness.tminusBinary()
        return try TmuxSession(command: [binary.path] + arguments, width: width, height: height,
                               environment: environment,
                               unsetEnvironment: appVariables.filter { environment[$0] == nil }, background: background)
    }

    deinit {
        kill()
    }

    // MARK: Input

    /// tmux key names: `Down`, `Enter`, `Escape`, `PageDown`, `C-c`, `q`, `F1`, `BSpace`, ...
    /// Throws rather than dropping keys silently, which would only show up later as a
    /// puzzling screen.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (no key-name lookup).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the terminal; the program gets SIGWINCH.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    /// Resizes the terminal to each size in turn, as fast as tmux can: the sizes go to tmux in
    /// batches of `batch` commands per invocation, so the program sees a storm of SIGWINCHs
    /// (some of them coalesced, as they would be from a window manager).
    func resize(through sizes: [(width: Int, height: Int)], batch: Int = 10) throws {
        precondition(batch > 0, "empty batch")
        var start = 0
        while start < sizes.count {
            let chunk = sizes[start..<min(start + batch, sizes.count)]
            var arguments: [String] = []
            for size in chunk {
                if !arguments.isEmpty { arguments.append(";") }
                arguments += ["resize-window", "-t", target, "-x", String(size.width), "-y", String(size.height)]
            }
            try tmux(arguments)
            start += batch
        }
    }

    /// The pane's terminal device (`/dev/pts/N`), for `Harness.setWindowSize`.
    var paneTTY: String {
        (try? display("#{pane_tty}")) ?? ""
    }

    /// The pane's current size as tmux has it (after `resize`).
    var paneSize: (width: Int, height: Int) {
        let parts = ((try? display("#{pane_width} #{pane_height}")) ?? "").split(separator: " ")
        return (parts.count == 2 ? Int(parts[0]) ?? 0 : 0, parts.count == 2 ? Int(parts[1]) ?? 0 : 0)
    }

    // MARK: Output

    /// The visible screen, one line per row, trailing blanks trimmed by tmux.
    func capture() -> String {
        (try? tmux(["capture-pane", "-p", "-t", target])) ?? ""
    }

    /// The visible screen with SGR escape sequences, to assert colours and attributes.
    func captureWithEscapes() -> String {
        (try? tmux(["capture-pane", "-p", "-e", "-t", target])) ?? ""
    }

    /// Polls the screen every 50 ms until it contains `text`; returns that screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await waitUntil(timeout: timeout, "\(String(reflecting: text)) on screen") { $0.contains(text) }
    }

    /// Polls the screen every 50 ms until `predicate` holds; returns that screen.
    @discardableResult
    func waitUntil(timeout: Duration = .seconds(10), _ what: String = "the condition",
                   _ predicate: (String) -> Bool) async throws -> String {
        try await poll(timeout: timeout, what, read: capture, until: predicate, report: { $0 })
    }

    /// The one polling loop behind every wait. A screen counts only once it has settled: the
    /// predicate holds and a second capture straight after is identical, because a capture can
    /// land between two writes of one frame and show half of it.
    func poll<Screen: Equatable>(timeout: Duration, _ what: String, read: () -> Screen,
                                 until predicate: (Screen) -> Bool,
                                 report: (Screen) -> String) async throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        var screen = read()
        while true {
            if predicate(screen) {
                let again = read()
                if again == screen { return screen }
                screen = again
                // A screen that never settles (an app redrawing without end) still times out.
                if ContinuousClock.now < deadline { continue }
            }
            if ContinuousClock.now >= deadline {
                let state = paneDead ? " (\(exit.map(\.description) ?? "program ended"))" : ""
                throw HarnessError.timeout(what: what + state, after: timeout, screen: report(screen))
            }
            try await Task.sleep(for: .milliseconds(50))
            screen = read()
        }
    }

    /// Waits until a clock read off the screen has moved at least two seconds from `before`,
    /// and returns how far it moved (signed) and the most it could have moved in the time that went by
    /// (measured, not assumed: on two busy cores a fixed 2.2 s sleep once saw 5 s go by).
    func waitForTick(of what: String, from before: Int, read: @escaping (String) -> Int?) async throws -> (moved: Int, atMost: Int) {
        let since = ContinuousClock.now
        let screen = try await waitUntil("\(what) to tick") { read($0).map { abs($0 - before) >= 2 } ?? false }
        // +2: the screen `before` came from was captured a moment earlier, and a clock shows whole seconds.
        let atMost = Int((ContinuousClock.now - since).components.seconds) + 2
        return ((read(screen) ?? before) - before, atMost)
    }

    /// Waits for the program to end and returns how it ended.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Exit {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let exit { return exit }
            if ContinuousClock.now >= deadline {
                throw HarnessError.timeout(what: "the program to exit", after: timeout, screen: capture())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    // MARK: State

    /// True while the program is running.
    var isAlive: Bool { !paneDead }

    /// True once the program has exited (or the session is gone).
    var paneDead: Bool {
        guard let value = try? display("#{pane_dead}") else { return true }
        return value == "1"
    }

    /// How the program ended; nil while it is running.
    var exit: Exit? {
        // The wrapper shell writes the program's status before it exits: the answer even when
        // tmux never reaps the pane (below).
        // Only once the wrapper's own pause is over, so the program's last output has reached
        // the pane by then.
        if let written = (try? FileManager.default.attributesOfItem(atPath: statusFile.path))?[.modificationDate] as? Date,
           Date().timeIntervalSince(written) > 0.4,
           let text = try? String(contentsOf: statusFile, encoding: .utf8), let status = Int32(text) {
            return Exit(status: status)
        }
        guard let line = try? display("#{pane_dead} #{pane_dead_status} #{pane_dead_signal}") else { return nil }
        let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.first == "1", fields.count == 3 else { return nil }
        if let status = Int32(fields[1]) { return Exit(status: status) }
        if let signal = Int32(fields[2]) { return Exit(status: 128 + signal) }  // the wrapper itself was killed
        // tmux marks the pane dead when the pty closes, before it has reaped the child. And
        // Debian's tmux (built with libutempter) can lose that SIGCHLD altogether and leave the
        // child a zombie with no status (tmux/tmux#311); the maintainers' remedy is to send the
        // server a SIGCHLD. Ours is private to this session, so nudge it; the caller asks again.
        // The pid read at start may have failed under load: ask again rather than never nudge.
        if serverPID == nil { serverPID = (try? display("#{pid}")).flatMap { Int32($0) } }
        if let serverPID { Harness.send(signal: SIGCHLD, to: serverPID) }
        return nil
    }

    /// The title the program set (OSC 0/2).
    var paneTitle: String {
        (try? display("#{pane_title}")) ?? ""
    }

    /// Starts recording every title the pane is given from now on (OSC 0/2), in order, even one
    /// replaced a moment later: a tmux hook appends each to a server option. Read with
    /// `titlesSet`.
    func recordTitles() throws {
        try tmux(["set-hook", "-g", "pane-title-changed",
                  "set -gF @e2e-titles \"#{@e2e-titles}#{pane_title}\u{1F}\""])
    }

    /// The titles recorded since `recordTitles()`, oldest first.
    var titlesSet: [String] {
        let raw = (try? tmux(["show-options", "-gqv", "@e2e-titles"]))?.trimmingCharacters(in: .newlines) ?? ""
        return raw.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Lets the program set tmux's buffer with OSC 52 (`set-clipboard on`; the default,
    /// `external`, ignores it from programs).
    func acceptClipboard() throws {
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    /// tmux's newest buffer (what an OSC 52 set last), nil when there is none.
    var clipboard: String? {
        try? tmux(["show-buffer"])
    }

    /// Whether the program has the alternate screen up (a full-screen UI that did not restore
    /// the terminal leaves it on).
    var alternateScreenOn: Bool {
        (try? display("#{alternate_on}")) == "1"
    }

    /// Whether the cursor is shown (a UI hides it and must show it again on exit).
    var cursorVisible: Bool {
        (try? display("#{cursor_flag}")) == "1"
    }

    /// Whether the program asked the terminal for mouse reports (xterm `\e[?1000h`, undone
    /// by `\e[?1000l`).
    var mouseReportingOn: Bool {
        (try? display("#{mouse_any_flag}")) == "1"
    }

    /// Cursor column and row, 0-based.
    var cursor: (x: Int, y: Int) {
        let parts = ((try? display("#{cursor_x} #{cursor_y}")) ?? "").split(separator: " ")
        return (parts.count == 2 ? Int(parts[0]) ?? 0 : 0, parts.count == 2 ? Int(parts[1]) ?? 0 : 0)
    }

    /// The program's process id while it runs (a child of the pane's wrapper shell; Linux only).
    var pid: Int32? {
        guard isAlive, let value = try? display("#{pane_pid}"), let shell = Int32(value) else { return nil }
        return Harness.children(of: shell).first
    }

    /// Kills the tmux server (and with it the program); idempotent.
    func kill() {
        lock.lock()
        let alreadyKilled = killed
        killed = true
        lock.unlock()
        guard !alreadyKilled else { return }
        let program = pid
        _ = try? tmux(["kill-server"])
        // kill-server only sends SIGHUP; a hung program that ignores it must not outlive the test.
        if let program { Harness.ensureGone(program) }
        try? FileManager.default.removeItem(at: statusFile)
        if let socketPath, !socketPath.isEmpty {
            try? FileManager.default.removeItem(atPath: socketPath)
        }
    }

    // MARK: tmux

    private func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format])
            .trimmingCharacters(in: .newlines)
    }

    /// Runs `tmux -L <socket> -f /dev/null <arguments>` and returns its stdout.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // running inside tmux must not redirect us to the user's server
        environment["TMUX_PANE"] = nil
        let result = try Harness.run("tmux", ["-L", socketName, "-f", "/dev/null"] + arguments,
                                     environment: environment)
        guard result.status == 0 else {
            throw HarnessError.commandFailed(command: "tmux " + arguments.joined(separator: " "),
                                             status: result.status, stderr: result.stderr)
        }
        var out = result.stdout
        if arguments.first == "capture-pane", out.hasSuffix("\n") {
            out.removeLast()  // one line per row, no trailing newline after the last row
        }
        return out
    }
}
