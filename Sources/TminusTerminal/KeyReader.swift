import CNcurses
import Foundation
import TminusViewModel

/// What the terminal said: a key, that its size changed, or an answer to a question the app
/// asked it (`BackgroundProbe`, `GraphicsProbe`).
enum TerminalInput: Equatable {
    case key(Key)
    case resize
    case mouse(MouseEvent)
    /// Its answer to OSC 11: the colour part, e.g. `rgb:ffff/ffff/ffff`.
    case backgroundColor(String)
    /// Its answer to DA1 (`ESC [ c`), the parameters (`ESC [ ? 63;4 c` → [63, 4]): every
    /// terminal answers it, after its answers to the questions asked before it.
    case deviceAttributes([Int])
    /// A kitty graphics answer (`ESC _ G i=31;OK ESC \`) or XTVERSION's (`ESC P > | name ESC \`),
    /// whole, as `GraphicsCapabilities.parse` reads it.
    case graphicsReply([UInt8])
    /// Its answer to `CSI 16 t`: one cell's size in pixels.
    case cellSize(width: Int, height: Int)
}

/// Reads keys once `poll` says input is waiting. The window is in no-delay mode, so reading
/// stops at ERR instead of blocking; an Esc still waits ESCDELAY (25 ms) for the rest of a
/// sequence, which is how ncurses tells Esc from the start of an arrow key.
enum KeyReader {
    /// A paste of a whole document should not freeze the loop: leave the rest for the next
    /// round (poll will report it again).
    static let maxPerRead = 512

    /// The inputs, and how many codes were read (keys without a meaning here, like F1,
    /// are read and dropped).
    /// - Parameter inputFD: the terminal's input, which a reply that came in pieces is waited
    ///   on (tests use a pty of their own).
    static func readAvailable(inputFD: Int32 = STDIN_FILENO) -> (inputs: [TerminalInput], reads: Int) {
        let win = tm_stdscr()
        var inputs: [TerminalInput] = []
        var code: wint_t = 0
        var reads = 0
        while reads < maxPerRead {
            let status = tm_wget_wch(win, &code)
            if status == ERR { break }
            reads += 1
            if status == CursesKey.codes.code_yes, Int32(bitPattern: code) == CursesKey.codes.mouse {
                // ncurses parsed the report (the terminfo's own mouse format).
                var x: Int32 = 0, y: Int32 = 0
                var buttons: UInt = 0
                if tm_getmouse(&x, &y, &buttons) == OK, let event = translateMouse(buttons: buttons, x: Int(x), y: Int(y)) {
                    inputs.append(.mouse(event))
                }
                continue
            }
            if status == CursesKey.codes.code_yes, Int32(bitPattern: code) == sgrMouseCode {
                // An xterm SGR report (`ESC [ <` b;x;y M/m) that terminfo does not describe:
                // the rest of it is read here, as characters.
                let rest = readRest(win, reads: &reads, limit: 24, inputFD: inputFD) { $0 == "M" || $0 == "m" }
                if let event = parseSGRMouse(rest) { inputs.append(.mouse(event)) }
                continue
            }
            if status == CursesKey.codes.code_yes, Int32(bitPattern: code) == backgroundReplyCode {
                // `ESC ] 11 ;` rgb:… then BEL or ST (`ESC \`); a colour has no backslash.
                var rest = readRest(win, reads: &reads, limit: 48, inputFD: inputFD) { $0 == "\u{07}" || $0 == "\\" }
                if rest.hasSuffix("\u{07}") { rest.removeLast() }
                if rest.hasSuffix("\\") { rest.removeLast(); if rest.hasSuffix("\u{1B}") { rest.removeLast() } }
                inputs.append(.backgroundColor(rest))
                continue
            }
            if status == CursesKey.codes.code_yes, Int32(bitPattern: code) == deviceAttributesCode {
                // `ESC [ ?` 62;22 c: parameters, then the final character.
                let rest = readRest(win, reads: &reads, limit: 64, inputFD: inputFD) { ("@"..."~").contains($0) }
                inputs.append(.deviceAttributes(rest.dropLast().split(separator: ";").compactMap { Int($0) }))
                continue
            }
            if status == CursesKey.codes.code_yes,
               let prefix = stringReplyPrefixes[Int32(bitPattern: code)] {
                // An APC or DCS answer: its text up to ST (`ESC \`); none of them holds a backslash.
                let rest = readRest(win, reads: &reads, limit: 256, inputFD: inputFD) { $0 == "\\" }
                inputs.append(.graphicsReply(Array((prefix + rest).utf8)))
                continue
            }
            if status == OK, code == 27 {
                // ESC then `[`: an escape sequence ncurses could not match, because its start
                // is also the start of terminfo's keys: the answer to `CSI 16 t`
                // (`ESC [ 6 ; height ; width t`, which begins like Ctrl-PageDown), or a key
                // tminus does not know. Read whole, never typed as `[`, `6`, `;`…
                var next: wint_t = 0
                let got = tm_wget_wch(win, &next)
                if got == OK, next == 0x5B {
                    reads += 1
                    let rest = readRest(win, reads: &reads, limit: 32, inputFD: inputFD) { ("@"..."~").contains($0) }
                    if let size = parseCellSize(rest) { inputs.append(.cellSize(width: size.width, height: size.height)) }
                    continue
                }
                if got != ERR { _ = tm_unget(got, next) }
            }
            if let input = translate(status: status, code: UInt32(code)) { inputs.append(input) }
        }
        return (inputs, reads)
    }

    /// The key code `Terminal` binds to `ESC [ <`, the start of an SGR mouse report, when the
    /// terminfo entry leaves it free (above every ncurses key code).
    static let sgrMouseCode: Int32 = CursesKey.codes.max + 1
    /// The codes bound to the starts of the answers to OSC 11 (`ESC ] 11 ;`) and DA1 (`ESC [ ?`),
    /// so that they never arrive as keys (`?` would open the help).
    static let backgroundReplyCode: Int32 = CursesKey.codes.max + 2
    static let deviceAttributesCode: Int32 = CursesKey.codes.max + 3
    /// The starts of the answers to the picture questions (`GraphicsProbe`): kitty graphics
    /// (`ESC _ G`) and XTVERSION (`ESC P > |`). (`CSI 16 t`'s answer cannot have one: ncurses
    /// refuses a prefix of terminfo's keys, and `ESC [ 6 ;` starts Ctrl-PageDown's.)
    static let kittyReplyCode: Int32 = CursesKey.codes.max + 4
    static let versionReplyCode: Int32 = CursesKey.codes.max + 5
    static let stringReplyPrefixes: [Int32: String] = [kittyReplyCode: "\u{1B}_G", versionReplyCode: "\u{1B}P>|"]

    /// The characters after a bound prefix, up to and including the one `isLast` accepts, at
    /// most `limit`. A report that came in pieces gets a moment for the rest (its characters
    /// must not arrive later as keys).
    private static func readRest(_ win: UnsafeMutablePointer<WINDOW>?, reads: inout Int, limit: Int, inputFD: Int32,
                                 isLast: (Unicode.Scalar) -> Bool) -> String {
        var rest = ""
        var waits = 0
        while rest.unicodeScalars.count < limit, reads < maxPerRead {
            var next: wint_t = 0
            let got = tm_wget_wch(win, &next)
            if got == ERR, waits < 4 {
                waits += 1
                var fd = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
                _ = poll(&fd, 1, 25)
                continue
            }
            guard got == OK, let scalar = Unicode.Scalar(UInt32(next)) else { break }
            reads += 1
            rest.unicodeScalars.append(scalar)
            if isLast(scalar) { break }
        }
        return rest
    }

    /// The part of `CSI 16 t`'s answer after `ESC [`: `6;height;width t`.
    static func parseCellSize(_ text: String) -> (width: Int, height: Int)? {
        guard text.hasPrefix("6;"), text.hasSuffix("t") else { return nil }
        let numbers = text.dropFirst(2).dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 2, let height = numbers[0], let width = numbers[1], width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// An ncurses mouse event: button 1 down, or a wheel notch; nothing else.
    static func translateMouse(buttons: UInt, x: Int, y: Int) -> MouseEvent? {
        if buttons & tm_button4_pressed() != 0 { return MouseEvent(.wheelUp, x: x, y: y) }
        if buttons & tm_button5_pressed() != 0 { return MouseEvent(.wheelDown, x: x, y: y) }
        if buttons & tm_button1_pressed() != 0 { return MouseEvent(.press, x: x, y: y) }
        return nil
    }

    /// The part of an SGR report after `ESC [ <`: `button;column;row` then `M` (press) or `m`
    /// (release), columns and rows from 1. Button 0 is the left one, 64/65 the wheel; 32 adds
    /// motion, 4/8/16 the modifiers (ignored).
    static func parseSGRMouse(_ text: String) -> MouseEvent? {
        guard let final = text.last, final == "M" || final == "m" else { return nil }
        let fields = text.dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.count == 3, let button = fields[0], let column = fields[1], let row = fields[2],
              column >= 1, row >= 1 else { return nil }
        guard final == "M", button & 32 == 0 else { return nil }
        let kind: MouseEvent.Kind
        switch button & ~0b11100 {
        case 0: kind = .press
        case 64: kind = .wheelUp
        case 65: kind = .wheelDown
        default: return nil
        }
        return MouseEvent(kind, x: column - 1, y: row - 1)
    }

    /// `status` is what `wget_wch` returned: OK for a character, KEY_CODE_YES for a key code.
    static func translate(status: Int32, code: UInt32) -> TerminalInput? {
        if status == CursesKey.codes.code_yes { return functionKeys[Int32(bitPattern: code)] }
        guard status == OK else { return nil }
        switch code {
        case 13, 10: return .key(.enter)
        case 27: return .key(.escape)
        case 127, 8: return .key(.backspace)
        case 9: return .key(.tab)
        case 1...26:
            // Ctrl-A … Ctrl-Z, minus the ones above that have names of their own.
            return .key(.control(Character(Unicode.Scalar(UInt8(code) + 96))))
        case 0..<32, 0x80..<0xA0:
            return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    private static let functionKeys: [Int32: TerminalInput] = [
        CursesKey.codes.up: .key(.up),
        CursesKey.codes.down: .key(.down),
        CursesKey.codes.left: .key(.left),
        CursesKey.codes.right: .key(.right),
        CursesKey.codes.ppage: .key(.pageUp),
        CursesKey.codes.npage: .key(.pageDown),
        CursesKey.codes.home: .key(.home),
        CursesKey.codes.end: .key(.end),
        // The keypad's corners, and vt220 Find/Select, which terminfo gives to the keys marked
        // Home and End on many keyboards.
        CursesKey.codes.a1: .key(.home),
        CursesKey.codes.c1: .key(.end),
        CursesKey.codes.a3: .key(.pageUp),
        CursesKey.codes.c3: .key(.pageDown),
        CursesKey.codes.find: .key(.home),
        CursesKey.codes.select: .key(.end),
        CursesKey.codes.enter: .key(.enter),
        CursesKey.codes.backspace: .key(.backspace),
        CursesKey.codes.btab: .key(.backTab),
        CursesKey.codes.resize: .resize,
    ]
}

/// curses' key codes, read once from the C shim (they are macros).
enum CursesKey {
    static let codes = tm_keys()
}
