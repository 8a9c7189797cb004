import Foundation
@testable import TminusRender

/// Reads the detail's big countdown back from a captured screen: the five rows of block
/// letters, glyph by glyph, with the app's own font (`BlockFont`), into `T-00d 03:04:52`.
enum BigClock {
    /// The first big text on screen that starts with `T`, `H` or `L` (a clock, HOLD, LIFTOFF).
    static func read(_ screen: String) -> String? {
        // No block letters at all: nothing to look for. (The search below tries every glyph at
        // every cell, seconds a screen in a debug build: a wait for "no big clock" could time
        // out with the right screen in front of it.)
        guard screen.contains(where: { "█▀▄".contains($0) }) else { return nil }
        let lines = ScreenText.lines(screen)
        let width = (lines.map(\.count).max() ?? 0) + 8
        // tmux leaves out trailing blanks; the glyphs have some.
        let grid = lines.map { Array($0.padding(toLength: width, withPad: " ", startingAt: 0)) }
        guard grid.count >= BlockFont.height else { return nil }
        for top in 0...(grid.count - BlockFont.height) {
            for x in 0..<width {
                guard let first = glyph(at: x, top: top, in: grid), "THL".contains(first.character) else { continue }
                return text(from: x, top: top, in: grid)
            }
        }
        return nil
    }

    /// Seconds in a `T-DDd HH:MM:SS` or `T+…` text (negative before NET).
    static func seconds(_ clock: String) -> Int? {
        guard clock.hasPrefix("T-") || clock.hasPrefix("T+") else { return nil }
        let parts = clock.dropFirst(2).split(whereSeparator: { "d :".contains($0) }).compactMap { Int($0) }
        guard parts.count == 4 else { return nil }
        let total = ((parts[0] * 24 + parts[1]) * 60 + parts[2]) * 60 + parts[3]
        return clock.hasPrefix("T-") ? -total : total
    }

    private static func text(from start: Int, top: Int, in grid: [[Character]]) -> String {
        var text = "", x = start
        while let found = glyph(at: x, top: top, in: grid) {
            text.append(found.character)
            x += found.width + BlockFont.gap
        }
        return text
    }

    /// The widest glyph drawn at column `x`; a blank one only when a glyph follows it.
    private static func glyph(at x: Int, top: Int, in grid: [[Character]]) -> (character: Character, width: Int)? {
        let drawn = BlockFont.glyphs.filter { $0.key != " " && matches($0.value, x: x, top: top, in: grid) }
        if let widest = drawn.max(by: { $0.value[0].count < $1.value[0].count }) {
            return (widest.key, widest.value[0].count)
        }
        let blank = BlockFont.glyphs[" "]!
        guard matches(blank, x: x, top: top, in: grid),
              glyph(at: x + blank[0].count + BlockFont.gap, top: top, in: grid) != nil else { return nil }
        return (" ", blank[0].count)
    }

    private static func matches(_ rows: [String], x: Int, top: Int, in grid: [[Character]]) -> Bool {
        for (i, row) in rows.enumerated() {
            let line = grid[top + i]
            guard x + row.count <= line.count, String(line[x..<(x + row.count)]) == row else { return false }
        }
        return true
    }
}
