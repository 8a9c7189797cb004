// Frames with pictures on screen (issue 16's "before" and "after"): what a frame costs (view
// state → cell grid → ncurses) and how many bytes it sends when the pictures are READY, not
// placeholders. Four screens, each driven through the real view model with a picture loader
// that answers at once:
//
//   list      120x40, no preview: every visible row's patch
//   split     200x60: the rows' patches and the preview's picture beside them
//   rocket    200x60: a rocket page with its gallery picture; the change is `]` (next photo)
//   detail    120x40: a Launch Library 2 detail with its launch image in the body; the
//             change is one line of scrolling (the picture moves up a row). (At 200x60 the
//             whole body may fit, and then there is nothing to scroll.)
//
// For each: the frame cost of the step, the bytes the step sends, and the bytes of the whole
// screen drawn from nothing (opening it, or a resize). Different URLs get different pictures
// (two photos, several patches), so a moved row really changes what the terminal shows.
//
// The pictures are built by `benchPicture` alone: when the picture pipeline changes (chafa's
// symbols instead of half blocks), only that function changes.

import Foundation
import TminusCore
import TminusImage
import TminusRender
import TminusTerminal
import TminusTestSupport
import TminusViewModel

/// The bench's source pictures: photos for `.jpg` URLs (rocket galleries, launch images),
/// patches for the rest.
struct BenchImages: Sendable {
    let photos: [RGBAImage]
    let patches: [RGBAImage]

    /// The same URL always gets the same picture; neighbouring URLs mostly differ.
    func image(for url: URL) -> RGBAImage {
        let pool = url.pathExtension == "jpg" ? photos : patches
        let hash = url.absoluteString.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        return pool[hash % pool.count]
    }
}

/// The one place the bench turns pixels into a ready picture, rendered for the request as the
/// app renders them (chafa's symbols, and pixels when the request asks for them).
func benchPicture(_ request: PictureRequest, images: BenchImages) -> LoadedPicture {
    LoadedPicture.render(images.image(for: request.url), for: request)
}

/// Every picture arrives at once (rendered by `benchPicture`).
func readyPictures(_ images: BenchImages) -> PictureLoader {
    PictureLoader { request in .success(benchPicture(request, images: images)) }
}

/// One screen with its pictures, and the step that changes it (a key, a scroll).
struct PictureScreen {
    let name: String
    let size: Size
    let harness: Harness
    let step: Key
}

func pictureScreens(_ images: BenchImages) async -> [PictureScreen] {
    let loader = readyPictures(images)
    var screens: [PictureScreen] = []

    // The launch list, rows with patches (photos for the launches without one).
    for (name, size) in [("list 120x40", Size(width: 120, height: 40)), ("split 200x60", Size(width: 200, height: 60))] {
        var launches = fullLaunches(200)
        for i in launches.indices where i % 3 == 2 {  // a launch photo where there is no patch, as in LL2 lists
            launches[i].links.patchSmall = nil
            launches[i].image = URL(string: "https://example.com/photos/\(i).jpg")
        }
        let h = await Harness(source: ScriptedSource(upcoming: launches, pageSize: launches.count),
                              width: size.width, height: size.height, pictures: loader).started()
        await h.press(.pageDown)
        screens.append(PictureScreen(name: name, size: size, harness: h, step: .down))
    }

    // A rocket page: the Rockets tab, Falcon 9 (six photos).
    do {
        let size = Size(width: 200, height: 60)
        let h = await Harness(source: ScriptedSource(rockets: Sample.Rockets.all), width: size.width, height: size.height,
                              pictures: loader).started()
        await h.press(.character("2"), .down, .enter)
        screens.append(PictureScreen(name: "rocket page 200x60", size: size, harness: h, step: .character("]")))
    }

    // A Launch Library 2 detail, scrolled so that its launch image is on screen.
    do {
        let size = Size(width: 120, height: 40)
        let h = await Harness(source: ScriptedSource(upcoming: Sample.ll2Launches(3), details: ["ll2-1": Sample.starlinkDetailed],
                                                     name: "Launch Library 2"),
                              width: size.width, height: size.height, pictures: loader).started()
        await h.press(.enter)
        if let detail = h.state.detail,
           let first = h.state.detailBody(detail.launch).firstIndex(where: { if case .picture = $0 { true } else { false } }) {
            for _ in 0..<max(0, first - 4) { await h.press(.down) }
        }
        screens.append(PictureScreen(name: "LL2 detail 120x40", size: size, harness: h, step: .down))
    }
    return screens
}

/// Frame cost and bytes of a step, on each screen with its pictures ready.
func pictureFrameRows(_ images: BenchImages) async throws -> [Row] {
    var rows: [Row] = []
    for screen in await pictureScreens(images) {
        let h = screen.harness
        let pictures = h.state.pictures.values.filter { if case .ready = $0 { true } else { false } }.count
        let label = "\(screen.name), \(pictures) pictures ready"

        // (a) Two states a step apart, drawn alternately through ncurses to /dev/null.
        let a = h.state
        await h.press(screen.step)
        let b = h.state
        if dumping { print("== \(label)\n\(Renderer.render(b, size: screen.size).text)") }
        let null = try OffscreenTerminal(width: screen.size.width, height: screen.size.height, output: .nullDevice)
        null.draw(Renderer.render(a, size: screen.size))
        var flip = false
        rows.append(measure("frame → ncurses, \(label)", iterations: 500) {
            flip.toggle()
            let grid = Renderer.render(flip ? b : a, size: screen.size)
            null.draw(grid)
            return grid.width
        })
        null.close()

        // (b) Bytes sent by each further step, from where the last one left off.
        let terminal = try OffscreenTerminal(width: screen.size.width, height: screen.size.height, output: .temporaryFile)
        terminal.draw(Renderer.render(h.state, size: screen.size))
        terminal.draw(Renderer.render(h.state, size: screen.size))
        // (c) The whole screen from nothing: every cell sent again.
        var whole: [Double] = []
        for _ in 0..<3 {
            terminal.invalidate()
            let before = terminal.bytesWritten
            terminal.draw(Renderer.render(h.state, size: screen.size))
            whole.append(Double(terminal.bytesWritten - before))
        }
        var counts: [Double] = []
        for _ in 0..<5 {
            await h.press(screen.step)
            let before = terminal.bytesWritten
            terminal.draw(Renderer.render(h.state, size: screen.size))
            counts.append(Double(terminal.bytesWritten - before))
        }
        terminal.close()
        rows.append(bytesRow("bytes: \(screen.step.benchName) on \(label)", target: nil, counts))
        rows.append(bytesRow("bytes: whole screen, \(label)", target: nil, whole))
    }
    return rows
}

/// Bytes written for pixel pictures (kitty, sixel, iTerm2): the presenter that writes them after
/// `doupdate` arrives with the `termpix` branch. Until it is merged there is nothing to measure,
/// and this adds no rows (no made-up numbers). After the merge: the same four screens with
/// `AppState.graphics` set to each pixel protocol, counting the presenter's bytes per step.
func pixelPictureBytesRows() -> [Row] { [] }

extension Key {
    /// How a step reads in the table.
    var benchName: String {
        switch self {
        case .down: "one line/row down (j)"
        case .character(let c): "`\(c)`"
        default: "\(self)"
        }
    }
}
