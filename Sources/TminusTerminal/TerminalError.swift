/// Why the terminal UI could not start (or had to stop). The descriptions are written for the
/// person at the shell: they are printed once the terminal is back to normal.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is a pipe or a file: a full-screen UI needs a terminal on both.
    case notATerminal
    case termNotSet
    /// No terminfo entry for TERM.
    case unknownTerminal(String)
    /// The terminal cannot move its cursor (e.g. TERM=dumb), so a full-screen UI cannot draw.
    case unsupportedTerminal(String)
    /// curses is not thread-safe and signals are handled on the main thread.
    case notOnMainThread
    /// A system call failed: the call and errno.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notATerminal:
            return "tminus needs a terminal: stdin and stdout must not be redirected"
        case .termNotSet:
            return "TERM is not set, so tminus cannot tell what terminal this is (try TERM=xterm-256color)"
        case .unknownTerminal(let term):
            return "unknown terminal type \"\(term)\" (no terminfo entry; try TERM=xterm-256color)"
        case .unsupportedTerminal(let term):
            return "terminal type \"\(term)\" cannot position the cursor, so tminus cannot draw on it (try TERM=xterm-256color)"
        case .notOnMainThread:
            return "the terminal UI must run on the main thread"
        case let .system(call, code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
