import CTerminalSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling for the UI. The C handlers (CTerminalSignals) only write the signal number
/// to a pipe; the loop reads it and acts on the main thread, where curses may be called. A
/// crash restores the terminal from what `Terminal` handed over while setting it up.
enum SignalHandling {
    /// Quit (INT, TERM, HUP, QUIT, and every other signal whose default action ends the
    /// process: USR1, USR2, ALRM, the timers, IO, PWR, STKFLT and the real-time ones), suspend
    /// (TSTP), resume (CONT) and resize (WINCH). Each quit goes through the loop, so the terminal
    /// is given back and writes still waiting are reported, as for `q`.
    static let forwarded: [Int32] = [SIGTSTP, SIGCONT, SIGWINCH] + quitting
    static let quitting: [Int32] = {
        var signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF]
        #if os(Linux)
        signals += [SIGIO, SIGPWR, SIGSTKFLT]
        // The real-time signals the C library leaves to programs (it keeps the first few).
        signals += Array(tm_sig_rtmin()...tm_sig_rtmax())
        #endif
        return signals
    }()
    /// Crashes: restore the terminal, then die of the signal. TRAP is how Swift's runtime traps
    /// on arm64; SYS, XCPU and XFSZ end the process with a core as a crash does.
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]

    /// One pipe for the life of the process: a handler running on another thread at the moment
    /// of tear-down could otherwise write to a descriptor that was closed and reused.
    private static let channel: Result<(read: Int32, write: Int32), TerminalError> = {
        do { return .success(try makeNonBlockingPipe()) } catch let error as TerminalError {
            return .failure(error)
        } catch {
            return .failure(.system("pipe", EIO))
        }
    }()

    /// The register-once guard for the atexit restore.
    private static let atExitRegistered: Bool = tm_sig_register_atexit() == 0

    /// Installs the handlers and returns the descriptor the loop polls. Call before `newterm`:
    /// ncurses only installs its own INT/TERM/TSTP/WINCH handlers where the disposition is still
    /// the default, so it leaves these to us.
    static func install() throws -> Int32 {
        let pipe = try channel.get()
        _ = atExitRegistered
        tm_sig_set_write_fd(pipe.write)
        for sig in forwarded where tm_sig_install(sig, 0) != 0 {
            throw TerminalError.system("sigaction(\(sig))", errno)
        }
        for sig in fatal where tm_sig_install(sig, 1) != 0 {
            throw TerminalError.system("sigaction(\(sig))", errno)
        }
        // A write to a closed pipe or socket (a browser command that went away, a server that
        // hung up) is an EPIPE error where it happens, never a signal that ends the app with
        // the terminal still in full-screen mode.
        signal(SIGPIPE, SIG_IGN)
        return pipe.read
    }

    /// Puts back whatever handlers were there before `install`.
    static func uninstall() {
        for sig in forwarded + fatal { tm_sig_restore(sig) }
        tm_sig_set_write_fd(-1)
        if case .success(let pipe) = channel { drainPipe(pipe.read) { _ in } }
    }

    /// The signals that arrived since the last call, oldest first.
    static func pending() -> [Int32] {
        guard case .success(let pipe) = channel else { return [] }
        var signals: [Int32] = []
        drainPipe(pipe.read) { signals.append(Int32($0)) }
        return signals
    }

    /// Job-control stop (as the default SIGTSTP action would); returns once continued.
    static func stopForJobControl() { tm_sig_stop_self() }

    /// Where the real stderr is while the UI hides it, and the file holding what was written
    /// meanwhile (-1, -1: not hidden), so a crash or exit() can give both back.
    static func setHiddenStderr(saved: Int32, capture: Int32) { tm_sig_set_stderr(saved, capture) }

    // MARK: - The terminal after a crash

    /// Keeps the modes of the terminal on `fd` for the crash path to put back: call before
    /// `newterm`, which already changes them.
    static func saveTerminalModes(_ fd: Int32) { _ = tm_sig_save_terminal_modes(fd) }

    /// Arms the crash path (and exit()) to write `leaving` (see `LeaveSequence`) and put the
    /// saved modes back. A sequence too long for the C side's room arms nothing.
    static func armTerminalRestore(leaving: [UInt8]) {
        guard tm_sig_set_leave_sequence(leaving, leaving.count) == 0 else { return }
        tm_sig_arm_terminal_restore(1)
    }

    /// On: the terminal is in full-screen mode again (after a stop); off: handed back.
    static func setTerminalRestoreArmed(_ armed: Bool) { tm_sig_arm_terminal_restore(armed ? 1 : 0) }

    /// What a crash does to the terminal, now (tests).
    static func restoreTerminalAsACrashWould() { tm_sig_restore_terminal() }
}
