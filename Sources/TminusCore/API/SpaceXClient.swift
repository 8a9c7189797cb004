import Foundation

/// The r/SpaceX API (v5 launches, v4 everything else).
public enum SpaceXAPI {
    public static let defaultBaseURL = URL(string: "https://api.spacexdata.com")!

    /// The populate paths the list rows and the detail screen need, so opening a launch
    /// costs no further request.
    static let populate: [String] = ["rocket", "launchpad", "payloads", "cores.core", "cores.landpad"]

    /// `POST /v5/launches/query`: upcoming soonest first, past newest first, ties broken by
    /// flight number in the same direction.
    /// A `ListQuery` filters by name (`$regex`, case-insensitive), outcome (`success`), rocket
    /// and webcast (`"links.webcast": {"$ne": null}`), and may reverse the order.
    public static func launchQuery(segment: LaunchSegment, page: Int, query listQuery: ListQuery = .default,
                                   limit: Int = LaunchSource.pageSize) -> Data {
        query(filter: ["upcoming": .bool(segment == .upcoming)], ascending: (segment == .upcoming) != listQuery.reversed,
              listQuery: listQuery, page: page, limit: limit)
    }

    /// One rocket's launches, newest first (upcoming ones at the top).
    public static func rocketLaunchQuery(rocketID: String, page: Int, query listQuery: ListQuery = .default,
                                         limit: Int = LaunchSource.pageSize) -> Data {
        query(filter: ["rocket": .string(rocketID)], ascending: listQuery.reversed, listQuery: listQuery, page: page, limit: limit)
    }

    /// The text as a regular expression matching itself: every metacharacter escaped.
    public static func regexLiteral(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}/-".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    static func query(filter: [String: RequestJSON], ascending: Bool, listQuery: ListQuery = .default, page: Int, limit: Int) -> Data {
        let order: RequestJSON = ascending ? "asc" : "desc"
        var filter = filter
        if listQuery.isFiltered {
            filter["name"] = .object(["$regex": .string(regexLiteral(listQuery.text)), "$options": "i"])
        }
        switch listQuery.outcome {
        case .any: break
        case .success: filter["success"] = true
        case .failure: filter["success"] = false
        }
        if let rocket = listQuery.rocket { filter["rocket"] = .string(rocket.id) }
        if listQuery.hasWebcast { filter["links.webcast"] = .object(["$ne": .null]) }
        let body: RequestJSON = .object([
            "query": .object(filter),
            "options": .object([
                "page": .int(page),
                "limit": .int(limit),
                "sort": .object(["date_utc": order, "flight_number": order]),
                "populate": .array(populate.map(RequestJSON.string)),
            ]),
        ])
        return body.data
    }

    public static let name = "r/SpaceX API"

    /// Without a cache: every call is a request (tests of the requests themselves).
    public static func launchSource(baseURL: URL, http: HTTPClient) -> LaunchSource {
        launchSource(baseURL: baseURL, fetcher: CachedFetcher(http: http, cache: nil, sourceName: name, now: { Date() }))
    }

    /// Every answer goes through the fetcher's disk cache: fresh ones are reused, and when
    /// the network fails the last good one is shown with the reason.
    public static func launchSource(baseURL: URL, fetcher: CachedFetcher) -> LaunchSource {
        let queryURL = baseURL.appending(path: "v5/launches/query")
        let rocketsURL = baseURL.appending(path: "v4/rockets")
        let fresh = LaunchSource.freshFor
        var source = LaunchSource(
            name: name,
            launches: { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                let request = HTTPClient.Request(method: "POST", url: queryURL, body: launchQuery(segment: segment, page: cursor.page, query: cursor.query),
                                                 kind: .apiList)
                return try await fetcher.fetch(request, maxAge: fresh, mode: mode, decode: decodePage)
            },
            rockets: { (mode) async throws(APIError) -> Fetched<[Rocket]> in
                try await fetcher.fetch(.init(url: rocketsURL, kind: .apiList), maxAge: fresh, mode: mode, decode: decodeRockets)
            },
            rocketLaunches: { (rocketID, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                let request = HTTPClient.Request(method: "POST", url: queryURL, body: rocketLaunchQuery(rocketID: rocketID, page: cursor.page, query: cursor.query),
                                                 kind: .apiList)
                return try await fetcher.fetch(request, maxAge: fresh, mode: mode, decode: decodePage)
            })
        source.isFrozen = true
        return source
    }

    /// `GET /v4/rockets`: a plain array. A rocket that cannot be read is skipped, not fatal.
    public static func decodeRockets(_ data: Data) throws(APIError) -> [Rocket] {
        try JSONProblem.decode([LenientElement<Rocket>].self, from: data).compactMap(\.value)
    }

    /// The mongoose-paginate envelope around `docs`.
    struct Envelope: Decodable {
        let docs: [LenientElement<Launch>]
        let totalDocs: Int?
        let page: Int?
        let hasNextPage: Bool?
        let nextPage: Int?
    }

    public static func decodePage(_ data: Data) throws(APIError) -> LaunchPage {
        let envelope = try JSONProblem.decode(Envelope.self, from: data)
        let launches = SharedReferences.share(envelope.docs.compactMap(\.value))
        let next = (envelope.hasNextPage ?? (envelope.nextPage != nil)) ? envelope.nextPage : nil
        return LaunchPage(launches: launches, page: envelope.page ?? 1, totalDocs: envelope.totalDocs,
                          next: next.map { PageCursor(page: $0) }, unreadable: envelope.docs.count - launches.count)
    }
}

/// Turns a DecodingError into a short phrase for the status line.
public enum JSONProblem {
    /// An API answer decoded as `type`; a body that does not decode is `.badData`, in words.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
        if let refused = refusal(of: data) { throw .badData(refused) }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .badData(describe(error, byteCount: data.count))
        }
    }

    /// The most objects one answer is read with: a detailed page of 100 launches holds about a
    /// thousand, the r/SpaceX API's whole launch list 1,500. 100,000 minimal launches fit under
    /// the body cap in 6 MB, and Foundation's decoder holds every object of an answer at once:
    /// that took the app to 870 MB. Refused before decoding, in words.
    public static let objectsLimit = 20_000
    /// Deeper than any API answer nests (Foundation's decoder stops at 512 too, in words that
    /// read "malformed").
    public static let depthLimit = 512

    /// Why `data` is not decoded at all, from one pass over its bytes (strings skipped): more
    /// objects than `objectsLimit`, or nested past `depthLimit`. Nil for anything else.
    static func refusal(of data: Data) -> String? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var objects = 0, depth = 0, inString = false, escaped = false
            for byte in bytes {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"):
                    objects += 1
                    depth += 1
                    if objects > objectsLimit {
                        return "the answer holds more than \(Formatting.grouped(Double(objectsLimit))) records, more than any page has: not read"
                    }
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: continue
                }
                if depth > depthLimit { return "the answer is nested more than \(depthLimit) levels deep, deeper than any API answers: not read" }
            }
            return nil
        }
    }

    public static func describe(_ error: Error, byteCount: Int) -> String {
        if byteCount == 0 { return "empty response" }
        switch error {
        case DecodingError.dataCorrupted(let ctx):
            return ctx.codingPath.isEmpty ? "malformed or truncated JSON" : "unreadable field \(path(ctx.codingPath))"
        case DecodingError.keyNotFound(let key, _):
            return "missing field \(key.stringValue)"
        case DecodingError.typeMismatch(_, let ctx), DecodingError.valueNotFound(_, let ctx):
            return "unexpected value at \(path(ctx.codingPath))"
        default:
            return "unreadable JSON"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
