import Foundation
import Testing
import TminusCore
import TminusTestSupport

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
