import Testing
import TminusImage

@Suite("Picking the picture protocol from the terminal's answers")
struct GraphicsCapabilitiesTests {
    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static func version(_ name: String) -> String { "\u{1B}P>|\(name)\u{1B}\\" }
    static func answers(_ text: String) -> TerminalAnswers { GraphicsCapabilities.parse(Array(text.utf8)) }
    static func choice(_ text: String, tmux: Bool = false) -> PictureProtocol {
        GraphicsCapabilities.choose(answers(text), insideTmux: tmux)
    }

    @Test func readsEachAnswer() {
        let parsed = Self.answers(Self.kittyOK + Self.version("kitty(0.31.0)") + "\u{1B}[?62;4;22c")
        #expect(parsed == TerminalAnswers(kittyGraphics: true, deviceAttributes: [62, 4, 22], version: "kitty(0.31.0)"))
        #expect(parsed.sixel)
    }

    @Test func kittyAnswersWin() {
        #expect(Self.choice(Self.kittyOK + Self.version("kitty(0.31.0)") + "\u{1B}[?62;c") == .kitty)
        // Even with sixel also there, and inside tmux (placeholders are text to tmux).
        #expect(Self.choice(Self.kittyOK + "\u{1B}[?62;4;22c", tmux: true) == .kitty)
    }

    @Test func aKittyErrorIsNotKitty() {
        let text = "\u{1B}_Gi=31;EINVAL:unsupported\u{1B}\\" + "\u{1B}[?62;22c"
        #expect(!Self.answers(text).kittyGraphics)
        #expect(Self.choice(text) == .symbols)
        // Nor is an OK for another id.
        #expect(!Self.answers("\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62c").kittyGraphics)
    }

    @Test func iTerm2ByItsVersion() {
        #expect(Self.choice(Self.version("iTerm2 3.5.0") + "\u{1B}[?62;4c") == .iterm2)
        // Inside tmux an iTerm2 picture would not survive tmux's redraws: sixel, or symbols.
        #expect(Self.choice(Self.version("iTerm2 3.5.0") + "\u{1B}[?62;4c", tmux: true) == .sixel)
        #expect(Self.choice(Self.version("iTerm2 3.5.0") + "\u{1B}[?62c", tmux: true) == .symbols)
    }

    @Test func weztermAnswersKittyButHasNoPlaceholders() {
        let text = Self.kittyOK + Self.version("WezTerm 20240203-110809-5046fc22") + "\u{1B}[?65;4;6;18;22c"
        #expect(Self.choice(text) == .iterm2)
        #expect(Self.choice(text, tmux: true) == .sixel)
    }

    @Test func sixelFromDA1() {
        #expect(Self.choice(Self.version("foot(1.16.2)") + "\u{1B}[?62;4;22c") == .sixel)
        // xterm -ti vt340 answers DA1 alone (its XTVERSION is "XTerm(390)").
        #expect(Self.choice(Self.version("XTerm(390)") + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c") == .sixel)
        // tmux 3.4 built with sixel answers for itself.
        #expect(Self.choice(Self.version("tmux 3.4") + "\u{1B}[?1;2;4c", tmux: true) == .sixel)
    }

    @Test func nothingUsefulIsSymbols() {
        #expect(Self.choice("\u{1B}[?1;2c") == .symbols)            // plain xterm
        #expect(Self.choice("\u{1B}[?62;42;c") == .symbols)         // 42 is not 4
        #expect(Self.choice("") == .symbols)
        // The environment alone never decides: no answers, no pictures.
        #expect(GraphicsCapabilities.choose(TerminalAnswers(), insideTmux: false) == .symbols)
    }

    @Test func answersAmidOtherInputAndInAnyOrder() {
        let text = "x\u{1B}[?62;4c" + "k" + Self.version("foot(1.16.2)") + Self.kittyOK
        let parsed = Self.answers(text)
        #expect(parsed.kittyGraphics && parsed.sixel && parsed.version == "foot(1.16.2)")
    }

    @Test func completeOnlyOnceDA1Arrived() {
        #expect(!GraphicsCapabilities.answersComplete(Array((Self.kittyOK + Self.version("kitty(0.31.0)")).utf8)))
        #expect(!GraphicsCapabilities.answersComplete(Array("\u{1B}[?62;4".utf8)))   // cut mid-answer
        #expect(GraphicsCapabilities.answersComplete(Array((Self.kittyOK + "\u{1B}[?62;c").utf8)))
        // A cut-off APC does not hide nor invent anything.
        #expect(GraphicsCapabilities.parse(Array("\u{1B}_Gi=31;O".utf8)) == TerminalAnswers())
    }

    @Test func theQueriesEndWithDA1() {
        #expect(String(decoding: GraphicsCapabilities.queries(insideTmux: false), as: UTF8.self)
            == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[c")
        #expect(String(decoding: GraphicsCapabilities.queries(insideTmux: true), as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\\u{1B}[>0q\u{1B}[c")
    }
}

@Suite("tmux passthrough")
struct TmuxPassthroughTests {
    @Test func wrapsAndDoublesEveryEscape() {
        let inner = Array("\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\".utf8)
        #expect(String(decoding: GraphicsCapabilities.tmuxPassthrough(inner), as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\u{1B}\\\u{1B}\\")
        #expect(GraphicsCapabilities.tmuxPassthrough(Array("ab".utf8)) == Array("\u{1B}Ptmux;ab\u{1B}\\".utf8))
    }

    @Test func insideTmuxByEnvironment() {
        #expect(GraphicsCapabilities.isInsideTmux(environment: ["TMUX": "/tmp/tmux-1000/default,123,0", "TERM": "xterm-256color"]))
        #expect(GraphicsCapabilities.isInsideTmux(environment: ["TERM": "tmux-256color"]))
        #expect(GraphicsCapabilities.isInsideTmux(environment: ["TERM": "screen-256color"]))
        #expect(!GraphicsCapabilities.isInsideTmux(environment: ["TERM": "xterm-kitty"]))
        #expect(!GraphicsCapabilities.isInsideTmux(environment: ["TMUX": "", "TERM": "foot"]))
        #expect(!GraphicsCapabilities.isInsideTmux(environment: [:]))
    }
}
