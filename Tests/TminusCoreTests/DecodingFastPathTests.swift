import Foundation
import Testing
import TminusCore
import TminusTestSupport

/// The hand-written fast paths of the decoders against the Foundation calls they stand in for:
/// `ISO8601.parse` reads the APIs' two date forms itself, `WebURL.parse` trims without NSString.
/// Both must give exactly what the Foundation calls give.
struct DecodingFastPathTests {
    /// What `ISO8601.parse` was before its fast path: the two format styles alone.
    static func formatStyleParse(_ text: String) -> Date? {
        if let d = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return d }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    static func same(_ a: Date?, _ b: Date?) -> Bool {
        a?.timeIntervalSinceReferenceDate.bitPattern == b?.timeIntervalSinceReferenceDate.bitPattern
    }

    static func text(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, millis: Int?) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let fraction = millis.map { "." + String(String(1000 + $0).dropFirst()) } ?? ""
        return "\(y)-\(two(mo))-\(two(d))T\(two(h)):\(two(mi)):\(two(s))\(fraction)Z"
    }

    @Test func everyMillisecondReadsToTheSameBits() {
        let instants = [(2022, 10, 8, 23, 5, 0), (2006, 3, 24, 22, 30, 0), (1999, 12, 31, 23, 59, 59), (2000, 2, 29, 12, 0, 1),
                        (1900, 1, 1, 0, 0, 0), (2999, 12, 31, 23, 59, 59), (1970, 1, 1, 0, 0, 0), (2038, 1, 19, 3, 14, 8)]
        for (y, mo, d, h, mi, s) in instants {
            for ms in [nil] + (0..<1000).map(Optional.some) {
                let t = Self.text(y, mo, d, h, mi, s, millis: ms)
                let fast = ISO8601.parse(t)
                #expect(fast != nil, "\(t)")
                #expect(Self.same(fast, Self.formatStyleParse(t)), "\(t)")
            }
        }
    }

    @Test func seededInstantsReadToTheSameBits() {
        var rng = SeededGenerator(seed: 0x15086_01)
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(rng.next() % UInt64(range.count)) }
        for _ in 0..<4_000 {
            let year = pick(1900...2999), month = pick(1...12)
            let t = Self.text(year, month, pick(1...31), pick(0...23), pick(0...59), pick(0...59),
                              millis: pick(0...1) == 0 ? nil : pick(0...999))
            // Days past the month's end are not read by the fast path; the format style reads them.
            #expect(Self.same(ISO8601.parse(t), Self.formatStyleParse(t)), "\(t)")
        }
    }

    @Test(arguments: [
        // Month ends, leap days and the out-of-range values the format style accepts its own way.
        "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00.999Z",
        "2022-04-31T00:00:00Z", "2022-02-30T00:00:00Z", "2022-10-05T24:00:00Z", "2022-10-05T16:60:00Z",
        "2022-10-05T16:00:60Z", "2022-13-01T00:00:00Z", "2022-00-10T00:00:00Z", "2022-10-00T00:00:00Z",
        // Other shapes: fractions of other lengths, offsets, lower case, spaces, short fields.
        "2022-10-05T16:00:00.5Z", "2022-10-05T16:00:00.25Z", "2022-10-05T16:00:00.123456Z", "2022-10-05T16:00:00.Z",
        "2022-10-05T16:00:00+02:00", "2022-10-05T16:00:00.250-07:00", "2022-10-05T16:00:00z", "2022-10-05t16:00:00Z",
        "2022-10-05 16:00:00Z", "2022-1-05T16:00:00Z", "2022-10-05T16:00Z", "2022-10-05", "20221005T160000Z",
        "+2022-10-05T16:00:00Z", "-2022-10-05T16:00:00Z", " 2022-10-05T16:00:00Z", "2022-10-05T16:00:00Z ",
        "２０２２-10-05T16:00:00Z", "2022-10-05T16:00:0xZ", "2022-10-05T16:00:00.0x0Z", "2022/10/05T16:00:00Z",
        // Years outside the fast path's range.
        "1899-12-31T23:59:59Z", "3000-01-01T00:00:00Z", "1582-10-10T00:00:00Z", "0001-01-01T00:00:00.000Z",
        "9999-12-31T23:59:59.999Z", "", "next Tuesday",
    ])
    func otherShapesReadAsTheFormatStyleReadsThem(text: String) {
        #expect(Self.same(ISO8601.parse(text), Self.formatStyleParse(text)), "\(text)")
    }

    /// What `WebURL.parse` was before: trimmed by NSString.
    static func foundationWebURL(_ text: String?) -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return url
    }

    @Test func linksAreTrimmedOfExactlyTheFoundationWhitespace() {
        // Every separator, control and format character, and the whitespace set itself.
        var candidates: [Unicode.Scalar] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format:
                candidates.append(scalar)
            default:
                if CharacterSet.whitespaces.contains(scalar) || scalar.properties.isWhitespace { candidates.append(scalar) }
            }
        }
        #expect(candidates.count > 200)
        for scalar in candidates {
            let c = String(Character(scalar))
            for text in ["\(c)https://example.com/a\(c)", "\(c)\(c)http://example.com/\(c)", "\(c)", "\(c)https://e.com/a\(c) x",
                         "https://example.com/\(c)a", "\(c)\u{301}https://example.com/"] {
                #expect(WebURL.parse(text) == Self.foundationWebURL(text), "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
            }
        }
        for text in [nil, "", " ", "https://example.com", " https://example.com/a ", "\t\u{A0}HTTP://EXAMPLE.COM\u{3000}",
                     "javascript:alert(1)", "https://", "https://exa mple.com", "https://例え.jp/パス", "👩‍🚀 https://x.y/ 👩‍🚀"] {
            #expect(WebURL.parse(text) == Self.foundationWebURL(text), "\(String(describing: text))")
        }
    }
}
