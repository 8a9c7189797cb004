import CNcurses
import Foundation
import Testing
import TminusCore
import TminusImage
@testable import TminusTerminal
import TminusViewModel

/// Asking the terminal how it shows pictures: what is asked when, what the answers settle,
/// how long the first frame waits, and the cell size.
@Suite("Graphics probe")
struct GraphicsProbeTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let xterm = ["TERM": "xterm-256color"]
    let size = Size(width: 80, height: 24)

    func probe(_ choice: PictureChoice, _ environment: [String: String]? = nil,
               pixels: (Int, Int) = (0, 0)) -> GraphicsProbe {
        GraphicsProbe(choice: choice, environment: environment ?? xterm, windowPixels: pixels, size: size, now: start)
    }

    @Test func autoAsksKittyAndVersionAndTheCellSizeWhenTheKernelDoesNotKnowIt() {
        let asking = probe(.auto)
        #expect(asking.questions() == KittyGraphics.query + Array("\u{1B}[>0q\u{1B}[16t".utf8))
        #expect(asking.isWaiting && asking.millisecondsLeft(now: start) == 150)
        let knowing = probe(.auto, pixels: (800, 480))
        #expect(knowing.questions() == KittyGraphics.query + GraphicsCapabilities.versionQuery, "no CSI 16 t")
    }

    @Test func insideTmuxTheKittyQueryGoesThroughThePassthrough() {
        let tmux = probe(.auto, ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], pixels: (800, 480))
        #expect(tmux.questions() == GraphicsCapabilities.tmuxPassthrough(KittyGraphics.query) + GraphicsCapabilities.versionQuery)
    }

    @Test func xtermWithSixelsAnswersAndDA1Settles() {
        var p = probe(.auto)
        #expect(p.settleWithoutAsking() == nil, "waiting for answers")
        #expect(p.settle(.graphicsReply(Array("\u{1B}P>|XTerm(390)\u{1B}\\".utf8))) == nil)
        #expect(p.settle(.cellSize(width: 6, height: 13)) == nil, "nothing before DA1")
        #expect(p.settle(.key(.character("j"))) == nil)
        #expect(p.settle(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22])) == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 6, cellHeight: 13))
        #expect(!p.isWaiting && p.millisecondsLeft(now: start) == nil)
        #expect(p.settle(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22])) == nil, "nothing new")
    }

    @Test func kittyAnswersOK() {
        var p = probe(.auto, pixels: (1600, 960))
        _ = p.settle(.graphicsReply(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)))
        _ = p.settle(.graphicsReply(Array("\u{1B}P>|kitty(0.31.0)\u{1B}\\".utf8)))
        #expect(p.settle(.deviceAttributes([62, 22])) == TerminalGraphics(pictureProtocol: .kitty, cellWidth: 20, cellHeight: 40))
    }

    @Test func noAnswerInTimeIsSymbols() {
        var p = probe(.auto)
        #expect(p.expire(now: start.addingTimeInterval(0.1)) == nil)
        #expect(p.expire(now: start.addingTimeInterval(0.15)) == TerminalGraphics.symbols)
        #expect(p.expire(now: start.addingTimeInterval(0.3)) == nil, "once")
        #expect(p.settle(.cellSize(width: 9, height: 18)) == TerminalGraphics(pictureProtocol: .symbols, cellWidth: 9, cellHeight: 18),
                "a late answer still counts")
        #expect(p.settle(.deviceAttributes([63, 4])) == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 9, cellHeight: 18),
                "a terminal that answers late still gets its pixels")
    }

    @Test func aNamedProtocolIsNotAskedAboutButItsCellSizeIs() {
        var known = probe(.sixel, pixels: (800, 480))
        #expect(known.questions().isEmpty && !known.isWaiting)
        #expect(known.settleWithoutAsking() == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20))
        var unknown = probe(.kitty)
        #expect(unknown.questions() == GraphicsProbe.cellSizeQuery && unknown.isWaiting)
        #expect(unknown.settle(.deviceAttributes([62])) == TerminalGraphics(pictureProtocol: .kitty, cellWidth: 10, cellHeight: 20),
                "no answer to CSI 16 t: 10x20")
        var iterm = probe(.iterm, ["TERM": "xterm-256color", "TMUX": "x"], pixels: (800, 480))
        #expect(iterm.settleWithoutAsking()?.pictureProtocol == .iterm2, "named: even inside tmux")
    }

    @Test(arguments: [PictureChoice.symbols, .none])
    func symbolsAndNoneAskNothing(_ choice: PictureChoice) {
        var p = probe(choice)
        #expect(p.questions().isEmpty && !p.isWaiting)
        #expect(p.settleWithoutAsking() == .symbols)
        let resized = p.resized(windowPixels: (0, 0), size: size)
        #expect(resized.graphics == nil && !resized.ask)
    }

    @Test func theLinuxConsoleIsNotAsked() {
        var p = probe(.auto, ["TERM": "linux"])
        #expect(p.questions().isEmpty)
        #expect(p.settleWithoutAsking() == .symbols)
    }

    @Test func aResizeReadsTheKernelAgainOrAsks() {
        var p = probe(.sixel, pixels: (800, 480))
        _ = p.settleWithoutAsking()
        let same = p.resized(windowPixels: (1000, 600), size: Size(width: 100, height: 30))
        #expect(same.graphics == nil && !same.ask, "the same cell size: nothing new")
        let bigger = p.resized(windowPixels: (1200, 720), size: Size(width: 100, height: 30))
        #expect(bigger.graphics == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 12, cellHeight: 24) && !bigger.ask)
        let unknown = p.resized(windowPixels: (0, 0), size: size)
        #expect(unknown.graphics == nil && unknown.ask)
        #expect(p.settle(.cellSize(width: 7, height: 14)) == TerminalGraphics(pictureProtocol: .sixel, cellWidth: 7, cellHeight: 14))
    }
}

/// The picture answers through a real pty and ncurses' key parsing: answers, never keys.
extension CursesTests.TerminalAnswerTests {
    @Test func pictureAnswersBetweenKeysStayAnswers() throws {
        try withScreen { master, slave in
            type("j\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.31.0)\u{1B}\\\u{1B}[6;20;10tk\u{1B}[?62;4;22cq", into: master)
            #expect(readAll(slave) == [.key(.character("j")), .graphicsReply(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)),
                                       .graphicsReply(Array("\u{1B}P>|kitty(0.31.0)\u{1B}\\".utf8)),
                                       .cellSize(width: 10, height: 20), .key(.character("k")),
                                       .deviceAttributes([62, 4, 22]), .key(.character("q"))])
        }
    }

    @Test func pictureAnswersSplitAcrossReadsAreReadWhole() throws {
        try withScreen { master, slave in
            let bytes = Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[6;13;6t\u{1B}[?63;1;2;4c".utf8)
            // Cut inside the XTVERSION answer, inside the cell size and inside DA1.
            let cuts = [30, 44, 53, bytes.count]
            _ = bytes.prefix(cuts[0]).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            DispatchQueue.global().async {
                for (from, to) in zip(cuts, cuts.dropFirst()) {
                    usleep(15_000)
                    _ = bytes[from..<to].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
            }
            usleep(5_000)
            let first = KeyReader.readAvailable(inputFD: slave).inputs
            #expect(first + readAll(slave) == [.backgroundColor("rgb:0000/0000/0000"),
                                               .graphicsReply(Array("\u{1B}P>|XTerm(390)\u{1B}\\".utf8)),
                                               .cellSize(width: 6, height: 13), .deviceAttributes([63, 1, 2, 4])])
        }
    }

    @Test func ctrlPageDownIsDroppedNotTyped() throws {
        try withScreen { master, slave in
            type("\u{1B}[6;5~x", into: master)
            #expect(readAll(slave) == [.key(.character("x"))])
        }
    }
}
