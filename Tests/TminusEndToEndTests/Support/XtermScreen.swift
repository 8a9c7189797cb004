import Foundation

/// A real xterm drawing sixels, on a virtual X server: `Xvfb`, `xterm -ti vt340` (sixel and
/// 256 colour registers), and its screen read back with `xwd` and ImageMagick's `convert`.
/// `make test` installs them (xvfb xterm x11-apps imagemagick); tests skip without them.
final class XtermScreen {
    static let tools = ["Xvfb", "xterm", "xwd", "convert"]
    static var available: Bool { tools.allSatisfy { Self.inPath($0) } }
    static let missingMessage = "Xvfb, xterm, xwd or convert is missing (apt-get install xvfb xterm x11-apps imagemagick)"

    /// The virtual screen, in pixels; xterm sits at its top-left corner.
    static let width = 1280, height = 800

    let display: String
    private let server: Subprocess
    private var xterm: Subprocess?
    private let directory: URL

    /// Starts Xvfb on the first free display from :90.
    init() throws {
        directory = try Harness.makeTemporaryDirectory(prefix: "tminus-e2e-xterm")
        var number = 90
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            number += 1
        }
        display = ":\(number)"
        server = try Subprocess(["Xvfb", display, "-screen", "0", "\(Self.width)x\(Self.height)x24", "-nolisten", "tcp"],
                                stderr: directory.appendingPathComponent("xvfb.log").path)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard server.isRunning, Date() < deadline else {
                throw HarnessError.commandFailed(command: "Xvfb \(display)", status: -1,
                                                 stderr: (try? String(contentsOf: directory.appendingPathComponent("xvfb.log"), encoding: .utf8)) ?? "")
            }
            usleep(20_000)
        }
    }

    deinit {
        xterm?.terminate(grace: 2)
        server.terminate(grace: 2)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `command` in an xterm of `columns` × `rows` emulating a VT340 with 256 sixel
    /// colour registers (Debian's xterm draws sixels only as a VT340 or VT382).
    func run(_ command: [String], columns: Int, rows: Int) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["TMUX"] = nil
        environment["TERM"] = nil
        xterm = try Subprocess(["xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
                                "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*sixelScrolling: true",
                                "-geometry", "\(columns)x\(rows)+0+0", "-e"] + command,
                               environment: environment, stderr: directory.appendingPathComponent("xterm.log").path)
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
