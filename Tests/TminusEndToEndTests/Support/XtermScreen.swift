import Foundation

/// A real xterm drawing sixels, on a virtual X server: `Xvfb`, `xterm -ti vt340` (sixel and
/// 256 colour registers), its screen read back with `xwd` and ImageMagick's `convert`, keys
/// typed and the window resized with `xdotool`. `make test` installs them (xvfb xterm x11-apps
/// imagemagick xdotool); tests skip without them.
final class XtermScreen {
    static let tools = ["Xvfb", "xterm", "xwd", "convert", "xdotool"]
    static var available: Bool { tools.allSatisfy { Self.inPath($0) } }
    static let missingMessage = "Xvfb, xterm, xwd, convert or xdotool is missing (apt-get install xvfb xterm x11-apps imagemagick xdotool)"

    /// Where xterm draws cell (0, 0), in pixels: its 1-pixel window border and 2-pixel inner border.
    static let origin = 3

    /// The virtual screen, in pixels; xterm sits at its top-left corner.
    static let width = 1280, height = 800

    let display: String
    private let server: Subprocess
    private var xterm: Subprocess?
    /// xterm's window, once a key or a resize needed it.
    private var window: String?
    private let directory: URL

    /// Starts Xvfb on the first free display from :90.
    init() throws {
        directory = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-xterm")
        var number = Self.nextDisplay(after: 89)
        // Suites run at once, and other test runs may share the machine: a display taken
        // meanwhile makes Xvfb exit at once, and the next number is tried.
        var tries = 0
        while true {
            let display = ":\(number)"
            let server = try Subprocess(["Xvfb", display, "-screen", "0", "\(Self.width)x\(Self.height)x24", "-nolisten", "tcp"],
                                        stderr: directory.appendingPathComponent("xvfb.log").path)
            let deadline = Date().addingTimeInterval(10)
            while server.isRunning, !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), Date() < deadline {
                usleep(20_000)
            }
            // The socket may be another server's: ours must still be running a moment later.
            usleep(100_000)
            if server.isRunning, FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                self.display = display
                self.server = server
                return
            }
            server.terminate(grace: 1)
            tries += 1
            guard tries < 10 else {
                throw HarnessError.commandFailed(command: "Xvfb \(display)", status: -1,
                                                 stderr: (try? String(contentsOf: directory.appendingPathComponent("xvfb.log"), encoding: .utf8)) ?? "")
            }
            number = Self.nextDisplay(after: number)
        }
    }

    /// The first display number above `number` with neither a lock nor a socket.
    private static func nextDisplay(after number: Int) -> Int {
        var number = number + 1
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            number += 1
        }
        return number
    }

    deinit {
        xterm?.terminate(grace: 2)
        server.terminate(grace: 2)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `command` in an xterm of `columns` × `rows` emulating a VT340 with 256 sixel
    /// colour registers (Debian's xterm draws sixels only as a VT340 or VT382). With
    /// `jobControl`, under an interactive bash that waits for Return after `command` stops
    /// (Ctrl-Z) and then brings it back with `fg`.
    func run(_ command: [String], columns: Int, rows: Int, jobControl: Bool = false) throws {
        let command = jobControl
            ? ["bash", "--norc", "--noprofile", "-i", "-c", command.map(Harness.shellQuote).joined(separator: " ") + "; read -r _; fg"]
            : command
        var environment = xEnvironment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["TMUX"] = nil
        environment["TERM"] = nil
        // `swift test`'s NO_COLOR=1 and the user's settings stay out, as in tmux.
        for name in TmuxSession.appVariables { environment[name] = nil }
        xterm = try Subprocess(["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
                                "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*sixelScrolling: true",
                                "-geometry", "\(columns)x\(rows)+0+0", "-e"] + command,
                               environment: environment, stderr: directory.appendingPathComponent("xterm.log").path)
    }

    /// Types keys into xterm (xdotool's names: `j`, `Next`, `Return`, `question`, `ctrl+z`).
    /// Through XTEST, to the focused window: xterm ignores the synthetic events of
    /// `xdotool key --window` (XSendEvent), and without a window manager focus is set by hand.
    func press(_ keys: String...) throws {
        let window = try xtermWindow()
        try xdotool(["windowfocus", window])
        try xdotool(["key", "--delay", "80"] + keys)
    }

    /// Resizes xterm to `columns` × `rows` cells (no window manager to ask: X does it at once,
    /// and xterm tells the app with SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try xdotool(["windowsize", "--usehints", try xtermWindow(), String(columns), String(rows)])
    }

    private func xtermWindow() throws -> String {
        if let window { return window }
        let deadline = Date().addingTimeInterval(10)
        while true {
            let found = try Harness.run("xdotool", ["search", "--class", "xterm"], environment: xEnvironment)
            if let first = found.stdout.split(separator: "\n").first {
                window = String(first)
                return String(first)
            }
            guard Date() < deadline else { throw HarnessError.commandFailed(command: "xdotool search --class xterm", status: found.status, stderr: found.stderr) }
            usleep(100_000)
        }
    }

    private func xdotool(_ arguments: [String]) throws {
        let result = try Harness.run("xdotool", arguments, environment: xEnvironment)
        // Without a window manager xdotool complains about the focus it reads back; only the status counts.
        guard result.status == 0 else { throw HarnessError.commandFailed(command: "xdotool " + arguments.joined(separator: " "), status: result.status, stderr: result.stderr) }
    }

    private var xEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        return environment
    }

    /// The whole X screen, as RGB pixels; also saved as a PNG at `png` when given.
    func screenshot(png: URL? = nil) throws -> RGBImage {
        let raw = directory.appendingPathComponent("shot.rgb")
        let script = "xwd -root -display \(display) -silent | convert xwd:- -depth 8 rgb:\(Harness.shellQuote(raw.path))"
        let result = try Harness.run("sh", ["-c", script])
        guard result.status == 0 else { throw HarnessError.commandFailed(command: script, status: result.status, stderr: result.stderr) }
        let image = RGBImage(width: Self.width, height: Self.height, bytes: [UInt8](try Data(contentsOf: raw)))
        if let png {
            try Harness.run("convert", ["-size", "\(Self.width)x\(Self.height)", "-depth", "8", "rgb:\(raw.path)", png.path])
        }
        return image
    }

    /// `file` scaled to fit `width` × `height` (aspect kept), centred on `background`, as
    /// RGB: what a picture fitted to a box looks like on a screen of that colour.
    static func fitted(_ file: URL, width: Int, height: Int, background: RGB) throws -> RGBImage {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("tminus-e2e-fitted-\(UUID().uuidString).rgb")
        defer { unlink(raw.path) }
        let result = try Harness.run("convert", [file.path, "-resize", "\(width)x\(height)",
                                                 "-background", "rgb(\(background.r),\(background.g),\(background.b))",
                                                 "-gravity", "center", "-extent", "\(width)x\(height)", "-flatten",
                                                 "-depth", "8", "rgb:\(raw.path)"])
        guard result.status == 0 else { throw HarnessError.commandFailed(command: "convert", status: result.status, stderr: result.stderr) }
        return RGBImage(width: width, height: height, bytes: [UInt8](try Data(contentsOf: raw)))
    }

    private static func inPath(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
}

struct RGB: Equatable, CustomStringConvertible {
    var r, g, b: Int
    var description: String { "rgb(\(r),\(g),\(b))" }
    func distance(to other: RGB) -> Int { max(abs(r - other.r), abs(g - other.g), abs(b - other.b)) }
}

/// Pixels, three bytes each, row after row.
struct RGBImage {
    let width: Int, height: Int
    let bytes: [UInt8]

    subscript(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: Int(bytes[i]), g: Int(bytes[i + 1]), b: Int(bytes[i + 2]))
    }

    /// The mean of each channel over a rectangle.
    func mean(x: Range<Int>, y: Range<Int>) -> RGB {
        var sum = (0, 0, 0)
        for row in y { for column in x { let p = self[column, row]; sum.0 += p.r; sum.1 += p.g; sum.2 += p.b } }
        let count = max(1, x.count * y.count)
        return RGB(r: sum.0 / count, g: sum.1 / count, b: sum.2 / count)
    }

    /// How far the rectangle at (`left`, `top`) is from `other`, compared in blocks of
    /// `block` pixels: the mean over the blocks of the largest channel difference of their
    /// mean colours (sixel's 256-colour palette and a pixel of misalignment do not count).
    func difference(from other: RGBImage, left: Int, top: Int, block: Int = 4) -> Int {
        var total = 0, blocks = 0
        for by in stride(from: 0, to: other.height - block + 1, by: block) {
            for bx in stride(from: 0, to: other.width - block + 1, by: block) {
                let here = mean(x: (left + bx)..<(left + bx + block), y: (top + by)..<(top + by + block))
                let there = other.mean(x: bx..<(bx + block), y: by..<(by + block))
                total += here.distance(to: there)
                blocks += 1
            }
        }
        return total / max(1, blocks)
    }
}

extension XtermScreen {
    /// xterm's 256 colours as 0xRRGGBB (its default 16, the 6×6×6 cube, the grey ramp), and
    /// each at 60 %, as xterm draws faint (dim) text: every pixel of text, its backgrounds
    /// and chafa's symbols is one of them, where a sixel picture's colours (its own 256
    /// registers, fitted to the picture) almost never are.
    static let palette: Set<Int> = {
        var colors: [Int] = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                             0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
        let levels = [0, 95, 135, 175, 215, 255]
        for r in levels { for g in levels { for b in levels { colors.append(r << 16 | g << 8 | b) } } }
        for i in 0..<24 { colors.append((8 + 10 * i) * 0x010101) }
        func faint(_ color: Int) -> Int {
            [16, 8, 0].reduce(0) { $0 | ((color >> $1 & 0xff) * 3 / 5) << $1 }
        }
        return Set(colors + colors.map(faint))
    }()
}

extension RGBImage {
    /// The pixels in the rectangle whose colour is not in `colors` (0xRRGGBB).
    func count(x: Range<Int>, y: Range<Int>, notIn colors: Set<Int>) -> Int {
        var count = 0
        for row in y.clamped(to: 0..<height) {
            for column in x.clamped(to: 0..<width) {
                let i = (row * width + column) * 3
                if !colors.contains(Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])) { count += 1 }
            }
        }
        return count
    }

    /// The pixels outside every rectangle of `except` whose colour is not in `colors`.
    func pixels(notIn colors: Set<Int>, except: [(x: Range<Int>, y: Range<Int>)]) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for row in 0..<height {
            for column in 0..<width {
                let i = (row * width + column) * 3
                guard !colors.contains(Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])),
                      !except.contains(where: { $0.x.contains(column) && $0.y.contains(row) }) else { continue }
                found.append((column, row))
            }
        }
        return found
    }
}
