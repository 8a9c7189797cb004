import Foundation
import Synchronization
import TminusCore
import TminusTestSupport

/// Launch Library 2 in memory, for the replica's tests: launches as LL2 records (the fields
/// the app reads), the upcoming, previous and plain lists with `limit`, `offset`,
/// `last_updated__gte` and `ordering=last_updated`, and a log of what was asked. Changes are
/// made as on the real server: every change stamps the record's `last_updated` with the
/// server's clock, which only moves forward.
final class FakeLL2: Sendable {
    struct Record: Sendable, Hashable {
        var id: String
        var name: String
        var net: Date
        /// 1 Go, 2 TBD, 3 Success, 4 Failure, 6 In Flight.
        var status: Int
        var provider: (id: Int, name: String, abbrev: String?)
        var pad: (id: Int, name: String, location: String)
        var rocket: (id: Int, name: String)
        var lastUpdated: Date

        /// In LL2's upcoming list (a launch in flight too: it has no outcome yet).
        var upcoming: Bool { status == 1 || status == 2 || status == 6 }

        static func == (a: Record, b: Record) -> Bool { a.id == b.id && a.lastUpdated == b.lastUpdated }
        func hash(into hasher: inout Hasher) { hasher.combine(id); hasher.combine(lastUpdated) }
    }

    private struct State {
        var records: [String: Record] = [:]
        var clock = Date(timeIntervalSince1970: 1_780_000_000)
        var asked: [URL] = []
        var failing: APIError?
    }
    private let state = Mutex(State())

    static let base = URL(string: "http://ll2.test/2.3.0")!

    /// The server's records now.
    var records: [String: Record] { state.withLock { $0.records } }
    /// Every URL asked, in order.
    var asked: [URL] { state.withLock { $0.asked } }
    func forgetAsked() { state.withLock { $0.asked = [] } }
    /// Makes every request fail this way (nil: answer again).
    func fail(_ error: APIError?) { state.withLock { $0.failing = error } }

    /// Adds or changes a record, stamping it with the server's clock (a second later than
    /// anything before).
    func put(_ record: Record) {
        state.withLock { state in
            state.clock = state.clock.addingTimeInterval(1)
            var record = record
            record.lastUpdated = state.clock
            state.records[record.id] = record
        }
    }

    func change(_ id: String, _ body: (inout Record) -> Void) {
        guard var record = records[id] else { return }
        body(&record)
        put(record)
    }

    var http: HTTPClient {
        HTTPClient { [self] (request: HTTPClient.Request) async throws(APIError) -> HTTPClient.Response in
            if let error = state.withLock({ $0.asked.append(request.url); return $0.failing }) { throw error }
            return HTTPClient.Response(status: 200, body: answer(request.url))
        }
    }

    func fetcher(now: @escaping @Sendable () -> Date = { Date() }) -> CachedFetcher {
        CachedFetcher(http: http, cache: nil, sourceName: LaunchLibrary2.name, now: now)
    }

    private func answer(_ url: URL) -> Data {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value }
        var rows = Array(records.values)
        switch url.path.split(separator: "/").last {
        case "upcoming": rows = rows.filter(\.upcoming).sorted { ($0.net, $0.id) < ($1.net, $1.id) }
        case "previous": rows = rows.filter { !$0.upcoming }.sorted { ($0.net, $0.id) > ($1.net, $1.id) }
        default: rows.sort { ($0.net, $0.id) > ($1.net, $1.id) }
        }
        if let since = query["last_updated__gte"].flatMap(ISO8601.parse) { rows = rows.filter { $0.lastUpdated >= since } }
        if query["ordering"] == "last_updated" { rows.sort { ($0.lastUpdated, $0.id) < ($1.lastUpdated, $1.id) } }
        let limit = min(100, Int(query["limit"] ?? "10") ?? 10), offset = Int(query["offset"] ?? "0") ?? 0
        let page = Array(rows.dropFirst(offset).prefix(limit))
        let body: [String: Any] = [
            "count": rows.count,
            "next": offset + limit < rows.count ? "\(Self.base)/next" as Any : NSNull(),
            "previous": NSNull(),
            "results": page.map(Self.json),
        ]
        return try! JSONSerialization.data(withJSONObject: body)
    }

    static func json(_ record: Record) -> [String: Any] {
        let status: [String: Any] = switch record.status {
        case 1: ["id": 1, "name": "Go for Launch", "abbrev": "Go"]
        case 2: ["id": 2, "name": "To Be Determined", "abbrev": "TBD"]
        case 3: ["id": 3, "name": "Launch Successful", "abbrev": "Success"]
        case 6: ["id": 6, "name": "Launch in Flight", "abbrev": "In Flight"]
        default: ["id": 4, "name": "Launch Failure", "abbrev": "Failure"]
        }
        var provider: [String: Any] = ["id": record.provider.id, "name": record.provider.name]
        if let abbrev = record.provider.abbrev { provider["abbrev"] = abbrev }
        return [
            "id": record.id, "name": record.name, "net": ISO8601.format(record.net),
            "last_updated": ISO8601.format(record.lastUpdated), "status": status,
            "launch_service_provider": provider,
            "pad": ["id": record.pad.id, "name": record.pad.name, "location": ["id": record.pad.id * 10, "name": record.pad.location]],
            "rocket": ["configuration": ["id": record.rocket.id, "full_name": record.rocket.name]],
            "updates": [], "vidURLs": [],
        ]
    }

    // MARK: - Random launches

    static let providers: [(id: Int, name: String, abbrev: String?)] = [
        (121, "SpaceX", "SpX"), (121, "SpaceX", nil), (31, "Indian Space Research Organization", nil),
        (147, "Rocket Lab", "RL"), (124, "United Launch Alliance", nil),
    ]
    static let pads: [(id: Int, name: String, location: String)] = [
        (80, "Space Launch Complex 40", "Cape Canaveral SFS, FL, USA"), (87, "Launch Complex 39A", "Kennedy Space Center, FL, USA"),
        (16, "Space Launch Complex 4E", "Vandenberg SFB, CA, USA"), (51, "Rocket Lab Launch Complex 1A", "Mahia Peninsula, New Zealand"),
        (13, "First Launch Pad", "Satish Dhawan Space Centre, India"),
    ]
    static let rockets: [(id: Int, name: String)] = [(164, "Falcon 9 Block 5"), (161, "Falcon Heavy"), (26, "Electron"), (27, "PSLV")]
    static let names = ["Starlink Group", "CRS", "Crew", "Tránsito", "NROL", "O3b mPower", "100% Sure_Thing"]

    static func random(_ n: Int, using generator: inout SeededGenerator, now: Date) -> Record {
        let net = now.addingTimeInterval(Double(Int.random(in: -20 * 365 ... 90, using: &generator)) * 86_400
                                         + Double(Int.random(in: 0..<86_400, using: &generator)))
        let status = net > now ? Int.random(in: 1...2, using: &generator) : (Int.random(in: 0..<8, using: &generator) == 0 ? 4 : 3)
        return Record(id: "launch-\(n)", name: "\(names.randomElement(using: &generator)!) \(n)", net: net, status: status,
                      provider: providers.randomElement(using: &generator)!, pad: pads.randomElement(using: &generator)!,
                      rocket: rockets.randomElement(using: &generator)!, lastUpdated: .distantPast)
    }
}
