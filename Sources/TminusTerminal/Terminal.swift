import TminusCore
import TminusViewModel
import CNcurses
import Foundation
import Logging
import TminusRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The curses session: set-up, size, suspend and restore. Not Sendable: curses is not
/// thread-safe, so this object stays on the thread that created it (the main thread).
final class Terminal {
    private(set) var isActive = false
    let colorMode: ColorMode
    /// Whether colour -1 (the terminal's own fore/background) may be used in pairs.
    let defaultColorsAvailable: Bool

    init(logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError.termNotSet }
        Terminal.configureLocale(logger: logger)

        // The shell's modes, for a crash to put back: newterm already changes them.
        SignalHandling.saveTerminalModes(STDOUT_FILENO)
        // newterm, unlike initscr, reports an unknown TERM by returning NULL instead of
        // printing to stderr and calling exit().
        guard let screen = newterm(term, tm_stdout(), tm_stdin()) else {
            throw TerminalError.unknownTerminal(term)
        }
        guard Terminal.canAddressCursor() else {
            endwin()
            delscreen(screen)
            throw TerminalError.unsupportedTerminal(term)
        }
        isActive = true

        (colorMode, defaultColorsAvailable) = Terminal.configureScreen(environment: environment)
        SignalHandling.armTerminalRestore(leaving: LeaveSequence.current())
        logger.debug("terminal: TERM=\(term) size=\(size) colors=\(tm_colors()) pairs=\(tm_color_pairs()) mode=\(colorMode) noColor=\(!(environment["NO_COLOR"] ?? "").isEmpty)")
    }

    var size: Size { Size(width: Int(tm_cols()), height: Int(tm_lines())) }

    /// The window's size in pixels as the kernel knows it; 0×0 when the terminal does not say.
    var windowPixels: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard tm_window_pixels(STDOUT_FILENO, &width, &height) == 0 else { return (0, 0) }
        return (Int(width), Int(height))
    }

    /// What `setMouse` last asked of the terminal; nil before the first call.
    private(set) var mouseReporting: Bool?

    /// Mouse reporting on or off; does nothing when it is already so. Off is `mousemask(0)`,
    /// which makes ncurses send the terminal's "stop reporting" sequence at once (xterm:
    /// `\e[?1006;1000l`), so the terminal's own text selection works again.
    func setMouse(_ on: Bool) {
        guard isActive, on != mouseReporting else { return }
        mouseReporting = on
        _ = tm_set_mouse(on ? 1 : 0)
    }

    /// Takes the size from the kernel after SIGWINCH (which we handle, so ncurses does not) and
    /// resizes curses' windows to it. Returns the size now in effect.
    @discardableResult
    func syncSize() -> Size {
        var rows: Int32 = 0
        var cols: Int32 = 0
        if tm_window_size(STDOUT_FILENO, &rows, &cols) == 0, rows != tm_lines() || cols != tm_cols() {
            resizeterm(rows, cols)
        }
        return size
    }

    /// Puts the tty back in the modes curses set (cbreak, no echo) when something else may have
    /// changed them: a shell restores its own modes when a job is stopped with SIGSTOP from
    /// outside, and `fg` does not undo that. After our own suspend, `doupdate` does this, and
    /// what is left here is to arm the crash restore again: the next `doupdate` makes the
    /// terminal full-screen.
    func resumeModes() {
        guard isActive else { return }
        SignalHandling.setTerminalRestoreArmed(true)
        guard !isendwin() else { return }
        reset_prog_mode()
    }

    /// Leaves curses mode for a job-control stop. The next `doupdate` re-enters it.
    func suspend() {
        guard isActive else { return }
        releaseMouse()
        endwin()
        SignalHandling.setTerminalRestoreArmed(false)
    }

    /// Gives the terminal back as it was. Idempotent; a crash or exit() after this leaves the
    /// terminal alone.
    func restore() {
        guard isActive else { return }
        releaseMouse()
        isActive = false
        endwin()
        SignalHandling.setTerminalRestoreArmed(false)
    }

    /// Before handing the terminal back (endwin stops the reports): the loop asks for the
    /// mouse again after a stop.
    private func releaseMouse() {
        mouseReporting = nil
    }

    // MARK: - Set-up helpers

    /// Puts the current curses screen in the modes the app draws with (input, cursor, escape
    /// delay, fallback keys) and starts colours unless NO_COLOR says otherwise. Shared by the
    /// real terminal and `OffscreenTerminal`, so both draw through the same set-up.
    static func configureScreen(environment: [String: String]) -> (colorMode: ColorMode, defaultColorsAvailable: Bool) {
        let win = tm_stdscr()
        cbreak()            // keys arrive one at a time; ^C / ^Z still raise signals
        noecho()
        nonl()              // no CR/LF translation either way; Enter arrives as \r
        intrflush(win, false)
        keypad(win, true)
        meta(win, true)
        nodelay(win, true)  // input is read only after poll() says it is there
        leaveok(win, true)  // the cursor is hidden, so never spend bytes moving it back
        curs_set(0)
        set_escdelay(25)    // a lone Esc is recognised after 25 ms, not the default second
        defineFallbackKeys()
        // SGR mouse reports (`ESC [ <`…`M`) are read by KeyReader, always: ncurses parses them
        // itself only where terminfo says so (xterm's kmous) and only while its mouse is on, so
        // a report arriving after `m` would otherwise come through as keys ("1", "2", "m"…).
        define_key("\u{1B}[<", KeyReader.sgrMouseCode)
        // The answers to the start-up questions about the background (BackgroundProbe).
        define_key("\u{1B}]11;", KeyReader.backgroundReplyCode)
        define_key("\u{1B}[?", KeyReader.deviceAttributesCode)
        // ... and to the questions about pictures (GraphicsProbe).
        define_key("\u{1B}_G", KeyReader.kittyReplyCode)
        define_key("\u{1B}P>|", KeyReader.versionReplyCode)

        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty   // https://no-color.org
        if !noColor, has_colors() {
            start_color()
            let defaults = use_default_colors() == OK
            return (ColorMode(colors: Int(tm_colors())), defaults)
        }
        return (.monochrome, true)
    }

    /// ncursesw needs the user's character set to encode wide characters. A plain C/POSIX
    /// locale would turn every non-ASCII glyph into `?` or escapes, so it is upgraded to
    /// C.UTF-8 (as Python does since PEP 538); an explicit non-UTF-8 locale is respected.
    private static func configureLocale(logger: Logger) {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        guard codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" else { return }
        let ctype = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        guard ctype == "C" || ctype == "POSIX" else {
            logger.notice("locale \(ctype) is not UTF-8: wide characters may not display")
            return
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil, setlocale(LC_CTYPE, "en_US.UTF-8") == nil {
            logger.notice("no UTF-8 locale available: non-ASCII text may not display")
        }
    }

    /// A terminal without cursor addressing (`cup`) would get a scrolling mess, not a screen.
    private static func canAddressCursor() -> Bool {
        guard let cup = tigetstr("cup") else { return false }
        return Int(bitPattern: cup) != -1
    }

    /// Sequences that terminals send even when terminfo says otherwise (keypad mode ignored,
    /// vt220-style Home/End). Without these, ncurses would hand us ESC, '[', 'H' as three keys.
    private static func defineFallbackKeys() {
        let keys: [(String, Int32)] = [
            ("\u{1B}[A", CursesKey.codes.up), ("\u{1B}[B", CursesKey.codes.down),
            ("\u{1B}[C", CursesKey.codes.right), ("\u{1B}[D", CursesKey.codes.left),
            ("\u{1B}OA", CursesKey.codes.up), ("\u{1B}OB", CursesKey.codes.down),
            ("\u{1B}OC", CursesKey.codes.right), ("\u{1B}OD", CursesKey.codes.left),
            ("\u{1B}[H", CursesKey.codes.home), ("\u{1B}[F", CursesKey.codes.end),
            ("\u{1B}OH", CursesKey.codes.home), ("\u{1B}OF", CursesKey.codes.end),
            ("\u{1B}[1~", CursesKey.codes.home), ("\u{1B}[4~", CursesKey.codes.end),
            ("\u{1B}[7~", CursesKey.codes.home), ("\u{1B}[8~", CursesKey.codes.end),
            ("\u{1B}[5~", CursesKey.codes.ppage), ("\u{1B}[6~", CursesKey.codes.npage),
            ("\u{1B}[Z", CursesKey.codes.btab),
        ]
        // 0 means unbound; anything else (a key code, or -1 for a prefix of another key) is
        // terminfo's own binding and wins.
        for (sequence, code) in keys where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }
}
