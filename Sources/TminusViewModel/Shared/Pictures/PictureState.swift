import Foundation
import TminusCore
import TminusImage

/// Which picture in which box: the same URL in two boxes is two pictures. What it is drawn
/// like (colours, pixels) is `AppState.pictureLook`; `AppState.pictureRequest` joins the two.
public struct PictureKey: Sendable, Hashable {
    public var url: URL
    public var columns: Int
    public var rows: Int
    public init(url: URL, columns: Int, rows: Int) { self.url = url; self.columns = columns; self.rows = rows }

    /// The request for this picture drawn with `look`.
    public func request(_ look: PictureLook) -> PictureRequest {
        PictureRequest(url: url, columns: columns, rows: rows, look: look)
    }
}

public enum PictureSlot: Sendable, Hashable {
    case loading
    case ready(LoadedPicture)
    case failed(PictureError)

    /// What it holds in memory (`LoadedPicture.bytes`; nothing while loading or failed).
    public var bytes: Int {
        if case .ready(let picture) = self { return picture.bytes }
        return 0
    }
}

extension AppState {
    /// What the pictures in the state hold between them.
    public var pictureBytes: Int { pictures.values.reduce(0) { $0 + $1.bytes } }
}

/// Whether boxes hold pictures or glyph art: glyph art only with `--no-images`; any terminal
/// else gets pictures, chafa's symbols in as many colours as it has (none at all included).
public enum PictureMode: Sendable, Hashable {
    case pictures, glyphs
}

extension PictureColorDepth {
    /// The depth for a terminal with `count` colours: direct colour its own RGB, 256 the
    /// xterm cube and greys, 8 or 16 the terminal's own colours, none (no `colors`, NO_COLOR)
    /// chafa's glyphs alone in the default colours.
    public init(terminalColors count: Int) {
        switch count {
        case (1 << 24)...: self = .truecolor
        case 256...: self = .indexed256
        case 8...: self = .indexed16
        default: self = .none
        }
    }
}

extension Launch {
    /// A list row's picture: the small patch, else the large one, else the launch's photo
    /// (Launch Library 2 launches often have no patch, but nearly all have a photo).
    public var rowPicture: URL? { links.patchSmall ?? links.patchLarge ?? image }
    /// The preview's and the detail header's picture: the same, the large patch first (issue
    /// 25: the LL2 detail's box waited for a patch most launches do not have, and read as a
    /// failed load).
    public var headerPicture: URL? { links.patchLarge ?? links.patchSmall ?? image }
}
