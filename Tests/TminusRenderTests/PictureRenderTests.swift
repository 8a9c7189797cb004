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
        let layout = ScreenLayout(h.state.size)
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
}
