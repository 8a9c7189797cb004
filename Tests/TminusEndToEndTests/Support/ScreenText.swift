import Foundation
import Testing

/// Reading a captured screen by display columns. Only the characters the tests themselves put
/// on screen are wide (CJK ideographs and emoji), so a small table that knows them is an
/// independent measure, not the app's own.
enum ScreenText {
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The display column where `needle` (or a match of the regular expression) first starts on `line`.
    /// The characters of `line` that fill its first `columns` columns.
    static func prefix(_ line: String, columns: Int) -> String {
        var used = 0
        return String(line.prefix { character in
            used += width(of: character)
            return used <= columns
        })
    }

    static func column(of needle: String, in line: some StringProtocol, regex: Bool = false) -> Int? {
        let line = String(line)
        guard let range = line.range(of: needle, options: regex ? .regularExpression : []) else { return nil }
        return width(line[..<range.lowerBound])
    }

    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Characters that must never reach the pane from the data: C0 (but the newline between
    /// rows), DEL, C1, and bidi embeddings, overrides and isolates.
    static func forbiddenScalars(in text: String) -> [String] {
        text.unicodeScalars.filter { s in
            let v = s.value
            return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// Every escape sequence in a `capture-pane -e` capture that is not an SGR (`ESC [ … m`):
    /// tmux writes nothing else itself, so anything more came from the data.
    static func nonSGREscapes(in escaped: String) -> [String] {
        var found: [String] = []
        let scalars = Array(escaped.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "\u{1B}" else { i += 1; continue }
            var j = i + 1
            if j < scalars.count, scalars[j] == "[" {
                j += 1
                while j < scalars.count, "0123456789;:".unicodeScalars.contains(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "m" { i = j + 1; continue }
            }
            found.append(String(String.UnicodeScalarView(scalars[i..<min(scalars.count, i + 12)]))
                .replacingOccurrences(of: "\u{1B}", with: "ESC"))
            i += 1
        }
        return found
    }

    /// The SGR parameter lists in a `capture-pane -e` capture (`"1"`, `"38;5;33"`, `"0;7"`…).
    static func sgrParameters(in escaped: String) -> [String] {
        var found: [String] = []
        let scalars = Array(escaped.unicodeScalars)
        var i = 0
        while i + 1 < scalars.count {
            if scalars[i] == "\u{1B}", scalars[i + 1] == "[" {
                var j = i + 2
                var parameters = ""
                while j < scalars.count, "0123456789;:".unicodeScalars.contains(scalars[j]) {
                    parameters.unicodeScalars.append(scalars[j])
                    j += 1
                }
                if j < scalars.count, scalars[j] == "m" { found.append(parameters) }
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    /// SGR codes that set a colour: 30–38, 40–48, 90–97, 100–107 (39 and 49 only go back to
    /// the default, which a colourless terminal may still send).
    static func colourCodes(in escaped: String) -> [String] {
        sgrParameters(in: escaped).filter { list in
            list.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }.contains { code in
                (30...38).contains(code) || (40...48).contains(code) || (90...97).contains(code) || (100...107).contains(code)
            }
        }
    }
}
