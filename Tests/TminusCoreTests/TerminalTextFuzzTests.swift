import TminusTestSupport
import Testing
@testable import TminusCore

/// Property tests: thousands of hostile strings from a seeded generator.
struct TerminalTextFuzzTests {
    static let bidi: ClosedRange<UInt32> = 0x202A...0x202E
    static let isolates: ClosedRange<UInt32> = 0x2066...0x2069

    /// Building blocks: plain text, wide text, emoji, and everything a hostile name might carry.
    static let pieces: [String] = [
        "a", "Z", "9", " ", "-", "(", "~", "Crew", "Starlink 4-25",
        "東", "京", "ひ", "천", "é", "e\u{301}", "ü",
        "🚀", "\u{1F469}\u{200D}\u{1F680}", "❤️", "🇺🇸", "\u{200D}", "\u{FE0F}",
        "\u{1B}", "\u{1B}[", "\u{1B}[2J", "\u{1B}[31;1m", "\u{1B}]0;pwned\u{07}", "\u{1B}]0;t\u{1B}\\",
        "\u{1B}P1$r\u{1B}\\", "\u{1B}]", "\u{1B}(B", "\u{1B}c", "\u{1B}\\",
        "\u{00}", "\u{07}", "\u{08}", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "\u{7F}",
        "\u{80}", "\u{85}", "\u{90}", "\u{9B}", "\u{9B}2J", "\u{9C}", "\u{9D}", "\u{9F}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200B}", "\u{200E}", "\u{FEFF}", "\u{2028}",
    ]

    static func randomString(_ rng: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            if Int.random(in: 0..<8, using: &rng) == 0 {
                // Now and then a raw scalar from the dangerous ranges.
                let ranges: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0x2000...0x206F, 0x20...0x7E, 0x3040...0x30FF, 0x1F300...0x1F6FF]
                let range = ranges[Int.random(in: 0..<ranges.count, using: &rng)]
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { text.unicodeScalars.append(scalar) }
            } else {
                text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
            }
        }
        return text
    }

    static func describe(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    @Test(arguments: [UInt64(1), 42, 0xC0FFEE])
    func sanitizedOutputHasNoControlsOrBidi(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for iteration in 0..<1500 {
            let input = Self.randomString(&rng)
            let output = TerminalText.sanitize(input)
            let bad = output.unicodeScalars.filter {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                    || Self.bidi.contains($0.value) || Self.isolates.contains($0.value)
                    || $0.properties.generalCategory == .format && $0.value != 0x200D
            }
            #expect(bad.isEmpty, "seed \(seed) #\(iteration): input [\(Self.describe(input))] -> [\(Self.describe(output))]")
            #expect(TerminalText.sanitize(output) == output, "not idempotent: seed \(seed) #\(iteration) [\(Self.describe(input))]")
            if !bad.isEmpty { return }
        }
    }

    @Test(arguments: [UInt64(7), 2024])
    func truncateNeverExceedsWidth(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for iteration in 0..<1000 {
            let text = TerminalText.sanitize(Self.randomString(&rng))
            let limit = Int.random(in: 0...20, using: &rng)
            let cut = TerminalText.truncate(text, toWidth: limit)
            let ok = TerminalText.width(cut) <= limit
            #expect(ok, "seed \(seed) #\(iteration): [\(Self.describe(text))] to \(limit) -> width \(TerminalText.width(cut))")
            if TerminalText.width(text) <= limit, limit > 0 {
                #expect(cut == text, "seed \(seed) #\(iteration): cut text that fits")
            } else if TerminalText.width(text) > limit {
                #expect(cut.hasSuffix("…") || limit == 0, "seed \(seed) #\(iteration): cut without an ellipsis")
            }
            if !ok { return }
        }
    }

    @Test func plainTextIsUntouched() {
        var rng = SeededGenerator(seed: 99)
        let safe = Self.pieces.filter { piece in piece.unicodeScalars.allSatisfy { !TerminalText.isDroppable($0) && $0.value != 0x9C } }
        #expect(safe.contains("🚀") && !safe.contains("\u{1B}[2J"))
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &rng) { text += safe[Int.random(in: 0..<safe.count, using: &rng)] }
            #expect(TerminalText.sanitize(text) == text, "[\(Self.describe(text))]")
        }
    }
}
