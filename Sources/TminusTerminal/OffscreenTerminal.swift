import TminusCore
import TminusViewModel
import CNcurses
import Foundation
import Logging
import TminusImage
import TminusRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real curses screen that draws into a file instead of a terminal: for benchmarks and
/// tests only (the app itself uses `TerminalApp.run`).
///
/// It opens ncurses with `newterm(term, output, /dev/null)` at a fixed size, sets it up the
/// way the app does (modes, `start_color`, `use_default_colors`, the same colour pairs) and
/// draws through the production path: `NcursesBackend.draw`, which copies the changed cells of
/// a grid into `stdscr` and ends with one `doupdate`, then, when it is given a pixel picture
/// protocol, the app's `PicturePresenter` writes the frame's pictures after it, into the same
/// output. So what it measures (time per frame, bytes sent per frame) is what the app sends to
/// a terminal of that type and size.
///
/// Not thread-safe, like curses itself, whose state is global to the process: use these from
/// one thread at a time, all of them. Several may exist at once (each is its own curses
/// screen, and every call selects it first).
public final class OffscreenTerminal {
    /// Where the terminal's output goes.
    public enum Output: Sendable {
        /// `/dev/null`: nothing is kept and `bytesWritten` stays 0 (for timing).
        case nullDevice
        /// An anonymous temporary file, removed when closed: `bytesWritten` counts every byte.
        case temporaryFile
        /// A file at this path (created or truncated), to look at what was sent.
        case file(String)
    }

    public let size: Size
    fileprivate let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let backend: NcursesBackend
    /// Writes the frames' pixel pictures (nil for symbols), as `MainLoop` does.
    private let presenter: PicturePresenter?
    private let pictureOutput: OffscreenPictureScreen?
    let colorMode: ColorMode
    private var isOpen = true

    /// - Parameters:
    ///   - term: a terminfo name (default `xterm-256color`).
    ///   - environment: read for `NO_COLOR`, as the app reads the process environment.
    ///   - graphics: the terminal's picture protocol: with a pixel one, each `draw` also writes
    ///     the grid's placements through the app's `PicturePresenter` (not inside tmux).
    public init(width: Int, height: Int, term: String = "xterm-256color", output: Output = .temporaryFile,
                environment: [String: String] = [:], graphics: TerminalGraphics = .symbols) throws {
        let logger = Logger(label: "tminus.offscreen") { _ in SwiftLogNoOpLogHandler() }
        Self.useUTF8CharacterSet()
        let out: UnsafeMutablePointer<FILE>?
        switch output {
        case .nullDevice: out = fopen("/dev/null", "w")
        case .temporaryFile: out = tmpfile()
        case .file(let path): out = fopen(path, "w")
        }
        guard let out else { throw TerminalError.system("fopen(output)", errno) }
        guard let inp = fopen("/dev/null", "r") else {
            let code = errno
            fclose(out)
            throw TerminalError.system("fopen(/dev/null)", code)
        }
        guard let screen = newterm(term, out, inp) else {
            fclose(out)
            fclose(inp)
            throw TerminalError.unknownTerminal(term)
        }
        self.screen = screen
        self.output = out
        self.input = inp
        // A file has no window size: ncurses took terminfo's (or $LINES/$COLUMNS); set ours.
        resizeterm(Int32(max(1, height)), Int32(max(1, width)))
        size = Size(width: Int(tm_cols()), height: Int(tm_lines()))

        let (mode, defaultColors) = Terminal.configureScreen(environment: environment)
        colorMode = mode
        let colors = ColorPairs(mode: mode, defaultColorsAvailable: defaultColors,
                                pairLimit: Int(tm_color_pairs()), logger: logger)
        backend = NcursesBackend(colors: colors)
        if graphics.drawsPixels {
            let screen = OffscreenPictureScreen(backend: backend, output: out)
            pictureOutput = screen
            presenter = PicturePresenter(graphics: graphics, insideTmux: false, screen: screen)
            backend.prepare(for: graphics)
        } else {
            pictureOutput = nil
            presenter = nil
        }
    }

    deinit { close() }

    /// ncursesw encodes wide characters in the C library's character set, which the app makes
    /// UTF-8 at start-up. Here only LC_CTYPE is touched: a test process keeps the rest of its
    /// locale.
    private static func useUTF8CharacterSet() {
        func isUTF8() -> Bool {
            String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        }
        if isUTF8() { return }
        for name in ["", "C.UTF-8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil && isUTF8() { return }
    }

    /// Draws a frame exactly as the app does: changed rows into `stdscr`, one `doupdate`, then
    /// the pixel pictures.
    public func draw(_ grid: Grid) {
        precondition(isOpen, "OffscreenTerminal used after close()")
        set_term(screen)
        backend.draw(grid)
        presenter?.present(grid.placements, size: size)
    }

    /// Makes the next frame repaint every cell, as after a resize or a resume (and, as there,
    /// every picture is written again: kitty's images are deleted and sent again).
    public func invalidate() {
        precondition(isOpen, "OffscreenTerminal used after close()")
        set_term(screen)
        presenter?.clear()
        backend.invalidate()
    }

    /// Every byte curses has sent to the output so far (0 for `.nullDevice`).
    public var bytesWritten: Int {
        fflush(output)
        return max(0, Int(lseek(fileno(output), 0, SEEK_CUR)))
    }

    /// Told of every picture the presenter writes (as the app's log is): to see why a frame
    /// sends what it does.
    public var pictureLog: ((String) -> Void)? {
        get { presenter?.log }
        set { presenter?.log = newValue }
    }

    /// The part of `bytesWritten` that the picture presenter wrote (sixel, kitty, iTerm2
    /// commands), not curses.
    public var pictureBytesWritten: Int { pictureOutput?.bytesWritten ?? 0 }

    /// What was sent from byte `offset` on (empty for `.nullDevice`): to see why a frame
    /// costs what it does.
    public func written(from offset: Int) -> [UInt8] {
        let end = bytesWritten
        guard end > offset else { return [] }
        var bytes = [UInt8](repeating: 0, count: end - offset)
        let read = bytes.withUnsafeMutableBytes { pread(fileno(output), $0.baseAddress, $0.count, off_t(offset)) }
        return Array(bytes.prefix(max(0, read)))
    }

    /// Ends curses on this screen and closes the files. Idempotent.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        set_term(screen)
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }
}

/// The presenter's screen here: curses' own for repainting, and the terminal's output file
/// for the picture bytes (the app writes them to standard output, after curses' bytes).
private final class OffscreenPictureScreen: PictureScreen {
    let backend: NcursesBackend
    let output: UnsafeMutablePointer<FILE>
    private(set) var bytesWritten = 0

    init(backend: NcursesBackend, output: UnsafeMutablePointer<FILE>) { self.backend = backend; self.output = output }

    func write(_ bytes: [UInt8]) {
        bytesWritten += bytes.count
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, output) }
    }

    func repaint(lines: IndexSet) { backend.repaint(lines: lines) }

    func redrew(columns: Range<Int>, rows: Range<Int>) -> Bool { backend.redrew(columns: columns, rows: rows) }
}

// MARK: - What curses shows (tests)

/// One cell of the screen as curses believes the terminal shows it.
struct ScreenCell: Equatable, CustomStringConvertible {
    var text: String
    var attributes: attr_t
    var pair: Int32
    var isBold: Bool { attributes & tm_a_bold() != 0 }
    var description: String { "\(text.debugDescription)/\(attributes)/\(pair)" }
}

extension OffscreenTerminal {
    /// Every cell of `curscr` (what curses believes the terminal shows after the last
    /// `doupdate`), row by row.
    func screenCells() -> [[ScreenCell]] {
        set_term(screen)
        let screen = tm_curscr()
        return (0..<size.height).map { y in
            (0..<size.width).map { x in
                var cell = cchar_t()
                guard mvwin_wch(screen, Int32(y), Int32(x), &cell) != tm_err() else {
                    return ScreenCell(text: "", attributes: 0, pair: -1)
                }
                var chars = [wchar_t](repeating: 0, count: 8)
                var attributes: attr_t = 0
                var shortPair: Int16 = 0
                var pair: Int32 = 0
                _ = getcchar(&cell, &chars, &attributes, &shortPair, &pair)
                let scalars = chars.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
                return ScreenCell(text: String(String.UnicodeScalarView(scalars)), attributes: attributes, pair: pair)
            }
        }
    }

    /// The screen's characters, one line per row (curses reports a wide character in both its
    /// columns; the second is left out, as `Grid.text` does).
    func screenText() -> String {
        screenCells().map { row in
            var line = ""
            var x = 0
            while x < row.count {
                line += row[x].text
                let first = row[x].text.unicodeScalars.first.map { Int32(bitPattern: $0.value) } ?? 0x20
                x += tm_nc_wcwidth(first) == 2 ? 2 : 1
            }
            return line
        }.joined(separator: "\n")
    }
}
