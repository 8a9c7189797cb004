import Testing
import TminusCore

/// `TerminalText.width` and `truncate`: columns as the terminal advances them.
struct TerminalTextWidthTests {
    @Test(arguments: [
        ("", 0),
        ("a", 1),
        ("Crew-5", 6),
        ("東", 2),
        ("東京", 4),
        ("ひまわり", 8),
        ("🚀", 2),
        ("\u{1F469}\u{200D}\u{1F680}", 2),   // 👩‍🚀: one cluster, two columns
        ("❤️", 2),                           // emoji presentation selector
        ("e\u{301}", 1),                     // combining accent counted with its base
        ("a\u{308}o\u{308}u\u{308}", 3),
        ("é", 1),
        ("Zürich", 6),
        ("Falcon 9 🚀 東京", 16),
    ])
    func width(text: String, expected: Int) {
        #expect(TerminalText.width(text) == expected)
    }

    @Test func characterWidths() {
        #expect(TerminalText.width(of: "a") == 1)
        #expect(TerminalText.width(of: "東") == 2)
        #expect(TerminalText.width(of: "🚀") == 2)
        #expect(TerminalText.width(of: "\u{07}") == 0)
        #expect(TerminalText.width(of: "…") == 1)
    }

    @Test(arguments: [
        ("Starlink 4-25", 20, "Starlink 4-25"),       // fits: unchanged
        ("Starlink 4-25", 13, "Starlink 4-25"),       // exactly fits
        ("Starlink 4-25", 12, "Starlink 4-…"),
        ("Starlink 4-25", 5, "Star…"),
        ("Starlink 4-25", 1, "…"),
        ("Starlink 4-25", 0, ""),
        ("Starlink 4-25", -3, ""),
        ("東京都庁", 8, "東京都庁"),
        ("東京都庁", 7, "東京都…"),
        ("東京都庁", 6, "東京…"),                      // 東京都 would need 7 with the ellipsis
        ("東京都庁", 5, "東京…"),
        ("東京都庁", 4, "東…"),                        // 京 would straddle the last column
        ("東京都庁", 2, "…"),
        ("a東京", 3, "a…"),
        ("🚀🚀🚀", 4, "🚀…"),
        ("\u{1F469}\u{200D}\u{1F680} crew", 3, "\u{1F469}\u{200D}\u{1F680}…"),
        ("Cafe\u{301} Noir", 5, "Cafe\u{301}…"),     // the accent stays with its letter
    ])
    func truncate(text: String, width: Int, expected: String) {
        let result = TerminalText.truncate(text, toWidth: width)
        #expect(result == expected)
        #expect(TerminalText.width(result) <= max(width, 0))
    }
}
