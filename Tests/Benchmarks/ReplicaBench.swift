// The local replica at the size of Launch Library 2's whole history and more: 10,000 launches
// made from the recorded detailed past launches, a question to it (a filter, a search, a
// follow, a page) and the file's size on disk.

import Foundation
import TminusCore
import TminusStore

func replicaRows(root: URL) -> [Row] {
    let file = root.appending(path: "ll2/2.2.0/spacex-previous-detailed-2026-08.json")
    guard let data = try? Data(contentsOf: file), let page = try? LaunchLibrary2.decodeList(data, page: 1), !page.launches.isEmpty else {
        print("replica bench: no recorded detailed launches at \(file.path)")
        return []
    }
    let providers: [(String, String, String?)] = [("121", "SpaceX", "SpX"), ("121", "SpaceX", nil), ("31", "Indian Space Research Organization", nil),
                                                  ("147", "Rocket Lab", "RL"), ("88", "China Aerospace Science and Technology Corporation", "CASC")]
    let start = Date(timeIntervalSince1970: -400_000_000)
    var launches: [Launch] = []
    launches.reserveCapacity(10_000)
    for n in 0..<10_000 {
        var launch = page.launches[n % page.launches.count]
        launch.id = "bench-\(n)"
        launch.name = "\(["Starlink Group", "CRS", "Crew", "NROL", "Transporter"][n % 5]) \(n)"
        launch.date = start.addingTimeInterval(Double(n) * 180_000)
        launch.upcoming = n >= 9_900
        launch.success = launch.upcoming ? nil : n % 23 != 0
        let provider = providers[n % providers.count]
        launch.providerID = provider.0; launch.provider = provider.1; launch.providerAbbrev = provider.2
        launch.lastUpdated = launch.date
        launches.append(launch)
    }
    let dir = FileManager.default.temporaryDirectory.appending(path: "tminus-replica-bench-\(UUID().uuidString)")
    // TMINUS_BENCH_KEEP_REPLICA=1 keeps the file to look into (sqlite3, EXPLAIN QUERY PLAN).
    defer {
        if ProcessInfo.processInfo.environment["TMINUS_BENCH_KEEP_REPLICA"] == nil { try? FileManager.default.removeItem(at: dir) }
        else { print("replica bench: kept \(dir.path)") }
    }
    let replica = LaunchReplica.open(at: dir.appending(path: "replica.sqlite"))
    let clock = ContinuousClock()
    let upsert = clock.measure { for chunk in stride(from: 0, to: launches.count, by: 100) { try? replica.upsert(Array(launches[chunk..<min(chunk + 100, launches.count)])) } }
    let (s, atto) = upsert.components
    var rows: [Row] = []
    rows.append(Row(name: "replica: keep 10,000 detailed launches (100 a write)", iterations: 1,
                    median: Double(s) * 1e6 + Double(atto) / 1e12, p10: .nan, p90: .nan))
    // Each question asked first (every record decoded), then again (the records decoded
    // before are kept, 300 at most: a refresh, the next keystroke of `/`).
    // A filter or a search: 10 ms. The Upcoming list's first page is part of the first frame
    // (its whole budget: 100 ms), 100 detailed records decoded.
    func ask(_ name: String, _ query: ReplicaQuery, target: Double = 10_000) {
        rows.append(measure("replica 10k: \(name), first", iterations: 50, warmUp: 5) {
            replica.forgetDecoded()
            return (try? replica.answer(query).launches.count) ?? 0
        }.withTarget(target))
        rows.append(measure("replica 10k: \(name), again", iterations: 50, warmUp: 5) {
            (try? replica.answer(query).launches.count) ?? 0
        }.withTarget(target))
    }
    ask("the Upcoming list's first page (100)", ReplicaQuery(.segment(.upcoming), limit: 100), target: 100_000)
    ask("Past, first page (20)", ReplicaQuery(.segment(.past), limit: 20))
    ask("Past, F failure (20 + count)", ReplicaQuery(.segment(.past), filters: ListQuery(outcome: .failure), limit: 20))
    ask("Past, / starlink (20 + count)", ReplicaQuery(.segment(.past), filters: ListQuery(text: "starlink"), limit: 20))
    ask("Past, following spx (20 + count)", ReplicaQuery(.segment(.past), filters: ListQuery(follow: Follow(providers: ["spx"])), limit: 20))
    ask("Past, following Florida, page 40", ReplicaQuery(.segment(.past), filters: ListQuery(follow: Follow(locations: ["Florida"])), offset: 800, limit: 20))
    var size = 0
    for name in ["replica.sqlite", "replica.sqlite-wal"] {
        size += ((try? FileManager.default.attributesOfItem(atPath: dir.appending(path: name).path)[.size]) as? Int) ?? 0
    }
    rows.append(Row(name: "replica 10k: on disk (the file and its WAL)", iterations: 1, median: Double(size), p10: Double(size),
                    p90: Double(size), unit: .bytes, target: 25_000_000))
    return rows
}

extension Row {
    func withTarget(_ target: Double) -> Row { var row = self; row.target = target; return row }
}
