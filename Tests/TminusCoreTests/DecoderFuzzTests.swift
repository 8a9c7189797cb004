import Foundation
import Testing
import TminusCore
import TminusTestSupport

/// Seeded mutations of the REAL recorded API responses through the decoders the app uses:
/// `SpaceXAPI.decodePage` (the v5 launches wrapped as query pages, and the recorded query
/// envelopes), `SpaceXAPI.decodeRockets`, `LaunchLibrary2.decodeList` (2.0.0 and 2.2.0 pages)
/// and `LaunchLibrary2.decodeLaunch` (single records).
///
/// Byte mutations (flips, insertions, deletions, truncation, a duplicated run) may make
/// anything of the body: the decoder must throw an `APIError` or return a page, never trap.
/// Structure-aware mutations parse the body, damage the tree and write it back: replace values
/// with null, the wrong type, huge numbers, NaN-like or empty or very long strings, deeply
/// nested arrays or hostile text; delete keys; duplicate keys; splice in bare tokens. When only
/// values inside records changed (the envelope untouched), the page must decode and keep
/// exactly the records that still have an id (a bad field is nil, a record without an id
/// is skipped). Whatever decodes is then formatted the way the screens do (dates, countdowns,
/// units, money) to show no decoded value can trap further on.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct DecoderFuzzTests {
    /// Mutations per target and seed. Each target is fuzzed with `seeds`; the totals are
    /// printed per target (`decoder fuzz: …`).
    static let casesPerTarget = 125
    static let seeds: [UInt64] = [11, 0xF00D]

    @Test(arguments: FuzzTarget.Kind.allCases)
    func mutatedFixturesNeverCrashTheDecoders(kind: FuzzTarget.Kind) throws {
        let variants = try FuzzTarget.load(kind)
        #expect(!variants.isEmpty)
        for variant in variants {
            // The tree round trip alone changes nothing the decoders see.
            let rewritten = try Mutator.serialize(variant.tree)
            let baseline = try variant.decode(variant.data)
            #expect(try variant.decode(rewritten) == baseline, "\(variant.name): JSONSerialization round trip changed the decoded records")
            #expect(baseline.count == variant.recordCount, "\(variant.name): a recorded record does not decode")
        }

        var stats = FuzzStats()
        for seed in Self.seeds {
            var rng = SeededGenerator(seed: seed ^ UInt64(kind.hashSeed))
            for n in 0..<Self.casesPerTarget {
                let variant = variants[Int.random(in: 0..<variants.count, using: &rng)]
                let mutation = Mutator.mutate(variant, &rng)
                let label = "\(kind) seed \(seed) #\(n) \(variant.name): \(mutation.summary)"
                stats.mutations += 1
                if mutation.leafOnly { stats.leafOnly += 1 }
                let decoded: DecodedRecords
                do {
                    decoded = try variant.decode(mutation.data)
                } catch {
                    stats.thrown += 1
                    #expect(error is APIError, "\(label): threw \(type(of: error)), not an APIError")
                    // A lone record without an id is an error; any other leaf-only damage is not.
                    if let expected = mutation.expectedRecords, !(variant.isSingleRecord && expected == 0) {
                        Issue.record("\(label): only values inside records changed, yet decoding failed: \(error)")
                    }
                    continue
                }
                stats.decoded += 1
                stats.records += decoded.count
                if let expected = mutation.expectedRecords {
                    stats.skipped += max(0, mutation.recordsInTree - decoded.count)
                    #expect(decoded.count == expected,
                            "\(label): \(decoded.count) records decoded, \(expected) of \(mutation.recordsInTree) still have an id")
                }
                decoded.use()
            }
        }
        print("decoder fuzz: \(kind): \(stats)")
        #expect(stats.decoded > 0 && stats.thrown > 0, "\(kind): the mutations should both break and keep pages (\(stats))")
        #expect(stats.leafOnly > Self.casesPerTarget / 4)
    }

    /// Bare tokens JSON does not have, or has but Swift cannot hold, inside a record.
    @Test func bareNumberTokensAreLenientInsideARecord() throws {
        let variants = try FuzzTarget.load(.spacexQuery)
        let variant = try #require(variants.first)
        for token in ["1e999", "-1e999", "123456789012345678901234567890", "-0", "1E400", "0.0000000000000000000000000001e-400"] {
            var tree = variant.tree
            tree = Mutator.set(tree, variant.recordsPath + [.index(0), .key("flight_number")], Mutator.sentinel)
            let data = try Mutator.serialize(tree, splicing: token)
            let page = try variant.decode(data)
            #expect(page.count == variant.recordCount, "flight_number: \(token)")
        }
        for token in ["NaN", "Infinity", "-Infinity", "undefined", "'x'", "+1", "0x10", ".5"] {
            let tree = Mutator.set(variant.tree, variant.recordsPath + [.index(0), .key("flight_number")], Mutator.sentinel)
            let data = try Mutator.serialize(tree, splicing: token)
            #expect(throws: APIError.self, "flight_number: \(token) is no JSON") { try variant.decode(data) }
        }
    }

    /// 100,000 nested arrays where a record's field should be: a parser that recursed for
    /// each level would overflow the stack; the decoders must throw instead.
    @Test func deeplyNestedArraysDoNotOverflowTheStack() throws {
        for kind in [FuzzTarget.Kind.spacexQuery, .ll2List, .ll2Record, .spacexRockets] {
            let variant = try #require(try FuzzTarget.load(kind).first)
            let path = variant.recordsPath + (kind == .ll2Record ? [.key("name")] : [.index(0), .key("name")])
            let tree = Mutator.set(variant.tree, path, Mutator.sentinel)
            for depth in [600, 100_000] {
                let data = try Mutator.serialize(tree, splicing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
                do {
                    let decoded = try variant.decode(data)
                    #expect(decoded.count <= variant.recordCount)
                } catch {
                    #expect(error is APIError)
                }
            }
        }
    }
}

// MARK: - Targets
