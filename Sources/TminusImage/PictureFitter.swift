/// Fits a decoded picture into a box of terminal cells drawn with half blocks: each cell is
/// one pixel wide and two tall, which on a usual terminal font makes the pixels square.
public enum PictureFitter {
    /// Boxes are clamped to this many cells a side (no terminal is bigger; it keeps the
    /// arithmetic far from overflowing whatever the caller passes).
    public static let maxSide = 1024

    /// `image` scaled to fit `columns × (rows * 2)` pixels, aspect ratio kept, centred.
    ///
    /// - Every result pixel is the area average of the source pixels it covers (a box
    ///   filter with exact fractional coverage at its edges), computed on alpha-premultiplied
    ///   sRGB values, so transparent pixels don't darken the edges of what they surround.
    ///   Small pictures are enlarged the same way (each source pixel becomes a block).
    /// - A pixel whose average alpha is below 50% is nil, as is everything outside the
    ///   picture (the letterbox): the screen's background shows there. Other pixels keep
    ///   their averaged alpha (≥ 128), for whoever wants to blend.
    /// - The result always has the requested size (clamped to `0...maxSide`); an empty box or
    ///   an empty image gives an empty or all-nil picture.
    ///
    /// One pass over the source, integer arithmetic, no allocation per pixel.
    public static func fit(_ image: RGBAImage, columns: Int, rows: Int) -> CellPicture {
        let columns = min(max(0, columns), maxSide), rows = min(max(0, rows), maxSide)
        let blank = PictureCell(top: nil, bottom: nil)
        guard columns > 0, rows > 0 else { return CellPicture(columns: columns, rows: rows, cells: []) }
        let w = image.width, h = image.height
        guard w > 0, h > 0, image.pixels.count >= w * h * 4 else {
            return CellPicture(columns: columns, rows: rows, cells: Array(repeating: blank, count: columns * rows))
        }

        // The fitted size: the box's limiting side filled, the other rounded to keep the ratio.
        let boxW = columns, boxH = rows * 2
        let fw: Int, fh: Int
        if w * boxH >= h * boxW {
            fw = boxW
            fh = min(boxH, max(1, (2 * h * boxW + w) / (2 * w)))
        } else {
            fh = boxH
            fw = min(boxW, max(1, (2 * w * boxH + h) / (2 * h)))
        }
        let offX = (boxW - fw) / 2, offY = (boxH - fh) / 2

        // Coordinates in "units": along x a source pixel is `fw` units long and a result
        // pixel `w` units (both make `w * fw`), so every overlap is a whole number of units;
        // likewise `fh` and `h` along y. A result pixel's weights add up to `w * h`.
        //
        // Scratch, one allocation: per result column its first/last source column and their
        // weights (the ones between weigh `fw`), a row of horizontal sums, the accumulators.
        let spanBase = 0, rowBase = 4 * fw, accBase = 8 * fw
        var scratch = [Int](repeating: 0, count: 8 * fw + 4 * fw * fh)
        var cells = [PictureCell](repeating: blank, count: columns * rows)

        image.pixels.withUnsafeBufferPointer { sourceBuffer in
            scratch.withUnsafeMutableBufferPointer { scratchBuffer in
                let src = sourceBuffer.baseAddress!
                let s = scratchBuffer.baseAddress!
                let span = s + spanBase, row = s + rowBase, acc = s + accBase

                for dx in 0..<fw {
                    let lo = dx * w, hi = lo + w
                    let first = lo / fw, last = (hi - 1) / fw
                    span[dx * 4] = first
                    span[dx * 4 + 1] = last
                    span[dx * 4 + 2] = first == last ? w : (first + 1) * fw - lo
                    span[dx * 4 + 3] = hi - last * fw
                }

                for sy in 0..<h {
                    let line = src + sy * w * 4
                    // Horizontal: premultiplied sums of this source row per result column.
                    for dx in 0..<fw {
                        let first = span[dx * 4], last = span[dx * 4 + 1]
                        var r = 0, g = 0, b = 0, a = 0
                        var x = first + 1
                        if x < last {
                            var p = line + x * 4
                            while x < last {
                                let pa = Int(p[3])
                                r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
                                p += 4; x += 1
                            }
                            r &*= fw; g &*= fw; b &*= fw; a &*= fw
                        }
                        do {
                            let p = line + first * 4, wt = span[dx * 4 + 2]
                            let pa = Int(p[3]) &* wt
                            r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
                        }
                        if last != first {
                            let p = line + last * 4, wt = span[dx * 4 + 3]
                            let pa = Int(p[3]) &* wt
                            r &+= Int(p[0]) &* pa; g &+= Int(p[1]) &* pa; b &+= Int(p[2]) &* pa; a &+= pa
                        }
                        row[dx * 4] = r; row[dx * 4 + 1] = g; row[dx * 4 + 2] = b; row[dx * 4 + 3] = a
                    }
                    // Vertical: into every result row this source row overlaps.
                    let lo = sy * fh, hi = lo + fh
                    var dy = lo / h
                    while dy * h < hi {
                        let wy = min(hi, (dy + 1) * h) - max(lo, dy * h)
                        let out = acc + dy * fw * 4
                        for i in 0..<(fw * 4) { out[i] &+= row[i] &* wy }
                        dy += 1
                    }
                }

                // Averages, nil below half alpha, into the centred cells.
                let total = w * h
                cells.withUnsafeMutableBufferPointer { cellBuffer in
                    let c = cellBuffer.baseAddress!
                    for fy in 0..<fh {
                        let y = offY + fy
                        let cellRow = c + (y / 2) * columns + offX
                        let top = y % 2 == 0
                        for fx in 0..<fw {
                            let q = acc + (fy * fw + fx) * 4
                            let sa = q[3]
                            var pixel: RGBA? = nil
                            if sa * 2 >= 255 * total {
                                let half = sa / 2
                                pixel = RGBA(UInt8(truncatingIfNeeded: (q[0] + half) / sa),
                                             UInt8(truncatingIfNeeded: (q[1] + half) / sa),
                                             UInt8(truncatingIfNeeded: (q[2] + half) / sa),
                                             UInt8(truncatingIfNeeded: min(255, (sa + total / 2) / total)))
                            }
                            if top { cellRow[fx].top = pixel } else { cellRow[fx].bottom = pixel }
                        }
                    }
                }
            }
        }
        return CellPicture(columns: columns, rows: rows, cells: cells)
    }
}
