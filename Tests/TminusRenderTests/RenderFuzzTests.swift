import Foundation
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// Seeded fuzz of whole frames: hostile text (escape sequences whole and cut off, C0/C1
/// controls, bidi overrides, invisible format characters, private use, combining marks,
/// emoji sequences, wide CJK, very long runs) as every string a screen draws, on real
/// screens reached through the view model, at random sizes from 1x1 to 250x80.
///
/// Every frame must keep the rules the ncurses backend relies on (see `FrameRules`): no
/// control or format character in any cell, every row exactly as wide as the grid (a wide
/// character is its cell plus a continuation cell, never in the last column), the tab bar
/// on the first row and the status line on the last. A failure names the seed, the screen
/// and the size, so it reproduces.
@Suite("Render fuzz")
struct RenderFuzzTests {
    // MARK: - Whole screens

    @Test(arguments: [UInt64(1), 0x5EED, 0xC0FFEE])
    func everyScreenKeepsTheFrameRules(seed: UInt64) async {
        var rng = SeededGenerator(seed: seed)
        var frames = 0
        for scenario in Scenario.allCases {
            let built = await scenario.build(&rng)
            // The fuzz is only as good as the screens it reaches.
            #expect(scenario.reached(built.harness.state), "seed \(seed): \(scenario) ended on \(built.route)")
            let sizes = Self.sizes(&rng, count: scenario.sizes)
            for (n, size) in sizes.enumerated() {
                built.harness.viewModel.handle(.resized(width: size.width, height: size.height))
                var state = built.harness.state
                // Now and then a passing notice or an error notice over the screen (the
                // status line's other text), as hostile as the data.
                if n % 3 == 2 { state.notice = Notice(Hostile.text(&rng), level: n % 2 == 0 ? .error : .info) }
                let grid = Renderer.render(state, size: size)
                frames += 1
                let problems = FrameRules.check(grid)
                if !problems.isEmpty {
                    Issue.record("""
                        seed \(seed), \(scenario) (\(built.route)) at \(size): \(problems.prefix(3).joined(separator: "; "))
                        \(grid.text)
                        """)
                    await built.harness.viewModel.settle()
                    return
                }
            }
            await built.harness.viewModel.settle()
        }
        #expect(frames > 200)
    }

    /// Random sizes: mostly ordinary terminals, some below the minimum (the "too small"
    /// screen), some very large.
    static func sizes(_ rng: inout SeededGenerator, count: Int) -> [Size] {
        (0..<count).map { i in
            switch i % 8 {
            case 0: Size(width: Int.random(in: 1...60, using: &rng), height: Int.random(in: 1...16, using: &rng))
            case 1: Size(width: Int.random(in: 150...250, using: &rng), height: Int.random(in: 40...80, using: &rng))
            case 2: Size(width: ScreenLayout.minimumWidth + Int.random(in: 0...3, using: &rng),
                         height: ScreenLayout.minimumHeight + Int.random(in: 0...2, using: &rng))
            default: Size(width: Int.random(in: 50...140, using: &rng), height: Int.random(in: 12...45, using: &rng))
            }
        }
    }

    // MARK: - The grid itself

    /// The primitives every screen is made of, hammered directly: `put` at any position and
    /// limit (negative ones too), `putRight`, `putCentered`, `fill` and `restyle` over text that
    /// is already there (half of a wide character included).
    @Test(arguments: [UInt64(3), 77, 0xBADC0DE])
    func gridPrimitivesKeepTheFrameRules(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for case_ in 0..<300 {
            let size = Size(width: Int.random(in: 1...40, using: &rng), height: Int.random(in: 1...4, using: &rng))
            var grid = Grid(size: size)
            var log: [String] = []
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let x = Int.random(in: -3...(size.width + 2), using: &rng)
                let y = Int.random(in: -1...size.height, using: &rng)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5:
                    let text = Hostile.text(&rng)
                    let maxWidth: Int? = Bool.random(using: &rng) ? nil : Int.random(in: -2...(size.width + 2), using: &rng)
                    grid.put(text, x: x, y: y, maxWidth: maxWidth)
                    log.append("put([\(Hostile.describe(text))], x: \(x), y: \(y), maxWidth: \(maxWidth.map(String.init) ?? "nil"))")
                case 5:
                    let text = Hostile.text(&rng)
                    grid.putRight(text, right: Int.random(in: 0...size.width, using: &rng), y: y)
                    log.append("putRight([\(Hostile.describe(text))], y: \(y))")
                case 6:
                    let text = Hostile.text(&rng)
                    grid.putCentered(text, y: y)
                    log.append("putCentered([\(Hostile.describe(text))], y: \(y))")
                case 7, 8:
                    let w = Int.random(in: 0...size.width, using: &rng), h = Int.random(in: 0...size.height, using: &rng)
                    let glyph: Character = Bool.random(using: &rng) ? " " : "░"
                    grid.fill(x: x, y: y, width: w, height: h, style: Style(foreground: .theme.muted), character: glyph)
                    log.append("fill(x: \(x), y: \(y), width: \(w), height: \(h), \(glyph))")
                default:
                    let w = Int.random(in: 0...size.width, using: &rng)
                    grid.restyle(x: x, y: y, width: w) { $0.background(.theme.selectionBackground) }
                    log.append("restyle(x: \(x), y: \(y), width: \(w))")
                }
                let problems = FrameRules.check(grid, bars: false)
                if !problems.isEmpty {
                    let steps: String = log.joined(separator: "\n")
                    Issue.record("seed \(seed) case \(case_) at \(size): \(problems.prefix(3).joined(separator: "; "))\n\(steps)")
                    return
                }
            }
        }
    }

    // MARK: - Regressions found by the fuzz

    /// `fill` over the second half of a wide character used to leave the first half as a
    /// two-column glyph with no continuation cell: that row was one column too wide, so the
    /// terminal pushed its last cell off the edge (a help box or picture placeholder drawn
    /// over a CJK name shifted the box's right border by one).
    @Test func fillOverHalfAWideCharacterClearsTheOtherHalf() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.put("ab打c", x: 0, y: 0)          // 打 in columns 2-3
        grid.fill(x: 3, y: 0, width: 3, height: 1)
        #expect(FrameRules.check(grid, bars: false).isEmpty, "\(FrameRules.check(grid, bars: false))")
        #expect(grid[2, 0].character == " ")

        var right = Grid(size: Size(width: 6, height: 1))
        right.put("ab打c", x: 0, y: 0)
        right.fill(x: 0, y: 0, width: 3, height: 1, character: "░")   // covers the first half only
        #expect(FrameRules.check(right, bars: false).isEmpty, "\(FrameRules.check(right, bars: false))")
        #expect(!right[3, 0].isContinuation)
    }

    /// `fill` and `restyle` of a rectangle wholly off the grid (right of it, below it, or of
    /// negative size above or left of it) used to trap on an inverted range; `put` there
    /// was always a no-op, and so are they now.
    @Test func fillAndRestyleOffTheGridDoNothing() {
        var grid = Grid(size: Size(width: 5, height: 2))
        grid.put("ab打", x: 0, y: 0)
        let before = grid
        for (x, y, w, h) in [(7, 0, 0, 1), (9, 0, 3, 1), (0, 4, 2, 0), (0, 5, 2, 1), (-1, 0, 0, 1), (0, -3, 2, 1), (-8, -8, 3, 3), (2, 1, -4, -4)] {
            grid.fill(x: x, y: y, width: w, height: h, style: .bold)
            grid.restyle(x: x, y: y, width: w, height: h) { $0.background(.theme.accent) }
        }
        #expect(grid == before)
        // A fill character that is not one printable column fills with blanks.
        grid.fill(x: 0, y: 1, width: 5, height: 1, character: "打")
        grid.fill(x: 0, y: 1, width: 2, height: 1, character: "\u{1B}")
        #expect(grid.text.split(separator: "\n").last == "     ")
        #expect(FrameRules.check(grid, bars: false).isEmpty)
    }

    // MARK: - Truncation

    /// `…` lands right after the widest prefix that leaves it room: at display column
    /// `maxWidth - 1`, or `maxWidth - 2` when the next character is two columns wide.
    @Test func truncatePutsTheEllipsisAtTheRightColumn() {
        let cases: [(text: String, width: Int, expected: String)] = [
            ("打ち上げ予定", 5, "打ち…"),
            ("打ち上げ予定", 6, "打ち…"),
            ("打ち上げ予定", 7, "打ち上…"),
            ("a打ち上げ", 4, "a打…"),
            ("a打ち上げ", 3, "a…"),
            ("🚀🚀🚀", 4, "🚀…"),
            ("\u{1F469}\u{200D}\u{1F680}\u{1F469}\u{200D}\u{1F680}x", 3, "\u{1F469}\u{200D}\u{1F680}…"),
            // A flag is one column here: glibc's wcwidth gives a regional indicator 1 (the
            // backend then draws the first letter only, see CellGlyph).
            ("🇺🇸🇵🇱🇯🇵", 2, "🇺🇸…"),
            ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}…"),
            ("ＡＢＣ", 2, "…"),
            ("ＡＢＣ", 1, "…"),
            ("ＡＢＣ", 0, ""),
            ("ＡＢＣ", 6, "ＡＢＣ"),
        ]
        for (text, width, expected) in cases {
            let cut = TerminalText.truncate(text, toWidth: width)
            #expect(cut == expected, "truncate([\(Hostile.describe(text))], \(width)) = [\(Hostile.describe(cut))]")
            #expect(TerminalText.width(cut) <= width)
        }

        // And on the grid: the ellipsis cell sits at the prefix's display width.
        var rng = SeededGenerator(seed: 0xE111)
        let wide = ["打", "ち", "上", "げ", "🚀", "Ａ", "천", "\u{1F469}\u{200D}\u{1F680}", "🇺🇸", "a", "b", "e\u{301}"]
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in wide.randomElement(using: &rng)! }.joined()
            let limit = Int.random(in: 1...24, using: &rng)
            var grid = Grid(size: Size(width: 30, height: 1))
            let used = grid.put(text, x: 2, y: 0, maxWidth: limit)
            let full = TerminalText.width(text)
            if full <= limit {
                #expect(used == full)
                continue
            }
            let cut = TerminalText.truncate(text, toWidth: limit)
            let prefixWidth = TerminalText.width(String(cut.dropLast()))
            let nextWidth = TerminalText.width(of: text[text.index(text.startIndex, offsetBy: cut.count - 1)])
            #expect(cut.last == "…")
            #expect(prefixWidth == limit - 1 || (prefixWidth == limit - 2 && nextWidth == 2),
                    "[\(Hostile.describe(text))] to \(limit): prefix \(prefixWidth) columns")
            #expect(grid[2 + prefixWidth, 0].character == "…", "[\(Hostile.describe(text))] to \(limit)")
            #expect(used == prefixWidth + 1)
            #expect(FrameRules.check(grid, bars: false).isEmpty)
        }
    }

    // MARK: - The rules must be able to fail

    @Test func theRulesCatchBrokenFrames() {
        var grid = Grid(size: Size(width: 4, height: 1))
        grid[0, 0] = Cell("\u{1B}")
        #expect(FrameRules.check(grid, bars: false).contains { $0.contains("forbidden") })
        grid = Grid(size: Size(width: 4, height: 1))
        grid[3, 0] = Cell("打")
        #expect(FrameRules.check(grid, bars: false).contains { $0.contains("last column") })
        grid = Grid(size: Size(width: 4, height: 1))
        grid[1, 0] = Cell("打")
        #expect(FrameRules.check(grid, bars: false).contains { $0.contains("5 columns") })
        grid = Grid(size: Size(width: 4, height: 1))
        grid[1, 0] = Cell(" ", isContinuation: true)
        #expect(FrameRules.check(grid, bars: false).contains { $0.contains("continuation") })
        grid = Grid(size: Size(width: 4, height: 1))
        grid[1, 0] = Cell("\u{202E}")
        #expect(!FrameRules.check(grid, bars: false).isEmpty)
        grid = Grid(size: Size(width: 60, height: 14))
        #expect(FrameRules.check(grid).contains { $0.contains("tab bar") })
    }
}

// MARK: - Frame rules
