import Testing
import TminusCore

/// `TerminalText.sanitize`: nothing from the network may drive the terminal.
struct TerminalTextSanitizeTests {
    @Test(arguments: [
        // CSI
        ("\u{1B}[2JCrew-5", "Crew-5"),
        ("Crew\u{1B}[31m-5\u{1B}[0m", "Crew-5"),
        ("a\u{1B}[?1049hb", "ab"),
        ("a\u{1B}[1;31;40mb", "ab"),
        // OSC title, BEL- and ESC-backslash-terminated; OSC 8 hyperlink
        ("a\u{1B}]0;pwned\u{07}b", "ab"),
        ("a\u{1B}]0;pwned\u{1B}\\b", "ab"),
        ("\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"),
        ("a\u{1B}]52;c;cHduZWQ=\u{07}b", "ab"),
        // DCS, SOS, PM, APC
        ("a\u{1B}P1$r0m\u{1B}\\b", "ab"),
        ("a\u{1B}Xsos\u{1B}\\b", "ab"),
        ("a\u{1B}^pm\u{1B}\\b", "ab"),
        ("a\u{1B}_apc\u{1B}\\b", "ab"),
        // Two-byte and charset ESC sequences
        ("a\u{1B}cb", "ab"),
        ("a\u{1B}(Bb", "ab"),
        ("a\u{1B}#8b", "ab"),
        // C1 controls, including the 8-bit CSI and OSC
        ("a\u{9B}2Jb", "ab"),
        ("a\u{9D}0;pwned\u{9C}b", "ab"),
        ("a\u{90}1$r\u{9C}b", "ab"),
        ("a\u{80}\u{85}\u{8D}\u{96}b", "ab"),
        ("a\u{9F}apc\u{9C}b", "ab"),
        // BEL, DEL, other C0
        ("a\u{07}b", "ab"),
        ("a\u{7F}b", "ab"),
        ("a\u{00}\u{08}\u{1A}b", "ab"),
        // Bidi embeddings, overrides, isolates, marks
        ("\u{202E}lmth.exe\u{202C}", "lmth.exe"),
        ("a\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}b", "ab"),
        ("a\u{2066}\u{2067}\u{2068}\u{2069}b", "ab"),
        ("a\u{200E}\u{200F}\u{061C}b", "ab"),
        // Zero-width and other invisible format characters
        ("a\u{200B}b\u{2060}c\u{FEFF}d", "abcd"),
        // Line and paragraph separators
        ("a\u{2028}b\u{2029}c", "abc"),
        // Tabs and newlines: one space per run
        ("a\tb", "a b"),
        ("line one\nline two", "line one line two"),
        ("a\r\n\r\nb", "a b"),
        ("a\t\t\n\u{0B}\u{0C}b", "a b"),
        ("\ttrailing\n", " trailing "),
        // Unterminated sequences swallow the rest rather than leak it
        ("a\u{1B}]0;never ends", "a"),
        ("a\u{1B}", "a"),
        ("a\u{1B}[", "a"),
    ])
    func removes(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test(arguments: [
        "Crew-5",
        "Starlink 4-25 (v1.5)",
        "👩‍🚀 Crew Dragon 🚀",
        "👨‍👩‍👧‍👦 family",
        "❤️ 🇺🇸 🏳️‍🌈",
        "東京 ひまわり 9号 천리안",
        "Zürich Orléans naïve Łódź",
        "e\u{301}ta\u{308}",
        "Ελληνικά русский עברית العربية",
        "50% off & <b>bold</b> ~ `code` \\ | {}",
    ])
    func keeps(text: String) {
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test func emojiZWJSequenceSurvivesIntact() {
        let astronaut = "\u{1F469}\u{200D}\u{1F680}"
        let result = TerminalText.sanitize("\u{1B}[1m" + astronaut + "\u{1B}[0m")
        #expect(result == astronaut)
        #expect(result.count == 1)
        #expect(result.unicodeScalars.map(\.value) == [0x1F469, 0x200D, 0x1F680])
    }
}
