import Foundation
import Synchronization
import TminusImage

/// A picture loader that answers from memory: a solid picture of the asked size, or a
/// failure, optionally only once released (to catch work cancelled while it waits). It
/// records every request and every cancellation.
public final class PictureSpy: Sendable {
    private struct Record {
        var requests: [URL] = []
        var cancelled: [URL] = []
        var failing: Set<URL> = []
        var held = false
    }
    private let record = Mutex(Record())

    public init() {}

    public var requests: [URL] { record.withLock { $0.requests } }
    public var cancelled: [URL] { record.withLock { $0.cancelled } }
    public func fail(_ url: URL) { record.withLock { _ = $0.failing.insert(url) } }
    /// While held, loads wait (until released or cancelled).
    public func hold() { record.withLock { $0.held = true } }
    public func release() { record.withLock { $0.held = false } }

    public static func solid(columns: Int, rows: Int, _ color: RGBA = RGBA(200, 30, 30)) -> CellPicture {
        CellPicture(columns: columns, rows: rows,
                    cells: Array(repeating: PictureCell(top: color, bottom: color), count: columns * rows))
    }

    public var loader: PictureLoader {
        PictureLoader { url, columns, rows in
            self.record.withLock { $0.requests.append(url) }
            while self.record.withLock({ $0.held }) {
                if Task.isCancelled {
                    self.record.withLock { $0.cancelled.append(url) }
                    return .failure(.download("cancelled"))
                }
                try? await Task.sleep(for: .milliseconds(2))
            }
            if self.record.withLock({ $0.failing.contains(url) }) { return .failure(.corrupt("test")) }
            return .success(Self.solid(columns: columns, rows: rows))
        }
    }
}
