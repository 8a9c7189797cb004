import TminusTestSupport
import Testing
@testable import TminusImage

@Suite("Sixel's palette: the xterm-256 cube and grey ramp")
struct PaletteTests {
    @Test func primariesAndSecondariesHitTheCubeCorners() {
        #expect(Sixel.Palette.nearest(RGBA(255, 0, 0)) == 196)
        #expect(Sixel.Palette.nearest(RGBA(0, 255, 0)) == 46)
        #expect(Sixel.Palette.nearest(RGBA(0, 0, 255)) == 21)
        #expect(Sixel.Palette.nearest(RGBA(255, 255, 0)) == 226)
        #expect(Sixel.Palette.nearest(RGBA(0, 255, 255)) == 51)
        #expect(Sixel.Palette.nearest(RGBA(255, 0, 255)) == 201)
        #expect(Sixel.Palette.nearest(RGBA(255, 255, 255)) == 231)
        #expect(Sixel.Palette.nearest(RGBA(0, 0, 0)) == 16)
    }

    @Test func greysUseTheRamp() {
        #expect(Sixel.Palette.nearest(RGBA(128, 128, 128)) == 244) // 8 + 10 * 12
        #expect(Sixel.Palette.nearest(RGBA(8, 8, 8)) == 232)
        #expect(Sixel.Palette.nearest(RGBA(238, 238, 238)) == 255)
        #expect(Sixel.Palette.nearest(RGBA(19, 18, 17)) == 233)
        // A cube grey that is exact stays in the cube.
        #expect(Sixel.Palette.nearest(RGBA(95, 95, 95)) == 59)
        #expect(Sixel.Palette.nearest(RGBA(175, 175, 175)) == 145)
        // Near-greys with a little tint still go to the ramp when it is closer.
        #expect(Sixel.Palette.nearest(RGBA(100, 110, 120)) == 242)
    }

    @Test func cubeLevelsSplitAtTheMidpoints() {
        // With green and blue at full, the grey ramp is never in the running.
        #expect(Sixel.Palette.nearest(RGBA(47, 255, 255)) == 51)   // r level 0
        #expect(Sixel.Palette.nearest(RGBA(48, 255, 255)) == 87)   // r level 1 (95)
        #expect(Sixel.Palette.nearest(RGBA(114, 255, 255)) == 87)
        #expect(Sixel.Palette.nearest(RGBA(115, 255, 255)) == 123) // r level 2 (135)
        #expect(Sixel.Palette.nearest(RGBA(236, 0, 0)) == 196)
        // Dark reds are closer to a dark grey than to the cube's black or its darkest red.
        #expect(Sixel.Palette.nearest(RGBA(47, 0, 0)) == 233)
    }

    @Test func everyPaletteColourMapsToItself() {
        for index in Int16(16)...255 {
            #expect(Sixel.Palette.nearest(Sixel.Palette.rgb(index)) == index, "index \(index)")
        }
    }

    @Test func resultsAreAlwaysInTheFixedPart() {
        var seen = Set<Int16>()
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) {
                    for a: UInt8 in [0, 255] {
                        let i = Sixel.Palette.nearest(RGBA(UInt8(r), UInt8(g), UInt8(b), a))
                        if !(16...255).contains(i) { Issue.record("\(r),\(g),\(b) gave \(i)") }
                        seen.insert(i)
                    }
                }
            }
        }
        #expect(seen.count > 200)
    }

    @Test func nearestIsNeverFartherThanAnyOtherCandidateByMuch() {
        // The cube/ramp choice is the weighted nearest; check against plain distance that it
        // is never a poor pick (within 2× the best plain squared distance, plus slack).
        var rng = SeededGenerator(seed: 99)
        func d(_ a: RGBA, _ b: RGBA) -> Int {
            let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
            return dr * dr + dg * dg + db * db
        }
        for _ in 0..<2000 {
            let c = RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                         UInt8.random(in: 0...255, using: &rng))
            let picked = d(c, Sixel.Palette.rgb(Sixel.Palette.nearest(c)))
            let best = (Int16(16)...255).map { d(c, Sixel.Palette.rgb($0)) }.min()!
            #expect(picked <= best * 2 + 300, "\(c): picked \(picked), best \(best)")
        }
    }

    @Test func registersAreXtermsColours() {
        for index in Int16(16)...255 { #expect(Sixel.Palette.rgb(index) == XtermColors.rgb(index), "index \(index)") }
    }

    @Test func rgbCoversTheWholeRange() {
        #expect(Sixel.Palette.rgb(16) == RGBA(0, 0, 0))
        #expect(Sixel.Palette.rgb(196) == RGBA(255, 0, 0))
        #expect(Sixel.Palette.rgb(231) == RGBA(255, 255, 255))
        #expect(Sixel.Palette.rgb(232) == RGBA(8, 8, 8))
        #expect(Sixel.Palette.rgb(255) == RGBA(238, 238, 238))
        #expect(Sixel.Palette.rgb(1) == RGBA(0, 0, 0), "0–15 are the user's: never a register")
        #expect(Sixel.Palette.rgb(-1) == RGBA(0, 0, 0))
        #expect(Sixel.Palette.rgb(300) == RGBA(0, 0, 0))
    }
}
