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

/// What a decoder returned, reduced to what the fuzz compares and uses.
struct DecodedRecords: Equatable {
    var launches: [Launch] = []
    var rockets: [Rocket] = []
    var count: Int { launches.count + rockets.count }

    /// Formats every decoded value the way the screens do: none of it may trap.
    func use() {
        let time = LaunchTime(timeZone: TimeZone(identifier: "Pacific/Chatham") ?? .gmt)
        let now = Date(timeIntervalSince1970: 1_665_259_200)
        for launch in launches {
            _ = time.listDate(launch.date, precision: launch.datePrecision)
            _ = time.detailDate(launch.date, precision: launch.datePrecision)
            _ = Countdown(to: launch.date, precision: launch.datePrecision, now: now, time: time)
            _ = launch.statusWord
            for case .object(let payload) in launch.payloads { _ = payload.massKg.map(Formatting.grouped) }
            if let rocket = launch.rocket?.object { use(rocket) }
        }
        rockets.forEach(use)
    }

    private func use(_ rocket: Rocket) {
        for system in UnitSystem.allCases {
            _ = Units.text(rocket.heightMeters, .height, in: system)
            _ = Units.text(rocket.diameterMeters, .diameter, in: system)
            _ = Units.text(rocket.massKg, .mass, in: system)
            _ = Units.text(rocket.payloadToLEOKg, .payload, in: system)
        }
        _ = Units.money(rocket.costPerLaunch)
        _ = rocket.successRatePct.map(Formatting.grouped)
    }
}

/// One body to mutate: its bytes, its parsed tree, where its records are and which decoder
/// reads it.
struct FuzzTarget {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        /// `spacex/v5/launches.json`, ten launches a page in the query envelope.
        case spacexLaunchPages
        /// `spacex/query/*.json` as recorded.
        case spacexQuery
        case spacexRockets
        /// `ll2/2.0.0/*.json` and `ll2/2.2.0/*.json` list pages.
        case ll2List
        /// Each record of those pages alone, as the detail endpoint sends it.
        case ll2Record

        var description: String { rawValue }
        var hashSeed: Int { Self.allCases.firstIndex(of: self)! * 7919 }
    }

    let name: String
    let data: Data
    let tree: Any
    /// The records array (empty: the body is one record).
    let recordsPath: Mutator.Path
    let recordCount: Int
    /// Launch Library 2 ids must be non-empty strings; SpaceX ones any string.
    let emptyIDIsMissing: Bool
    let decode: (Data) throws -> DecodedRecords

    /// The body is one record (the detail endpoint), not a list of them.
    var isSingleRecord: Bool { recordsPath.isEmpty && tree is [String: Any] }

    var recordPaths: [Mutator.Path] {
        isSingleRecord ? [[]] : (0..<recordCount).map { recordsPath + [.index($0)] }
    }

    static func load(_ kind: Kind) throws -> [FuzzTarget] {
        switch kind {
        case .spacexLaunchPages:
            let all = try #require(try JSONSerialization.jsonObject(with: Fixtures.data("spacex/v5/launches.json")) as? [Any])
            let limit = 10
            return stride(from: 0, to: all.count, by: limit).map { offset -> FuzzTarget in
                let docs = Array(all[offset..<min(all.count, offset + limit)])
                let page = offset / limit + 1, pages = (all.count + limit - 1) / limit
                let envelope: [String: Any] = [
                    "docs": docs, "totalDocs": all.count, "offset": offset, "limit": limit, "totalPages": pages,
                    "page": page, "pagingCounter": offset + 1, "hasPrevPage": page > 1, "hasNextPage": page < pages,
                    "prevPage": page > 1 ? page - 1 : NSNull(), "nextPage": page < pages ? page + 1 : NSNull(),
                ]
                let data = (try? Mutator.serialize(envelope)) ?? Data()
                return FuzzTarget(name: "v5 launches page \(page)", data: data, tree: envelope, recordsPath: [.key("docs")],
                                  recordCount: docs.count, emptyIDIsMissing: false, decode: decodeSpaceXPage)
            }
        case .spacexQuery:
            return try ["launches-page1-offset", "launches-page2"].map { name in
                try target("spacex/query/\(name).json", records: [.key("docs")], emptyIDIsMissing: false, decodeSpaceXPage)
            }
        case .spacexRockets:
            return [try target("spacex/v4/rockets.json", records: [], emptyIDIsMissing: false) { data in
                DecodedRecords(rockets: try SpaceXAPI.decodeRockets(data))
            }]
        case .ll2List:
            return try ll2Files().map { file in
                try target(file, records: [.key("results")], emptyIDIsMissing: true) { data in
                    DecodedRecords(launches: try LaunchLibrary2.decodeList(data, page: 1).launches)
                }
            }
        case .ll2Record:
            let fromPages = try ll2Files().flatMap { file -> [(String, Any)] in
                let page = try #require(try JSONSerialization.jsonObject(with: Fixtures.data(file)) as? [String: Any])
                let results = try #require(page["results"] as? [Any])
                return results.enumerated().map { index, record in ("\(file) record \(index)", record) }
            }
            let whole = try ll2Files(launchRecords: true).map { file in (file, try JSONSerialization.jsonObject(with: Fixtures.data(file))) }
            return try (fromPages + whole).map { name, record in
                FuzzTarget(name: name, data: try Mutator.serialize(record), tree: record, recordsPath: [],
                           recordCount: 1, emptyIDIsMissing: true) { data in
                    DecodedRecords(launches: [try LaunchLibrary2.decodeLaunch(data)])
                }
            }
        }
    }

    /// The recorded Launch Library 2 launch lists (`upcoming-…`, `spacex-…-detailed-…`), or
    /// with `launchRecords` the single launches (`launch-…`). The folders also hold events and
    /// rocket configurations, which are not launches.
    static func ll2Files(launchRecords: Bool = false) throws -> [String] {
        let root = try #require(Fixtures.root)
        var files: [String] = []
        for version in ["2.0.0", "2.2.0"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appending(path: "ll2/\(version)").path)
            let wanted = names.filter { name in
                guard name.hasSuffix(".json") else { return false }
                return launchRecords ? name.hasPrefix("launch-")
                    : name.hasPrefix("upcoming") || name.hasPrefix("previous") || name.hasPrefix("spacex-")
            }
            files += wanted.sorted().map { "ll2/\(version)/\($0)" }
        }
        return files
    }

    static func decodeSpaceXPage(_ data: Data) throws -> DecodedRecords {
        DecodedRecords(launches: try SpaceXAPI.decodePage(data).launches)
    }

    static func target(_ file: String, records: Mutator.Path, emptyIDIsMissing: Bool,
                       _ decode: @escaping (Data) throws -> DecodedRecords) throws -> FuzzTarget {
        let data = try Fixtures.data(file)
        let tree = try JSONSerialization.jsonObject(with: data)
        let list = try #require(Mutator.get(tree, records[...]) as? [Any], "\(file): no records at \(records)")
        return FuzzTarget(name: file, data: data, tree: tree, recordsPath: records, recordCount: list.count,
                          emptyIDIsMissing: emptyIDIsMissing, decode: decode)
    }
}

struct FuzzStats: CustomStringConvertible {
    var mutations = 0, leafOnly = 0, thrown = 0, decoded = 0, records = 0, skipped = 0
    var description: String {
        "\(mutations) mutations (\(leafOnly) leaf-only), \(thrown) thrown, \(decoded) decoded, "
            + "\(records) records decoded, \(skipped) records skipped"
    }
}

// MARK: - Mutations

struct Mutation {
    var data: Data
    var summary: String
    /// Only values inside records changed: the envelope is intact.
    var leafOnly: Bool
    /// Records in the mutated tree, and how many of them still have an id (structure-aware
    /// leaf-only mutations; nil otherwise).
    var recordsInTree = 0
    var expectedRecords: Int?
}

enum Mutator {
    enum Step: Hashable, CustomStringConvertible {
        case key(String), index(Int)
        var description: String {
            switch self {
            case .key(let k): k
            case .index(let i): "[\(i)]"
            }
        }
    }
    typealias Path = [Step]

    /// A string value replaced by raw text after serialization (bare tokens, nesting, keys).
    static let sentinel = "\u{1}tminus-fuzz-splice\u{1}"

    static func serialize(_ tree: Any, splicing token: String? = nil) throws -> Data {
        let data = try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .fragmentsAllowed])
        guard let token else { return data }
        let quoted = try JSONSerialization.data(withJSONObject: sentinel, options: [.fragmentsAllowed])
        return data.replacing(quoted, with: Data(token.utf8))
    }

    static func get(_ value: Any, _ path: ArraySlice<Step>) -> Any? {
        guard let first = path.first else { return value }
        switch first {
        case .key(let k): return (value as? [String: Any])?[k].flatMap { get($0, path.dropFirst()) }
        case .index(let i):
            guard let a = value as? [Any], a.indices.contains(i) else { return nil }
            return get(a[i], path.dropFirst())
        }
    }

    /// The tree with the value at `path` replaced (nil: the key or element removed).
    static func set(_ value: Any, _ path: Path, _ new: Any?) -> Any { set(value, path[...], new) }

    static func set(_ value: Any, _ path: ArraySlice<Step>, _ new: Any?) -> Any {
        guard let first = path.first else { return new ?? NSNull() }
        switch first {
        case .key(let k):
            guard var d = value as? [String: Any] else { return value }
            if path.count == 1 { d[k] = new } else if let child = d[k] { d[k] = set(child, path.dropFirst(), new) }
            return d
        case .index(let i):
            guard var a = value as? [Any], a.indices.contains(i) else { return value }
            if path.count == 1 {
                if let new { a[i] = new } else { a.remove(at: i) }
            } else {
                a[i] = set(a[i], path.dropFirst(), new)
            }
            return a
        }
    }

    /// Paths to every leaf (scalar, null, empty container) under `value`, keys in sorted order.
    static func leaves(_ value: Any, _ prefix: Path, into out: inout [Path]) {
        if let d = value as? [String: Any], !d.isEmpty {
            for k in d.keys.sorted() { leaves(d[k]!, prefix + [.key(k)], into: &out) }
        } else if let a = value as? [Any], !a.isEmpty {
            for (i, e) in a.enumerated() { leaves(e, prefix + [.index(i)], into: &out) }
        } else {
            out.append(prefix)
        }
    }

    /// Paths to every object and array (the root included).
    static func containers(_ value: Any, _ prefix: Path, into out: inout [Path]) {
        if let d = value as? [String: Any] {
            out.append(prefix)
            for k in d.keys.sorted() { containers(d[k]!, prefix + [.key(k)], into: &out) }
        } else if let a = value as? [Any] {
            out.append(prefix)
            for (i, e) in a.enumerated() { containers(e, prefix + [.index(i)], into: &out) }
        }
    }

    static let hostileText = [
        "\u{1B}[2J\u{1B}]0;pwned\u{07}", "\u{202E}evil", "\u{9B}31m", "\u{0}", "打ち上げ🚀", "\u{1F469}\u{200D}\u{1F680}",
        "\u{FEFF}\u{200B}", "\u{D7FF}\u{E000}\u{10FFFF}", "e\u{301}\u{301}\u{301}", "\"}]},{", "\\u0000", "</script>",
    ]

    /// A value a record's field must survive being.
    static func hostileValue(_ rng: inout SeededGenerator, replacing old: Any?) -> (value: Any, name: String) {
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: return (NSNull(), "null")
        case 1:
            // The wrong type for what was there.
            if old is String { return ([42, true, [String: Any](), [Any]()] as [Any]).randomElement(using: &rng).map { ($0, "wrong type \(type(of: $0))") }! }
            if old is NSNumber { return (["12", "true", [1] as [Any], ["a": 1] as [String: Any]] as [Any]).randomElement(using: &rng).map { ($0, "wrong type \(type(of: $0))") }! }
            return ("x", "a string")
        case 2: return ([1e308, -1e308, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] as [Double]).randomElement(using: &rng).map { ($0, "huge \($0)") }!
        case 3: return ([Int64.max, Int64.min, -1, 0, Int64(Int32.max) + 1] as [Int64]).randomElement(using: &rng).map { (NSNumber(value: $0), "int \($0)") }!
        case 4: return (NSNumber(value: UInt64.max), "UInt64.max")
        case 5: return (["NaN", "Infinity", "-Infinity", "nan", "1e999", "-0", "0x1F", "1,000"].randomElement(using: &rng)!, "NaN-like string")
        case 6: return ("", "empty string")
        case 7: return (String(repeating: "A\u{1B}[2J打", count: Int.random(in: 1_000...10_000, using: &rng)), "very long string")
        case 8:
            var nested: Any = [1]
            let depth = Int.random(in: 2...200, using: &rng)
            for _ in 0..<depth { nested = [nested] }
            return (nested, "nested arrays \(depth) deep")
        case 9: return (hostileText.randomElement(using: &rng)!, "hostile text")
        case 10:
            return (["2022-13-45T99:99:99Z", "0000-00-00T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "-271821-04-20T00:00:00Z",
                     "2022-10-08", "2022-10-08T20:00:00+99:99", "1665259200"].randomElement(using: &rng)!, "odd date")
        case 11:
            return (["javascript:alert(1)", "http://", "https://\u{1B}[2J", "file:///etc/passwd", "//evil.test", "ftp://x",
                     "https://exa mple.com", "https://[::1]:99999/"].randomElement(using: &rng)!, "odd URL")
        case 12: return (Bool.random(using: &rng), "a bool")
        case 13: return ([String: Any](), "empty object")
        case 14: return ([Any](), "empty array")
        default: return (Double.random(in: -1e6...1e6, using: &rng), "a fraction")
        }
    }

    static func mutate(_ target: FuzzTarget, _ rng: inout SeededGenerator) -> Mutation {
        if Int.random(in: 0..<10, using: &rng) < 4 { return mutateBytes(target.data, &rng) }
        return mutateTree(target, &rng)
    }

    // MARK: Bytes

    static func mutateBytes(_ original: Data, _ rng: inout SeededGenerator) -> Mutation {
        var bytes = [UInt8](original)
        var steps: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    let i = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes[i] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                }
                steps.append("bit flips")
            case 1:
                let junk: [UInt8] = Bool.random(using: &rng)
                    ? rng.bytes(Int.random(in: 1...16, using: &rng))
                    : Array([#"""#, "{", "}", "[", "]", ",", ":", "\\", "\u{0}", "null", "-", "e", "\u{FF}", "\u{C0}"]
                        .randomElement(using: &rng)!.utf8)
                bytes.insert(contentsOf: junk, at: at)
                steps.append("insert \(junk.count) bytes at \(at)")
            case 2:
                let n = min(bytes.count - at, Int.random(in: 1...64, using: &rng))
                bytes.removeSubrange(at..<(at + n))
                steps.append("delete \(n) bytes at \(at)")
            case 3:
                bytes.removeSubrange(at...)
                steps.append("truncate at \(at)")
            case 4:
                let n = min(bytes.count - at, Int.random(in: 1...200, using: &rng))
                bytes.insert(contentsOf: bytes[at..<(at + n)], at: at)
                steps.append("duplicate \(n) bytes at \(at)")
            default:
                let other = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.swapAt(at, other)
                steps.append("swap bytes \(at) \(other)")
            }
        }
        return Mutation(data: Data(bytes), summary: steps.joined(separator: ", "), leafOnly: false)
    }

    // MARK: Structure

    static func mutateTree(_ target: FuzzTarget, _ rng: inout SeededGenerator) -> Mutation {
        var tree = target.tree
        var steps: [String] = []
        var leafOnly = true
        var splice: String?
        let recordPaths = target.recordPaths
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let roll = Int.random(in: 0..<20, using: &rng)
            switch roll {
            case 0..<13:
                // A value inside a record (leaf-only: the envelope stays valid).
                guard let record = recordPaths.randomElement(using: &rng), let recordValue = get(tree, record[...]) else { continue }
                var paths: [Path] = []
                leaves(recordValue, record, into: &paths)
                // The id now and then, so skipping is exercised too.
                let path = Int.random(in: 0..<6, using: &rng) == 0 ? record + [.key("id")] : paths.randomElement(using: &rng) ?? record
                let (value, name) = hostileValue(&rng, replacing: get(tree, path[...]))
                tree = set(tree, path, value)
                steps.append("\(describe(path)) = \(name)")
            case 13:
                // A bare token where a value was: invalid JSON (NaN) or numbers Swift cannot hold.
                guard splice == nil, let record = recordPaths.randomElement(using: &rng), let recordValue = get(tree, record[...]) else { continue }
                var paths: [Path] = []
                leaves(recordValue, record, into: &paths)
                guard let path = paths.randomElement(using: &rng) else { continue }
                let token = ["NaN", "Infinity", "1e999", "-1e999", "123456789012345678901234567890", "-0", "tru", "nul", "[1,]"]
                    .randomElement(using: &rng)!
                tree = set(tree, path, sentinel)
                splice = token
                if ["NaN", "Infinity", "tru", "nul", "[1,]"].contains(token) { leafOnly = false }
                steps.append("\(describe(path)) = bare \(token)")
            case 14, 15:
                // Delete a key anywhere (the envelope's own too).
                var objects: [Path] = []
                containers(tree, [], into: &objects)
                guard let object = objects.filter({ get(tree, $0[...]) is [String: Any] }).randomElement(using: &rng),
                      let keys = (get(tree, object[...]) as? [String: Any])?.keys.sorted(), let key = keys.randomElement(using: &rng)
                else { continue }
                tree = set(tree, object + [.key(key)], nil)
                leafOnly = false
                steps.append("delete \(describe(object + [.key(key)]))")
            case 16:
                // A whole object or array of the wrong type (the envelope or records array too).
                var all: [Path] = []
                containers(tree, [], into: &all)
                guard let path = all.randomElement(using: &rng) else { continue }
                let replacement: Any = [NSNull(), "docs", 0, [Any](), [String: Any]()].randomElement(using: &rng)!
                tree = set(tree, path, replacement)
                leafOnly = false
                steps.append("\(describe(path)) = \(type(of: replacement))")
            case 17:
                // A record removed or repeated.
                guard let record = recordPaths.randomElement(using: &rng), !record.isEmpty,
                      let value = get(tree, record[...]), var list = get(tree, record.dropLast()) as? [Any],
                      case .index(let i) = record.last!
                else { continue }
                if Bool.random(using: &rng) { list.remove(at: i) } else { list.insert(value, at: i) }
                tree = set(tree, Array(record.dropLast()), list)
                leafOnly = false
                steps.append("remove or repeat \(describe(record))")
            default:
                // Duplicate a key (a record's or the envelope's) by text: a second copy with a hostile value.
                guard splice == nil else { continue }
                var objects: [Path] = []
                containers(tree, [], into: &objects)
                guard let object = objects.filter({ get(tree, $0[...]) is [String: Any] }).randomElement(using: &rng),
                      let dict = get(tree, object[...]) as? [String: Any], let key = dict.keys.sorted().randomElement(using: &rng),
                      key.allSatisfy({ $0.isASCII && $0 != "\"" && $0 != "\\" })
                else { continue }
                let (value, name) = hostileValue(&rng, replacing: dict[key])
                tree = set(tree, object + [.key(sentinel)], value)
                splice = #""\#(key)""#
                leafOnly = false
                steps.append("duplicate key \(describe(object + [.key(key)])) = \(name)")
            }
        }
        let data: Data
        do {
            // A duplicated key's sentinel is a key, not a value: splice the key name in for it.
            data = try serialize(tree, splicing: splice)
        } catch {
            return Mutation(data: target.data, summary: "unserializable (\(error)); unmutated", leafOnly: false)
        }
        var mutation = Mutation(data: data, summary: steps.joined(separator: ", "), leafOnly: leafOnly)
        if leafOnly {
            // Which records still have an id the decoder accepts.
            let records = recordPaths.compactMap { get(tree, $0[...]) }
            mutation.recordsInTree = records.count
            mutation.expectedRecords = records.filter { record in
                // (The sentinel is a bare token once spliced in: a number, never a string.)
                guard let id = (record as? [String: Any])?["id"] as? String, id != sentinel else { return false }
                return !(target.emptyIDIsMissing && id.isEmpty)
            }.count
        }
        return mutation
    }

    static func describe(_ path: Path) -> String {
        path.isEmpty ? "(root)" : path.map(\.description).joined(separator: ".")
    }
}

extension Data {
    /// Every occurrence of `pattern` replaced by `replacement`.
    func replacing(_ pattern: Data, with replacement: Data) -> Data {
        var out = Data()
        var rest = self[...]
        while let range = rest.range(of: pattern) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }
}
