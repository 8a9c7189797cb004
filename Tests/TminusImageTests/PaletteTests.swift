import TminusTestSupport
import Testing
import TminusImage

@Suite("The xterm-256 palette")
struct PaletteTests {
    @Test func primariesAndSecondariesHitTheCubeCorners() {
        #expect(XtermPalette.nearest(RGBA(255, 0, 0)) == 196)
        #expect(XtermPalette.nearest(RGBA(0, 255, 0)) == 46)
        #expect(XtermPalette.nearest(RGBA(0, 0, 255)) == 21)
        #expect(XtermPalette.nearest(RGBA(255, 255, 0)) == 226)
        #expect(XtermPalette.nearest(RGBA(0, 255, 255)) == 51)
        #expect(XtermPalette.nearest(RGBA(255, 0, 255)) == 201)
        #expect(XtermPalette.nearest(RGBA(255, 255, 255)) == 231)
        #expect(XtermPalette.nearest(RGBA(0, 0, 0)) == 16)
    }

    @Test func greysUseTheRamp() {
        #expect(XtermPalette.nearest(RGBA(128, 128, 128)) == 244) // 8 + 10 * 12
        #expect(XtermPalette.nearest(RGBA(8, 8, 8)) == 232)
        #expect(XtermPalette.nearest(RGBA(238, 238, 238)) == 255)
        #expect(XtermPalette.nearest(RGBA(19, 18, 17)) == 233)
        // A cube grey that is exact stays in the cube.
        #expect(XtermPalette.nearest(RGBA(95, 95, 95)) == 59)
        #expect(XtermPalette.nearest(RGBA(175, 175, 175)) == 145)
        // Near-greys with a little tint still go to the ramp when it is closer.
        #expect(XtermPalette.nearest(RGBA(100, 110, 120)) == 242)
    }

    @Test func cubeLevelsSplitAtTheMidpoints() {
        // With green and blue at full, the grey ramp is never in the running.
        #expect(XtermPalette.nearest(RGBA(47, 255, 255)) == 51)   // r level 0
        #expect(XtermPalette.nearest(RGBA(48, 255, 255)) == 87)   // r level 1 (95)
        #expect(XtermPalette.nearest(RGBA(114, 255, 255)) == 87)
        #expect(XtermPalette.nearest(RGBA(115, 255, 255)) == 123) // r level 2 (135)
        #expect(XtermPalette.nearest(RGBA(236, 0, 0)) == 196)
        // Dark reds are closer to a dark grey than to the cube's black or its darkest red.
        #expect(XtermPalette.nearest(RGBA(47, 0, 0)) == 233)
    }

    @Test func everyPaletteColourMapsToItself() {
        for index in Int16(16)...255 {
            #expect(XtermPalette.nearest(XtermPalette.rgb(index)) == index, "index \(index)")
        }
    }

    @Test func resultsAreAlwaysInTheFixedPart() {
        var seen = Set<Int16>()
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) {
                    for a: UInt8 in [0, 255] {
                        let i = XtermPalette.nearest(RGBA(UInt8(r), UInt8(g), UInt8(b), a))
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
            let picked = d(c, XtermPalette.rgb(XtermPalette.nearest(c)))
            let best = (Int16(16)...255).map { d(c, XtermPalette.rgb($0)) }.min()!
            #expect(picked <= best * 2 + 300, "\(c): picked \(picked), best \(best)")
        }
    }

    @Test func rgbCoversTheWholeRange() {
        #expect(XtermPalette.rgb(16) == RGBA(0, 0, 0))
        #expect(XtermPalette.rgb(196) == RGBA(255, 0, 0))
        #expect(XtermPalette.rgb(231) == RGBA(255, 255, 255))
        #expect(XtermPalette.rgb(232) == RGBA(8, 8, 8))
        #expect(XtermPalette.rgb(255) == RGBA(238, 238, 238))
        #expect(XtermPalette.rgb(1) == RGBA(205, 0, 0))
        #expect(XtermPalette.rgb(-1) == RGBA(0, 0, 0))
        #expect(XtermPalette.rgb(300) == RGBA(0, 0, 0))
    }
}
