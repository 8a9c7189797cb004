import Foundation
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusViewModel

/// Which pictures the screen asks for, when, and what happens to them.
@Suite("Pictures")
struct PictureTests {
    let spy = PictureSpy()

    func harness(height: Int = 24) -> Harness {
        Harness(source: ScriptedSource(upcoming: [Sample.crs26] + Sample.launches(3, upcoming: true),
                                       rockets: Sample.Rockets.all),
                height: height, pictures: spy.loader)
    }

    func detailKey(_ h: Harness) -> PictureKey {
        let layout = h.state.layout
        return PictureKey(url: Sample.crs26.links.patchSmall!, columns: layout.detailPatchColumns, rows: layout.detailPatchRows)
    }

    @Test func listRowsAskForTheirPatchesAndRowsAreTwoLinesTall() async {
        let h = await harness().started()
        let layout = h.state.layout
        let rowKey = PictureKey(url: Sample.crs26.links.patchSmall!, columns: layout.rowPatchColumns, rows: layout.rowPatchRows)
        #expect(spy.requests == [Sample.crs26.links.patchSmall!], "only CRS-26 of the visible rows has a patch")
        #expect(h.state.pictures[h.state.pictureRequest(rowKey)] == .ready(PictureSpy.solid(columns: 4, rows: 2)))
        #expect(h.state.launchRowHeight == 2)
        #expect(h.state.visibleLaunchRows == layout.listHeight / 2)
    }

    @Test func aLaunchDetailAsksForItsPatchAtTheBoxSize() async {
        let h = await harness().started()
        await h.press(.enter)
        let key = detailKey(h)
        #expect(h.state.pictures[h.state.pictureRequest(key)] == .ready(PictureSpy.solid(columns: key.columns, rows: key.rows)))
        #expect(spy.requests.count == 2, "the row's patch and the detail's: one picture, two box sizes")
        await h.press(.escape, .enter)
        #expect(spy.requests.count == 2, "a picture already had is not asked for again")
    }

    @Test func aLaunchWithoutAPatchAsksForNothing() async {
        let h = await harness().started()
        let before = spy.requests.count
        await h.press(.down, .enter)
        #expect(spy.requests.count == before)
    }

    /// A launch with a photo and no patch (most of LL2's) shows the photo in the detail's
    /// header box, as the preview does (issue 25: the box stayed `░░░ ○` for good).
    @Test func aLaunchWithAPhotoAndNoPatchShowsThePhotoInTheDetailHeader() async {
        var launch = Sample.launches(1, upcoming: true)[0]
        launch.links.patchSmall = nil
        launch.links.patchLarge = nil
        launch.image = URL(string: "https://example.com/photo.jpg")!
        let h = Harness(source: ScriptedSource(upcoming: [launch]), pictures: spy.loader)
        await h.started().press(.enter)
        let layout = h.state.layout
        let key = PictureKey(url: launch.image!, columns: layout.detailPatchColumns, rows: layout.detailPatchRows)
        #expect(h.state.pictures[h.state.pictureRequest(key)] == .ready(PictureSpy.solid(columns: key.columns, rows: key.rows)))
    }

    @Test func leavingTheScreenCancelsAPictureStillLoading() async {
        let h = await harness().started()
        spy.hold()
        h.viewModel.handle(.key(.enter))
        _ = h.viewModel.render()  // the loop draws the detail: its pictures are asked for
        let key = h.state.pictureRequest(detailKey(h))
        #expect(h.state.pictures[key] == .loading)
        h.viewModel.handle(.key(.escape))
        _ = h.viewModel.render()
        #expect(h.state.pictures[key] == nil, "the loading slot goes with the screen")
        await h.viewModel.settle()
        #expect(spy.cancelled == [Sample.crs26.links.patchSmall!])
        #expect(h.state.pictures[key] == nil, "a cancelled load posts nothing")
        spy.release()
    }

    @Test func aFailedPictureStaysFailedAndIsNotRetriedOnEveryKey() async {
        spy.fail(Sample.crs26.links.patchSmall!)
        let h = await harness().started()
        await h.press(.enter)
        let asked = spy.requests.count
        await h.press(.down, .down, .up)
        #expect(h.state.pictures.values.contains { if case .failed = $0 { true } else { false } })
        #expect(spy.requests.count == asked, "a failed picture is not asked for again on every key")
    }

    @Test func theRocketPageAsksForTheGalleryPictureAndFollowsTheSteps() async {
        let h = await harness().started()
        let before = spy.requests.count
        await h.press(.character("2"))
        let thumbnails = spy.requests.count - before
        #expect(thumbnails == Sample.Rockets.all.filter { !$0.flickrImages.isEmpty }.count, "one thumbnail per visible rocket")
        await h.press(.down, .enter)
        let rocket = Sample.Rockets.falcon9
        #expect(spy.requests.last == rocket.flickrImages[0])
        await h.press(.character("]"))
        #expect(spy.requests.last == rocket.flickrImages[1])
    }

    @Test func glyphModeAsksForNothing() async {
        let h = harness()
        h.viewModel.state.pictureMode = .glyphs
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.enter, .character("2"))
        #expect(spy.requests.isEmpty)
    }

    @Test func fewColoursStillShowPictures() async {
        let h = harness()
        h.viewModel.handle(.terminalColors(16))
        await h.viewModel.settle()
        let started = await h.started()
        #expect(started.state.pictureMode == .pictures)
        #expect(spy.fullRequests.first?.look.depth == .indexed16)
    }

    @Test func withoutALoaderThereAreOnlyGlyphs() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        #expect(h.state.pictureMode == .glyphs)
        await h.press(.enter)
        #expect(h.state.pictures.isEmpty)
    }

    @Test func theColourCountDecidesThePicturesDepth() async {
        let h = harness()
        for (count, depth) in [(1 << 24, PictureColorDepth.truecolor), (256, .indexed256), (16, .indexed16),
                               (8, .indexed16), (0, .none)] {
            h.viewModel.handle(.terminalColors(count))
            #expect(h.state.pictureDepth == depth && h.state.pictureMode == .pictures, "\(count) colours")
        }
    }

    @Test func aDepthChangeLoadsTheScreensPicturesAgainAndDropsTheOldOnes() async {
        let h = await harness().started()
        let rowKey = PictureKey(url: Sample.crs26.links.patchSmall!, columns: h.state.layout.rowPatchColumns,
                                rows: h.state.layout.rowPatchRows)
        let old = h.state.pictureRequest(rowKey)
        #expect(h.state.pictures[old] != nil)
        h.viewModel.handle(.terminalColors(1 << 24))
        await h.viewModel.settle()
        let new = h.state.pictureRequest(rowKey)
        #expect(new.look.depth == .truecolor && new != old)
        #expect(h.state.pictures[new] == .ready(PictureSpy.solid(for: new)))
        #expect(h.state.pictures[old] == nil, "a picture made for another look is never drawn: it goes")
        #expect(spy.fullRequests.last == new)
    }

    @Test func pixelGraphicsAskForPixelsAtTheCellSize() async {
        let h = await harness().started()
        #expect(spy.fullRequests.allSatisfy { $0.look.cellPixels == nil }, "symbols: no pixels asked for")
        h.viewModel.handle(.terminalGraphics(TerminalGraphics(pictureProtocol: .sixel, cellWidth: 9, cellHeight: 18)))
        await h.viewModel.settle()
        let request = spy.fullRequests.last!
        #expect(request.look.cellPixels == PixelSize(width: 9, height: 18))
        #expect(request.pixelBox == PixelSize(width: request.columns * 9, height: request.rows * 18))
        guard case .ready(let picture)? = h.state.pictures[request] else {
            Issue.record("the picture with pixels is not ready"); return
        }
        #expect(picture.pixels?.width == request.columns * 9)
        // Back to symbols: the pictures are asked for again without pixels.
        h.viewModel.handle(.terminalGraphics(.symbols))
        await h.viewModel.settle()
        #expect(spy.fullRequests.last?.look.cellPixels == nil)
        #expect(!h.state.pictures.keys.contains { $0.look.cellPixels != nil })
    }

    @Test func aLightThemeAsksChafaToBlendOverWhite() async {
        let h = await harness().started()
        #expect(spy.fullRequests.last?.look.background == RGBA(0, 0, 0))
        h.viewModel.state.theme.choice = .light
        h.viewModel.handle(.tick)
        await h.viewModel.settle()
        #expect(spy.fullRequests.last?.look.background == RGBA(255, 255, 255))
    }
}
