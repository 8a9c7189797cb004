import CNcurses
import TminusViewModel

/// What the terminal said: a key, or that its size changed.
enum TerminalInput: Equatable {
    case key(Key)
    case resize
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
    static func readAvailable() -> (inputs: [TerminalInput], reads: Int) {
        let win = tm_stdscr()
        var inputs: [TerminalInput] = []
        var code: wint_t = 0
        var reads = 0
        while reads < maxPerRead {
            let status = tm_wget_wch(win, &code)
            if status == ERR { break }
            reads += 1
            if let input = translate(status: status, code: UInt32(code)) { inputs.append(input) }
        }
        return (inputs, reads)
    }

    /// `status` is what `wget_wch` returned: OK for a character, KEY_CODE_YES for a key code.
    static func translate(status: Int32, code: UInt32) -> TerminalInput? {
        if status == tm_key_code_yes() { return functionKeys[Int32(bitPattern: code)] }
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
        tm_key_up(): .key(.up),
        tm_key_down(): .key(.down),
        tm_key_left(): .key(.left),
        tm_key_right(): .key(.right),
        tm_key_ppage(): .key(.pageUp),
        tm_key_npage(): .key(.pageDown),
        tm_key_home(): .key(.home),
        tm_key_end(): .key(.end),
        // The keypad's corners, and vt220 Find/Select, which terminfo gives to the keys marked
        // Home and End on many keyboards.
        tm_key_a1(): .key(.home),
        tm_key_c1(): .key(.end),
        tm_key_a3(): .key(.pageUp),
        tm_key_c3(): .key(.pageDown),
        tm_key_find(): .key(.home),
        tm_key_select(): .key(.end),
        tm_key_enter(): .key(.enter),
        tm_key_backspace(): .key(.backspace),
        tm_key_btab(): .key(.backTab),
        tm_key_resize(): .resize,
    ]
}
