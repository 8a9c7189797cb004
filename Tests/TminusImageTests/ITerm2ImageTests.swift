import Testing
import TminusImage

@Suite("iTerm2 inline image sequence")
struct ITerm2ImageTests {
    @Test func inlineImageBytes() {
        // OSC 1337 ; File=<args> : base64 BEL; width and height without a unit are cells.
        let bytes = ITerm2Image.inline(file: [0x89, 0x50, 0x4E, 0x47], columns: 10, rows: 5)
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}]1337;File=inline=1;size=4;width=10;height=5;preserveAspectRatio=1:iVBORw==\u{07}")
    }
}
