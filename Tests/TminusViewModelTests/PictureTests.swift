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

    @Test func aLaunchDetailAsksForItsPatchAtTheBoxSize() async {
        let h = await harness().started()
        #expect(spy.requests.isEmpty, "the list draws no pictures")
        await h.press(.enter)
        let layout = ScreenLayout(h.state.size)
        let key = PictureKey(url: Sample.crs26.links.patchSmall!, columns: layout.detailPatchColumns, rows: layout.detailPatchRows)
        #expect(spy.requests == [Sample.crs26.links.patchSmall!])
        #expect(h.state.pictures[key] == .ready(PictureSpy.solid(columns: key.columns, rows: key.rows)))
        await h.press(.escape, .enter)
        #expect(spy.requests.count == 1, "a picture already had is not asked for again")
    }

    @Test func aLaunchWithoutAPatchAsksForNothing() async {
        let h = await harness().started()
        await h.press(.down, .enter)
        #expect(spy.requests.isEmpty)
    }

    @Test func leavingTheScreenCancelsAPictureStillLoading() async {
        let h = await harness().started()
        spy.hold()
        h.viewModel.handle(.key(.enter))
        #expect(h.state.pictures.values.contains(.loading))
        h.viewModel.handle(.key(.escape))
        #expect(h.state.pictures.isEmpty, "the loading slot goes with the screen")
        await h.viewModel.settle()
        #expect(spy.cancelled == [Sample.crs26.links.patchSmall!])
        #expect(h.state.pictures.isEmpty, "a cancelled load posts nothing")
        spy.release()
    }

    @Test func aFailedPictureStaysFailedAndIsNotRetriedOnEveryKey() async {
        spy.fail(Sample.crs26.links.patchSmall!)
        let h = await harness().started()
        await h.press(.enter, .down, .down)
        #expect(h.state.pictures.values.contains { if case .failed = $0 { true } else { false } })
        #expect(spy.requests.count == 1)
    }

    @Test func theRocketPageAsksForTheGalleryPictureAndFollowsTheSteps() async {
        let h = await harness().started()
        await h.press(.character("2"))
        let thumbnails = spy.requests.count
        #expect(thumbnails == Sample.Rockets.all.filter { !$0.flickrImages.isEmpty }.count, "one thumbnail per visible rocket")
        await h.press(.down, .enter)
        let rocket = Sample.Rockets.falcon9
        #expect(spy.requests.last == rocket.flickrImages[0])
        await h.press(.character("]"))
        #expect(spy.requests.last == rocket.flickrImages[1])
    }

    @Test func glyphModeAsksForNothing() async {
        let h = await harness().started()
        h.viewModel.handle(.terminalColors(8))
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
}
