import Foundation
import SnapshotTesting
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusRender
import TminusViewModel

/// Pictures on screen: half blocks in palette colours, glyph art in the same box otherwise.
@Suite("Picture rendering")
struct PictureRenderTests {
    let size = Size(width: 80, height: 24)

    /// A 2-row picture: red over blue in the first column, green over nothing in the second.
    static let picture = CellPicture(columns: 2, rows: 1, cells: [
        PictureCell(top: RGBA(255, 0, 0), bottom: RGBA(0, 0, 255)),
        PictureCell(top: RGBA(0, 255, 0), bottom: nil),
    ])

    @Test func cellsAreUpperHalfBlocksInPaletteColours() {
        var grid = Grid(size: Size(width: 4, height: 2))
        PictureView.drawPicture(Self.picture, x: 1, y: 1, into: &grid)
        #expect(grid[1, 1].character == "▀")
        #expect(grid[1, 1].style.foreground == Color(XtermPalette.nearest(RGBA(255, 0, 0))))
        #expect(grid[1, 1].style.foreground == Color(196), "pure red is xterm 196")
        #expect(grid[1, 1].style.background == Color(21), "pure blue is xterm 21")
        #expect(grid[2, 1].character == "▀")
        #expect(grid[2, 1].style.foreground == Color(46), "pure green is xterm 46")
        #expect(grid[2, 1].style.background == .default, "a missing lower pixel shows the screen's background")
        #expect(grid[0, 1] == Cell.blank && grid[3, 1] == Cell.blank, "nothing outside the box")
    }

    @Test func aLowerPixelAloneIsALowerHalfBlock() {
        var grid = Grid(size: Size(width: 1, height: 1))
        PictureView.drawPicture(CellPicture(columns: 1, rows: 1, cells: [PictureCell(top: nil, bottom: RGBA(255, 0, 0))]),
                                x: 0, y: 0, into: &grid)
        #expect(grid[0, 0].character == "▄")
        #expect(grid[0, 0].style.foreground == Color(196))
    }

    @Test func theDetailPatchBoxHoldsThePictureOnceReadyAndGlyphsBefore() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26]), pictures: spy.loader)
        h.viewModel.start(); await h.viewModel.settle()
        spy.hold()  // the detail's picture waits until released
        h.viewModel.handle(.key(.enter))
        let layout = h.state.layout
        let boxRows = layout.detailHeaderTop..<(layout.detailHeaderTop + layout.detailPatchRows)
        let boxColumns = 2..<(2 + layout.detailPatchColumns)
        var grid = Renderer.render(h.state, size: size)
        let placeholder = boxRows.flatMap { y in boxColumns.map { grid[$0, y].character } }
        #expect(placeholder.contains("░") && placeholder.contains(Theme.patchGlyph), "glyph art while loading")
        let textBefore = try! #require(grid.find("CRS-26"))

        spy.release()
        await h.viewModel.settle()
        grid = Renderer.render(h.state, size: size)
        #expect(boxRows.allSatisfy { y in boxColumns.allSatisfy { grid[$0, y].character == "▀" } })
        #expect(grid[2, layout.detailHeaderTop].style.foreground == Color(XtermPalette.nearest(RGBA(200, 30, 30))))
        #expect(grid.find("CRS-26")! == textBefore, "nothing moves when the picture arrives")
        assertSnapshot(of: grid, as: .frame)
    }

    @Test func glyphModeDrawsGlyphsEvenWithAPictureAtHand() async {
        let spy = PictureSpy()
        let h = Harness(source: ScriptedSource(upcoming: [Sample.crs26]), pictures: spy.loader)
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.enter)
        h.viewModel.handle(.terminalColors(8))
        let grid = Renderer.render(h.state, size: size)
        #expect(!grid.cells.contains { $0.character == "▀" })
    }

    @Test func theStartupLogoFillsHalfTheWidthWhileTheFirstPageLoads() async {
        let wide = Size(width: 160, height: 50)
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)), width: 160, height: 50,
                        pictures: PictureSpy().loader)
        h.viewModel.start()  // not settled: the first page is on its way
        var grid = Renderer.render(h.state, size: wide)
        let logoRows = (0..<grid.height).filter { y in (0..<grid.width).contains { grid[$0, y].character == "▀" || grid[$0, y].character == "▄" } }
        let columns = (0..<grid.width).filter { x in logoRows.contains { grid[x, $0].character == "▀" || grid[x, $0].character == "▄" } }
        // The logo's box is half the width (80 columns); the rocket inside has transparent sides.
        #expect(columns.count >= 30 && columns.count <= 80, "\(columns.count) columns drawn")
        let centre = (columns.first! + columns.last!) / 2
        #expect(abs(centre - wide.width / 2) <= 2, "centred: \(centre)")
        #expect(logoRows.count >= 30, "tall: \(logoRows.count) rows")
        #expect(grid.find("tminus · loading upcoming launches…") != nil)
        assertSnapshot(of: grid, as: .frame, named: "pictures")

        await h.viewModel.settle()
        grid = Renderer.render(h.state, size: wide)
        #expect(grid.find("tminus · loading") == nil, "the list replaces the logo at once")
        #expect(grid.find("Mission 1") != nil)
    }

    @Test func belowTwoHundredFiftySixColoursTheLogoIsGlyphArt() {
        let h = Harness(source: ScriptedSource(upcoming: Sample.launches(3, upcoming: true)))
        h.viewModel.start()
        let grid = Renderer.render(h.state, size: size)
        #expect(grid.find("▐█▌") != nil)
        #expect(!grid.cells.contains { $0.character == "▀" })
        #expect(grid.find("tminus · loading upcoming launches…") != nil)
    }

    @Test func onADirectColourTerminalPicturesKeepTheirOwnColours() {
        var grid = Grid(size: Size(width: 2, height: 1))
        PictureView.drawPicture(Self.picture, x: 0, y: 0, direct: true, into: &grid)
        #expect(grid[0, 0].style.foreground == .rgb(255, 0, 0))
        #expect(grid[0, 0].style.background == .rgb(0, 0, 255))
        #expect(grid[1, 0].style.foreground == .rgb(0, 255, 0))
        #expect(grid[0, 0].style.foreground.description == "#ff0000")
        #expect(!grid[0, 0].style.foreground.isRGB == false && grid[0, 0].style.foreground.index == -1)
        #expect(Color(33).description == "33" && !Color(33).isRGB, "palette colours are unchanged")
    }
}
