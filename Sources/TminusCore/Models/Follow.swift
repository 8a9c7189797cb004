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

    public static let everything = Follow()
    public var isEmpty: Bool { providers.isEmpty && locations.isEmpty && !crewed && hide.isEmpty }

    public func follows(_ launch: Launch) -> Bool {
        if !providers.isEmpty, !providers.contains(where: { Self.provider($0, matches: launch) }) { return false }
        if !locations.isEmpty, !locations.contains(where: { Self.location($0, matches: launch) }) { return false }
        if crewed, !launch.isCrewed { return false }
        let name = Self.folded(launch.name)
        return !hide.contains { word in
            let word = Self.folded(word)
            return !word.isEmpty && name.contains(word)
        }
    }

    /// `SpaceX, Rocket Lab · Florida · crewed · hiding Starlink`: what the header says.
    public var words: String {
        [providers.joined(separator: ", "), locations.joined(separator: ", "), crewed ? "crewed" : "",
         hide.isEmpty ? "" : "hiding " + hide.joined(separator: ", ")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    // MARK: - Matching

    /// Case and accents folded, runs of blanks and punctuation as one space.
    static func folded(_ text: String) -> String {
        let lowered = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return lowered.split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }

    /// Whether `phrase` is `text` or a run of whole words in it (`rocket lab` in `rocket lab
    /// usa`, never `lab` in `labrador`).
    static func hasWords(_ phrase: String, in text: String) -> Bool {
        let phrase = folded(phrase), text = folded(text)
        guard !phrase.isEmpty else { return false }
        return text == phrase || (" " + text + " ").contains(" " + phrase + " ")
    }

    /// The provider's name or abbreviation, case-insensitive: `SpaceX`, `SpX`, `Rocket Lab`.
    static func provider(_ query: String, matches launch: Launch) -> Bool {
        [launch.providerName, launch.providerAbbrev].compactMap { $0 }.contains { hasWords(query, in: $0) }
    }

    /// The site, pad or location's name, in whole words, or a US state by name for LL2's
    /// abbreviations (`Florida` for `Cape Canaveral SFS, FL, USA`): `Vandenberg`, `Kourou`,
    /// `USA`, `Mahia`, `Jiuquan`.
    static func location(_ query: String, matches launch: Launch) -> Bool {
        guard let pad = launch.launchpad?.object else { return false }
        let places = [pad.name, pad.fullName, pad.locality, pad.region].compactMap { $0 }
        let queries = [query] + (usStates[folded(query)].map { [$0] } ?? [])
        return queries.contains { q in places.contains { hasWords(q, in: $0) } }
    }

    /// The states US launch sites are in, by name, as Launch Library 2 abbreviates them.
    static let usStates: [String: String] = [
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
