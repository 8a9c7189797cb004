import Foundation

/// The tminus logo: a rocket lifting off, drawn in code (no file to ship or to fail to load),
/// 32 × 32 pixels on transparency, so chafa draws it like any other picture.
public enum Logo {
    public static let size = 32
    /// Where the app asks for it: a picture like the others, made off the frame by the effect
    /// runner and drawn once ready, the glyph logo until then; in chafa's symbols on every
    /// terminal (its 32 pixels blown up to a sixel or kitty image only look blurred, and
    /// the list's pictures are the ones worth the terminal's pixels). At 200x60 it is 100x50 cells: chafa takes 12-17 ms
    /// for that, which would be most of start-up if the first frame waited for it.
    public static let url = URL(string: "tminus:logo")!

    public static let image: RGBAImage = {
        let n = size
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        func set(_ x: Int, _ y: Int, _ c: RGBA) {
            guard x >= 0, y >= 0, x < n, y < n else { return }
            let i = (y * n + x) * 4
            pixels[i] = c.r; pixels[i + 1] = c.g; pixels[i + 2] = c.b; pixels[i + 3] = c.a
        }
        let hull = RGBA(230, 234, 240), shade = RGBA(170, 180, 196), nose = RGBA(220, 50, 60)
        let window = RGBA(60, 150, 230), fin = RGBA(200, 40, 50)
        let flameOuter = RGBA(250, 150, 30), flameInner = RGBA(255, 230, 120)
        // Body: a capsule from row 6 to row 22, 8 px wide, shaded on the right.
        for y in 6...22 {
            for x in 12...19 { set(x, y, x >= 17 ? shade : hull) }
        }
        // Nose cone: narrowing to a point at row 1.
        for y in 1...5 {
            let half = max(0, (y - 1)) + 0
            for x in (16 - half - 1)...(15 + half + 1) where x >= 12 && x <= 19 { set(x, y, nose) }
        }
        // Window.
        for y in 10...12 { for x in 14...17 { set(x, y, window) } }
        // Fins.
        for y in 17...24 {
            let reach = (y - 17) / 2 + 1
            for x in (12 - reach)..<12 { set(x, y, fin) }
            for x in 20..<(20 + reach) { set(x, y, fin) }
        }
        // Flame.
        for y in 23...31 {
            let half = max(0, 4 - (y - 23) / 2)
            for x in (16 - half)..<(16 + half) {
                set(x, y, abs(x - 16) < half / 2 + 1 && y < 29 ? flameInner : flameOuter)
            }
        }
        return RGBAImage(width: n, height: n, pixels: pixels)
    }()

    /// The logo made ready for `request` (its box and look), in symbols.
    public static func loaded(for request: PictureRequest) -> LoadedPicture {
        var symbols = request
        symbols.look.cellPixels = nil
        return LoadedPicture.render(image, for: symbols)
    }

    /// The logo with `--no-images`.
    public static let glyphs = [
        "    ▲    ",
        "   ▐█▌   ",
        "   ▐█▌   ",
        "  ▟███▙  ",
        "   ╵╵╵   ",
    ]
}
