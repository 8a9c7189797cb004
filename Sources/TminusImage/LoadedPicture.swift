import Foundation

/// Everything besides the URL and the box that changes what a loaded picture looks like: a
/// picture made for one look is not drawn under another (a theme or terminal change loads it
/// again, from the memory cache or the disk cache, not the network).
public struct PictureLook: Sendable, Hashable {
    /// How many colours chafa may use for the symbols.
    public var depth: PictureColorDepth
    /// What chafa blends half-transparent pixels over: the screen's background (white under
    /// the light theme, else black).
    public var background: RGBA
    /// One cell's size in pixels when the picture is also drawn in pixels (kitty, iTerm2,
    /// sixel); nil for symbols only.
    public var cellPixels: PixelSize?

    public init(depth: PictureColorDepth = .indexed256, background: RGBA = RGBA(0, 0, 0), cellPixels: PixelSize? = nil) {
        self.depth = depth; self.background = background; self.cellPixels = cellPixels
    }
}

/// A size in pixels.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// One picture to load: which, into how many cells, how it will look. The loader's memory
/// cache is keyed by all of it.
public struct PictureRequest: Sendable, Hashable {
    public var url: URL
    public var columns: Int
    public var rows: Int
    public var look: PictureLook

    public init(url: URL, columns: Int, rows: Int, look: PictureLook = PictureLook()) {
        self.url = url; self.columns = columns; self.rows = rows; self.look = look
    }

    /// The box in pixels when pixels are wanted: `columns × cellWidth` by `rows × cellHeight`.
    public var pixelBox: PixelSize? {
        look.cellPixels.map { PixelSize(width: max(0, columns) * $0.width, height: max(0, rows) * $0.height) }
    }
}

/// A picture ready to draw: always chafa's symbols (what a text-only terminal shows, and what
/// shows of a pixel picture under an overlay), and with pixel protocols the picture itself,
/// scaled to fit the box's pixels (`ImageScaler.fit`: aspect kept, not padded).
public struct LoadedPicture: Sendable, Hashable {
    public var glyphs: GlyphPicture
    public var pixels: RGBAImage?

    public init(glyphs: GlyphPicture, pixels: RGBAImage? = nil) { self.glyphs = glyphs; self.pixels = pixels }

    /// `image` made ready for `request`: chafa's symbols in the box at the look's depth over
    /// its background, and the scaled pixels when the look has a cell size.
    public static func render(_ image: RGBAImage, for request: PictureRequest) -> LoadedPicture {
        let look = request.look
        let glyphs = ChafaRenderer.render(image, columns: request.columns, rows: request.rows, depth: look.depth,
                                          background: look.background)
        let pixels = request.pixelBox.map { ImageScaler.fit(image, boxWidth: $0.width, boxHeight: $0.height) }
        return LoadedPicture(glyphs: glyphs, pixels: pixels.flatMap { $0.width > 0 ? $0 : nil })
    }

    /// Bytes of pixels held.
    public var pixelBytes: Int { pixels?.pixels.count ?? 0 }

    /// Bytes held in all: the symbols' cells and the pixels (what the caches' budgets count: a
    /// big rocket photo in symbols is thousands of cells even without pixels).
    public var bytes: Int { glyphs.cells.count * MemoryLayout<GlyphCell>.stride + pixelBytes }
}
