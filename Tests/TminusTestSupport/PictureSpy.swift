import Foundation
import Synchronization
import TminusImage

/// A picture loader that answers from memory: a solid picture of the asked size (with solid
/// pixels when the request asks for pixels), or a failure, optionally only once released (to
/// catch work cancelled while it waits). It records every request and every cancellation.
public final class PictureSpy: Sendable {
    private struct Record {
        var requests: [PictureRequest] = []
        var cancelled: [URL] = []
        var failing: Set<URL> = []
        var held = false
    }
    private let record = Mutex(Record())

    public init() {}

    public var requests: [URL] { record.withLock { $0.requests.map(\.url) } }
    /// The requests in full (box and look).
    public var fullRequests: [PictureRequest] { record.withLock { $0.requests } }
    public var cancelled: [URL] { record.withLock { $0.cancelled } }
    public func fail(_ url: URL) { record.withLock { _ = $0.failing.insert(url) } }
    /// While held, loads wait (until released or cancelled).
    public func hold() { record.withLock { $0.held = true } }
    public func release() { record.withLock { $0.held = false } }

    /// A full block of `color` in every cell (a direct colour in truecolor, xterm 160 in the
    /// palettes, none without colour), and with `pixels` a solid image of that size.
    public static func solid(columns: Int, rows: Int, _ color: RGBA = RGBA(200, 30, 30), depth: PictureColorDepth = .indexed256,
                             pixels: PixelSize? = nil) -> LoadedPicture {
        let ink: PictureColor? = switch depth {
        case .truecolor: .rgb(color.r, color.g, color.b)
        case .indexed256, .indexed16: .index(160)
        case .none: nil
        }
        let glyphs = GlyphPicture(columns: columns, rows: rows,
                                  cells: Array(repeating: GlyphCell("█", foreground: ink), count: columns * rows))
        let image = pixels.map { size in
            RGBAImage(width: size.width, height: size.height,
                      pixels: Array((0..<size.width * size.height).map { _ in [color.r, color.g, color.b, color.a] }.joined()))
        }
        return LoadedPicture(glyphs: glyphs, pixels: image)
    }

    /// What the spy answers to `request`.
    public static func solid(for request: PictureRequest) -> LoadedPicture {
        solid(columns: request.columns, rows: request.rows, depth: request.look.depth, pixels: request.pixelBox)
    }

    public var loader: PictureLoader {
        PictureLoader { request in
            let url = request.url
            self.record.withLock { $0.requests.append(request) }
            while self.record.withLock({ $0.held }) {
                if Task.isCancelled {
                    self.record.withLock { $0.cancelled.append(url) }
                    return .failure(.download("cancelled"))
                }
                try? await Task.sleep(for: .milliseconds(2))
            }
            if self.record.withLock({ $0.failing.contains(url) }) { return .failure(.corrupt("test")) }
            return .success(Self.solid(for: request))
        }
    }
}
