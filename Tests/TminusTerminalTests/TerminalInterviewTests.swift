import Foundation
import Testing
import TminusCore
import TminusImage
@testable import TminusTerminal
import TminusViewModel

/// `tminus doctor`'s questions to the terminal, outside curses: the answers read from raw bytes,
/// what the probes make of them, and the exchange itself on a pty. Inside the curses suite, one
/// at a time with the others: asking terminfo for a terminal's colours (`setupterm`) sets
/// curses' global terminal, which a test opening a screen beside it would change under it
/// (seen in CI: the background question went unasked once).
extension CursesTests {
    @Suite("Terminal interview")
    struct TerminalInterviewTests {
        let xterm = ["TERM": "xterm-256color"]
        let size = Size(width: 80, height: 24)
        static let da1Sixel = "\u{1B}[?63;1;2;4;6;9;15;22c"

        func findings(_ answers: String, choice: PictureChoice = .auto, environment: [String: String]? = nil,
                      pixels: (Int, Int) = (0, 0)) -> TerminalInterview.Findings {
            let environment = environment ?? xterm
            var background = BackgroundProbe(environment: environment, colorful: true, now: Date())
            var graphics = GraphicsProbe(choice: choice, environment: environment, windowPixels: pixels, size: size, now: Date())
            return TerminalInterview.findings(inputs: TerminalInterview.inputs(in: Array(answers.utf8)), asked: true,
                                              background: &background, graphics: &graphics,
                                              kernelCell: GraphicsProbe.cell(windowPixels: pixels, size: size) != nil)
        }

        @Test func readsEachAnswerAndSkipsWhatElseCame() {
            let bytes = "x\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + "\u{1B}_Gi=31;OK\u{1B}\\" + "j" + "\u{1B}P>|XTerm(390)\u{1B}\\"
                + "\u{1B}[6;20;10t" + "\u{1B}[A" + Self.da1Sixel + "\u{1B}]11;rgb:0"
            #expect(TerminalInterview.inputs(in: Array(bytes.utf8)) == [
                .backgroundColor("rgb:ffff/ffff/ffff"),
                .graphicsReply(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)),
                .graphicsReply(Array("\u{1B}P>|XTerm(390)\u{1B}\\".utf8)),
                .cellSize(width: 10, height: 20),
                .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22]),
            ], "keys typed meanwhile and an arrow are skipped; the answer cut off at the end is not read")
            #expect(TerminalInterview.inputs(in: Array("\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{07}".utf8)) == [.backgroundColor("rgb:1c1c/1c1c/1c1c")],
                    "OSC 11 ended by BEL, as some terminals answer")
        }

        @Test func xtermWithSixelsOnALightBackground() {
            let found = findings("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[6;20;10t" + Self.da1Sixel)
            #expect(found.graphics == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20))
            #expect(found.cellFrom == "terminal")
            #expect(found.background == .light && found.backgroundColor == "rgb:ffff/ffff/ffff")
            #expect(found.answers.version == "XTerm(390)" && found.answers.sixel && found.answered)
        }

        @Test func kittyAnswersItsQueryAndTheKernelKnowsTheCell() {
            let found = findings("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", pixels: (800, 480))
            #expect(found.graphics == TerminalGraphics(pictureProtocol: .kitty, cellWidth: 10, cellHeight: 20))
            #expect(found.cellFrom == "kernel" && found.background == .dark)
        }

        @Test func silenceIsSymbolsAndTheGuessedBackground() {
            let found = findings("", environment: ["TERM": "xterm-256color", "COLORFGBG": "0;15"])
            #expect(!found.answered && found.graphics.pictureProtocol == .symbols)
            #expect(found.backgroundColor == nil && found.background == .light, "COLORFGBG's guess")
            #expect(found.cellFrom == "guess")
        }

        @Test func aNamedProtocolIsKeptWhateverTheTerminalSays() {
            let found = findings("\u{1B}_Gi=31;OK\u{1B}\\" + Self.da1Sixel, choice: .iterm)
            #expect(found.graphics.pictureProtocol == .iterm2)
        }

        // MARK: - The exchange, on a pty

        /// A pty whose terminal end answers the questions once DA1 is asked (nothing when `answer`
        /// is nil); returns what was asked.
        func interview(answer: String?, patience: TimeInterval = 1,
                       _ body: (Int32) -> TerminalInterview.Findings?) throws -> (TerminalInterview.Findings?, String, termios, termios) {
            var master: Int32 = -1, slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
            defer { close(master); close(slave) }
            var before = termios()
            tcgetattr(slave, &before)
            let asked = LockedBytes()
            let terminal = master
            let responder = Thread {
                var buffer = [UInt8](repeating: 0, count: 512)
                while true {
                    var fd = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
                    guard poll(&fd, 1, 2000) > 0 else { return }
                    let n = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
                    guard n > 0 else { return }
                    asked.append(buffer[..<n])
                    if asked.text.hasSuffix("\u{1B}[c") {
                        if let answer { _ = Array(answer.utf8).withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) } }
                        return
                    }
                }
            }
            responder.start()
            let found = body(slave)
            var after = termios()
            tcgetattr(slave, &after)
            while !responder.isFinished { usleep(1000) }
            return (found, asked.text, before, after)
        }

        @Test func asksOnceWithDA1LastAndLeavesTheTerminalAsItWas() throws {
            let (found, asked, before, after) = try interview(answer: "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[6;20;10t" + Self.da1Sixel) {
                TerminalInterview.ask(choice: .auto, environment: xterm, input: $0, output: $0)
            }
            #expect(asked.hasPrefix(BackgroundProbe.question))
            #expect(asked.contains("\u{1B}[>0q") && asked.contains("\u{1B}[16t"), "XTVERSION, and the cell size the pty's kernel does not know")
            #expect(asked.hasSuffix("\u{1B}[c") && asked.components(separatedBy: "\u{1B}[c").count == 2, "one DA1, last")
            #expect(found?.graphics == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20))
            #expect(found?.background == .light)
            #expect(before.c_lflag == after.c_lflag && before.c_iflag == after.c_iflag && before.c_oflag == after.c_oflag,
                    "echo and line editing back on")
        }

        @Test func aTerminalThatSaysNothingIsGivenUpOn() throws {
            let started = Date()
            let (found, _, before, after) = try interview(answer: nil) {
                TerminalInterview.ask(choice: .auto, environment: xterm, input: $0, output: $0, patience: 0.2)
            }
            #expect(Date().timeIntervalSince(started) < 3)
            #expect(found?.answered == false && found?.asked == true && found?.graphics.pictureProtocol == .symbols)
            #expect(before.c_lflag == after.c_lflag)
        }

        @Test func nothingIsAskedWhenTheOutputIsNotATerminal() throws {
            var pipeEnds: [Int32] = [0, 0]
            #expect(pipe(&pipeEnds) == 0)
            defer { close(pipeEnds[0]); close(pipeEnds[1]) }
            #expect(TerminalInterview.ask(choice: .auto, environment: xterm,
                                          input: pipeEnds[0], output: pipeEnds[1]) == nil)
        }
    }
}

/// Bytes appended by the responder thread, read by the test.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ more: ArraySlice<UInt8>) { lock.withLock { bytes += more } }
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
