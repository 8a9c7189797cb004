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
        #expect(h.state.pictures[rowKey] == .ready(PictureSpy.solid(columns: 4, rows: 2)))
        #expect(h.state.launchRowHeight == 2)
        #expect(h.state.visibleLaunchRows == layout.listHeight / 2)
    }

    @Test func aLaunchDetailAsksForItsPatchAtTheBoxSize() async {
        let h = await harness().started()
        await h.press(.enter)
        let key = detailKey(h)
        #expect(h.state.pictures[key] == .ready(PictureSpy.solid(columns: key.columns, rows: key.rows)))
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

    @Test func leavingTheScreenCancelsAPictureStillLoading() async {
        let h = await harness().started()
        spy.hold()
        h.viewModel.handle(.key(.enter))
        let key = detailKey(h)
        #expect(h.state.pictures[key] == .loading)
        h.viewModel.handle(.key(.escape))
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
        h.viewModel.handle(.terminalColors(8))
        h.viewModel.start(); await h.viewModel.settle()
        await h.press(.enter, .character("2"))
        #expect(spy.requests.isEmpty)
        #expect(h.state.pictureMode == .glyphs)
    }

    @Test func withoutALoaderThereAreOnlyGlyphs() async {
        let h = await Harness(source: ScriptedSource(upcoming: [Sample.crs26])).started()
        #expect(h.state.pictureMode == .glyphs)
        await h.press(.enter)
        #expect(h.state.pictures.isEmpty)
    }

    @Test func theColourCountDecidesPalettePicturesDirectColourOrGlyphs() async {
        let h = harness()
        h.viewModel.handle(.terminalColors(1 << 24))
        #expect(h.state.directColor && h.state.pictureMode == .pictures)
        h.viewModel.handle(.terminalColors(256))
        #expect(!h.state.directColor && h.state.pictureMode == .pictures)
        h.viewModel.handle(.terminalColors(16))
        #expect(!h.state.directColor && h.state.pictureMode == .glyphs)
    }
}
