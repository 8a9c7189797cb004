import Foundation
import Testing
@testable import TminusTerminal

/// What a crash does to the terminal (see `SignalHandling`), without crashing: the bytes read
/// from terminfo, and the restore itself on a pseudo-terminal.
extension CursesTests {
    @Suite("Leave sequence")
    struct LeaveSequenceTests {
        /// The expected bytes are `infocmp -x`'s, written out by hand.
        @Test func xterm256colorLeavesWithMouseOffThenEndwinsCapabilities() throws {
            let terminal = try OffscreenTerminal(width: 20, height: 5, term: "xterm-256color")
            defer { terminal.close() }
            let expected = "\u{1B}[?1006;1000l" + "\u{1B}(B\u{1B}[m" + "\u{1B}[39;49m" + "\u{1B}[?12l\u{1B}[?25h"
                + "\u{1B}[?1l\u{1B}>" + "\u{1B}[?1049l\u{1B}[23;0;0t"
            #expect(String(decoding: LeaveSequence.current(), as: UTF8.self) == expected)
        }

        /// vt100: no mouse, no colours, no alternate screen, and an sgr0 with a delay.
        @Test func vt100LeavesWithoutItsPadding() throws {
            let terminal = try OffscreenTerminal(width: 20, height: 5, term: "vt100")
            defer { terminal.close() }
            #expect(String(decoding: LeaveSequence.current(), as: UTF8.self) == "\u{1B}[m\u{0F}" + "\u{1B}[?1l\u{1B}>")
        }
    }
}

@Suite("Leave sequence padding")
struct LeavePaddingTests {
    @Test(arguments: [("\u{1B}[m$<2>", "\u{1B}[m"), ("a$<5*/>b$<1.5>", "ab"),
                      ("$<x>", "$<x>"), ("$<12", "$<12"), ("$$<3>", "$"), ("", "")])
    func delaysGoAndEverythingElseStays(_ input: String, _ output: String) {
        #expect(LeaveSequence.withoutPadding(Array(input.utf8)) == Array(output.utf8))
    }
}

/// The C side's global state is the process's: these run one at a time.
@Suite("Crash restore", .serialized)
struct CrashRestoreTests {
    /// A pseudo-terminal: the program's end (`slave`) and what the terminal receives (`master`).
    final class PTY {
        var master: Int32 = -1
        var slave: Int32 = -1

        init() throws {
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(slave)
            close(master)
        }

        /// Everything the program wrote so far.
        func received() -> [UInt8] {
            var all: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while case let n = buffer.withUnsafeMutableBytes({ read(master, $0.baseAddress, $0.count) }), n > 0 {
                all += buffer.prefix(n)
            }
            return all
        }

        func modes() -> [UInt32] {
            var t = termios()
            _ = tcgetattr(slave, &t)
            return [t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag]
                + withUnsafeBytes(of: t.c_cc) { $0.map(UInt32.init) }
        }
    }

    /// curses' modes, roughly: no echo, no canonical input, no output processing.
    static func makeRaw(_ fd: Int32) {
        var t = termios()
        _ = tcgetattr(fd, &t)
        cfmakeraw(&t)
        _ = tcsetattr(fd, TCSANOW, &t)
    }

    @Test func anArmedRestoreWritesTheSequenceThenPutsTheModesBackOnce() throws {
        let pty = try PTY()
        let shell = pty.modes()
        SignalHandling.saveTerminalModes(pty.slave)
        Self.makeRaw(pty.slave)
        #expect(pty.modes() != shell)
        SignalHandling.armTerminalRestore(leaving: Array("\u{1B}[?1049l".utf8))

        SignalHandling.restoreTerminalAsACrashWould()
        #expect(pty.received() == Array("\u{1B}[?1049l".utf8))
        #expect(pty.modes() == shell)

        // Disarmed by the first: a second crash path (exit() after a signal) does nothing.
        Self.makeRaw(pty.slave)
        SignalHandling.restoreTerminalAsACrashWould()
        #expect(pty.received().isEmpty)
        #expect(pty.modes() != shell)
    }

    @Test func aDisarmedRestoreLeavesTheTerminalAlone() throws {
        let pty = try PTY()
        SignalHandling.saveTerminalModes(pty.slave)
        Self.makeRaw(pty.slave)
        let raw = pty.modes()
        SignalHandling.armTerminalRestore(leaving: Array("bye".utf8))
        SignalHandling.setTerminalRestoreArmed(false)   // the terminal was handed back
        SignalHandling.restoreTerminalAsACrashWould()
        #expect(pty.received().isEmpty)
        #expect(pty.modes() == raw)
    }

    @Test func aSequenceTooLongArmsNothing() throws {
        let pty = try PTY()
        SignalHandling.saveTerminalModes(pty.slave)
        SignalHandling.armTerminalRestore(leaving: [UInt8](repeating: 0x41, count: 4096))
        SignalHandling.restoreTerminalAsACrashWould()
        #expect(pty.received().isEmpty)
    }
}
