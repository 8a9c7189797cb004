import Foundation
import Synchronization
import Testing
import TminusCore
import TminusImage
import TminusTestSupport
@testable import TminusViewModel

/// Issue 23: an app kept open for hours must not grow with use. Browsing is driven here the
/// way `make soak` drives the real binary, thousands of keys over hundreds of launches each
/// with a picture of its own, with answers arriving late, out of order, failing or cancelled,
/// and after every step what the app holds must be inside its bounds: tasks in flight,
/// picture loads, picture slots in the state and the bytes they hold, and the loader's cache.
@Suite("Footprint bounds")
struct FootprintBoundsTests {
    /// Launches whose patches are each their own URL, as on the real APIs.
    static func launches(_ count: Int, upcoming: Bool) -> [Launch] {
        Sample.launches(count, upcoming: upcoming, prefix: upcoming ? "Next" : "Done").map { launch in
            var launch = launch
            launch.links.patchSmall = URL(string: "https://example.com/patch/\(launch.id).png")
            launch.links.patchLarge = URL(string: "https://example.com/patch/\(launch.id)-large.png")
            return launch
        }
    }

    /// The real loader (`PictureLoader.live`: flights, the memory cache, cancellation) over a
    /// network that answers after 0–3 ms, failing one picture in eleven, and a decoder and a
    /// renderer that make a picture of the box's size without chafa.
    final class Downloads: Sendable {
        let count = Atomic(0)
    }

    static func loader(memoryLimit: Int, memoryBytes: Int, downloads: Downloads) -> PictureLoader {
        let http = HTTPClient { (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            downloads.count.add(1, ordering: .relaxed)
            let path = request.url.path
            var wait = SeededGenerator(seed: UInt64(path.utf8.count), label: path)
            try? await Task.sleep(for: .microseconds(Int.random(in: 0...3_000, using: &wait)))
            if Task.isCancelled { throw .transport("cancelled") }
            if path.utf8.reduce(0, { $0 &+ Int($1) }) % 11 == 0 { throw .http(status: 500, retryAfter: nil) }
            return HTTPClient.Response(status: 200, body: Data(path.utf8))
        }
        return PictureLoader.live(
            http: http, diskCache: nil, memoryLimit: memoryLimit, memoryBytes: memoryBytes,
            decode: { (data: Data) throws(PictureError) -> RGBAImage in RGBAImage(width: 1, height: 1, pixels: [9, 9, 9, 255]) },
            render: { _, request in PictureSpy.solid(for: request) })
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func thousandsOfPicturesScrolledPastStayInsideTheBounds(seed: UInt64) async {
        let downloads = Downloads()
        let memoryLimit = 40, memoryBytes = 60_000
        let pictures = Self.loader(memoryLimit: memoryLimit, memoryBytes: memoryBytes, downloads: downloads)
        let source = ScriptedSource(upcoming: Self.launches(120, upcoming: true), past: Self.launches(300, upcoming: false),
                                    rockets: Sample.Rockets.all)
        let h = await Harness(source: source, width: 200, height: 60, pictures: pictures).started()
        let model = h.viewModel
        var random = SeededGenerator(seed: seed)
        let keys: [Key] = [.character("j"), .character("j"), .character("k"), .character("G"), .character("g"),
                           .character("u"), .character("p"), .pageDown, .pageUp, .character("2"), .right, .left,
                           .character("1"), .enter, .escape]
        let sizes = [(200, 60), (120, 40), (80, 24)]
        var loadsAsked = 0

        for step in 0..<5_000 {
            switch Int.random(in: 0..<100, using: &random) {
            case 0: let (w, hgt) = sizes.randomElement(using: &random)!; model.handle(.resized(width: w, height: hgt))
            case 1..<10: await model.settle()
            case 10..<40: model.receiveMail()  // some answers now, the rest still on their way
            default: break
            }
            // A key, then the frame the loop draws after it (which asks for its pictures).
            let effects = model.handle(.key(keys.randomElement(using: &random)!)) + model.layOut()
            loadsAsked += effects.filter { if case .loadPicture = $0 { true } else { false } }.count

            let state = model.state
            let wanted = state.lastFrame.pictures.count
            let loading = state.pictures.values.filter { $0 == .loading }.count
            let footprint = model.footprint
            #expect(state.pictures.count <= AppReducer.keptPictures + wanted, "step \(step): \(footprint)")
            #expect(state.pictureBytes <= AppReducer.keptBytes, "step \(step)")
            #expect(footprint.pictureLoads <= loading, "step \(step): a load kept for a slot that is gone: \(footprint)")
            #expect(loading <= wanted, "step \(step): a loading slot for a picture not on screen")
            #expect(footprint.tasks <= 200, "step \(step): tasks piling up: \(footprint)")
            #expect(footprint.loaderPictures <= memoryLimit && footprint.loaderBytes <= memoryBytes, "step \(step): \(footprint)")
            if footprint.tasks > 200 { break }
        }

        await model.settle()
        let end = model.footprint
        #expect(loadsAsked > 2_000, "the run asked for \(loadsAsked) pictures: too few to mean anything")
        #expect(downloads.count.load(ordering: .relaxed) > 200)
        #expect(end.tasks == 0 && end.pictureLoads == 0, "work left after settling: \(end)")
        #expect(!model.state.pictures.values.contains(.loading), "a slot left loading with nothing loading it")
    }
}
