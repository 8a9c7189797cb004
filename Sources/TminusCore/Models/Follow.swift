import Foundation

/// What the user follows (issue 38): providers, places, crewed flights only, and words to hide.
/// A launch is followed when it matches every part that is set: one of the providers, one of
/// the places, crewed when asked, and none of the hidden words in its name. An empty follow
/// follows everything.
public struct Follow: Sendable, Hashable, Codable {
    public var providers: [String]
    public var locations: [String]
    public var crewed: Bool
    public var hide: [String]

    public init(providers: [String] = [], locations: [String] = [], crewed: Bool = false, hide: [String] = []) {
        self.providers = providers; self.locations = locations; self.crewed = crewed; self.hide = hide
    }

    enum CodingKeys: String, CodingKey { case providers, locations, crewed, hide }

    /// A key left out is that kind not followed (a hand-edited settings file). A list longer
    /// than `namesLimit` is refused (`Preferences.InvalidValue`): the file is then the
    /// defaults, said as a corrupt one.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        providers = try c.decodeIfPresent([String].self, forKey: .providers) ?? []
        locations = try c.decodeIfPresent([String].self, forKey: .locations) ?? []
        crewed = try c.decodeIfPresent(Bool.self, forKey: .crewed) ?? false
        hide = try c.decodeIfPresent([String].self, forKey: .hide) ?? []
        for (key, list) in [("providers", providers), ("locations", locations), ("hide", hide)] where list.count > Self.namesLimit {
            throw Preferences.InvalidValue(message: "follow.\(key) lists \(list.count) names; at most \(Self.namesLimit)")
        }
    }

    /// The most names one list of a follow takes (providers, places, hidden words): every list
    /// and every launch is matched against each name, so a list of thousands (a generated
    /// config) would hold every screen up; a hundred is more providers than fly in a year.
    public static let namesLimit = 100

    public static let everything = Follow()
    public var isEmpty: Bool { providers.isEmpty && locations.isEmpty && !crewed && hide.isEmpty }

    public func follows(_ launch: Launch) -> Bool {
        if !providers.isEmpty, !providers.contains(where: { Self.provider($0, matches: launch) }) { return false }
        if !locations.isEmpty, !locations.contains(where: { Self.location($0, matches: launch) }) { return false }
        if crewed, !launch.isCrewed { return false }
        return !hidesName(launch.name)
    }

    /// Whether a name holds one of the words to hide (case and accents folded).
    func hidesName(_ name: String) -> Bool {
        let name = Self.folded(name)
        return hide.contains { word in
            let word = Self.folded(word)
            return !word.isEmpty && name.contains(word)
        }
    }

    /// An event is followed when it names no launch (a spacewalk, a docking of a station's
    /// crew), or when one of its launches is followed; and its name holds no hidden word.
    public func follows(_ event: SpaceEvent) -> Bool {
        if hidesName(event.name) { return false }
        return event.launches.isEmpty || event.launches.contains { follows($0) }
    }

    /// Whether it names what to follow (providers, places, crewed), beyond words to hide: what
    /// makes a followed launch ring a reminder as a watched one does.
    public var choosesLaunches: Bool { !providers.isEmpty || !locations.isEmpty || crewed }

    /// The follow with this word added to or removed from one of its lists (the chooser's
    /// toggles: `\.providers`, `\.locations`, `\.hide`).
    public func toggling(_ list: WritableKeyPath<Follow, [String]>, _ name: String) -> Follow {
        var follow = self
        follow[keyPath: list] = Self.toggled(name, in: self[keyPath: list])
        return follow
    }

    static func toggled(_ name: String, in names: [String]) -> [String] {
        let key = folded(name)
        return names.contains { folded($0) == key } ? names.filter { folded($0) != key } : names + [name]
    }

    public func hasProvider(_ name: String) -> Bool { providers.contains { Self.folded($0) == Self.folded(name) } }
    public func hasLocation(_ name: String) -> Bool { locations.contains { Self.folded($0) == Self.folded(name) } }
    public func hides(_ word: String) -> Bool { hide.contains { Self.folded($0) == Self.folded(word) } }

    /// `SpaceX, Rocket Lab · Florida · crewed · hiding Starlink`: what the header says.
    public var words: String {
        [providers.joined(separator: ", "), locations.joined(separator: ", "), crewed ? "crewed" : "",
         hide.isEmpty ? "" : "hiding " + hide.joined(separator: ", ")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    // MARK: - Matching

    /// Case and accents folded, runs of blanks and punctuation as one space.
    public static func folded(_ text: String) -> String {
        let lowered = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return lowered.split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// Whether `phrase` is `text` or a run of whole words in it (`rocket lab` in `rocket lab
    /// usa`, never `lab` in `labrador`).
    public static func hasWords(_ phrase: String, in text: String) -> Bool {
        let phrase = folded(phrase), text = folded(text)
        guard !phrase.isEmpty else { return false }
        return text == phrase || (" " + text + " ").contains(" " + phrase + " ")
    }

    /// The provider's name or abbreviation, case-insensitive: `SpaceX`, `SpX`, `Rocket Lab`.
    public static func provider(_ query: String, matches launch: Launch) -> Bool {
        if let id = launch.providerID, isID(query, of: id) { return true }
        guard let name = launch.providerName else { return false }
        return names(query, provider: name, abbrev: launch.providerAbbrev)
    }

    /// Whether a provider word is the provider's id (Launch Library 2's `121` for SpaceX).
    public static func isID(_ query: String, of id: String) -> Bool {
        !id.isEmpty && query.trimmingCharacters(in: .whitespaces) == id
    }

    /// Whether a provider word names this provider: its name or abbreviation in whole words,
    /// or, since many records carry no abbreviation (Launch Library 2's shorter modes), the
    /// initials of its name (`ISRO` for Indian Space Research Organization, `ULA`).
    public static func names(_ query: String, provider name: String, abbrev: String?) -> Bool {
        if [name, abbrev].compactMap({ $0 }).contains(where: { hasWords(query, in: $0) }) { return true }
        let word = folded(query)
        return word.count >= 2 && !word.contains(" ") && word == initials(of: name)
    }

    /// The first letters of a name's words, folded: `isro` for Indian Space Research
    /// Organization (two words or more; a one-word name has no initials worth matching).
    static func initials(of name: String) -> String? {
        let words = folded(name).split(separator: " ")
        guard words.count >= 2 else { return nil }
        return String(words.compactMap(\.first))
    }

    /// The site, pad or location's name, in whole words, or a US state by name for LL2's
    /// abbreviations (`Florida` for `Cape Canaveral SFS, FL, USA`): `Vandenberg`, `Kourou`,
    /// `USA`, `Mahia`, `Jiuquan`.
    public static func location(_ query: String, matches launch: Launch) -> Bool {
        guard let pad = launch.launchpad?.object else { return false }
        let places = [pad.name, pad.fullName, pad.locality, pad.region].compactMap { $0 }
        let queries = [query] + (usStates[folded(query)].map { [$0] } ?? [])
        return queries.contains { q in places.contains { hasWords(q, in: $0) } }
    }

    /// The states US launch sites are in, by name, as Launch Library 2 abbreviates them.
    public static let usStates: [String: String] = [
        "florida": "FL", "california": "CA", "texas": "TX", "virginia": "VA", "alaska": "AK", "new mexico": "NM",
        "hawaii": "HI", "georgia": "GA",
    ]

    // MARK: - Names that match nothing

    /// The providers (names and abbreviations) and places `launches` hold, for telling a name
    /// that matches nothing from one that matches no launch listed now.
    public static func unmatched(_ follow: Follow, in launches: [Launch]) -> [(kind: String, name: String, close: [String])] {
        var out: [(String, String, [String])] = []
        let providerNames = Set(launches.flatMap { [$0.providerName, $0.providerAbbrev].compactMap { $0 } })
        for query in follow.providers where !launches.contains(where: { provider(query, matches: $0) }) {
            out.append(("provider", query, close(query, among: providerNames)))
        }
        let placeNames = Set(launches.compactMap(\.launchpad?.object).flatMap { [$0.locality, $0.name, $0.region].compactMap { $0 } })
        for query in follow.locations where !launches.contains(where: { location(query, matches: $0) }) {
            out.append(("location", query, close(query, among: placeNames)))
        }
        return out
    }

    /// The follow's names that match no launch in `launches` and that no learned id vouches
    /// for (a name the server was asked by its id is known even when no launch of it was
    /// read): a misspelt name, said with the nearest names, by the app and by every subcommand.
    public static func unknown(_ follow: Follow, in launches: [Launch], known: FollowIDs) -> UnknownName? {
        unmatched(follow, in: launches)
            .first { kind, name, _ in (kind == "provider" ? known.providers : known.locations)[folded(name)] == nil }
            .map { UnknownName(kind: $0.kind, name: $0.name, close: $0.close, among: launches.count) }
    }

    /// Up to three names nearest to `query`: those holding its first letters, then by edit distance.
    static func close(_ query: String, among names: Set<String>) -> [String] {
        let q = folded(query)
        let scored = names.map { name -> (String, Int) in
            let n = folded(name)
            let prefix = n.hasPrefix(String(q.prefix(3))) || n.contains(q.prefix(3))
            return (name, editDistance(q, String(n.prefix(q.count + 2))) - (prefix ? 2 : 0))
        }
        return scored.filter { $0.1 <= max(2, q.count / 3) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}

extension Launch {
    /// A crewed flight: crew listed (r/SpaceX), or a mission Launch Library 2 types as human
    /// spaceflight (`Human Exploration`, `Tourism`).
    public var isCrewed: Bool {
        !crew.isEmpty || ["human exploration", "tourism"].contains(missionType?.lowercased() ?? "")
    }
}

/// A followed name that matches nothing in the launches read: `no provider matches 'SpaceXX'
/// in the 100 launches listed (close: SpaceX)`.
public struct UnknownName: Sendable, Hashable {
    public var kind: String
    public var name: String
    public var close: [String]
    /// How many launches were looked through.
    public var among: Int

    public var message: String {
        "no \(kind) matches '\(name)' in the \(among) launches listed"
            + (close.isEmpty ? "" : " (close: " + close.joined(separator: ", ") + ")")
    }
}

/// What Launch Library 2 calls the names a follow holds: for each provider or place word, the
/// ids (`lsp__id`, `location__ids`) of the providers and locations the launches seen so far
/// match. Learned from every list the app reads and kept in the settings, so the next run
/// asks the server for the followed launches from its first request.
public struct FollowIDs: Sendable, Hashable, Codable {
    public var providers: [String: [String]] = [:]
    public var locations: [String: [String]] = [:]

    public init(providers: [String: [String]] = [:], locations: [String: [String]] = [:]) {
        self.providers = providers; self.locations = locations
    }

    enum CodingKeys: String, CodingKey { case providers, locations }

    /// A kind left out has nothing learned (a hand-written settings file).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        providers = try c.decodeIfPresent([String: [String]].self, forKey: .providers) ?? [:]
        locations = try c.decodeIfPresent([String: [String]].self, forKey: .locations) ?? [:]
    }

    /// Adds the ids the launches show for the follow's words; true when anything was new.
    @discardableResult
    public mutating func learn(from launches: [Launch], for follow: Follow) -> Bool {
        let before = self
        for word in follow.providers {
            let ids = launches.filter { Follow.provider(word, matches: $0) }.compactMap(\.providerID)
            if !ids.isEmpty { providers[Follow.folded(word)] = Array(Set(providers[Follow.folded(word)] ?? []).union(ids)).sorted() }
        }
        for word in follow.locations {
            let ids = launches.filter { Follow.location(word, matches: $0) }.compactMap { $0.launchpad?.object?.locationID }
            if !ids.isEmpty { locations[Follow.folded(word)] = Array(Set(locations[Follow.folded(word)] ?? []).union(ids)).sorted() }
        }
        return self != before
    }

    /// What the server can be asked for this follow: a kind's ids only when every word of it
    /// is known (a word not yet seen would otherwise be left out by the server); crewed always.
    public func server(for follow: Follow) -> ServerFollow {
        func ids(_ words: [String], _ known: [String: [String]]) -> [String] {
            let found = words.map { known[Follow.folded($0)] ?? [] }
            guard !found.contains(where: \.isEmpty) else { return [] }
            return Array(Set(found.flatMap { $0 })).sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }
        }
        return ServerFollow(providerIDs: ids(follow.providers, providers), locationIDs: ids(follow.locations, locations),
                            crewed: follow.crewed)
    }
}

/// A follow as Launch Library 2's own filters: `lsp__id=121,147`, `location__ids=12,27`,
/// `is_crewed=true` (empty: not asked). The rows are filtered here too, so a server that
/// ignores them still shows only what is followed.
public struct ServerFollow: Sendable, Hashable {
    public var providerIDs: [String]
    public var locationIDs: [String]
    public var crewed: Bool

    public init(providerIDs: [String] = [], locationIDs: [String] = [], crewed: Bool = false) {
        self.providerIDs = providerIDs; self.locationIDs = locationIDs; self.crewed = crewed
    }

    public static let none = ServerFollow()

    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if !providerIDs.isEmpty { items.append(URLQueryItem(name: "lsp__id", value: providerIDs.joined(separator: ","))) }
        if !locationIDs.isEmpty { items.append(URLQueryItem(name: "location__ids", value: locationIDs.joined(separator: ","))) }
        if crewed { items.append(URLQueryItem(name: "is_crewed", value: "true")) }
        return items
    }
}
