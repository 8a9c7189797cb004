/// Scales a decoded picture to the pixel size it will have on screen, for the pixel protocols
/// (kitty, iTerm2, sixel): sending a 4000-pixel photo for a 300-pixel box wastes the pipe,
/// and sixel has no scaling of its own.
public enum ImageScaler {
    /// A box is clamped to this many pixels a side, and to `maxPixels` in all, whatever the
    /// caller passes (a huge terminal, a silly cell size): at most 16 MB of RGBA.
    public static let maxSide = 4096
    public static let maxPixels = 2048 * 2048
    /// A small picture is enlarged at most this much: beyond it, blocks are all it gains.
    public static let maxEnlargement = 2

    /// The size `width × height` takes when fitted into `boxWidth × boxHeight`: aspect kept,
    /// the limiting side filled (the other rounded, at least 1), never more than
    /// `maxEnlargement` times the original, the box clamped as above. Zero when either is empty.
    public static func fittedSize(width: Int, height: Int, boxWidth: Int, boxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, boxWidth > 0, boxHeight > 0 else { return (0, 0) }
        var bw = min(boxWidth, maxSide), bh = min(boxHeight, maxSide)
        if bw * bh > maxPixels {
            // Shrink the box, not the picture's shape: both sides by the same factor.
            let shrink = (Double(maxPixels) / Double(bw * bh)).squareRoot()
            bw = max(1, Int(Double(bw) * shrink)); bh = max(1, Int(Double(bh) * shrink))
        }
        bw = min(bw, width * maxEnlargement); bh = min(bh, height * maxEnlargement)
        if width * bh >= height * bw {
            return (bw, min(bh, max(1, (2 * height * bw + width) / (2 * width))))
        }
        return (min(bw, max(1, (2 * width * bh + height) / (2 * height))), bh)
    }

    /// `image` fitted into `boxWidth × boxHeight` pixels (`fittedSize`), not padded: the
    /// result is the picture's own size in the box, which whoever places it centres.
    ///
    /// Every result pixel is the area average of the source pixels it covers (a box filter
    /// with exact fractional coverage at its edges), on alpha-premultiplied values so
    /// transparent pixels do not darken what they surround; alpha is averaged too. An image
    /// already the fitted size comes back as it is.
    public static func fit(_ image: RGBAImage, boxWidth: Int, boxHeight: Int) -> RGBAImage {
        let (fw, fh) = fittedSize(width: image.width, height: image.height, boxWidth: boxWidth, boxHeight: boxHeight)
        guard fw > 0, fh > 0, image.pixels.count >= image.width * image.height * 4 else {
            return RGBAImage(width: 0, height: 0, pixels: [])
        }
        if fw == image.width && fh == image.height { return image }
        return scaled(image, width: fw, height: fh)
    }

    /// `image` resampled to exactly `fw × fh` (both > 0) with the area average.
    ///
    /// Coordinates in "units": along x a source pixel is `fw` units long and a result pixel
    /// `w` units (both make `w * fw`), so every overlap is a whole number of units; likewise
    /// `fh` and `h` along y. A result pixel's weights add up to `w * h`. One result row at a
    /// time: the source rows it overlaps, summed per result column, then weighted in.
    static func scaled(_ image: RGBAImage, width fw: Int, height fh: Int) -> RGBAImage {
        let w = image.width, h = image.height
        var out = [UInt8](repeating: 0, count: fw * fh * 4)
        // Per result column: its first and last source column and their weights (the ones
        // between weigh `fw`); a row of horizontal sums; one result row's accumulators.
        var span = [Int](repeating: 0, count: 4 * fw)
        var row = [Int](repeating: 0, count: 4 * fw)
        var acc = [Int](repeating: 0, count: 4 * fw)
        for dx in 0..<fw {
            let lo = dx * w, hi = lo + w
            let first = lo / fw, last = (hi - 1) / fw
            span[dx * 4] = first
            span[dx * 4 + 1] = last
            span[dx * 4 + 2] = first == last ? w : (first + 1) * fw - lo
            span[dx * 4 + 3] = hi - last * fw
        }
        let total = w * h
        image.pixels.withUnsafeBufferPointer { source in
            let src = source.baseAddress!
            for dy in 0..<fh {
                for i in 0..<(4 * fw) { acc[i] = 0 }
                let lo = dy * h, hi = lo + h
                var sy = lo / fh
                while sy * fh < hi {
                    let wy = min(hi, (sy + 1) * fh) - max(lo, sy * fh)
                    horizontalSums(src + sy * w * 4, span: span, fw: fw, into: &row)
                    for i in 0..<(4 * fw) { acc[i] &+= row[i] &* wy }
                    sy += 1
                }
                for dx in 0..<fw {
                    let sa = acc[dx * 4 + 3]
                    guard sa > 0 else { continue }  // fully transparent: stays 0, 0, 0, 0
                    let o = (dy * fw + dx) * 4, half = sa / 2
                    out[o] = UInt8(truncatingIfNeeded: min(255, (acc[dx * 4] + half) / sa))
                    out[o + 1] = UInt8(truncatingIfNeeded: min(255, (acc[dx * 4 + 1] + half) / sa))
                    out[o + 2] = UInt8(truncatingIfNeeded: min(255, (acc[dx * 4 + 2] + half) / sa))
                    out[o + 3] = UInt8(truncatingIfNeeded: min(255, (sa + total / 2) / total))
                }
            }
        }
        return RGBAImage(width: fw, height: fh, pixels: out)
    }

    /// One source row's premultiplied sums per result column, weighted along x.
    private static func horizontalSums(_ line: UnsafePointer<UInt8>, span: [Int], fw: Int, into row: inout [Int]) {
        for dx in 0..<fw {
            let first = span[dx * 4], last = span[dx * 4 + 1]
            var r = 0, g = 0, b = 0, a = 0
            if first + 1 < last {
                for x in (first + 1)..<last {
                    let p = line + x * 4, pa = Int(p[3])
                    r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
                }
                r &*= fw; g &*= fw; b &*= fw; a &*= fw
            }
            do {
                let p = line + first * 4, pa = Int(p[3]) &* span[dx * 4 + 2]
                r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
            }
            if last != first {
                let p = line + last * 4, pa = Int(p[3]) &* span[dx * 4 + 3]
                r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
            }
            row[dx * 4] = r; row[dx * 4 + 1] = g; row[dx * 4 + 2] = b; row[dx * 4 + 3] = a
        }
    }
}
