import Foundation
import GRDB
import TminusCore

/// One question to the replica: a list (upcoming, past, or one rocket's launches) under its
/// filters and follow, a page of it.
public struct ReplicaQuery: Sendable, Hashable {
    public enum Scope: Sendable, Hashable {
        case segment(LaunchSegment)
        /// One rocket's launches, newest first (upcoming and past together).
        case rocket(String)
        /// The launches that can be next at this instant (`Launch.nextUntil`, a live
        /// webcast), soonest first: what `next` decodes, not the whole upcoming list.
        case next(at: Date)
    }

    public var scope: Scope
    public var filters: ListQuery
    public var offset: Int
    public var limit: Int

    public init(_ scope: Scope, filters: ListQuery = .default, offset: Int = 0, limit: Int) {
        self.scope = scope; self.filters = filters; self.offset = max(0, offset); self.limit = max(0, limit)
    }
}

/// A page of the replica's answer, and what it covers.
public struct ReplicaAnswer: Sendable, Hashable {
    public var launches: [Launch]
    /// How many launches in the whole replica answer the question.
    public var total: Int
    /// How many the scope holds, whatever the filters and follow.
    public var held: Int = 0
    /// How many pass the filters but the follow leaves out.
    public var hiddenByFollow: Int = 0
    /// The oldest NET the scope holds.
    public var oldest: Date?
}

extension LaunchReplica {
    /// The launches that answer `query`, in the list's order, one page of them, and how many
    /// there are in all. The same filters as `ListQuery.matches`, asked of the indexed columns:
    /// the name folded as `/` folds it, the outcome, the rocket, a webcast, and the follow,
    /// whose providers and places are first resolved to the ids they name among the launches
    /// held, so a row whose record carries no abbreviation still matches `spx` by its
    /// provider's id.
    public func answer(_ query: ReplicaQuery) throws -> ReplicaAnswer {
        try db.read { db in
            // What the answer covers: the scope as held, and what the follow leaves out of it.
            var whole = query
            whole.filters = .default
            let (scope, scopeArguments) = try Self.whereClause(whole, db: db)
            let scopeRow = try Row.fetchOne(db, sql: "SELECT count(*), min(net) FROM launch WHERE \(scope)", arguments: scopeArguments)
            let held: Int = scopeRow?[0] ?? 0
            // Each filter adds to the clause: the same clause as the scope's counts the same.
            func count(_ clause: String, _ arguments: StatementArguments) throws -> Int {
                clause == scope ? held : try Int.fetchOne(db, sql: "SELECT count(*) FROM launch WHERE \(clause)", arguments: arguments) ?? 0
            }
            let (clause, arguments) = try Self.whereClause(query, db: db)
            let total = try count(clause, arguments)
            var hidden = 0
            if !query.filters.follow.isEmpty {
                var unfollowed = query
                unfollowed.filters.follow = .everything
                let (clause, arguments) = try Self.whereClause(unfollowed, db: db)
                hidden = try count(clause, arguments) - total
            }
            let oldest = (scopeRow?[1] as Double?).map { Date(timeIntervalSince1970: $0) }
            func answer(_ launches: [Launch]) -> ReplicaAnswer {
                ReplicaAnswer(launches: launches, total: total, held: held, hiddenByFollow: hidden, oldest: oldest)
            }
            var page = arguments
            page += [query.limit, query.offset]
            // The page's ids in order off an index, then only their records.
            let ids = try String.fetchAll(db, sql: """
                SELECT id FROM launch WHERE \(clause) ORDER BY \(Self.order(query)) LIMIT ? OFFSET ?
                """, arguments: page)
            guard !ids.isEmpty else { return answer([]) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT launch.id, record, provider_abbrev FROM launch JOIN launch_record USING (id)
                WHERE launch.id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))
                """, arguments: StatementArguments(ids))
            var byID: [String: Row] = [:]
            for row in rows { byID[row["id"]] = row }
            return answer(ids.compactMap { byID[$0].flatMap(launch(_:)) })
        }
    }

    /// How many of these ids are held.
    public func held(_ ids: [String]) -> Int {
        guard !ids.isEmpty else { return 0 }
        return (try? db.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM launch WHERE id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))",
                             arguments: StatementArguments(ids))
        } ?? 0) ?? 0
    }

    /// Forgets the launches decoded so far: the next answer decodes every record it returns
    /// (`make bench` measures a first question so).
    public func forgetDecoded() { decoded.removeAll() }

    /// One launch by id, as held.
    public func launch(id: String) -> Launch? {
        try? db.read { db in
            try Row.fetchOne(db, sql: "SELECT id, record, provider_abbrev FROM launch JOIN launch_record USING (id) WHERE id = ?",
                             arguments: [id]).flatMap(launch(_:))
        }
    }

    /// A row's launch, with its provider's abbreviation when its record had none: the one
    /// decoded before when the stored record is the same bytes.
    func launch(_ row: Row) -> Launch? {
        guard let id: String = row["id"] ?? nil, let stored: Data = row["record"] else { return nil }
        let abbrev: String? = row["provider_abbrev"]
        if let held = decoded.launch(id, stored: stored, abbrev: abbrev) { return held }
        // A record kept before they were deflated is the JSON itself.
        guard var launch = try? JSONDecoder().decode(Launch.self, from: Deflate.decompress(stored) ?? stored) else { return nil }
        if launch.providerAbbrev == nil { launch.providerAbbrev = abbrev }
        decoded.keep(launch, id: id, stored: stored, abbrev: abbrev)
        return launch
    }

    static func order(_ query: ReplicaQuery) -> String {
        // Soonest first for what is coming, newest first for the past and a rocket's launches;
        // a launch with no date last either way; ties by flight number (r/SpaceX's launches of
        // one month), then id.
        let ascending: Bool = switch query.scope {
        case .segment(.upcoming), .next: !query.filters.reversed
        case .segment(.past), .rocket: query.filters.reversed
        }
        // As `launch_soonest` and `launch_newest` (read backwards) hold them.
        let direction = ascending ? "ASC" : "DESC"
        return "dated DESC, net \(direction), flight_number \(direction), id \(direction)"
    }

    static func whereClause(_ query: ReplicaQuery, db: Database) throws -> (String, StatementArguments) {
        var parts: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        switch query.scope {
        case .segment(let segment): parts.append(segment == .upcoming ? "upcoming = 1" : "upcoming = 0")
        case .rocket(let id): parts.append("rocket_id = ?"); arguments.append(id)
        case .next(let now): parts.append("upcoming = 1 AND (live = 1 OR next_until > ?)"); arguments.append(now.timeIntervalSince1970)
        }
        let filters = query.filters
        if filters.isFiltered {
            parts.append("search LIKE ? ESCAPE '\\'")
            arguments.append("%" + Self.likeEscaped(Self.searchText(filters.text)) + "%")
        }
        switch filters.outcome {
        case .any: break
        case .success: parts.append("success = 1")
        case .failure: parts.append("success = 0")
        }
        if let rocket = filters.rocket { parts.append("rocket_id = ?"); arguments.append(rocket.id) }
        if filters.hasWebcast { parts.append("webcast = 1") }
        let follow = filters.follow
        if !follow.providers.isEmpty {
            let (ids, names) = try ProviderDirectory(db).matching(follow.providers)
            var either: [String] = []
            if !ids.isEmpty {
                either.append("provider_id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))")
                arguments += ids.sorted() as [any DatabaseValueConvertible]
            }
            if !names.isEmpty {
                either.append("(provider_id IS NULL AND provider_name IN (\(Array(repeating: "?", count: names.count).joined(separator: ", "))))")
                arguments += names.sorted() as [any DatabaseValueConvertible]
            }
            parts.append(either.isEmpty ? "0" : "(" + either.joined(separator: " OR ") + ")")
        }
        if !follow.locations.isEmpty {
            let pads = try matchingPads(follow.locations, db: db)
            parts.append(pads.isEmpty ? "0" : "pad_id IN (\(Array(repeating: "?", count: pads.count).joined(separator: ", ")))")
            arguments += pads.sorted() as [any DatabaseValueConvertible]
        }
        if follow.crewed { parts.append("crewed = 1") }
        for word in follow.hide.map(Follow.folded) where !word.isEmpty {
            parts.append("instr(words, ?) = 0")
            arguments.append(word)
        }
        return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), StatementArguments(arguments))
    }

    /// The pads held that a followed place names (`Follow.location`, asked once per pad).
    static func matchingPads(_ places: [String], db: Database) throws -> Set<String> {
        let rows = try Row.fetchAll(db, sql: """
            SELECT pad_id, pad_name, pad_locality, location_id FROM launch WHERE pad_id IS NOT NULL GROUP BY pad_id
            """)
        var ids: Set<String> = []
        for row in rows {
            let id: String = row["pad_id"]
            let pad = Launchpad(id: id, name: row["pad_name"], fullName: nil, locality: row["pad_locality"], region: nil,
                                locationID: row["location_id"])
            let probe = Launch(id: "", name: "", date: nil, upcoming: false, launchpad: .object(pad))
            if places.contains(where: { Follow.location($0, matches: probe) }) { ids.insert(id) }
        }
        return ids
    }

    static func likeEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

/// A bounded memory of decoded launches, by id, each with the stored bytes and abbreviation it
/// was decoded from: a hit is only ever the same record. The oldest go first past `limit`.
final class DecodedLaunches: @unchecked Sendable {
    private struct Entry { var stored: Data; var abbrev: String?; var launch: Launch }
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func launch(_ id: String, stored: Data, abbrev: String?) -> Launch? {
        lock.withLock {
            guard let entry = entries[id], entry.abbrev == abbrev, entry.stored == stored else { return nil }
            return entry.launch
        }
    }

    func keep(_ launch: Launch, id: String, stored: Data, abbrev: String?) {
        lock.withLock {
            if entries.updateValue(Entry(stored: stored, abbrev: abbrev, launch: launch), forKey: id) == nil { order.append(id) }
            while order.count > limit { entries[order.removeFirst()] = nil }
        }
    }

    func removeAll() { lock.withLock { entries = [:]; order = [] } }
}

/// The providers the replica holds, by id, with every name and abbreviation their rows carry:
/// what a followed provider's name resolves to.
struct ProviderDirectory {
    struct Provider { var names: Set<String>; var abbrevs: Set<String> }
    private(set) var byID: [String: Provider] = [:]
    /// Names of providers that came without an id.
    private(set) var loose: Set<String> = []

    init(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT DISTINCT provider_id, provider_name, provider_abbrev FROM launch
            WHERE provider_name IS NOT NULL OR provider_abbrev IS NOT NULL
            """)
        for row in rows {
            let id: String? = row["provider_id"], name: String? = row["provider_name"], abbrev: String? = row["provider_abbrev"]
            guard let id else { if let name { loose.insert(name) }; continue }
            var provider = byID[id] ?? Provider(names: [], abbrevs: [])
            if let name { provider.names.insert(name) }
            if let abbrev { provider.abbrevs.insert(abbrev) }
            byID[id] = provider
        }
    }

    /// The ids (and id-less names) of the providers any of `queries` names (or is the id of).
    func matching(_ queries: [String]) -> (ids: Set<String>, names: Set<String>) {
        var ids: Set<String> = [], names: Set<String> = []
        for (id, provider) in byID where queries.contains(where: { query in
            Follow.isID(query, of: id)
                || provider.names.contains { name in Follow.names(query, provider: name, abbrev: nil) }
                || provider.abbrevs.contains { Follow.hasWords(query, in: $0) }
        }) {
            ids.insert(id)
        }
        for name in loose where queries.contains(where: { Follow.names($0, provider: name, abbrev: nil) }) { names.insert(name) }
        return (ids, names)
    }
}
