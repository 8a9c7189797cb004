import CNcurses
import Foundation
import Testing
import TminusCore
@testable import TminusTerminal
import TminusViewModel

/// Asking the terminal for its background: when to ask, what each answer settles, and how
/// long the first frame waits.
@Suite("Background probe")
struct BackgroundProbeTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func anAnswerSettlesItAndALateAnswerStillCounts() {
        var probe = BackgroundProbe(environment: ["TERM": "xterm-256color"], colorful: true, now: start)
        #expect(probe.asks && probe.isWaiting)
        #expect(probe.millisecondsLeft(now: start) == 150)
        #expect(probe.settle(.backgroundColor("rgb:ffff/ffff/ffff")) == .light)
        #expect(!probe.isWaiting)
        #expect(probe.settle(.deviceAttributes([62, 22])) == nil, "DA1 after the colour changes nothing")
        #expect(probe.expire(now: start.addingTimeInterval(1)) == nil)
        #expect(probe.settle(.backgroundColor("rgb:0000/0000/0000")) == .dark, "a later answer is still the truth")
        #expect(probe.settle(.key(.character("j"))) == nil)
    }

    @Test func deviceAttributesFirstMeansNoColourComing() {
        var probe = BackgroundProbe(environment: ["TERM": "screen", "COLORFGBG": "0;15"], colorful: true, now: start)
        #expect(probe.settle(.deviceAttributes([1, 2])) == .light, "COLORFGBG's guess at once, no timeout")
        #expect(!probe.isWaiting)
        #expect(probe.millisecondsLeft(now: start) == nil)
    }

    @Test func silenceRunsOutAfterPatience() {
        var probe = BackgroundProbe(environment: ["TERM": "xterm-256color"], colorful: true, now: start)
        #expect(probe.expire(now: start.addingTimeInterval(0.1)) == nil)
        #expect(probe.millisecondsLeft(now: start.addingTimeInterval(0.1)) == 50)
        #expect(probe.expire(now: start.addingTimeInterval(0.15)) == .dark, "no COLORFGBG: dark")
        #expect(probe.expire(now: start.addingTimeInterval(0.2)) == nil, "once")
    }

    @Test func anUnreadableAnswerIsTheGuess() {
        var probe = BackgroundProbe(environment: ["TERM": "xterm-256color", "COLORFGBG": "15;0"], colorful: true, now: start)
        #expect(probe.settle(.backgroundColor("cmyk:0/0/0/0")) == .dark)
        #expect(probe.settle(.backgroundColor("garbage")) == nil, "settled already: nothing new")
    }

    @Test func theConsoleAndColourlessTerminalsAreNotAsked() {
        let console = BackgroundProbe(environment: ["TERM": "linux", "COLORFGBG": "0;15"], colorful: true, now: start)
        #expect(!console.asks && !console.isWaiting)
        #expect(console.fallback == .light)
        #expect(!BackgroundProbe(environment: ["TERM": "xterm"], colorful: false, now: start).asks)
        #expect(BackgroundProbe.question == "\u{1B}]11;?\u{1B}\\")
    }
}

/// The answers through a real pty and ncurses' own key parsing: they come out as answers,
/// in order with the keys around them, and never as keys.
extension CursesTests {
    @Suite("Terminal answers")
    struct TerminalAnswerTests {
        /// A curses screen on a fresh pty; `body` gets the terminal's end to type into.
        func withScreen(_ body: (_ master: Int32, _ slave: Int32) throws -> Void) throws {
            var master: Int32 = -1, slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
            defer { close(master); close(slave) }
            // Raw, as curses would make it: curses sets the modes on its output, /dev/null here.
            var modes = termios()
            tcgetattr(slave, &modes)
            cfmakeraw(&modes)
            tcsetattr(slave, TCSANOW, &modes)
            // What curses writes goes nowhere: only the input side is under test.
            guard let input = fdopen(dup(slave), "r"), let output = fopen("/dev/null", "w") else { throw POSIXError(.EIO) }
            defer { fclose(input); fclose(output) }
            guard let screen = newterm("xterm-256color", output, input) else { throw TerminalError.unknownTerminal("xterm-256color") }
            defer { endwin(); delscreen(screen) }
            _ = Terminal.configureScreen(environment: ["NO_COLOR": "1"])
            try body(master, slave)
        }

        func type(_ text: String, into master: Int32) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            usleep(20_000)
        }

        func readAll(_ slave: Int32) -> [TerminalInput] {
            var all: [TerminalInput] = []
            for _ in 0..<5 {
                all += KeyReader.readAvailable(inputFD: slave).inputs
                usleep(10_000)
            }
            return all
        }

        @Test func answersBetweenKeysStayAnswersAndTheKeysStayKeys() throws {
            try withScreen { master, slave in
                type("j\u{1B}]11;rgb:ffff/fefe/fdfd\u{1B}\\k\u{1B}[?64;1;2;6;22cq", into: master)
                #expect(readAll(slave) == [.key(.character("j")), .backgroundColor("rgb:ffff/fefe/fdfd"), .key(.character("k")),
                                           .deviceAttributes([64, 1, 2, 6, 22]), .key(.character("q"))])
            }
        }

        @Test func aBelEndedAnswerAndAnArrowAfterIt() throws {
            try withScreen { master, slave in
                type("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[A?", into: master)
                #expect(readAll(slave) == [.backgroundColor("rgb:0000/0000/0000"), .key(.up), .key(.character("?"))])
            }
        }

        @Test func anAnswerInTwoPiecesIsReadWhole() throws {
            try withScreen { master, slave in
                let bytes = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)
                _ = bytes.prefix(12).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
                    _ = bytes.dropFirst(12).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
                usleep(5_000)
                let first = KeyReader.readAvailable(inputFD: slave).inputs
                #expect(first + readAll(slave) == [.backgroundColor("rgb:ffff/ffff/ffff")])
            }
        }
    }
}
