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
    /// A step that moves no picture (the selection up a row, within the screen), for the
    /// lists: with sixel or iTerm2 it must not send a picture again.
    var stillStep: Key? = nil
}

/// The four screens, with `graphics` as the terminal's picture protocol (told to the view
/// model before it starts, as the app does once the terminal has answered).
func pictureScreens(_ images: BenchImages, graphics: TerminalGraphics = .symbols) async -> [PictureScreen] {
    let loader = readyPictures(images)
    func started(_ h: Harness) async -> Harness {
        if graphics.drawsPixels { h.viewModel.handle(.terminalGraphics(graphics)) }
        return await h.started()
    }
    var screens: [PictureScreen] = []

    // The launch list, rows with patches (photos for the launches without one).
    for (name, size) in [("list 120x40", Size(width: 120, height: 40)), ("split 200x60", Size(width: 200, height: 60))] {
        var launches = fullLaunches(200)
        for i in launches.indices where i % 3 == 2 {  // a launch photo where there is no patch, as in LL2 lists
            launches[i].links.patchSmall = nil
            launches[i].image = URL(string: "https://example.com/photos/\(i).jpg")
        }
        let h = await started(Harness(source: ScriptedSource(upcoming: launches, pageSize: launches.count),
                                      width: size.width, height: size.height, pictures: loader))
        await h.press(.pageDown)
        screens.append(PictureScreen(name: name, size: size, harness: h, step: .down, stillStep: .up))
    }

    // A rocket page: the Rockets tab, Falcon 9 (six photos).
    do {
        let size = Size(width: 200, height: 60)
        let h = await started(Harness(source: ScriptedSource(rockets: Sample.Rockets.all), width: size.width,
                                      height: size.height, pictures: loader))
        await h.press(.character("2"), .down, .enter)
        screens.append(PictureScreen(name: "rocket page 200x60", size: size, harness: h, step: .character("]")))
    }

    // A Launch Library 2 detail, scrolled so that its launch image is on screen.
    do {
        let size = Size(width: 120, height: 40)
        let h = await started(Harness(source: ScriptedSource(upcoming: Sample.ll2Launches(3),
                                                             details: ["ll2-1": Sample.starlinkDetailed],
                                                             name: "Launch Library 2"),
                                      width: size.width, height: size.height, pictures: loader))
        await h.press(.enter)
        if let detail = h.state.detail,
           let first = h.state.detailBody(detail.launch).firstIndex(where: { if case .picture = $0 { true } else { false } }) {
            for _ in 0..<max(0, first - 4) { await h.press(.down) }
        }
        screens.append(PictureScreen(name: "LL2 detail 120x40", size: size, harness: h, step: .down))
    }
    return screens
}

/// Frame cost and bytes of a step, on each screen with its pictures ready, drawn as symbols
/// (chafa) or, with a pixel `graphics`, through the app's picture presenter too: then the
/// frame cost includes the presenter, the bytes include what it writes, and a row more says
/// how much of them are picture commands.
func pictureFrameRows(_ images: BenchImages, graphics: TerminalGraphics = .symbols) async throws -> [Row] {
    var rows: [Row] = []
    let how = graphics.drawsPixels ? "\(graphics.pictureProtocol.rawValue) \(graphics.cellWidth)x\(graphics.cellHeight) px, " : ""
    for screen in await pictureScreens(images, graphics: graphics) {
        let h = screen.harness
        let pictures = h.state.pictures.values.filter { if case .ready = $0 { true } else { false } }.count
        let label = "\(how)\(screen.name), \(pictures) pictures ready"

        // (a) Two states a step apart, drawn alternately through ncurses to /dev/null.
        let a = h.state
        await h.press(screen.step)
        let b = h.state
        if dumping { print("== \(label)\n\(Renderer.render(b, size: screen.size).text)") }
        let null = try OffscreenTerminal(width: screen.size.width, height: screen.size.height, output: .nullDevice,
                                         graphics: graphics)
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
        let terminal = try OffscreenTerminal(width: screen.size.width, height: screen.size.height, output: .temporaryFile,
                                             graphics: graphics)
        terminal.draw(Renderer.render(h.state, size: screen.size))
        terminal.draw(Renderer.render(h.state, size: screen.size))
        if dumping { terminal.pictureLog = { print("   \($0)") } }
        /// Bytes (all, and the presenter's) that drawing the current state sends.
        func sent(_ draw: () -> Void) -> (all: Double, pictures: Double) {
            let before = terminal.bytesWritten, picturesBefore = terminal.pictureBytesWritten
            draw()
            return (Double(terminal.bytesWritten - before), Double(terminal.pictureBytesWritten - picturesBefore))
        }
        // (c) The whole screen from nothing: every cell sent again, and every picture.
        var whole: [(all: Double, pictures: Double)] = []
        for _ in 0..<3 {
            terminal.invalidate()
            whole.append(sent { terminal.draw(Renderer.render(h.state, size: screen.size)) })
        }
        var counts: [(all: Double, pictures: Double)] = []
        for _ in 0..<5 {
            await h.press(screen.step)
            if dumping { print("== \(screen.step.benchName) on \(label)") }
            counts.append(sent { terminal.draw(Renderer.render(h.state, size: screen.size)) })
        }
        // (d) After the steps down (the selection on the last row, the list scrolling), steps
        // up move the selection within the screen.
        var still: [(all: Double, pictures: Double)] = []
        if let stillStep = screen.stillStep {
            for _ in 0..<5 {
                await h.press(stillStep)
                if dumping { print("== \(stillStep.benchName) on \(label)") }
                still.append(sent { terminal.draw(Renderer.render(h.state, size: screen.size)) })
            }
        }
        terminal.close()
        for (key, counts) in [(screen.step, counts), (screen.stillStep, still)] {
            guard let key, !counts.isEmpty else { continue }
            let step = "\(key.benchName) on \(label)"
            rows.append(bytesRow("bytes: \(step)", target: nil, counts.map(\.all)))
            if graphics.drawsPixels { rows.append(bytesRow("  of which pictures: \(step)", target: nil, counts.map(\.pictures))) }
        }
        rows.append(bytesRow("bytes: whole screen, \(label)", target: nil, whole.map(\.all)))
        if graphics.drawsPixels { rows.append(bytesRow("  of which pictures: whole screen, \(label)", target: nil, whole.map(\.pictures))) }
    }
    return rows
}

/// The pixel protocols the bench draws with, at a common cell size (10x20 px).
let benchPixelGraphics: [TerminalGraphics] = [PictureProtocol.sixel, .kitty, .iterm2].map {
    TerminalGraphics(pictureProtocol: $0, cellWidth: 10, cellHeight: 20)
}

/// The same four screens with pixel pictures (sixel, kitty, iTerm2): frame cost and bytes,
/// the presenter's included.
func pixelPictureBytesRows(_ images: BenchImages) async throws -> [Row] {
    var rows: [Row] = []
    for graphics in benchPixelGraphics { rows += try await pictureFrameRows(images, graphics: graphics) }
    return rows
}

/// What a user waits for once, when a big picture first shows: `photo` made ready for a
/// 120x40-cell box (a launch image in a wide detail) as chafa's symbols at each colour depth,
/// and as pixels (scaled to the box at 10x20 px a cell, then encoded as a sixel or as the
/// PNG that kitty and iTerm2 are sent). Encodings are kept by the presenter, so each is paid
/// once per picture and size. Also the size of each encoding.
func pictureEncodingRows(_ photo: RGBAImage) -> [Row] {
    let columns = 120, rows = 40
    let box = (width: columns * 10, height: rows * 20)
    var out: [Row] = []
    for (depth, name) in [(PictureColorDepth.truecolor, "truecolor"), (.indexed256, "256"), (.indexed16, "16")] {
        out.append(measure("chafa photo \(photo.width)x\(photo.height) -> \(columns)x\(rows) cells, \(name)", iterations: 30, warmUp: 3) {
            checksum(ChafaRenderer.render(photo, columns: columns, rows: rows, depth: depth))
        })
    }
    let fitted = ImageScaler.fit(photo, boxWidth: box.width, boxHeight: box.height)
    let pixels = "\(fitted.width)x\(fitted.height) px (\(columns)x\(rows) cells)"
    out.append(measure("scale photo \(photo.width)x\(photo.height) -> \(pixels)", iterations: 30, warmUp: 3) {
        ImageScaler.fit(photo, boxWidth: box.width, boxHeight: box.height).pixels.count
    })
    out.append(measure("encode sixel, photo \(pixels)", iterations: 30, warmUp: 3) { Sixel.encode(fitted).count })
    out.append(measure("encode PNG (kitty, iTerm2), photo \(pixels)", iterations: 30, warmUp: 3) {
        PNGEncoder.encode(fitted)?.count ?? 0
    })
    let sixel = Double(Sixel.encode(fitted).count)
    let kitty = Double(PNGEncoder.encode(fitted).map { KittyGraphics.transmitPNG($0, id: 1) }?.count ?? 0)
    out.append(bytesRow("bytes: sixel, photo \(pixels)", target: nil, [sixel]))
    out.append(bytesRow("bytes: kitty PNG transmission, photo \(pixels)", target: nil, [kitty]))
    return out
}

extension Key {
    /// How a step reads in the table.
    var benchName: String {
        switch self {
        case .down: "one line/row down (j)"
        case .up: "one row up (k), no scrolling"
        case .character(let c): "`\(c)`"
        default: "\(self)"
        }
    }
}
