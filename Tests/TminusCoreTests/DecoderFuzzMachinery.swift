import Foundation
import Testing
import TminusCore
import TminusTestSupport

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
