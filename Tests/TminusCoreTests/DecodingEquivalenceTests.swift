import Foundation
import Testing
@testable import TminusCore
import TminusTestSupport

/// Pins every decoded value, not only the fields other tests look at: each record of the
/// recorded responses (the 205 v5 launches, as they are and populated from the v4 data, the
/// query pages, the rockets, the Launch Library 2 pages) and of seeded mutations of them (nulls,
/// wrong types, odd dates and URLs, missing keys) is written out in a canonical form (every
/// stored property, dates and doubles by their bits, URLs by their text), hashed, and compared
/// with the hashes in `Fixtures/decoded-digests.json`, which were recorded from the decoder as
/// it was before the decoding path was made faster.
///
/// A change to what the decoders produce fails here, naming the record. When the change is
/// meant, record the hashes again:
///
///     TMINUS_RECORD_DECODE_DIGESTS=Tests/TminusCoreTests/Fixtures/decoded-digests.json \
///         TMINUS_FIXTURES=/work/shared/fixtures swift test --filter DecodingEquivalenceTests
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct DecodingEquivalenceTests {
    @Test func everyDecodedValueIsUnchanged() throws {
        let texts = try DecodedDigests.compute()
        let actual = texts.mapValues { $0.map(Canonical.hash) }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TMINUS_DUMP_DECODED"], !path.isEmpty {
            // The canonical texts themselves, to compare two versions of the decoder with diff.
            let lines = texts.sorted { $0.key < $1.key }.flatMap { name, records in
                records.enumerated().map { "\(name) #\($0.offset): \($0.element)" }
            }
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        if let path = environment["TMINUS_RECORD_DECODE_DIGESTS"], !path.isEmpty {
            let data = try JSONSerialization.data(withJSONObject: actual, options: [.sortedKeys, .prettyPrinted])
            try data.write(to: URL(fileURLWithPath: path))
            print("decoded digests recorded to \(path): \(actual.mapValues(\.count))")
            return
        }
        let expected = try #require(
            try JSONSerialization.jsonObject(with: LocalFixture.data("decoded-digests")) as? [String: [String]])
        #expect(Set(actual.keys) == Set(expected.keys))
        var records = 0
        for (name, digests) in actual.sorted(by: { $0.key < $1.key }) {
            let recorded = expected[name] ?? []
            #expect(digests.count == recorded.count, "\(name): \(digests.count) records, \(recorded.count) recorded")
            for (index, (now, then)) in zip(digests, recorded).enumerated() where now != then {
                Issue.record("\(name) record \(index): decodes differently (\(now) != recorded \(then))")
            }
            records += digests.count
        }
        #expect(records > 2_000)
    }

    @Test func theCanonicalFormSeesEveryField() {
        let base = Launch(id: "a", name: "A", date: Date(timeIntervalSince1970: 1), upcoming: false)
        var later = base
        later.date = Date(timeIntervalSince1970: 1.0000001)
        var linked = base
        linked.links.reddit = URL(string: "https://example.com/x")
        var populated = base
        populated.rocket = .object(Rocket(id: "r", name: "R", heightMeters: 70))
        var populatedTaller = populated
        populatedTaller.rocket = .object(Rocket(id: "r", name: "R", heightMeters: 70.000000001))
        let forms = [base, later, linked, populated, populatedTaller].map(Canonical.text)
        #expect(Set(forms).count == forms.count)
        #expect(Canonical.text(base) == Canonical.text(Launch(id: "a", name: "A", date: Date(timeIntervalSince1970: 1), upcoming: false)))
        #expect(Canonical.text(base).contains("datePrecision:.hour,"))
    }
}

/// The canonical form of everything the decoders return, per input set, in order.
enum DecodedDigests {
    static func compute() throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        let launchesData = try Fixtures.data("spacex/v5/launches.json")
        let launchTrees = try #require(try JSONSerialization.jsonObject(with: launchesData) as? [Any])

        // The recorded data as it is.
        out["v5 launches [Launch]"] = digests(try JSONDecoder().decode([Launch].self, from: launchesData))
        out["v5 launches page"] = digests(try SpaceXAPI.decodePage(page(launchTrees)).launches)
        let populated = try populate(launchTrees)
        out["v5 launches populated page"] = digests(try SpaceXAPI.decodePage(page(populated)).launches)
        for name in ["launches-page1-offset", "launches-page2"] {
            out["query \(name)"] = digests(try SpaceXAPI.decodePage(Fixtures.data("spacex/query/\(name).json")).launches)
        }
        out["v4 rockets"] = digests(try SpaceXAPI.decodeRockets(Fixtures.data("spacex/v4/rockets.json")))
        for file in try ll2Files() {
            out["ll2 \(file)"] = digests(try LaunchLibrary2.decodeList(Fixtures.data(file), page: 1).launches)
        }

        // The hand-written fixtures of this target.
        out["local launches"] = digests(try ["launch-all-null", "launch-populated"].map {
            try JSONDecoder().decode(Launch.self, from: LocalFixture.data($0))
        })
        out["local page-with-missing-id"] = digests(try SpaceXAPI.decodePage(LocalFixture.data("page-with-missing-id")).launches)
        out["local ll2"] = try ["launch-2.3.0", "launch-all-null", "launch-wrong-types", "list-missing-id"].map { name in
            let data = try LL2Fixture.data(name)
            if name.hasPrefix("list") { return digest(try LaunchLibrary2.decodeList(data, page: 1).launches) }
            return digest(try LaunchLibrary2.decodeLaunch(data))
        }

        // Seeded mutations: each record alone, a few of its values replaced or removed.
        var rng = SeededGenerator(seed: 0xDEC0DE)
        out["mutated v5 launches"] = mutate(launchTrees, times: 4, &rng) { data in
            digest(try JSONDecoder().decode(Launch.self, from: data))
        }
        out["mutated v5 populated launches"] = mutate(populated, times: 3, &rng) { data in
            digest(try JSONDecoder().decode(Launch.self, from: data))
        }
        let rocketTrees = try #require(try JSONSerialization.jsonObject(with: Fixtures.data("spacex/v4/rockets.json")) as? [Any])
        out["mutated v4 rockets"] = mutate(rocketTrees, times: 25, &rng) { data in
            digest(try SpaceXAPI.decodeRockets(Data("[".utf8) + data + Data("]".utf8)))
        }
        var ll2Trees: [Any] = []
        for file in try ll2Files() {
            let page = try #require(try JSONSerialization.jsonObject(with: Fixtures.data(file)) as? [String: Any])
            ll2Trees += try #require(page["results"] as? [Any])
        }
        out["mutated ll2 launches"] = mutate(ll2Trees, times: 6, &rng) { data in
            digest(try LaunchLibrary2.decodeLaunch(data))
        }
        return out
    }

    static func digests<T>(_ values: [T]) -> [String] { values.map(digest) }
    static func digest(_ value: Any) -> String { Canonical.text(value) }

    static func ll2Files() throws -> [String] {
        ["ll2/2.0.0/upcoming-2023-04.json", "ll2/2.0.0/upcoming-2024-03.json",
         "ll2/2.0.0/upcoming-2026-06.json", "ll2/2.2.0/upcoming-detailed.json"]
    }

    static func serialize(_ tree: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    }

    static func page(_ docs: [Any]) throws -> Data {
        try serialize(["docs": docs, "totalDocs": docs.count, "page": 1, "hasNextPage": false, "nextPage": NSNull()] as [String: Any])
    }

    /// The launches with the references the v4 data knows replaced by their objects, the way
    /// the app's query populates `rocket`, `launchpad`, `payloads`, `cores.core`, `cores.landpad`.
    static func populate(_ launches: [Any]) throws -> [Any] {
        func table(_ file: String) throws -> [String: Any] {
            let parsed = try JSONSerialization.jsonObject(with: Fixtures.data(file))
            var byID: [String: Any] = [:]
            for case let record as [String: Any] in (parsed as? [Any]) ?? [parsed] {
                if let id = record["id"] as? String { byID[id] = record }
            }
            return byID
        }
        let rockets = try table("spacex/v4/rockets.json"), pads = try table("spacex/v4/launchpads.json")
        let payloads = try table("spacex/v4/payloads.json"), landpads = try table("spacex/v4/landpads.json")
        let cores = try table("spacex/v4/core-one.json")
        func resolve(_ value: Any?, _ table: [String: Any]) -> Any { (value as? String).flatMap { table[$0] } ?? value ?? NSNull() }
        return launches.map { item -> Any in
            guard var launch = item as? [String: Any] else { return item }
            launch["rocket"] = resolve(launch["rocket"], rockets)
            launch["launchpad"] = resolve(launch["launchpad"], pads)
            launch["payloads"] = (launch["payloads"] as? [Any])?.map { resolve($0, payloads) }
            launch["cores"] = (launch["cores"] as? [[String: Any]])?.map { core -> [String: Any] in
                var core = core
                core["core"] = resolve(core["core"], cores)
                core["landpad"] = resolve(core["landpad"], landpads)
                return core
            }
            return launch
        }
    }

    // MARK: Mutations

    /// Values a field must survive being: nulls, wrong types, odd numbers, and dates and links
    /// in the shapes the fast paths and their fallbacks tell apart.
    static var values: [Any] { [
        NSNull(), 42, -1, 0, 3.5, 1e308, NSNumber(value: Int64.max), NSNumber(value: UInt64.max), true, false,
        "", "x", "12", "true", "hour", "day", "HOUR", "Go", [String: Any](), [Any](), ["a", "b"], [NSNull(), "a", 3] as [Any],
        ["id": "x", "name": "y"], ["crew": "c", "role": "r"], ["url": "https://example.com/v", "priority": 2] as [String: Any],
    ] }
    static let dates: [String] = [
        "2022-10-05T16:00:00Z", "2022-10-05T16:00:00.000Z", "2022-10-05T16:00:00.5Z", "2022-10-05T16:00:00.123456Z",
        "2022-10-05T16:00:00.999Z", "2022-10-05T16:00:00.002Z", "1969-12-31T23:59:59.750Z", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z", "2022-10-05T16:00:00+02:00", "2022-10-05T16:00:00.250-07:00", "2022-10-05 16:00:00Z",
        "2022-10-05T16:00:00z", "2022-10-05T16:00Z", "2022-10-05", "2022-02-30T00:00:00Z", "2022-13-01T00:00:00Z",
        "2022-10-05T24:00:00Z", "2022-10-05T16:60:00Z", "2022-10-05T16:00:60Z", "2022-10-05T16:00:00.Z",
        "2022-10-05T16:00:00.000", "20221005T160000Z", "+2022-10-05T16:00:00Z", "2022-1-5T16:00:00Z",
        "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
        "２０２２-10-05T16:00:00Z", " 2022-10-05T16:00:00Z", "2022-10-05T16:00:00Z ", "next Tuesday",
    ]
    static let links: [String] = [
        "https://example.com/a", " https://example.com/a ", "\thttps://example.com/a\t", "\u{A0}https://example.com/a\u{3000}",
        "\u{2003}http://example.com/b", "\nhttps://example.com/a", "https://example.com/a\n", "HTTPS://EXAMPLE.COM/A",
        "javascript:alert(1)", "file:///etc/passwd", "http://", "https://exa mple.com", "//example.com/a", "ftp://example.com",
        "https://例え.jp/パス", "https://[::1]:8080/x", "https://example.com/%zz", "  ", "\u{200B}https://example.com/a",
    ]

    /// Each record `times` times, with one to three of its values (leaves or whole objects)
    /// replaced or removed, and a date or a link changed half the time; what decodes, or `error`.
    static func mutate(_ records: [Any], times: Int, _ rng: inout SeededGenerator, _ decode: (Data) throws -> String) -> [String] {
        var out: [String] = []
        for record in records {
            var paths: [[Step]] = []
            collect(record, [], into: &paths)
            let datePaths = paths.filter { path in
                guard case .key(let key)? = path.last else { return false }
                return ["date_utc", "net", "window_start", "window_end", "static_fire_date_utc", "last_update"].contains(key)
            }
            let linkPaths = paths.filter { ((get(record, $0[...]) as? String)?.hasPrefix("http")) == true }
            for _ in 0..<times {
                var tree = record
                for _ in 0..<(1 + pick(3, &rng)) where !paths.isEmpty {
                    let path = paths[pick(paths.count, &rng)]
                    tree = set(tree, path[...], pick(8, &rng) == 0 ? nil : values[pick(values.count, &rng)])
                }
                if !datePaths.isEmpty, pick(2, &rng) == 0 {
                    tree = set(tree, datePaths[pick(datePaths.count, &rng)][...], dates[pick(dates.count, &rng)])
                }
                if !linkPaths.isEmpty, pick(2, &rng) == 0 {
                    tree = set(tree, linkPaths[pick(linkPaths.count, &rng)][...], links[pick(links.count, &rng)])
                }
                do {
                    out.append(try decode(try serialize(tree)))
                } catch {
                    out.append("error")
                }
            }
        }
        return out
    }

    static func pick(_ n: Int, _ rng: inout SeededGenerator) -> Int { Int(rng.next() % UInt64(n)) }

    enum Step { case key(String), index(Int) }

    /// Every path under `value` but the root, keys in sorted order.
    static func collect(_ value: Any, _ prefix: [Step], into out: inout [[Step]]) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                out.append(prefix + [.key(key)])
                collect(object[key]!, prefix + [.key(key)], into: &out)
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                out.append(prefix + [.index(index)])
                collect(element, prefix + [.index(index)], into: &out)
            }
        }
    }

    static func get(_ value: Any, _ path: ArraySlice<Step>) -> Any? {
        guard let first = path.first else { return value }
        switch first {
        case .key(let key): return (value as? [String: Any])?[key].flatMap { get($0, path.dropFirst()) }
        case .index(let i):
            guard let array = value as? [Any], array.indices.contains(i) else { return nil }
            return get(array[i], path.dropFirst())
        }
    }

    /// `value` with the value at `path` replaced (nil: removed).
    static func set(_ value: Any, _ path: ArraySlice<Step>, _ new: Any?) -> Any {
        guard let first = path.first else { return new ?? NSNull() }
        switch first {
        case .key(let key):
            guard var object = value as? [String: Any] else { return value }
            if path.count == 1 { object[key] = new } else if let child = object[key] { object[key] = set(child, path.dropFirst(), new) }
            return object
        case .index(let i):
            guard var array = value as? [Any], array.indices.contains(i) else { return value }
            if path.count == 1 {
                if let new { array[i] = new } else { array.remove(at: i) }
            } else {
                array[i] = set(array[i], path.dropFirst(), new)
            }
            return array
        }
    }
}

/// A value written out with every stored property (through `Mirror`), so two values with the
/// same text are equal down to the bits of their dates and doubles. A property wrapper's storage
/// (`_flight`, a `Lenient<Int>`) is written as the property itself (`flight`), as it was before
/// the models declared their fields with wrappers.
enum Canonical {
    static func text(_ value: Any) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: Any, into out: inout String) {
        switch value {
        case let date as Date: out += "date(\(date.timeIntervalSinceReferenceDate.bitPattern))"
        case let url as URL: out += "url(\(url.absoluteString.debugDescription))"
        case let double as Double: out += "double(\(double.bitPattern))"
        case let string as String: out += string.debugDescription
        case let int as Int: out += "\(int)"
        case let bool as Bool: out += "\(bool)"
        default:
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                if let some = mirror.children.first { write(some.value, into: &out) } else { out += "nil" }
            case .enum:
                if let payload = mirror.children.first {
                    out += ".\(payload.label ?? "?")("
                    write(payload.value, into: &out)
                    out += ")"
                } else {
                    out += ".\(value)"
                }
            case .collection, .set, .tuple:
                out += "["
                for child in mirror.children { write(child.value, into: &out); out += "," }
                out += "]"
            case .struct, .class:
                out += "\(type(of: value)){"
                for child in mirror.children {
                    let (label, field) = wrapped(child) ?? (child.label ?? "?", child.value)
                    // Fields added after the digests were recorded count only when they hold
                    // something, so a new field leaves the records that lack it unchanged.
                    if let isDefault = addedLater[label], isDefault(field) { continue }
                    out += "\(label):"
                    write(field, into: &out)
                    out += ","
                }
                out += "}"
            default:
                out += "\(type(of: value))(\(value))"
            }
        }
    }

    /// Launch fields newer than the recorded digests, with what their default looks like.
    private static let addedLater: [String: @Sendable (Any) -> Bool] = [
        "webcastLive": { ($0 as? Bool) == false },
        "updates": { ($0 as? [LaunchUpdate])?.isEmpty == true },
        "timeline": { ($0 as? [TimelineEvent])?.isEmpty == true },
        "carriesDetail": { ($0 as? Bool) == false },
        "providerAbbrev": { Mirror(reflecting: $0).displayStyle == .optional && Mirror(reflecting: $0).children.isEmpty },
        "locationID": { Mirror(reflecting: $0).displayStyle == .optional && Mirror(reflecting: $0).children.isEmpty },
        "providerID": { Mirror(reflecting: $0).displayStyle == .optional && Mirror(reflecting: $0).children.isEmpty },
    ]

    /// `_name: Wrapper(wrappedValue: v)` as `name: v`.
    private static func wrapped(_ child: Mirror.Child) -> (String, Any)? {
        guard let label = child.label, label.hasPrefix("_") else { return nil }
        let storage = Mirror(reflecting: child.value).children
        guard storage.count == 1, let inner = storage.first, inner.label == "wrappedValue" else { return nil }
        return (String(label.dropFirst()), inner.value)
    }

    /// FNV-1a, 64 bits, as 16 hex digits.
    static func hash(_ text: String) -> String { FNV1a.hex(text.utf8) }
}
