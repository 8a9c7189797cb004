// Decoding the r/SpaceX API's launches into `Launch`: the app's decoder against plain
// `JSONDecoder` with synthesized structs (a floor for keyed-container decoding) and against
// the JSON parse alone (`JSONSerialization`, the floor for any decoder built on Foundation).
//
// Inputs, all from $TMINUS_FIXTURES/spacex:
//   v5/launches.json        205 unpopulated launches, as a plain array and wrapped as a query page
//   v5 + v4/*.json          the same 205 populated the way the app's query asks
//                           (rocket, launchpad, payloads, cores.core, cores.landpad)
//   query/*.json            the two recorded query pages (10 launches each, with `select`)

import Foundation
import TminusArchive
import TminusCore

func decodeBenchRows(root: URL) -> [Row] {
    func data(_ relative: String) -> Data? { try? Data(contentsOf: root.appending(path: "spacex/" + relative)) }
    guard let launchesData = data("v5/launches.json"),
          let launchArray = (try? JSONSerialization.jsonObject(with: launchesData)) as? [Any] else {
        FileHandle.standardError.write(Data("tminus-bench: spacex/v5/launches.json not found; decoding skipped\n".utf8))
        return []
    }
    let page205 = queryPage(launchArray)
    let populated205 = queryPage(populate(launchArray, data: data))
    let queryPages = ["launches-page1-offset", "launches-page2"].compactMap { data("query/\($0).json") }

    var rows: [Row] = []
    let n = 200
    // The issue's target: the whole v5 list into `[Launch]` in under 10 ms.
    var array = measure("decode 205 [Launch] JSONDecoder", iterations: n, warmUp: 10) {
        ((try? JSONDecoder().decode([Launch].self, from: launchesData))?.count ?? -1)
    }
    array.target = 10_000
    rows.append(array)
    var page = measure("decode 205 page (decodePage)", iterations: n, warmUp: 10) {
        ((try? SpaceXAPI.decodePage(page205))?.launches.count ?? -1)
    }
    page.target = 10_000
    rows.append(page)
    rows.append(measure("decode 205 populated page", iterations: n, warmUp: 10) {
        ((try? SpaceXAPI.decodePage(populated205))?.launches.count ?? -1)
    })
    // The built-in archive (Resources/): what a machine without network decodes before its first rows.
    if let archive = BuiltInArchive.data() {
        rows.append(measure("decode the built-in archive", iterations: 50, warmUp: 3) {
            ((try? BuiltInArchive.decode(archive))?.launches.count ?? -1)
        })
    }
    rows.append(measure("decode 2 query pages (10+10)", iterations: 2000, warmUp: 50) {
        queryPages.reduce(0) { $0 + ((try? SpaceXAPI.decodePage($1))?.launches.count ?? -1) }
    })
    // Floors, for comparison: keyed-container decoding with nothing lenient, no URLs and no
    // dates; and the parse alone that any `JSONSerialization`-based mapping would start with.
    rows.append(measure("  205 synthesized Decodable", iterations: n, warmUp: 10) {
        ((try? JSONDecoder().decode([PlainLaunch].self, from: launchesData))?.count ?? -1)
    })
    rows.append(measure("  205 JSONSerialization parse", iterations: n, warmUp: 10) {
        ((try? JSONSerialization.jsonObject(with: launchesData)) as? [Any])?.count ?? -1
    })
    rows.append(measure("  205 populated JSONSerialization parse", iterations: n, warmUp: 10) {
        (((try? JSONSerialization.jsonObject(with: populated205)) as? [String: Any])?["docs"] as? [Any])?.count ?? -1
    })
    rows += ll2PageRows(root: root)
    return rows
}

/// Launch Library 2's upcoming list as the app asks it: one page of 100 in the detailed mode
/// (the recorded detailed SpaceX page, its 10 launches ten times over with ids of their own),
/// against the normal mode's page of 20 (the 2.0.0 recordings) that needs a detail request
/// per launch opened. Bytes and decode time of each.
private func ll2PageRows(root: URL) -> [Row] {
    func records(_ relative: String) -> [[String: Any]] {
        guard let data = try? Data(contentsOf: root.appending(path: "ll2/" + relative)),
              let page = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
        return page["results"] as? [[String: Any]] ?? []
    }
    func page(_ base: [[String: Any]], count: Int) -> Data {
        let results = (0..<count).map { i -> [String: Any] in
            var record = base[i % base.count]
            record["id"] = "\(record["id"] ?? "launch")-\(i)"
            return record
        }
        let envelope: [String: Any] = ["count": 300, "next": "https://ll.test/next", "previous": NSNull(), "results": results]
        return (try? JSONSerialization.data(withJSONObject: envelope)) ?? Data()
    }
    let detailed = records("2.2.0/spacex-upcoming-detailed-2026-08.json")
    let detailedPast = records("2.2.0/spacex-previous-detailed-2026-08.json")
    let normal = ["2023-04", "2024-03", "2026-06"].flatMap { records("2.0.0/upcoming-\($0).json") }
    guard !detailed.isEmpty, !detailedPast.isEmpty, !normal.isEmpty else { return [] }
    let detailed100 = page(detailed, count: 100), normal20 = page(normal, count: 20)
    // The past list's page as the app asks it: 20 in the detailed mode (the recorded detailed
    // past launches, twice over), so a past launch's detail costs no request.
    let past20 = page(detailedPast, count: 20)
    var rows: [Row] = []
    rows.append(Row(name: "LL2 20 detailed past: bytes", iterations: 1, median: Double(past20.count), p10: Double(past20.count),
                    p90: Double(past20.count), unit: .bytes))
    rows.append(measure("LL2 20 detailed past: decode", iterations: 100, warmUp: 5) {
        ((try? LaunchLibrary2.decodeList(past20, page: 1))?.launches.count ?? -1)
    })
    rows.append(Row(name: "LL2 100 detailed: bytes", iterations: 1, median: Double(detailed100.count), p10: Double(detailed100.count),
                    p90: Double(detailed100.count), unit: .bytes))
    rows.append(measure("LL2 100 detailed: decode", iterations: 50, warmUp: 3) {
        ((try? LaunchLibrary2.decodeList(detailed100, page: 1))?.launches.count ?? -1)
    })
    rows.append(Row(name: "LL2 20 normal: bytes", iterations: 1, median: Double(normal20.count), p10: Double(normal20.count),
                    p90: Double(normal20.count), unit: .bytes))
    rows.append(measure("LL2 20 normal: decode", iterations: 200, warmUp: 10) {
        ((try? LaunchLibrary2.decodeList(normal20, page: 1))?.launches.count ?? -1)
    })
    return rows
}

/// The launches in a mongoose-paginate envelope, as `POST /v5/launches/query` answers.
private func queryPage(_ docs: [Any]) -> Data {
    let envelope: [String: Any] = [
        "docs": docs, "totalDocs": docs.count, "offset": 0, "limit": docs.count, "totalPages": 1, "page": 1,
        "pagingCounter": 1, "hasPrevPage": false, "hasNextPage": false, "prevPage": NSNull(), "nextPage": NSNull(),
    ]
    return (try? JSONSerialization.data(withJSONObject: envelope, options: [.withoutEscapingSlashes])) ?? Data()
}

/// The launches with every reference the recorded v4 data knows replaced by its object.
private func populate(_ launches: [Any], data: (String) -> Data?) -> [Any] {
    func table(_ file: String) -> [String: Any] {
        var byID: [String: Any] = [:]
        let parsed = data(file).flatMap { try? JSONSerialization.jsonObject(with: $0) }
        for case let record as [String: Any] in (parsed as? [Any]) ?? [parsed as Any] {
            if let id = record["id"] as? String { byID[id] = record }
        }
        return byID
    }
    let rockets = table("v4/rockets.json"), pads = table("v4/launchpads.json"), payloads = table("v4/payloads.json")
    let landpads = table("v4/landpads.json"), cores = table("v4/core-one.json")
    func resolve(_ value: Any?, _ in: [String: Any]) -> Any { (value as? String).flatMap { `in`[$0] } ?? value ?? NSNull() }
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

// MARK: - Baseline: synthesized Decodable of the same shape (not lenient: one bad field fails all)

private struct PlainLaunch: Decodable {
    let id: String
    let name: String?
    let flight_number: Int?
    let date_utc: String?
    let date_unix: Double?
    let date_precision: String?
    let upcoming: Bool?
    let success: Bool?
    let details: String?
    let rocket: String?
    let launchpad: String?
    let payloads: [String]?
    let crew: [PlainCrew]?
    let failures: [PlainFailure]?
    let cores: [PlainCore]?
    let links: PlainLinks?
    let window: Int?
}

private struct PlainCrew: Decodable { let crew: String?; let role: String? }
private struct PlainFailure: Decodable { let time: Int?; let altitude: Int?; let reason: String? }
private struct PlainCore: Decodable {
    let core: String?
    let flight: Int?
    let reused: Bool?
    let landing_attempt: Bool?
    let landing_success: Bool?
    let landing_type: String?
    let landpad: String?
}
private struct PlainLinks: Decodable {
    struct Patch: Decodable { let small: String?; let large: String? }
    struct Reddit: Decodable { let launch: String?; let campaign: String? }
    let patch: Patch?
    let reddit: Reddit?
    let webcast: String?
    let presskit: String?
    let wikipedia: String?
    let article: String?
}
