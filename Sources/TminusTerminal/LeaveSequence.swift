import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes that take a terminal out of full-screen mode, read from terminfo while curses is
/// up, so that a crash handler can write them without calling curses (endwin is not
/// async-signal-safe): the capabilities endwin leaves with.
enum LeaveSequence {
    /// Attributes and colours off, cursor shown, keypad transmit off, main screen back (last:
    /// xterm's rmcup also restores the cursor position and the window title).
    static let capabilities = ["sgr0", "op", "cnorm", "rmkx", "rmcup"]

    /// For the current curses terminal: mouse reports off, then `capabilities`.
    static func current() -> [UInt8] {
        mouseOff() + capabilities.flatMap { capability($0).map { withoutPadding(bytes($0)) } ?? [] }
    }

    /// What ncurses sends to stop mouse reports: terminfo's XM with 0, or for a terminal that
    /// reports a mouse without saying how to stop it, xterm's SGR and normal modes off (unknown
    /// private modes are ignored, so one covers both kinds of report).
    static func mouseOff() -> [UInt8] {
        if let xm = capability("XM"), let off = tm_tiparm1(xm, 0) {
            return withoutPadding(bytes(off))
        }
        return capability("kmous") == nil ? [] : Array("\u{1B}[?1006;1000l".utf8)
    }

    /// terminfo's delays (`$<5>`, `$<2*/>`) are for tputs, which waits or pads; written as they
    /// are they would show up as text.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<"),
               let close = bytes[(i + 2)...].firstIndex(of: UInt8(ascii: ">")),
               bytes[(i + 2)..<close].allSatisfy({ Self.delayCharacters.contains($0) }) {
                i = close + 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    private static let delayCharacters = Set("0123456789.*/".utf8)

    /// A string capability of the current terminal, or nil when it has none (tigetstr answers
    /// NULL for absent and -1 for "not a string capability").
    private static func capability(_ name: String) -> UnsafePointer<CChar>? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return UnsafePointer(value)
    }

    /// The bytes as they are: terminfo strings need not be UTF-8.
    private static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: string, count: strlen(string))).map { UInt8(bitPattern: $0) }
    }
}
