import Foundation
import TminusCore
import TminusRender

/// The launch list's columns, sized to what the loaded launches hold and to the width there
/// is: mission, then the rocket and the provider when they fit, then date and status, packed
/// from the left (the blank goes to the right edge, never between a name and its rocket).
struct LaunchColumns {
    enum Extra: Hashable {
        case rocket, provider, site

        var title: String {
            switch self {
            case .rocket: "ROCKET"
            case .provider: "PROVIDER"
            case .site: "SITE"
            }
        }
        /// Narrowest it is cut to before a less worthy column is cut further.
        var cap: Int { self == .rocket ? 22 : self == .provider ? 24 : 30 }
        /// Narrowest it is worth showing at.
        var floor: Int { self == .rocket ? 12 : 14 }
        /// The name must keep this much beside it: the provider and the site are worth less
        /// than the mission (and the site never cuts a name: see `init`).
        var nameKeeps: Int { self == .rocket ? LaunchColumns.minimumName : 28 }
    }

    struct Column: Hashable {
        var x: Int
        var width: Int
    }

    let outcome: LaunchListView.Outcome
    /// The list's width: its rows and selection band end there.
    let width: Int
    /// The clock the rows are drawn at (a row's verdict depends on it: `statusWord(at:)`).
    let now: Date
    let name: Column
    let extras: [(kind: Extra, column: Column)]
    let date: Column
    let status: Column

    static let gap = 2
    /// The name column's title.
    static let nameTitle = "MISSION"
    /// A name narrower than this is not worth a rocket column beside it.
    static let minimumName = 20

    /// - Parameters:
    ///   - nameX: where names start (after the glyph, or after the patch box).
    ///   - list: the launches and their measure (`LaunchListState.measure`, taken when the
    ///     list changed: a frame's cost does not grow with the list).
    ///   - changes, watched: what follows a name in its column (what changed, the ★ of a watched launch).
    init(width: Int, nameX: Int, outcome: LaunchListView.Outcome, list: LaunchListState, changes: [String: LaunchChange],
         watched: Set<String>, now: Date) {
        self.outcome = outcome
        self.width = width
        self.now = now
        let gap = Self.gap
        let widest = list.measure
        // An empty list (loading, failed) keeps the usual widths: its header does not jump about.
        let empty = list.launches.isEmpty
        // Every date form fits in 16 columns (`yyyy-MM-dd HH:mm`); a date is never cut.
        let dateWidth = LaunchListView.dateWidth
        // A launch whose outcome is overdue says `NO OUTCOME`: room for it, never a cut word.
        let overdue = widest.earliestOverdue.map { $0 <= now } ?? false
        let widestWord = max(widest.status, overdue ? TerminalText.width(Launch.noOutcomeWord) : 0)
        let statusWidth = outcome == .word ? min(15, max(empty ? LaunchListView.statusWidth : 6, widestWord))
            : TerminalText.width(Self.outcomeTitle)
        // Right of the name: the date, the status and a column of air at the edge.
        let tail = gap + dateWidth + gap + statusWidth + 1
        let room = max(0, width - nameX - tail)

        // A rocket's launches need no rocket column; Launch Library 2 covers every provider.
        // Then where it flies from, when there is room for it too (issue 25: the r/SpaceX
        // list left 45 % of 120 columns blank; the second line then leaves the site out).
        var candidates: [Extra] = []
        if outcome == .word, !empty {
            candidates.append(.rocket)
            if widest.launchLibrary2 { candidates.append(.provider) }
            candidates.append(.site)
        }
        // Each column's need: its widest value, whole (issue 37: a cap cut `Russian Federal
        // Space A…` with 80 columns blank). A column nobody has a value for says nothing.
        func need(_ kind: Extra) -> Int? {
            let measured: Int? = switch kind {
            case .rocket: widest.rocket
            case .provider: widest.provider
            case .site: widest.site
            }
            return measured.map { max(TerminalText.width(kind.title), $0) }
        }
        let showsRocketIfChosen = candidates.contains(.rocket) && widest.rocket != nil
        // What the names need (a column no wider: spare cells there would be cut elsewhere).
        func names(rocketColumn: Bool) -> Int {
            max(TerminalText.width(Self.nameTitle), rocketColumn ? widest.missionTitle : widest.fullTitle,
                Self.widestMarked(list, rocketColumn: rocketColumn, changes: changes, watched: watched))
        }
        var chosen: [(kind: Extra, need: Int)] = []
        for kind in candidates {
            guard let need = need(kind) else { continue }
            let nameNeed = names(rocketColumn: showsRocketIfChosen || chosen.contains { $0.kind == .rocket })
            let others = chosen.reduce(0) { $0 + min($1.need, $1.kind.cap) + gap }
            // The site is the least of them: only whole (a cut `Cape Canavera…` said less than
            // the second line, which then went blank), beside whole names.
            if kind == .site {
                guard nameNeed + gap + others + need <= room else { break }
            } else {
                let nameKeeps = min(nameNeed, kind.nameKeeps)
                guard nameKeeps + gap + others + min(need, kind.floor) <= room else { break }
            }
            chosen.append((kind, need))
        }
        // Everything at its need; when that is more than the room, the provider and the rocket
        // are cut to their caps (the site came only if it fits whole beside them so), then the
        // names to the width nine in ten fit in (one long name cut, not every row's rocket),
        // then the least worth first to its floor, and the names last.
        let showsRocket = chosen.contains { $0.kind == .rocket } || outcome == .icon
        let nameNeed = empty ? room : names(rocketColumn: showsRocket)
        var widths = chosen.map(\.need)
        var nameWidth = nameNeed
        var excess = nameWidth + widths.reduce(0) { $0 + $1 + gap } - room
        func cut(_ width: inout Int, to limit: Int) {
            guard excess > 0, width > limit else { return }
            let cut = min(excess, width - limit)
            width -= cut
            excess -= cut
        }
        func cutExtras(_ kinds: [Extra], to limit: KeyPath<Extra, Int>) {
            for kind in kinds {
                if let i = chosen.firstIndex(where: { $0.kind == kind }) { cut(&widths[i], to: kind[keyPath: limit]) }
            }
        }
        cutExtras([.provider, .rocket], to: \.cap)
        if !chosen.isEmpty {
            let typical = showsRocket ? widest.typicalMissionTitle : widest.typicalFullTitle
            cut(&nameWidth, to: max(Self.minimumName, TerminalText.width(Self.nameTitle), typical))
        }
        cutExtras([.site, .provider, .rocket], to: \.floor)
        cut(&nameWidth, to: 0)
        name = Column(x: nameX, width: nameWidth)
        var x = nameX + nameWidth + gap
        var extras: [(Extra, Column)] = []
        for (index, column) in chosen.enumerated() {
            extras.append((column.kind, Column(x: x, width: widths[index])))
            x += widths[index] + gap
        }
        self.extras = extras
        date = Column(x: x, width: dateWidth)
        status = Column(x: x + dateWidth + gap, width: statusWidth)
    }

    /// The widest of the measured names that something follows on screen (what changed, `● LIVE`,
    /// the ★ of a watched launch): only those few are measured again, each frame.
    static func widestMarked(_ list: LaunchListState, rocketColumn: Bool, changes: [String: LaunchChange],
                             watched: Set<String>) -> Int {
        let measure = list.measure
        var marked = Set(measure.live)
        for id in changes.keys { if let i = measure.indexByID[id] { marked.insert(i) } }
        for id in watched { if let i = measure.indexByID[id] { marked.insert(i) } }
        return marked.reduce(0) { widest, i in
            let launch = list.launches[i]
            let after = TerminalText.width(flags(launch, change: changes[launch.id]))
                + (watched.contains(launch.id) ? 1 + TerminalText.width(Theme.favoriteMark) : 0)
            return max(widest, TerminalText.width(title(of: launch, rocketColumn: rocketColumn)) + after)
        }
    }

    /// The rocket is on screen already: in its column, or over the list (a rocket's launches,
    /// whose rows then read `MTG-I2`, not `Ariane 62 | MTG-I2`, and never `Falcon 1 · …`).
    var showsRocket: Bool { extras.contains { $0.kind == .rocket } || outcome == .icon }
    var showsProvider: Bool { extras.contains { $0.kind == .provider } }
    var showsSite: Bool { extras.contains { $0.kind == .site } }

    /// The one-cell outcome marks' column (a rocket's launches: ✓ ✗ •) is titled like the others.
    static let outcomeTitle = "OUTCOME"

    /// Where the second line of a patch row may run: to the list's edge, under the columns
    /// (their second line is empty). Issue 25: it stopped at the name column, so a rocket's
    /// launches cut `Falcon 1 · Flight #…` with 150 columns free.
    var detailWidth: Int { width - 1 - name.x }

    static func value(_ kind: Extra, of launch: Launch) -> String? {
        switch kind {
        case .rocket: launch.rocket?.object?.name
        case .provider: launch.provider
        case .site: launch.site
        }
    }

    /// The row's title: a Launch Library 2 name is `Rocket | Mission`; with the rocket in its
    /// own column only the mission part is shown, so the rocket is not said twice; without
    /// it the mission comes first (`Dragon CRS-2 · Falcon 9 Block 5`), so a narrow column
    /// cuts the rocket, not the mission (issue 37: `Falcon 9 Block 5 | Drago…`).
    static func title(of launch: Launch, rocketColumn: Bool) -> String {
        rocketColumn ? launch.missionTitle : launch.missionFirstTitle
    }

    /// What follows a name in its column: a live webcast, then what changed since the user
    /// last looked.
    static func flags(_ launch: Launch, change: LaunchChange?) -> String {
        (launch.webcastLive ? " ● LIVE" : "") + (change.map { " " + $0.text } ?? "")
    }

    /// The patch row's second line: where it flies from, and what the columns do not show
    /// (never a value that already has a column).
    func placeLine(_ launch: Launch) -> String {
        var parts: [String?] = []
        switch launch.origin {
        case .spacex:
            if !showsRocket { parts.append(launch.rocket?.object?.name) }
            parts.append(launch.flightNumber.map { "Flight #\($0)" })
        case .launchLibrary2:
            if !showsProvider { parts.append(launch.provider) }
        }
        if !showsSite { parts.append(launch.site) }
        return parts.compactMap { $0 }.joined(separator: " · ")
    }

    /// A three-line row's last line: what the launch is for, in what the columns do not say
    /// (issue 25: `Payload CRS-24` said the mission's name again): where the payloads go and
    /// what they weigh, `Payload to ISS · 2,500 kg`, `2 payloads to VLEO · 1,800 kg`.
    static func purposeLine(_ launch: Launch) -> String {
        switch launch.origin {
        case .spacex:
            let payloads = launch.payloads.compactMap(\.object)
            guard !payloads.isEmpty else { return "" }
            var orbits: [String] = []
            for orbit in payloads.compactMap(\.orbit) where !orbits.contains(orbit) { orbits.append(orbit) }
            let mass = payloads.compactMap(\.massKg).reduce(0, +)
            var customers: [String] = []
            for customer in payloads.flatMap({ $0.customers ?? [] }) where !customers.contains(customer) { customers.append(customer) }
            let what = payloads.count == 1 ? "Payload" : "\(payloads.count) payloads"
            return [orbits.isEmpty ? what : what + " to " + orbits.joined(separator: ", "),
                    mass > 0 ? Formatting.grouped(mass) + " kg" : nil,
                    customers.isEmpty ? nil : "for " + customers.joined(separator: ", ")].compactMap { $0 }.joined(separator: " · ")
        case .launchLibrary2:
            return Self.mission(launch)
        }
    }

    /// A Launch Library 2 mission's type and orbit, e.g. `Communications · Low Earth Orbit`.
    static func mission(_ launch: Launch) -> String {
        // LL2 says "Unknown" for a type or orbit it does not know: that says nothing.
        [launch.missionType, launch.orbit].compactMap { $0 }.filter { $0 != "Unknown" }.joined(separator: " · ")
    }
}
