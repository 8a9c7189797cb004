import TminusCore
import Foundation
import Testing
import TminusImage
@testable import TminusTerminal
import TminusViewModel

/// The screen as the presenter sees it, recorded: the bytes written, the lines curses was
/// made to repaint, and which cells "curses" wrote in the frame just drawn.
final class RecordingScreen: PictureScreen {
    var written: [[UInt8]] = []
    var repainted: [IndexSet] = []
    /// Cells the current frame's text wrote: (columns, rows).
    var frameWrote: [(Range<Int>, Range<Int>)] = []

    func write(_ bytes: [UInt8]) { written.append(bytes) }
    func repaint(lines: IndexSet) { repainted.append(lines) }
    func redrew(columns: Range<Int>, rows: Range<Int>) -> Bool {
        frameWrote.contains { $0.0.overlaps(columns) && $0.1.overlaps(rows) }
    }

    /// Everything written and repainted so far, then forgotten: one frame's worth.
    func take() -> (bytes: [UInt8], repainted: [IndexSet]) {
        defer { written = []; repainted = []; frameWrote = [] }
        return (written.flatMap { $0 }, repainted)
    }
}

@Suite("Picture presenter")
struct PicturePresenterTests {
    static let screenSize = Size(width: 40, height: 12)
    static let sixel = TerminalGraphics(pictureProtocol: .sixel, cellWidth: 10, cellHeight: 20)
    static let kitty = TerminalGraphics(pictureProtocol: .kitty, cellWidth: 10, cellHeight: 20)

    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8] = [255, 0, 0, 255]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }

    /// A 2×1-cell box filled by a red picture (20×20 px at 10×20 px a cell).
    static func red(id: UInt32 = 7, x: Int = 3, y: Int = 2, columns: Int = 2, rows: Int = 1,
                    visibleRows: Range<Int>? = nil) -> PicturePlacement {
        PicturePlacement(id: id, image: solid(columns * 10, rows * 20), x: x, y: y, columns: columns, rows: rows,
                         visibleRows: visibleRows)
    }

    static let save = Array("\u{1B}7".utf8), restore = Array("\u{1B}8".utf8)
    static func cup(_ x: Int, _ y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }

    // MARK: sixel

    @Test func aNewSixelPictureIsWrittenAtItsCellWithTheCursorPutBack() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        presenter.present([Self.red()], size: Self.screenSize)
        // 20 px tall in a 20 px box: cut to 18, three whole bands, so none reaches the row below.
        let expected = Self.save + Self.cup(3, 2) + Sixel.encode(Self.solid(20, 18)) + Self.restore
        let frame = screen.take()
        #expect(frame.bytes == expected)
        #expect(frame.repainted.isEmpty)
        #expect(String(decoding: frame.bytes, as: UTF8.self).hasPrefix("\u{1B}7\u{1B}[3;4H\u{1B}P0;1;0q\"1;1;20;18#0;2;100;0;0"))
    }

    /// A presenter that encodes on a queue of its own, as in the app; `readyCalls` gets one
    /// element each time an encoding is ready.
    static func encodingInTheBackground(_ graphics: TerminalGraphics)
        -> (screen: RecordingScreen, queue: DispatchQueue, presenter: PicturePresenter, readyCalls: AsyncStream<Void>) {
        let screen = RecordingScreen()
        let queue = DispatchQueue(label: "test.encoding")
        let (readyCalls, ready) = AsyncStream.makeStream(of: Void.self)
        let presenter = PicturePresenter(graphics: graphics, insideTmux: false, screen: screen,
                                         background: queue, ready: { ready.yield() })
        return (screen, queue, presenter, readyCalls)
    }

    @Test func inTheAppAPictureIsEncodedOffTheFrameAndDrawnWhenReady() async {
        // The frame goes out without the picture (its box stays blank) and the encoding runs
        // on the queue; `ready` says when, and the frame presented again writes it.
        let (screen, queue, presenter, readyCalls) = Self.encodingInTheBackground(Self.sixel)
        var logged: [String] = []
        presenter.log = { logged.append($0) }
        // Held until the frames below have been presented: under load the encoding could
        // otherwise finish first, and the second frame would take it in.
        queue.suspend()
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes.isEmpty, "nothing written while it is encoded")
        #expect(!logged.contains { $0.contains("on screen: 3,2") }, "not on screen yet: \(logged)")
        presenter.present([Self.red()], size: Self.screenSize)   // a frame before it is ready: asked once
        #expect(screen.take().bytes.isEmpty)
        queue.resume()
        var calls = readyCalls.makeAsyncIterator()
        _ = await calls.next()
        queue.sync {}
        #expect(presenter.takeArrivals())
        #expect(!presenter.takeArrivals(), "taken once")
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes == Self.save + Self.cup(3, 2) + Sixel.encode(Self.solid(20, 18)) + Self.restore)
        #expect(presenter.encodings == 1)
        #expect(logged.contains { $0.contains("on screen: 3,2") })
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes.isEmpty, "then it is on screen: nothing more")
    }

    @Test func kittyTransmitsAnImageOnceItIsEncoded() async {
        let (screen, _, presenter, readyCalls) = Self.encodingInTheBackground(Self.kitty)
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes.isEmpty)
        var calls = readyCalls.makeAsyncIterator()
        _ = await calls.next()
        #expect(presenter.takeArrivals())
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes == PicturePresenter.transmission(Self.red()))
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes.isEmpty)
    }

    @Test func anUnchangedFrameWritesNothing() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        presenter.present([Self.red()], size: Self.screenSize)
        _ = screen.take()
        presenter.present([Self.red()], size: Self.screenSize)
        screen.frameWrote = [(10..<20, 2..<3)]   // text elsewhere on its row changed
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(screen.written.isEmpty && screen.repainted.isEmpty)
    }

    @Test func aMovedPictureRepaintsWhereItWasAndIsWrittenWhereItIs() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        presenter.present([Self.red(y: 2, rows: 2)], size: Self.screenSize)
        _ = screen.take()
        presenter.present([Self.red(y: 5, rows: 2)], size: Self.screenSize)
        let frame = screen.take()
        #expect(frame.repainted == [IndexSet(integersIn: 2..<4)])
        #expect(frame.bytes.starts(with: Self.save + Self.cup(3, 5) + Array("\u{1B}P0;1;0q\"1;1;20;36".utf8)))
        #expect(frame.bytes.suffix(2) == Self.restore[...])
        #expect(presenter.encodings == 1, "moving does not encode again")
    }

    @Test func aRemovedPictureRepaintsItsLinesAndWritesNothing() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        presenter.present([Self.red(y: 4, rows: 3)], size: Self.screenSize)
        _ = screen.take()
        presenter.present([], size: Self.screenSize)
        let frame = screen.take()
        #expect(frame.repainted == [IndexSet(integersIn: 4..<7)])
        #expect(frame.bytes.isEmpty)
        presenter.present([], size: Self.screenSize)
        #expect(screen.take().repainted.isEmpty, "once")
    }

    /// The end-to-end debris test reads the pictures on the screen from this log line.
    @Test func theLogListsThePicturesOnScreenWhenTheyChange() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        var lines: [String] = []
        presenter.log = { lines.append($0) }
        presenter.present([Self.red(id: 1, x: 3, y: 2, columns: 2, rows: 1), Self.red(id: 2, x: 0, y: 9, columns: 4, rows: 3)],
                          size: Self.screenSize)
        // The second is cut above the last row (11): two of its rows are drawn.
        #expect(lines.filter { $0.contains("on screen") } == ["pictures: on screen: 3,2 2x1 0,9 4x2"])
        lines = []
        presenter.present([Self.red(id: 1, x: 3, y: 2, columns: 2, rows: 1), Self.red(id: 2, x: 0, y: 9, columns: 4, rows: 3)],
                          size: Self.screenSize)
        #expect(lines.isEmpty, "nothing changed: nothing logged")
        presenter.present([], size: Self.screenSize)
        #expect(lines == ["pictures: on screen: none"])
    }

    @Test func aPictureSharingARepaintedLineOrUnderNewTextIsWrittenAgain() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        let left = Self.red(id: 1, x: 0, y: 2), right = Self.red(id: 2, x: 20, y: 2), below = Self.red(id: 3, x: 0, y: 6)
        presenter.present([left, right, below], size: Self.screenSize)
        _ = screen.take()
        // `right` goes: its line is repainted whole, which wipes `left` too.
        presenter.present([left, below], size: Self.screenSize)
        var frame = screen.take()
        #expect(frame.repainted == [IndexSet(integer: 2)])
        #expect(frame.bytes.starts(with: Self.save + Self.cup(0, 2)))
        #expect(!String(decoding: frame.bytes, as: UTF8.self).contains("\u{1B}[7;1H"), "below is untouched")
        // The frame's text wrote over a cell of `below` (a theme change recolours the blanks).
        screen.frameWrote = [(1..<2, 6..<7)]
        presenter.present([left, below], size: Self.screenSize)
        frame = screen.take()
        #expect(frame.bytes.starts(with: Self.save + Self.cup(0, 6)))
        #expect(frame.repainted.isEmpty)
    }

    @Test func nothingIsWrittenOnTheLastRowOrOutsideTheScreen() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        // Rows 9, 10, 11 of a 12-row screen: 11 is the last, so two rows are drawn.
        presenter.present([Self.red(y: 9, rows: 3)], size: Self.screenSize)
        #expect(String(decoding: screen.take().bytes, as: UTF8.self).contains("\u{1B}[10;4H\u{1B}P0;1;0q\"1;1;20;36"))
        // Only on the last row, right of the screen, left of it: nothing.
        presenter.present([Self.red(id: 8, y: 11), Self.red(id: 9, x: 40, y: 3), Self.red(id: 10, x: -1, y: 3)], size: Self.screenSize)
        let frame = screen.take()
        #expect(frame.bytes.isEmpty && frame.repainted == [IndexSet(integersIn: 9..<11)])
        // Cut at the right edge: 39 is the last column, one of the box's two fits.
        presenter.present([Self.red(id: 11, x: 39, y: 3)], size: Self.screenSize)
        #expect(String(decoding: screen.take().bytes, as: UTF8.self).contains("\u{1B}[4;40H\u{1B}P0;1;0q\"1;1;10;18"))
    }

    @Test func aPictureCutAtTheTopShowsItsLowerRows() {
        // A 3-row box scrolled up by one: its rows 1 and 2 drawn from screen row 0; the picture
        // is red on top, blue below (rows of 20 px).
        var pixels: [UInt8] = []
        for y in 0..<60 { for _ in 0..<20 { pixels += y < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let placement = PicturePlacement(id: 4, image: RGBAImage(width: 20, height: 60, pixels: pixels), x: 0, y: 0,
                                         columns: 2, rows: 3, visibleRows: 1..<3)
        let spot = PicturePresenter.spot(placement, size: Self.screenSize)!
        let canvas = PicturePresenter.canvas(spot, placement.image, graphics: Self.sixel)
        #expect(canvas.width == 20 && canvas.height == 36)
        #expect(canvas[0, 0] == RGBA(0, 0, 255, 255) && canvas[19, 35] == RGBA(0, 0, 255, 255))
    }

    @Test func aSmallerPictureIsCentredInItsBox() {
        // 10×10 px in a 4×2-cell box (40×40 px): 15 px in from the left, 15 from the top.
        let placement = PicturePlacement(id: 5, image: Self.solid(10, 10), x: 0, y: 0, columns: 4, rows: 2)
        let canvas = PicturePresenter.canvas(PicturePresenter.spot(placement, size: Self.screenSize)!, placement.image,
                                             graphics: Self.sixel)
        #expect(canvas.width == 25 && canvas.height == 25, "transparent to its right and below are not sent")
        #expect(canvas[14, 14].a == 0 && canvas[15, 15] == RGBA(255, 0, 0, 255) && canvas[24, 24] == RGBA(255, 0, 0, 255))
    }

    @Test func clearForgetsWhatIsShownSoTheNextFrameWritesItAgain() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.sixel, insideTmux: false, screen: screen)
        presenter.present([Self.red()], size: Self.screenSize)
        _ = screen.take()
        presenter.clear()
        #expect(screen.written.isEmpty, "sixels go with curses' full repaint")
        presenter.present([Self.red()], size: Self.screenSize)
        let frame = screen.take()
        #expect(frame.bytes.starts(with: Self.save + Self.cup(3, 2)) && frame.repainted.isEmpty)
        #expect(presenter.encodings == 1)
    }

    @Test func sixelInsideTmuxGoesPlain() {
        let screen = RecordingScreen()
        PicturePresenter(graphics: Self.sixel, insideTmux: true, screen: screen).present([Self.red()], size: Self.screenSize)
        #expect(screen.take().bytes == Self.save + Self.cup(3, 2) + Sixel.encode(Self.solid(20, 18)) + Self.restore)
    }

    // MARK: iTerm2

    @Test func iTerm2GetsAPNGSizedInCells() throws {
        let screen = RecordingScreen()
        let graphics = TerminalGraphics(pictureProtocol: .iterm2, cellWidth: 10, cellHeight: 20)
        PicturePresenter(graphics: graphics, insideTmux: false, screen: screen).present([Self.red(rows: 2)], size: Self.screenSize)
        let png = try #require(PNGEncoder.encode(Self.solid(20, 40)))
        #expect(screen.take().bytes == Self.save + Self.cup(3, 2) + ITerm2Image.inline(file: png, columns: 2, rows: 2) + Self.restore)
    }

    // MARK: kitty

    @Test func kittyTransmitsOnceThenOnlyThePlaceholdersShowIt() throws {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.kitty, insideTmux: false, screen: screen)
        presenter.present([Self.red()], size: Self.screenSize)
        let png = try #require(PNGEncoder.encode(Self.solid(20, 20)))
        let expected = KittyGraphics.transmitPNG(png, id: 7) + KittyGraphics.virtualPlacement(id: 7, columns: 2, rows: 1)
        #expect(screen.take().bytes == expected)
        #expect(String(decoding: expected, as: UTF8.self).contains("a=p,U=1,i=7,c=2,r=1,q=2"))
        // Moved, cut, gone, back: its placeholder cells do it all.
        presenter.present([Self.red(y: 6)], size: Self.screenSize)
        presenter.present([Self.red(y: 0, rows: 1, visibleRows: 0..<1)], size: Self.screenSize)
        presenter.present([], size: Self.screenSize)
        presenter.present([Self.red()], size: Self.screenSize)
        let frames = screen.take()
        #expect(frames.bytes.isEmpty && frames.repainted.isEmpty)
    }

    @Test func kittySendsAnIdAgainWhenItNowNamesOtherPixels() throws {
        // With palette ids (240 of them) an id comes back for another picture: the terminal
        // must get the new pixels under it, not show the old ones.
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.kitty, insideTmux: false, screen: screen)
        presenter.present([Self.red()], size: Self.screenSize)
        _ = screen.take()
        var blue = Self.red()
        blue.image = Self.solid(20, 20, [0, 0, 255, 255])
        presenter.present([blue], size: Self.screenSize)
        let png = try #require(PNGEncoder.encode(Self.solid(20, 20, [0, 0, 255, 255])))
        #expect(screen.take().bytes == KittyGraphics.transmitPNG(png, id: 7) + KittyGraphics.virtualPlacement(id: 7, columns: 2, rows: 1))
        presenter.present([blue], size: Self.screenSize)
        #expect(screen.take().bytes.isEmpty, "then it is known")
        presenter.present([Self.red()], size: Self.screenSize)
        #expect(!screen.take().bytes.isEmpty, "and red again is sent again")
    }

    @Test func kittyEvictsTheLeastRecentlyShownAndDeletesIt() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.kitty, insideTmux: false, screen: screen)
        let limit = PicturePresenter.transmittedLimit
        for id in 1...UInt32(limit) { presenter.present([Self.red(id: id)], size: Self.screenSize) }
        presenter.present([Self.red(id: 1)], size: Self.screenSize)   // 1 is recent again; 2 is the oldest
        _ = screen.take()
        presenter.present([Self.red(id: 100), Self.red(id: 2, y: 5)], size: Self.screenSize)
        let bytes = String(decoding: screen.take().bytes, as: UTF8.self)
        #expect(bytes.contains("i=100"))
        #expect(bytes.hasSuffix("\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\"), "3 goes: 2 is on screen")
        #expect(!bytes.contains("d=I,i=2,"))
    }

    @Test func kittyInsideTmuxWrapsEachCommandInThePassthrough() throws {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.kitty, insideTmux: true, screen: screen)
        // Big enough (noise does not compress) for the PNG to take more than one chunk.
        var generator = SystemRandomNumberGenerator()
        let noise = RGBAImage(width: 64, height: 64, pixels: (0..<(64 * 64 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let placement = PicturePlacement(id: 9, image: noise, x: 0, y: 0, columns: 4, rows: 2)
        presenter.present([placement], size: Self.screenSize)
        let plain = PicturePresenter.transmission(placement)
        let bytes = screen.take().bytes
        let commands = plain.split(separator: UInt8(ascii: "\\"))   // each ends `ESC \`
        #expect(commands.count >= 3, "at least two chunks and the placement")
        var expected: [UInt8] = []
        for command in commands { expected += GraphicsCapabilities.tmuxPassthrough(Array(command) + [UInt8(ascii: "\\")]) }
        #expect(bytes == expected)
        #expect(bytes.starts(with: Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,i=9,q=2,m=1;".utf8)))
        presenter.clear()
        #expect(screen.take().bytes == GraphicsCapabilities.tmuxPassthrough(KittyGraphics.deleteAllPlacements)
                + GraphicsCapabilities.tmuxPassthrough(KittyGraphics.delete(id: 9)))
    }

    @Test func kittyClearDeletesEverythingAndTransmitsAgainAfter() {
        let screen = RecordingScreen()
        let presenter = PicturePresenter(graphics: Self.kitty, insideTmux: false, screen: screen)
        presenter.present([Self.red(id: 1), Self.red(id: 2, y: 5)], size: Self.screenSize)
        _ = screen.take()
        presenter.clear()
        #expect(screen.take().bytes == Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\".utf8))
        presenter.present([Self.red(id: 1)], size: Self.screenSize)
        #expect(String(decoding: screen.take().bytes, as: UTF8.self).contains("a=t,f=100,i=1,q=2"))
        #expect(presenter.encodings == 2, "the bytes were kept: encoded once per picture")
    }
}
