import Foundation

/// One terminal cell read back from `tmux capture-pane -e`: its character and the colours it
/// was drawn with, as SGR parameters (`38;5;67`, `48;5;17`, `31`; nil for the default).
struct StyledCell: Equatable, Sendable, CustomStringConvertible {
    var character: Character
    var foreground: String?
    var background: String?

    var description: String {
        "\(character)[\(foreground ?? "-")|\(background ?? "-")]"
    }
}

/// A screen captured with its escape sequences, parsed into rows of cells, so a test can read
/// a region (a picture box) with its colours, and the text beside it, from one and the same
/// capture.
///
/// Every character counts as one column: good for the box regions at the left of the screen
/// (`░`, `▀`, `▄`, glyph art and blanks are all one column wide); a wide character further
/// right only shifts what follows it on its row.
struct StyledScreen: Sendable, Equatable {
    /// Two captures are the same screen when tmux gave the same bytes.
    static func == (a: StyledScreen, b: StyledScreen) -> Bool { a.escaped == b.escaped }

    /// The capture as tmux gave it, escape sequences included.
    let escaped: String
    let rows: [[StyledCell]]

    init(escaped: String) {
        self.escaped = escaped
        var rows: [[StyledCell]] = []
        var foreground: String?
        var background: String?
        for line in escaped.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [StyledCell] = []
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count {
                let scalar = scalars[i]
                if scalar == "\u{1b}", i + 1 < scalars.count {
                    if scalars[i + 1] == "[" {
                        // CSI: parameters up to a final byte in @...~.
                        var j = i + 2
                        var parameters = ""
                        while j < scalars.count, !(0x40...0x7e).contains(scalars[j].value) {
                            parameters.unicodeScalars.append(scalars[j])
                            j += 1
                        }
                        if j < scalars.count, scalars[j] == "m" {
                            Self.apply(sgr: parameters, foreground: &foreground, background: &background)
                        }
                        i = j + 1
                        continue
                    }
                    if scalars[i + 1] == "]" {
                        // OSC (a hyperlink, say): up to BEL or ESC \.
                        var j = i + 2
                        while j < scalars.count, scalars[j] != "\u{07}", scalars[j] != "\u{1b}" { j += 1 }
                        if j < scalars.count, scalars[j] == "\u{1b}" { j += 1 }
                        i = j + 1
                        continue
                    }
                    i += 2  // some other two-byte escape
                    continue
                }
                let properties = scalar.properties
                if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
                    || scalar == "\u{200d}" || properties.isVariationSelector, !cells.isEmpty {
                    // Combines with the character before it.
                    var last = String(cells[cells.count - 1].character)
                    last.unicodeScalars.append(scalar)
                    cells[cells.count - 1].character = Character(last)
                } else {
                    cells.append(StyledCell(character: Character(scalar), foreground: foreground, background: background))
                }
                i += 1
            }
            rows.append(cells)
        }
        self.rows = rows
    }

    /// Applies one SGR sequence's parameters (`0`, `1`, `38;5;N`, `48;5;N`, `39`, `49`, …).
    private static func apply(sgr: String, foreground: inout String?, background: inout String?) {
        let parameters = sgr.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var k = 0
        while k < parameters.count {
            let p = parameters[k]
            switch p {
            case 0:
                foreground = nil
                background = nil
            case 38, 48:
                var code: String?
                if k + 2 < parameters.count, parameters[k + 1] == 5 {
                    code = "\(p);5;\(parameters[k + 2])"
                    k += 2
                } else if k + 4 < parameters.count, parameters[k + 1] == 2 {
                    code = "\(p);2;\(parameters[k + 2]);\(parameters[k + 3]);\(parameters[k + 4])"
                    k += 4
                }
                if p == 38 { foreground = code } else { background = code }
            case 39: foreground = nil
            case 49: background = nil
            case 30...37, 90...97: foreground = "\(p)"
            case 40...47, 100...107: background = "\(p)"
            default: break  // bold, reverse, underline, …: not what these tests look at
            }
            k += 1
        }
    }

    /// Row `y` as text (empty past the last row).
    func text(_ y: Int) -> String {
        rows.indices.contains(y) ? String(rows[y].map(\.character)) : ""
    }

    /// The whole screen as text, one line per row.
    var text: String {
        rows.indices.map(text).joined(separator: "\n")
    }

    /// The column where `needle` first starts on row `y`.
    func column(of needle: String, row y: Int) -> Int? {
        let characters = Array(text(y))
        let wanted = Array(needle)
        guard !wanted.isEmpty, characters.count >= wanted.count else { return nil }
        for start in 0...(characters.count - wanted.count) where Array(characters[start..<(start + wanted.count)]) == wanted {
            return start
        }
        return nil
    }

    /// The cells of a region, row by row; a cell tmux did not send (trailing blanks) is a
    /// plain blank.
    func region(x: Range<Int>, y: Range<Int>) -> [[StyledCell]] {
        y.map { row in
            x.map { column in
                rows.indices.contains(row) && rows[row].indices.contains(column)
                    ? rows[row][column] : StyledCell(character: " ")
            }
        }
    }

    /// The region's cells as one readable block, for failure messages.
    func describe(x: Range<Int>, y: Range<Int>) -> String {
        region(x: x, y: y).map { $0.map(\.description).joined(separator: " ") }.joined(separator: "\n")
    }
}

/// What a picture box shows.
enum PictureBox {
    /// One of chafa's symbols: a block element (half blocks, quadrants; not the `░▒▓` shades
    /// of glyph art), a sextant or a braille pattern.
    static func isSymbol(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2591...0x2593: return false
        case 0x2580...0x259F, 0x1FB00...0x1FB3B, 0x2801...0x28FF: return true
        default: return false
        }
    }

    /// A decoded picture: no `░` left, and chafa's symbols coloured from the 256-colour palette.
    static func isPicture(_ cells: [[StyledCell]]) -> Bool {
        let all = cells.joined()
        return !all.isEmpty && !all.contains { $0.character == "░" }
            && all.contains { isSymbol($0.character) && ($0.foreground?.hasPrefix("38;5;") ?? false) }
    }

    /// A picture on a terminal without colours: no `░` left, chafa's symbols alone.
    static func isUncolouredPicture(_ cells: [[StyledCell]]) -> Bool {
        let all = cells.joined()
        return !all.isEmpty && !all.contains { $0.character == "░" } && all.contains { isSymbol($0.character) }
    }

    /// Whether any cell is a half block (`▀ ▄`: chafa draws photos with many; glyph art and
    /// the big digits never use them).
    static func hasHalfBlocks(_ cells: [[StyledCell]]) -> Bool {
        cells.joined().contains { $0.character == "▀" || $0.character == "▄" }
    }

    /// Glyph art: every row shaded with `░` (its art, `▐█▌`, is block elements too), no half block.
    static func isPlaceholder(_ cells: [[StyledCell]]) -> Bool {
        !cells.isEmpty && cells.allSatisfy { row in row.contains { $0.character == "░" } } && !hasHalfBlocks(cells)
    }
}

extension TmuxSession {
    /// The screen with its colours, parsed.
    func styledScreen() -> StyledScreen {
        StyledScreen(escaped: captureWithEscapes())
    }

    /// Polls the screen (with its colours) every 50 ms until `predicate` holds; returns that
    /// screen. Text and colours come from one capture, so they belong to the same moment.
    @discardableResult
    func waitUntilStyled(timeout: Duration = .seconds(10), _ what: String = "the condition",
                         _ predicate: (StyledScreen) -> Bool) async throws -> StyledScreen {
        try await poll(timeout: timeout, what, read: styledScreen, until: predicate, report: {
            $0.text + "\n-- cells of rows 0…6, columns 0…13 --\n" + $0.describe(x: 0..<14, y: 0..<7)
        })
    }
}
