import TminusCore
import Foundation
import Synchronization
import TminusImage
import TminusViewModel

/// What the presenter draws on: the terminal behind curses in the app (`NcursesBackend`), a
/// recorder in tests.
protocol PictureScreen: AnyObject {
    /// Sends bytes straight to the terminal, after everything curses has sent.
    func write(_ bytes: [UInt8])
    /// Has curses send these lines again, every cell, now: they held pixels curses does not
    /// know of.
    func repaint(lines: IndexSet)
    /// Whether the frame just drawn wrote any cell in this rectangle: text written over a
    /// sixel or iTerm2 picture replaces its pixels in those cells.
    func redrew(columns: Range<Int>, rows: Range<Int>) -> Bool
}

/// Puts a frame's pixel pictures (`Grid.placements`) on the screen, right after curses has
/// drawn the frame's text, writing only what changed:
///
/// - sixel and iTerm2 draw pixels at the cursor, over cells curses believes blank. A picture
///   that is new, moved, or whose cells curses wrote this frame is written (the cursor saved
///   and put back, so curses' idea of it stays true). A picture that went away or moved
///   leaves pixels behind: curses repaints its lines whole first (and the pictures that
///   share those lines are written again).
/// - kitty pictures are text to curses (Unicode placeholder cells that the renderer puts in
///   the grid): each image is transmitted once with its virtual placement, and nothing is
///   cleared when its placeholders go. The terminal keeps at most `transmittedLimit` images;
///   the least recently shown one beyond that is deleted.
///
/// Nothing is ever written on the screen's last row (a sixel or an inline image reaching it
/// scrolls the screen) or outside the screen. Encoded bytes are kept (`EncodedPictures`), so a
/// picture is encoded once for each size it is shown at, not once a frame. In the app the
/// encoding runs off the UI thread (a big photo's sixel or PNG takes 40–90 ms): the frame goes
/// out without that picture, its box stays blank, and when the bytes are ready `ready` wakes
/// the event loop, which presents the frame again (`takeArrivals`).
final class PicturePresenter {
    let graphics: TerminalGraphics
    let insideTmux: Bool
    private let screen: PictureScreen
    /// Told of every picture written (where, how big), for the log: the end-to-end test
    /// finds the pictures on its screenshot by it.
    var log: ((String) -> Void)?

    /// Images kitty keeps for us at most (each is its pixels, in the terminal's memory).
    static let transmittedLimit = 32

    /// sixel, iTerm2: what is on the screen now.
    private var shown: Set<Spot> = []
    /// kitty: the images the terminal holds, least recently shown first, and what each shows.
    private var transmitted: [UInt32] = []
    private var kittyImages: [UInt32: Fingerprint] = [:]

    /// What a kitty image id was sent with: its box and its pixels' fingerprint.
    struct Fingerprint: Hashable {
        var columns: Int, rows: Int, image: Int
        init(_ placement: PicturePlacement) {
            columns = placement.columns; rows = placement.rows; image = placement.image.fingerprint
        }
    }
    private var encoded: EncodedPictures
    /// How many pictures were encoded so far (each once per size it is shown at).
    var encodings: Int { encoded.encodings }
    /// Columns before a box that count as its own when curses rewrote them: xterm was seen to
    /// lose a list row's sixel patch when the selected row's tab beside it (two columns, issue
    /// 28) went away (PictureDebrisXtermTests), so the patch is written again.
    static let leftMargin = 2

    /// Bytes of encodings kept for pictures shown again.
    var encodedBytes: Int { encoded.heldBytes }

    /// `background`: where pictures are encoded, nil for at once, in `present` (tests, the
    /// bench); `ready` is called (on that queue) when an encoding is done.
    init(graphics: TerminalGraphics, insideTmux: Bool, screen: PictureScreen,
         background: DispatchQueue? = nil, ready: @escaping @Sendable () -> Void = {}) {
        self.graphics = graphics
        self.insideTmux = insideTmux
        self.screen = screen
        encoded = EncodedPictures(background: background, ready: ready)
    }

    /// Whether encodings finished since the last call: the frame should be presented again.
    func takeArrivals() -> Bool { encoded.takeArrivals() }

    /// After a frame's `doupdate`: its placements, on a screen of `size` cells.
    func present(_ placements: [PicturePlacement], size: Size) {
        switch graphics.pictureProtocol {
        case .kitty: presentKitty(placements)
        case .sixel, .iterm2: presentPixels(placements, size: size)
        case .symbols: break
        }
    }

    /// Forgets what is on the screen, and kitty's images: before a resize's or a resume's full
    /// repaint (which wipes sixel and iTerm2 pixels itself), a stop, and leaving.
    func clear() {
        switch graphics.pictureProtocol {
        case .kitty:
            var out = KittyGraphics.deleteAllPlacements
            for id in transmitted { out += KittyGraphics.delete(id: id) }
            transmitted = []
            kittyImages = [:]
            screen.write(wrapped(out))
        case .sixel, .iterm2:
            shown = []
        case .symbols:
            break
        }
    }

    // MARK: - sixel and iTerm2

    /// Where a picture is drawn: the screen cell of its top-left, the columns that fit on
    /// the screen, and the rows of its box that are drawn (visible, above the last row).
    struct Spot: Hashable {
        var id: UInt32
        var x: Int, y: Int
        var columns: Int
        var boxRows: Range<Int>
        /// The whole box, for centring the picture in it.
        var boxColumns: Int, boxRowCount: Int

        var screenRows: Range<Int> { y..<(y + boxRows.count) }
        var screenColumns: Range<Int> { x..<(x + columns) }
    }

    /// The part of `placement` that may be drawn on a screen of `size`; nil for none.
    static func spot(_ placement: PicturePlacement, size: Size) -> Spot? {
        guard placement.x >= 0, placement.x < size.width, placement.columns > 0, placement.rows > 0 else { return nil }
        var rows = placement.visibleRows.clamped(to: 0..<placement.rows)
        var top = placement.y
        if top < 0 {
            rows = rows.dropFirst(-top)
            top = 0
        }
        // Never the last row: a picture reaching it scrolls the screen.
        let room = max(0, size.height - 1 - top)
        rows = rows.lowerBound..<min(rows.upperBound, rows.lowerBound + room)
        guard !rows.isEmpty else { return nil }
        return Spot(id: placement.id, x: placement.x, y: top, columns: min(placement.columns, size.width - placement.x),
                    boxRows: rows, boxColumns: placement.columns, boxRowCount: placement.rows)
    }

    private func presentPixels(_ placements: [PicturePlacement], size: Size) {
        var now: [Spot: PicturePlacement] = [:]
        for placement in placements {
            if let spot = Self.spot(placement, size: size) { now[spot] = placement }
        }
        // What went away or moved leaves pixels: curses repaints those lines whole.
        var stale = IndexSet()
        for spot in shown where now[spot] == nil { stale.insert(integersIn: spot.screenRows) }
        if !stale.isEmpty { screen.repaint(lines: stale) }

        var out: [UInt8] = []
        var waiting = Set<Spot>()
        for (spot, placement) in now.sorted(by: { ($0.key.y, $0.key.x, $0.key.id) < ($1.key.y, $1.key.x, $1.key.id) }) {
            let unchanged = shown.contains(spot)
                && !stale.intersects(integersIn: spot.screenRows)
                && !screen.redrew(columns: max(0, spot.screenColumns.lowerBound - Self.leftMargin)..<spot.screenColumns.upperBound,
                                  rows: spot.screenRows)
            if unchanged { continue }
            let graphics = graphics, insideTmux = insideTmux
            guard let bytes = encoded.bytes(for: EncodedPictures.Key(spot: spot, image: placement.image, graphics: graphics), encode: {
                Self.pixels(spot, placement, graphics: graphics, insideTmux: insideTmux)
            }) else {
                waiting.insert(spot)  // still encoding: its box stays blank until it is ready
                continue
            }
            log?("pictures: \(graphics.pictureProtocol.rawValue) \(spot.id) at \(spot.x),\(spot.y) \(spot.columns)x\(spot.boxRows.count) cells, rows \(spot.boxRows.lowerBound)..<\(spot.boxRows.upperBound) of \(spot.boxRowCount)")
            out += Array("\u{1B}[\(spot.y + 1);\(spot.x + 1)H".utf8)
            out += bytes
        }
        let drawn = Set(now.keys).subtracting(waiting)
        let changed = drawn != shown
        shown = drawn
        if changed { log?("pictures: on screen: " + Self.describe(shown)) }
        guard !out.isEmpty else { return }
        // DECSC/DECRC: the cursor back where curses left it (and believes it is).
        screen.write(Array("\u{1B}7".utf8) + out + Array("\u{1B}8".utf8))
    }

    /// `X,Y CxR` for each spot, top to bottom, left to right (`none` for none): the log's
    /// list of the pixel pictures on the screen, which the end-to-end test checks its
    /// screenshots against (picture colours in them, none anywhere else).
    static func describe(_ spots: Set<Spot>) -> String {
        let sorted = spots.sorted { ($0.y, $0.x, $0.id) < ($1.y, $1.x, $1.id) }
        return sorted.isEmpty ? "none" : sorted.map { "\($0.x),\($0.y) \($0.columns)x\($0.boxRows.count)" }.joined(separator: " ")
    }

    /// The bytes that draw `spot`'s part of the picture at the cursor (any thread).
    static func pixels(_ spot: Spot, _ placement: PicturePlacement, graphics: TerminalGraphics, insideTmux: Bool) -> [UInt8] {
        let canvas = canvas(spot, placement.image, graphics: graphics)
        switch graphics.pictureProtocol {
        case .iterm2:
            guard let png = PNGEncoder.encode(canvas) else { return [] }
            return wrapped(ITerm2Image.inline(file: png, columns: spot.columns, rows: spot.boxRows.count), insideTmux: insideTmux)
        default:
            // tmux 3.4 draws sixels itself: no passthrough.
            return Sixel.encode(canvas)
        }
    }

    /// The pixels of `spot`'s cells: the picture centred in its whole box as the renderer
    /// placed it, cut to the rows and columns drawn; transparent around it. Its height stops
    /// at the picture's last row and, for sixel, at a whole six-pixel band inside the box, so
    /// that nothing spills into the row below.
    static func canvas(_ spot: Spot, _ image: RGBAImage, graphics: TerminalGraphics) -> RGBAImage {
        let cellWidth = graphics.cellWidth, cellHeight = graphics.cellHeight
        let offsetX = max(0, (spot.boxColumns * cellWidth - image.width) / 2)
        let offsetY = max(0, (spot.boxRowCount * cellHeight - image.height) / 2)
        let top = spot.boxRows.lowerBound * cellHeight - offsetY   // image row at the canvas's top
        let width = max(1, min(spot.columns * cellWidth, offsetX + image.width))
        let room = spot.boxRows.count * cellHeight
        var height = max(1, min(room, image.height - top))
        if graphics.pictureProtocol == .sixel, (height + 5) / 6 * 6 > room { height = max(1, room / 6 * 6) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let source = top + y
            guard source >= 0, source < image.height else { continue }
            let from = max(0, -offsetX), to = min(image.width, width - offsetX)
            guard from < to else { continue }
            let sourceStart = (source * image.width + from) * 4
            let targetStart = (y * width + offsetX + from) * 4
            pixels.replaceSubrange(targetStart..<(targetStart + (to - from) * 4),
                                   with: image.pixels[sourceStart..<(sourceStart + (to - from) * 4)])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    // MARK: - kitty

    private func presentKitty(_ placements: [PicturePlacement]) {
        var out: [UInt8] = []
        var onScreen = Set<UInt32>()
        for placement in placements where placement.columns > 0 && placement.rows > 0 && onScreen.insert(placement.id).inserted {
            let fingerprint = Fingerprint(placement)
            if let index = transmitted.firstIndex(of: placement.id), kittyImages[placement.id] == fingerprint {
                transmitted.remove(at: index)   // to the recent end
            } else {
                // New, or its id now names another picture (ids are few without direct colour):
                // a transmission under an id replaces what the terminal had under it.
                transmitted.removeAll { $0 == placement.id }
                let key = EncodedPictures.Key(id: placement.id, columns: placement.columns, rows: 0..<placement.rows,
                                              image: fingerprint.image, graphics: graphics)
                let insideTmux = insideTmux
                // Until it is transmitted, its placeholder cells show nothing.
                guard let bytes = encoded.bytes(for: key, encode: {
                    Self.wrapped(Self.transmission(placement), insideTmux: insideTmux)
                }) else { continue }
                out += bytes
                kittyImages[placement.id] = fingerprint
                log?("pictures: kitty \(placement.id) transmitted, \(placement.columns)x\(placement.rows) cells")
            }
            transmitted.append(placement.id)
        }
        while transmitted.count > Self.transmittedLimit, let index = transmitted.firstIndex(where: { !onScreen.contains($0) }) {
            let id = transmitted.remove(at: index)
            kittyImages[id] = nil
            out += wrapped(KittyGraphics.delete(id: id))
        }
        // Transmissions (q=2) do not move the cursor nor answer.
        if !out.isEmpty { screen.write(out) }
    }

    /// The image (as PNG: a fraction of its raw pixels) and the virtual placement its
    /// placeholder cells show, the size of its box.
    static func transmission(_ placement: PicturePlacement) -> [UInt8] {
        let data = PNGEncoder.encode(placement.image).map { KittyGraphics.transmitPNG($0, id: placement.id) }
            ?? KittyGraphics.transmit(placement.image, id: placement.id)
        return data + KittyGraphics.virtualPlacement(id: placement.id, columns: placement.columns, rows: placement.rows)
    }

    /// Inside tmux, kitty commands (and iTerm2's) go through its passthrough, one command
    /// per passthrough so that none is too long for tmux.
    private func wrapped(_ commands: [UInt8]) -> [UInt8] { Self.wrapped(commands, insideTmux: insideTmux) }

    static func wrapped(_ commands: [UInt8], insideTmux: Bool) -> [UInt8] {
        insideTmux ? passthroughEach(commands) : commands
    }

    /// Each escape sequence in `commands` (each ends at ST, `ESC \`, or BEL for iTerm2's OSC)
    /// in a passthrough of its own.
    static func passthroughEach(_ commands: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        var i = 0
        while i < commands.count {
            let endsST = commands[i] == 0x1B && i + 1 < commands.count && commands[i + 1] == UInt8(ascii: "\\")
            let endsBEL = commands[i] == 0x07
            if endsST || endsBEL {
                let end = endsST ? i + 2 : i + 1
                out += GraphicsCapabilities.tmuxPassthrough(Array(commands[start..<end]))
                start = end
                i = end
            } else {
                i += 1
            }
        }
        if start < commands.count { out += GraphicsCapabilities.tmuxPassthrough(Array(commands[start...])) }
        return out
    }
}
