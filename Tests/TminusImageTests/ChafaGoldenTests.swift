import Foundation
import TminusTestSupport
import Testing
import TminusImage

/// A rendered picture as text: a header, the glyphs row by row, then the colours row by row
/// (`fg/bg` per cell: six hex digits for RGB, a decimal palette index, `-` for none).
func goldenText(_ picture: GlyphPicture, title: String) -> String {
    func token(_ c: PictureColor?) -> String {
        switch c {
        case let .rgb(r, g, b)?: String(format: "%02x%02x%02x", r, g, b)
        case let .index(i)?: String(i)
        case nil: "-"
        }
    }
    var lines = ["\(title) \(picture.columns)x\(picture.rows)"]
    for row in 0..<picture.rows {
        lines.append(String(String.UnicodeScalarView((0..<picture.columns).map { picture[$0, row].character })))
    }
    for row in 0..<picture.rows {
        lines.append((0..<picture.columns).map { let c = picture[$0, row]; return token(c.foreground) + "/" + token(c.background) }
            .joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
}

/// chafa's cells for the real fixture pictures, against text files in `__Goldens__/` (read
/// from the source tree: delete one and run the test to record it again, then look at it).
@Suite("chafa goldens")
struct ChafaGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "__Goldens__")

    static let cases: [(String, Int, Int, PictureColorDepth)] = ["patch.png", "falcon9.jpg"].flatMap { name in
        [(8, 4), (24, 12)].flatMap { size in
            [PictureColorDepth.truecolor, .indexed256, .indexed16].map { (name, size.0, size.1, $0) }
        }
    }

    @Test(.enabled(if: ImageFixtures.available, ImageFixtures.skipMessage), arguments: cases)
    func matchesTheGolden(_ name: String, _ columns: Int, _ rows: Int, _ depth: PictureColorDepth) throws {
        let image = try ImageDecoder.decode(ImageFixtures.data(name))
        let picture = ChafaRenderer.render(image, columns: columns, rows: rows, depth: depth)
        let text = goldenText(picture, title: "\(name) \(depth)")
        // Same input, same cells: nothing random (dithering is off) and nothing left over.
        #expect(goldenText(ChafaRenderer.render(image, columns: columns, rows: rows, depth: depth),
                           title: "\(name) \(depth)") == text)

        let file = Self.goldens.appending(path: "\(name)-\(columns)x\(rows)-\(depth).txt")
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(file.lastPathComponent); look at it, then run again")
            return
        }
        #expect(text == expected, "\(file.lastPathComponent) differs:\n\(text)")
    }
}
