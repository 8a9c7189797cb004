import CNcurses
import Foundation
import TminusCore
import TminusImage
import TminusViewModel

/// The app's start-up questions about pictures and the background, asked outside curses for
/// `tminus doctor`. The same questions (`BackgroundProbe`'s, `GraphicsProbe`'s, one DA1 last)
/// go to the terminal with its input raw for a moment; the answers are read until DA1's (every
/// terminal answers that, last) or `patience`, and the same probes read them, so doctor says what
/// the app would choose on this terminal, and why.
public enum TerminalInterview {
    /// What the terminal said and what the app makes of it.
    public struct Findings: Sendable, Equatable {
        /// What `--pictures` comes to here: the protocol and the cell size in pixels.
        public var graphics: TerminalGraphics
        /// Where the cell size came from: "kernel", "terminal" (`CSI 16 t`) or "guess".
        public var cellFrom: String
        /// The background colour as the terminal said it (`rgb:0000/0000/0000`); nil when it did not.
        public var backgroundColor: String?
        /// The background that colour is, or the guess (`COLORFGBG`, else dark) without one.
        public var background: TerminalBackground
        /// The kitty, XTVERSION and DA1 answers.
        public var answers: TerminalAnswers
        /// Whether anything was asked: not a named protocol with a known cell size, nor the Linux
        /// console (`BackgroundProbe.worthAsking`).
        public var asked: Bool
        /// Whether DA1 was answered, in `patience`.
        public var answered: Bool
    }

    /// More than the app's first frame waits (`BackgroundProbe.patience`): a doctor may take a
    /// second over ssh, and it stops at DA1's answer, within a millisecond on this machine.
    public static let patience: TimeInterval = 1

    /// Asks the terminal on `input` / `output`. Nil when either is not a terminal (doctor's
    /// output piped or redirected): nothing is asked then, since the answers would be lost or,
    /// with a pager on the same terminal, read by it.
    public static func ask(choice: PictureChoice, environment: [String: String],
                           input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                           patience: TimeInterval = Self.patience) -> Findings? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        // The background is asked only where the app would start colours (Terminal.configureScreen).
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let colorful = !noColor && ColorMode(colors: Terminfo.colors(term: environment["TERM"] ?? "") ?? 0) != .monochrome
        var rows: Int32 = 0, cols: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        let size = tm_window_size(output, &rows, &cols) == 0 ? Size(width: Int(cols), height: Int(rows)) : Size(width: 80, height: 24)
        let pixels = tm_window_pixels(output, &width, &height) == 0 ? (Int(width), Int(height)) : (0, 0)
        let now = Date()
        var background = BackgroundProbe(environment: environment, colorful: colorful, now: now)
        var graphics = GraphicsProbe(choice: choice, environment: environment, windowPixels: pixels, size: size, now: now)
        var questions = background.asks ? Array(BackgroundProbe.question.utf8) : []
        questions += graphics.questions()
        let bytes = questions.isEmpty ? [] : exchange(questions + GraphicsCapabilities.deviceAttributesQuery,
                                                      input: input, output: output, patience: patience)
        return findings(inputs: inputs(in: bytes), asked: !questions.isEmpty, background: &background,
                        graphics: &graphics, kernelCell: GraphicsProbe.cell(windowPixels: pixels, size: size) != nil)
    }

    /// What the probes make of the answers (in order); a probe still waiting after the last
    /// one settles on what it has, as the app's does when `patience` runs out.
    static func findings(inputs: [TerminalInput], asked: Bool, background: inout BackgroundProbe,
                         graphics: inout GraphicsProbe, kernelCell: Bool) -> Findings {
        var color: String?
        var settled: TerminalBackground?
        var terminalCell = false
        for input in inputs {
            switch input {
            case .backgroundColor(let said): color = said
            case .cellSize: terminalCell = true
            default: break
            }
            settled = background.settle(input) ?? settled
            _ = graphics.settle(input)
        }
        settled = background.expire(now: .distantFuture) ?? settled
        _ = graphics.expire(now: .distantFuture)
        return Findings(graphics: graphics.graphics,
                        cellFrom: kernelCell ? "kernel" : terminalCell ? "terminal" : "guess",
                        backgroundColor: color, background: settled ?? background.fallback,
                        answers: graphics.answers, asked: asked, answered: graphics.answers.deviceAttributes != nil)
    }

    /// Writes `questions` with the terminal's input raw (no echo, no line editing, so the answers
    /// neither show nor wait for Enter) and reads until DA1's answer or `patience`; the terminal
    /// is set back as it was before returning.
    private static func exchange(_ questions: [UInt8], input: Int32, output: Int32, patience: TimeInterval) -> [UInt8] {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return [] }
        var raw = saved
        cfmakeraw(&raw)
        // Output as it was: cfmakeraw also stops turning "\n" into "\r\n".
        raw.c_oflag = saved.c_oflag
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return [] }
        defer { _ = tcsetattr(input, TCSAFLUSH, &saved) }

        var written = 0
        while written < questions.count {
            let n = questions[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return [] }
            written += n
        }
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(patience)
        var buffer = [UInt8](repeating: 0, count: 1024)
        // A bounded read: answers are short, and a terminal that streams something else is cut off.
        while bytes.count < 16 * 1024 {
            let left = Int32(deadline.timeIntervalSinceNow * 1000)
            guard left > 0 else { break }
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, left)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += buffer[..<n]
            if GraphicsCapabilities.answersComplete(bytes) { break }
        }
        return bytes
    }

    /// The answers in `bytes`, in order: OSC 11's colour, kitty's and XTVERSION's replies,
    /// `CSI 16 t`'s cell size and DA1. Anything else (a key pressed meanwhile, an answer cut off)
    /// is skipped.
    static func inputs(in bytes: [UInt8]) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == 0x1B else { i += 1; continue }
            switch bytes[i + 1] {
            case UInt8(ascii: "]"):   // OSC 11: `11;rgb:…`, ended by ST or BEL
                guard let (end, next) = stringEnd(bytes, from: i + 2, bell: true) else { return inputs }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix("11;") { inputs.append(.backgroundColor(String(body.dropFirst(3)))) }
                i = next
            case UInt8(ascii: "_"), UInt8(ascii: "P"):   // APC (kitty), DCS (XTVERSION): whole
                guard let (_, next) = stringEnd(bytes, from: i + 2, bell: false) else { return inputs }
                inputs.append(.graphicsReply(Array(bytes[i..<next])))
                i = next
            case UInt8(ascii: "["):   // CSI: DA1 `? params c`, the cell size `6;h;w t`
                var j = i + 2
                while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return inputs }
                let text = String(decoding: bytes[(i + 2)...j], as: UTF8.self)
                if text.hasPrefix("?"), text.hasSuffix("c") {
                    inputs.append(.deviceAttributes(text.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }))
                } else if let cell = KeyReader.parseCellSize(text) {
                    inputs.append(.cellSize(width: cell.width, height: cell.height))
                }
                i = j + 1
            default:
                i += 1
            }
        }
        return inputs
    }

    /// Where a string sequence's body ends (ST, `ESC \`, or BEL where allowed) and the index
    /// after its terminator.
    private static func stringEnd(_ bytes: [UInt8], from start: Int, bell: Bool) -> (end: Int, next: Int)? {
        var j = start
        while j < bytes.count {
            if bell && bytes[j] == 0x07 { return (j, j + 1) }
            if bytes[j] == 0x1B, j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "\\") { return (j, j + 2) }
            j += 1
        }
        return nil
    }
}
