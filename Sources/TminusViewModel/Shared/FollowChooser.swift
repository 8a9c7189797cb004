import Foundation
import TminusCore
import TminusRender

/// `P`: what to follow, chosen from the launches at hand (issue 38). A draft until Enter:
/// ticking five providers must not ask the server five times, and Esc leaves the follow as
/// it was.
public struct FollowChooser: Sendable, Hashable {
    public enum Row: Sendable, Hashable {
        /// A provider (agency) in the launches at hand, with how many of the upcoming ones it flies.
        case provider(name: String, upcoming: Int)
        /// A place: a launch location, a US state or a country, with its upcoming launches.
        case location(name: String, kind: String, upcoming: Int)
        case crewed
        case hidden(String)
        /// `+ hide a word…`: typing it.
        case addHidden

        var name: String {
            switch self {
            case .provider(let name, _), .location(let name, _, _), .hidden(let name): name
            case .crewed: "Crewed flights only"
            case .addHidden: "+ hide a word…"
            }
        }
    }

    /// What the input line is doing: narrowing the rows, or taking a word to hide.
    public enum Typing: Sendable, Hashable { case search, hideWord }

    public var draft: Follow
    /// Every row, built once when the chooser opens (the search narrows them).
    public var all: [Row]
    public var search = ""
    public var typing: Typing?
    public var word = ""
    public var selection = 0
    public var scrollTop = 0

    public init(draft: Follow, rows: [Row]) { self.draft = draft; all = rows }

    /// Its keys, for the status line and the box's edge (`handleFollowKey` has the rest:
    /// PgUp PgDn g G, q and P close as Esc does).
    public var keys: [KeyHelp] {
        typing == nil
            ? [KeyHelp("↑↓ j k", "move", []), KeyHelp("Space", "tick", []), KeyHelp("/", "search", []),
               KeyHelp("Enter", "save", []), KeyHelp("Esc", "cancel", [])]
            : [KeyHelp("Enter", "done", []), KeyHelp("Esc", "cancel", [])]
    }

    /// The rows the search leaves (crewed and the hidden words always).
    public var rows: [Row] {
        guard !search.isEmpty else { return all }
        return all.filter { row in
            switch row {
            case .provider, .location: row.name.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            default: true
            }
        }
    }

    /// Whether a row is ticked in the draft.
    public func isTicked(_ row: Row) -> Bool {
        switch row {
        case .provider(let name, _): draft.hasProvider(name)
        case .location(let name, _, _): draft.hasLocation(name)
        case .crewed: draft.crewed
        case .hidden(let word): draft.hides(word)
        case .addHidden: false
        }
    }

    /// The rows for a follow over the launches at hand: providers by how many upcoming
    /// launches they have (then by name), places likewise (locations, US states by name,
    /// countries), crewed, the hidden words, and a row to add one. What the draft follows and
    /// no launch at hand names is listed too, so it can be unticked.
    public static func rows(follow: Follow, upcoming: [Launch], past: [Launch]) -> [Row] {
        let everyone = upcoming + past
        var providers: [String: Int] = [:]
        for launch in everyone { if let name = launch.providerName { providers[name, default: 0] += 0 } }
        for launch in upcoming { if let name = launch.providerName { providers[name, default: 0] += 1 } }
        // Each name folded once: a follow's names against the names at hand, not each pair.
        var listed = Set(providers.keys.map(Follow.folded))
        for name in follow.providers where listed.insert(Follow.folded(name)).inserted {
            providers[name] = upcoming.filter { Follow.provider(name, matches: $0) }.count
        }
        var places: [String: String] = [:]
        for launch in everyone {
            for (name, kind) in Self.places(of: launch) where places[name] == nil { places[name] = kind }
        }
        var placesListed = Set(places.keys.map(Follow.folded))
        for name in follow.locations where placesListed.insert(Follow.folded(name)).inserted {
            places[name] = "place"
        }
        let ranked = { (counts: [(String, Int)]) in counts.sorted { ($1.1, $0.0) < ($0.1, $1.0) } }
        let providerRows = ranked(providers.map { ($0.key, $0.value) }).map { Row.provider(name: $0.0, upcoming: $0.1) }
        let placeCounts = places.keys.map { name in (name, upcoming.filter { Follow.location(name, matches: $0) }.count) }
        let placeRows = ranked(placeCounts).map { Row.location(name: $0.0, kind: places[$0.0] ?? "place", upcoming: $0.1) }
        return providerRows + placeRows + [.crewed] + follow.hide.map(Row.hidden) + [.addHidden]
    }

    /// The places a launch is at, as a follow names them: its location (`Vandenberg SFB`),
    /// the US state by name (`California`) and the country (`USA`) for Launch Library 2's
    /// `Vandenberg SFB, CA, USA`, `Mahia Peninsula` in `Rocket Lab Launch Complex 1, Mahia
    /// Peninsula, New Zealand`; the r/SpaceX API's locality and region.
    static func places(of launch: Launch) -> [(String, String)] {
        guard let pad = launch.launchpad?.object else { return [] }
        guard let locality = pad.locality else { return pad.name.map { [($0, "pad")] } ?? [] }
        let parts = locality.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count > 1 else { return [(locality, "place")] + (pad.region.map { [($0, "region")] } ?? []) }
        // The site, then what lies between it and the country (`Mahia Peninsula`), a US
        // state's abbreviation as the state's name, then the country.
        var out = [(parts[0], "place")]
        for part in parts.dropFirst().dropLast() {
            if let state = Follow.usStates.first(where: { $0.value == part })?.key {
                if parts.last == "USA" { out.append((state.split(separator: " ").map { $0.capitalized }.joined(separator: " "), "US state")) }
            } else {
                out.append((part, "place"))
            }
        }
        out.append((parts[parts.count - 1], "country"))
        return out
    }
}

extension AppReducer {
    /// `P`: the chooser over the launches at hand (both segments, every filter's rows).
    mutating func userOpenedFollowChooser() {
        let upcoming = state.launchesAtHand(.upcoming), past = state.launchesAtHand(.past)
        let draft = state.follow
        state.overlay = .follow(FollowChooser(draft: draft, rows: FollowChooser.rows(follow: draft, upcoming: upcoming, past: past)))
    }

    mutating func handleFollowKey(_ key: Key, chooser: FollowChooser) {
        var chooser = chooser
        defer { if case .follow? = state.overlay { state.overlay = .follow(chooser) } }
        if let typing = chooser.typing {
            switch key {
            case .escape:
                chooser.typing = nil
                if typing == .search { chooser.search = "" }
                chooser.word = ""
            case .enter:
                chooser.typing = nil
                if typing == .hideWord {
                    let word = chooser.word.trimmingCharacters(in: .whitespaces)
                    if !word.isEmpty, !chooser.draft.hides(word) {
                        chooser.draft = chooser.draft.toggling(\.hide, word)
                        chooser.all.insert(.hidden(word), at: chooser.all.firstIndex(of: .addHidden) ?? chooser.all.endIndex)
                    }
                    chooser.word = ""
                }
            case .backspace:
                if typing == .search { if !chooser.search.isEmpty { chooser.search.removeLast() } } else if !chooser.word.isEmpty { chooser.word.removeLast() }
            case .character(let c) where !c.isNewline && c != "\t":
                if typing == .search { chooser.search.append(c) } else { chooser.word.append(c) }
            default: break
            }
            // The search narrows the rows: the top match is the one Space ticks.
            if typing == .search { chooser.selection = 0 }
            chooser.selection = min(chooser.selection, max(0, chooser.rows.count - 1))
            return
        }
        let rows = chooser.rows
        switch key {
        case .escape, .character("q"), .character("P"):
            // Nothing chosen here is kept: the follow stays as it was.
            state.overlay = nil
        case .enter:
            state.overlay = nil
            userChoseFollow(chooser.draft)
        case .down, .character("j"): chooser.selection = min(chooser.selection + 1, max(0, rows.count - 1))
        case .up, .character("k"): chooser.selection = max(chooser.selection - 1, 0)
        case .pageDown: chooser.selection = min(chooser.selection + 10, max(0, rows.count - 1))
        case .pageUp: chooser.selection = max(chooser.selection - 10, 0)
        case .home, .character("g"): chooser.selection = 0
        case .end, .character("G"): chooser.selection = max(0, rows.count - 1)
        case .character("/"): chooser.typing = .search
        case .character(" "), .character("x"):
            guard rows.indices.contains(chooser.selection) else { return }
            switch rows[chooser.selection] {
            case .provider(let name, _): chooser.draft = chooser.draft.toggling(\.providers, name)
            case .location(let name, _, _): chooser.draft = chooser.draft.toggling(\.locations, name)
            case .crewed: chooser.draft.crewed.toggle()
            case .hidden(let word): chooser.draft = chooser.draft.toggling(\.hide, word)
            case .addHidden: chooser.typing = .hideWord
            }
        default: break
        }
    }

    /// Enter in the chooser: the follow saved (settings.json) and applied to every list.
    mutating func userChoseFollow(_ follow: Follow) {
        let changed = follow != state.follow || state.showsEverything
        // The names just chosen are ones the launches at hand carry: their server ids are
        // learned now, so the first request already asks for the followed launches.
        var ids = state.preferences.followIDs
        ids.learn(from: state.launchesAtHand(.upcoming) + state.launchesAtHand(.past), for: follow)
        state.preferences.followIDs = ids
        state.preferences.follow = follow
        effects.append(.savePreferences(state.preferences))
        guard changed else { return }
        changeFollow { state in
            state.follow = follow
            state.followServer = state.preferences.followIDs.server(for: follow)
            state.showsEverything = false
        }
        show(Notice(follow.isEmpty ? "following everything" : "following: " + follow.words))
    }
}

/// The chooser's box: the input line (search or a word to hide), the rows with a tick, what
/// each is and its upcoming launches at hand, and what the draft follows.
enum FollowChooserView {
    static func draw(_ chooser: FollowChooser, into grid: inout Grid) {
        // As tall as every row needs (the search does not resize it), at most the screen.
        let box = Box(width: 76, height: min(grid.height - 2, chooser.all.count + 6), in: grid)
        let footer = chooser.keys.dropFirst(chooser.typing == nil ? 1 : 0).map { "\($0.keys) \($0.action)" }.joined(separator: " · ")
        box.draw(title: "Follow", footer: footer, into: &grid)
        let left = box.left + 2, inner = box.width - 4
        var y = box.top + 1
        let input: String = switch chooser.typing {
        case .search?: "/ " + chooser.search + "▏"
        case .hideWord?: "hide launches named: " + chooser.word + "▏"
        case nil: chooser.search.isEmpty ? "/ searches the providers and places" : "/ " + chooser.search
        }
        grid.put(input, x: left, y: y, maxWidth: inner, style: chooser.typing == nil ? Theme.label : .bold)
        y += 1
        let countWidth = 8, kindWidth = 9
        let nameWidth = max(4, inner - 4 - kindWidth - countWidth - 2)
        grid.put("upcoming", x: left + inner - 8, y: y, style: Theme.label)
        grid.put("from the launches loaded", x: left + 4, y: y, maxWidth: nameWidth, style: Theme.label)
        y += 1
        let rows = chooser.rows
        // The summary line and the box's bottom edge below the rows.
        let visible = max(1, box.top + box.height - 2 - y)
        let top = max(0, min(chooser.selection - visible / 2, rows.count - visible))
        if rows.isEmpty {
            grid.put("Nothing at hand matches “\(chooser.search)”.", x: left + 4, y: y, maxWidth: inner - 4, style: Theme.label)
        }
        for (offset, row) in rows.dropFirst(top).prefix(visible).enumerated() {
            let index = top + offset, ry = y + offset
            let selected = index == chooser.selection
            let ticked = chooser.isTicked(row)
            grid.put(selected ? "›" : " ", x: left, y: ry, style: Style(foreground: .theme.accent, attributes: .bold))
            if row != .addHidden {
                grid.put(ticked ? "✓" : "·", x: left + 2, y: ry, style: ticked ? Style(foreground: .theme.success, attributes: .bold) : Theme.label)
            }
            let (name, kind, count): (String, String, Int?) = switch row {
            case .provider(let name, let upcoming): (name, "provider", upcoming)
            case .location(let name, let kind, let upcoming): (name, kind, upcoming)
            case .crewed: (row.name, "", nil)
            case .hidden(let word): ("hide “\(word)”", "word", nil)
            case .addHidden: (row.name, "", nil)
            }
            grid.put(name, x: left + 4, y: ry, maxWidth: nameWidth, style: ticked ? .bold : .plain)
            grid.put(kind, x: left + 4 + nameWidth + 1, y: ry, maxWidth: kindWidth, style: Theme.label)
            if let count {
                let text = String(count)
                grid.put(text, x: left + inner - TerminalText.width(text), y: ry, style: count == 0 ? Theme.label : .plain)
            }
            if selected { grid.restyle(x: box.left + 1, y: ry, width: box.width - 2, Theme.selected) }
        }
        let summary = chooser.draft.isEmpty ? "following everything" : "following: " + chooser.draft.words
        grid.put(summary, x: left, y: box.top + box.height - 2, maxWidth: inner, style: Theme.heading)
    }
}
