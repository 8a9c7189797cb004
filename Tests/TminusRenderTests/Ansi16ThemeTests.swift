import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusRender
@testable import TminusViewModel

/// The `ansi16` theme: every cell of every screen uses only the terminal's 16 colours (or its
/// default), and no text is light grey on the default background.
@Suite("ansi16 theme")
struct Ansi16ThemeTests {
    let size = Size(width: 80, height: 24)

    func checkColours(_ h: Harness, _ what: String) {
        let grid = Renderer.render(h.state.themed(.ansi16), size: size)
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let style = grid[x, y].style
                #expect((-1...15).contains(style.foreground.value), "\(what): foreground \(style.foreground) at \(x),\(y)")
                #expect((-1...15).contains(style.background.value), "\(what): background \(style.background) at \(x),\(y)")
                // Light grey (7) or dark grey (8) text on the default background is unreadable on
                // one of the two kinds of terminal.
                if style.background == .default {
                    #expect(![7, 8].contains(style.foreground.value), "\(what): grey text at \(x),\(y)")
                }
            }
        }
    }

    /// Issue 25: on the blue band every text cell is bright white and none is dimmed (dim
    /// dates there were hard to read); a success is a green badge with black text, which
    /// reads on white and black alike.
    @Test func theBandIsNeverDimAndSuccessIsABadge() async {
        var past = Sample.launches(3, upcoming: false)
        for i in past.indices { past[i].success = true }
        let h = await Harness(source: ScriptedSource(past: past)).started()
        await h.press(.character("p"))
        let grid = Renderer.render(h.state.themed(.ansi16), size: size)
        let word = try! #require((0..<grid.height).compactMap { y in grid.text.split(separator: "\n")[y].range(of: "SUCCESS").map { _ in y } }.last)
        let x = try! #require(grid.find("SUCCESS")).x
        #expect(grid[x, word].style.background == Color(2) && grid[x, word].style.foreground == Color(0),
                "\(grid[x, word].style)")
        // The band is a menu's selected line since issue 28 (a list row has a tab): the Units
        // chooser's, with its muted unit names.
        await h.press(.character("2"), .enter, .character("U"))
        let units = Renderer.render(h.state.themed(.ansi16), size: size)
        let band = (0..<units.height).flatMap { y in (0..<units.width).map { (x: $0, y: y) } }
            .filter { units[$0.x, $0.y].style.background == Color(4) }
        #expect(band.count > 20, "the Units chooser's selected line is on the band")
        for cell in band {
            #expect(!units[cell.x, cell.y].style.attributes.contains(.dim), "dim at \(cell) on the band")
        }
    }

    @Test func everyScreenUsesOnlyTheSixteenColours() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true),
                                                     past: [Sample.falconSat, Sample.bare] + Sample.launches(2, upcoming: false))).started()
        checkColours(h, "upcoming")
        await h.press(.character("p"))
        checkColours(h, "past")
        await h.press(.enter)
        checkColours(h, "launch detail")
        await h.press(.escape, .character("?"))
        checkColours(h, "help")
        await h.press(.escape, .character("2"))
        checkColours(h, "rockets")
        await h.press(.enter)
        checkColours(h, "rocket page")
        await h.press(.character("U"))
        checkColours(h, "units")
        await h.press(.escape, .character("3"))
        checkColours(h, "favorites")
    }

    @Test func theDefaultThemeIsUnchangedOutsideAndConfigColoursOverride() {
        #expect(Color.theme.upcoming == Color(33))
        let theme = ThemeColors(ThemeState(choice: .ansi16, overrides: ["accent": 5, "selection": -1]))
        #expect(theme.accent == Color(5))
        #expect(theme.selectionBackground == .default)
        #expect(theme.selectionText == nil, "the user's band keeps the cells' own colours")
        #expect(theme.upcoming == ThemeColors.ansi16.upcoming)
    }

    /// What the renderer draws comes from the state, overrides included, whatever theme a
    /// caller has set around it.
    @Test func theRendererTakesTheColoursFromTheState() async {
        let h = await Harness(source: ScriptedSource(upcoming: Sample.launches(5, upcoming: true))).started()
        var state = h.state.themed(.light)
        let selected = { (grid: Grid) in grid[1, ScreenLayout(self.size, banner: false).listTop].style.background }
        // The selected row's tab is in the accent colour (issue 28).
        #expect(selected(Renderer.render(state, size: size)) == ThemeColors.light.accent)
        #expect(selected(ThemeColors.$current.withValue(.ansi16) { Renderer.render(state, size: size) }) == ThemeColors.light.accent)
        state.theme.overrides = ["accent": 17]
        #expect(selected(Renderer.render(state, size: size)) == Color(17))
        #expect(selected(Renderer.render(h.state, size: size)) == ThemeColors.dark.accent)
    }
}
