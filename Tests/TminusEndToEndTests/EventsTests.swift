import Foundation
import Testing

/// The events the fixture server serves, read here from the same files (not from the app): the
/// hand-written 2.3.0 ones (`Tests/FixtureServer/data/ll2-events-2.3.0.json`) and the recorded
/// 2.0.0 ones (`$TMINUS_FIXTURES/ll2/2.0.0/event-*.json`), listed as the server's docstring says.
struct FixtureEvent: Sendable {
    let id: Int
    let name: String
    let type: String?
    let date: Date
    /// LL2's `date_precision.id` (0 second, 1 minute, 5 day, 7 month); nil on a 2.0.0 record.
    let precision: Int?
    let location: String?
    let webcastLive: Bool
    /// The launches it names: (id, name).
    let launches: [(id: String, name: String)]

    init(_ json: [String: Any]) throws {
        id = try #require(json["id"] as? Int)
        name = try #require(json["name"] as? String)
        type = (json["type"] as? [String: Any])?["name"] as? String
        let text = try #require(json["date"] as? String)
        date = try #require(ISO8601DateFormatter().date(from: text), "\(text)")
        precision = (json["date_precision"] as? [String: Any])?["id"] as? Int
        location = json["location"] as? String
        webcastLive = json["webcast_live"] as? Bool ?? false
        launches = ((json["launches"] as? [[String: Any]]) ?? []).compactMap { launch in
            guard let id = launch["id"] as? String, let name = launch["name"] as? String else { return nil }
            return (id, name)
        }
    }

    /// How a list row (and `tminus events`) shows the date in UTC: `yyyy-MM-dd HH:mm`; a day's
    /// precision `yyyy-MM-dd`, a month's `NET yyyy-MM`. A 2.0.0 event has no precision: one at
    /// midnight UTC is a day (LL2's way to write "that day"), never an invented 00:00.
    var listDate: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let time = Calendar(identifier: .gregorian).dateComponents(in: formatter.timeZone, from: date)
        let midnight = time.hour == 0 && time.minute == 0 && time.second == 0
        switch precision {
        case 7?: formatter.dateFormat = "'NET 'yyyy-MM"
        case 5?: formatter.dateFormat = "yyyy-MM-dd"
        case nil where midnight: formatter.dateFormat = "yyyy-MM-dd"
        default: formatter.dateFormat = "yyyy-MM-dd HH:mm"
        }
        return formatter.string(from: date)
    }
}

enum EventFixtures {
    static let writtenFile = Harness.packageRoot.appending(path: "Tests/FixtureServer/data/ll2-events-2.3.0.json")

    static func records(_ url: URL, key: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(json[key] as? [[String: Any]], "no \(key) in \(url.path)")
    }

    static func recorded(_ name: String) throws -> [FixtureEvent] {
        let directory = try #require(Fixtures.directory)
        return try records(directory.appending(path: "ll2/2.0.0/\(name)"), key: "results").map(FixtureEvent.init)
    }

    /// The hand-written 2.3.0 events of one list (`upcoming` or `previous`).
    static func written(_ key: String) throws -> [FixtureEvent] {
        try records(writtenFile, key: key).map(FixtureEvent.init)
    }

    /// `events/upcoming/`: the recorded upcoming page and the hand-written upcoming events (the
    /// hand-written record wins an id), by date ascending, ties by id.
    static func upcoming() throws -> [FixtureEvent] {
        try merged(recorded("event-upcoming-2020-12.json"), written("upcoming"))
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    }

    /// `events/previous/`: the hand-written previous events and the recorded plain list's, by
    /// date descending, ties by id ascending.
    static func previous() throws -> [FixtureEvent] {
        try merged(recorded("event-list-2020-09.json"), written("previous"))
            .sorted { $0.date != $1.date ? $0.date > $1.date : $0.id < $1.id }
    }

    private static func merged(_ recorded: [FixtureEvent], _ written: [FixtureEvent]) -> [FixtureEvent] {
        let ids = Set(written.map(\.id))
        return recorded.filter { !ids.contains($0.id) } + written
    }

    static func event(_ id: Int) throws -> FixtureEvent {
        try #require(try upcoming().first { $0.id == id } ?? previous().first { $0.id == id }, "no event \(id)")
    }
}

/// The Events tab (issue 27) through the real binary against the fixture server: Launch
/// Library 2's upcoming and past events with their dates as the source knows them, an event's
/// detail, the launch it names, watching it; the 2.0.0 API's events; r/SpaceX, which has none.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct EventsTests {
    /// A clock after the recorded events and before most hand-written upcoming ones.
    static let now = "2026-11-26T12:00:00Z"
    static let upcomingPath = "/2.3.0/events/upcoming/?limit=20&offset=0&mode=detailed"
    static let previousPath = "/2.3.0/events/previous/?limit=20&offset=0&mode=detailed"

    static func rig(_ prefix: String) throws -> AppRig {
        try AppRig(prefix: prefix, defaults: ["--tz", "UTC", "--now", now, "--no-images"])
    }

    /// Launch Library 2 at `version`, 120 × 40: two-line rows with every date column.
    static func startLL2(_ rig: AppRig, version: String = "2.3.0", _ extra: [String] = [],
                         environment: [String: String] = [:]) async throws -> TmuxSession {
        try await rig.start(["--source", "ll2"] + extra, ll2Version: version, width: 120, height: 40,
                            environment: environment, ready: LaunchLibrary2Tests.first)
    }

    // MARK: Screen helpers

    static func lines(_ screen: String) -> [String] { ScreenText.lines(screen) }

    static func line(_ screen: String, containing text: String) -> String? {
        lines(screen).first { $0.contains(text) }
    }

    /// The list's selected row (its first line starts with `›`).
    static func selectedRow(_ screen: String) -> String? {
        lines(screen).first { $0.hasPrefix("›") }
    }

    /// `4`, then the Events tab once it shows `count` events.
    @discardableResult
    static func openEventsTab(_ tmux: TmuxSession, count: Int, first: String) async throws -> String {
        try tmux.sendKeys("4")
        return try await tmux.waitUntil("the Events tab with \(count) events") {
            $0.contains("\(count) events · times in UTC") && $0.contains(first)
        }
    }

    /// From the list's first row: `j` until `event` (at `index`) is selected.
    static func select(_ event: FixtureEvent, at index: Int, _ tmux: TmuxSession) async throws {
        for _ in 0..<index { try tmux.sendKeys("j") }
        try await tmux.waitUntil("\(event.name) selected") { selectedRow($0)?.contains(event.name) == true }
    }

    /// Every event of `events` on `screen`: its row, `name · type` and the date at the right,
    /// then its place (`● LIVE  ` before it while its webcast is on). Returns the ids seen.
    static func expectRows(_ events: [FixtureEvent], on screen: String,
                           sourceLocation: SourceLocation = #_sourceLocation) -> Set<Int> {
        let rows = lines(screen)
        var seen: Set<Int> = []
        for event in events {
            guard let i = rows.firstIndex(where: { $0.contains(event.name) }) else { continue }
            seen.insert(event.id)
            let row = rows[i]
            let title = event.type.map { "\(event.name) · \($0)" } ?? event.name
            #expect(row.contains(title), "\(row)", sourceLocation: sourceLocation)
            #expect(row.hasSuffix("  " + event.listDate), "\(event.name): \(event.listDate) at the right of \(row)",
                    sourceLocation: sourceLocation)
            let place = (event.webcastLive ? "● LIVE  " : "") + (event.location ?? "-")
            let under = rows.indices.contains(i + 1) ? rows[i + 1] : ""
            #expect(under.hasSuffix("  " + place), "\(event.name): \(place) under it: \(under)", sourceLocation: sourceLocation)
        }
        return seen
    }

    // MARK: Launch Library 2.3.0

    @Test func upcomingAndPastEventsWithTheirDatesThenAnEventsLaunchAndWatchingIt() async throws {
        let upcoming = try EventFixtures.upcoming()
        let previous = try EventFixtures.previous()
        try #require(upcoming.count > 12 && upcoming.count <= 20, "one page, more than a screen: \(upcoming.count)")
        let rig = try Self.rig("tminus-e2e-events")
        let tmux = try await Self.startLL2(rig)
        #expect(try await rig.requests(under: "/2.3.0/events").isEmpty, "no events asked before the tab is shown")

        // The first screen of rows, then the end of the list: every event once.
        var screen = try await Self.openEventsTab(tmux, count: upcoming.count, first: upcoming[0].name)
        #expect(Self.line(screen, containing: "Upcoming │ Past") != nil, "\(screen)")
        var seen = Self.expectRows(upcoming, on: screen)
        #expect(seen.contains(upcoming[0].id))
        try tmux.sendKeys("G")
        screen = try await tmux.waitUntil("the last event selected") { Self.selectedRow($0)?.contains(upcoming.last!.name) == true }
        seen.formUnion(Self.expectRows(upcoming, on: screen))
        #expect(seen == Set(upcoming.map(\.id)), "rows not seen: \(upcoming.filter { !seen.contains($0.id) }.map(\.name))")
        // Every kind of date on the way: a minute's, a day's (recorded, at midnight), a month's.
        let kinds = Set(upcoming.map { $0.listDate.hasPrefix("NET") ? "month" : $0.listDate.count == 10 ? "day" : "minute" })
        #expect(kinds == ["month", "day", "minute"])
        let asked = try await rig.requests(under: "/2.3.0/events").map(\.path)
        #expect(asked == [Self.upcomingPath], "one page, asked once: \(asked)")

        // Past: newest first.
        try tmux.sendKeys("p")
        screen = try await tmux.waitUntil("the past events") {
            $0.contains("\(previous.count) events · times in UTC") && Self.selectedRow($0)?.contains(previous[0].name) == true
        }
        #expect(Self.expectRows(previous, on: screen) == Set(previous.map(\.id)))
        #expect(!screen.contains(upcoming[0].name))
        #expect(try await rig.requests(under: "/2.3.0/events").map(\.path) == [Self.upcomingPath, Self.previousPath])

        // An event that names a launch: its detail, then that launch's.
        // The booster landing: it names the Starlink launch, whose detail lists its booster.
        let index = try #require(previous.firstIndex { $0.name.hasSuffix("Booster Landing") && !$0.launches.isEmpty })
        let event = previous[index]
        let launch = event.launches[0]
        try await Self.select(event, at: index, tmux)
        try tmux.sendKeys("Enter")
        screen = try await tmux.waitFor("› \(launch.name)")
        #expect(Self.line(screen, containing: event.name)?.contains("☆") == true, "\(screen)")
        #expect(screen.contains([event.type, event.location].compactMap { $0 }.joined(separator: " · ")), "\(screen)")
        #expect(screen.contains("past event"), "\(screen)")
        #expect(Self.line(screen, containing: "Links")?.contains("Video") == true, "\(screen)")
        for heading in ["Event", "Launches", "News"] {
            #expect(Self.lines(screen).contains { $0.trimmingCharacters(in: .whitespaces) == heading }, "\(heading): \(screen)")
        }
        #expect(Self.line(screen, containing: "Location")?.hasSuffix(event.location ?? "-") == true, "\(screen)")

        try tmux.sendKeys("Enter")
        // The launch's own detail, its whole record: the replica's when its detailed row is
        // in (the upcoming list is read in the detailed mode), else asked of the source, once.
        screen = try await tmux.waitUntil("the launch's detail") {
            Self.line($0, containing: "Boosters") != nil && $0.contains("Mission")
        }
        #expect(Self.lines(screen)[1].contains(launch.name), "\(screen)")
        #expect(try await rig.requests(under: "/2.3.0/launches/\(launch.id)/").count <= 1)

        // Back to the event: watched, and so on Favorites.
        try tmux.sendKeys("Escape")
        try await tmux.waitFor("› \(launch.name)")
        try tmux.sendKeys("f")
        try await tmux.waitUntil("the event watched") { Self.line($0, containing: event.name)?.contains("★ watched") == true }
        try tmux.sendKeys("3")
        screen = try await tmux.waitFor("Watched events")
        let rows = Self.lines(screen)
        let heading = try #require(rows.firstIndex { $0.contains("Watched events") })
        #expect(rows.dropFirst(heading + 1).first?.contains(event.name) == true, "\(screen)")
        #expect(screen.contains("1 event"), "\(screen)")
    }

    // MARK: Launch Library 2.0.0

    /// The older API's path (`event/`, singular) and its recorded events, whose dates carry no
    /// precision: one at midnight shows as a day.
    @Test func theOlderAPIsEventsWithDayDatesAsDays() async throws {
        let recorded = try EventFixtures.recorded("event-upcoming-2020-12.json")
        let upcoming = try EventFixtures.upcoming()
        let rig = try Self.rig("tminus-e2e-events-200")
        let tmux = try await Self.startLL2(rig, version: "2.0.0")
        let screen = try await Self.openEventsTab(tmux, count: upcoming.count, first: upcoming[0].name)
        let seen = Self.expectRows(recorded, on: screen)
        #expect(seen == Set(recorded.map(\.id)), "the recorded events come first and fit: \(seen)")
        let greenRun = try #require(recorded.first { $0.name == "SLS Green Run Hot Fire" })
        #expect(greenRun.listDate == "2020-12-31")
        let row = try #require(Self.line(screen, containing: greenRun.name))
        #expect(row.hasSuffix("  2020-12-31"), "no hour invented: \(row)")
        let asked = try await rig.requests(under: "/2.0.0/event").map(\.path)
        #expect(asked == ["/2.0.0/event/upcoming/?limit=20&offset=0&mode=detailed"], "\(asked)")
    }

    // MARK: Boosters

    /// Europa Clipper (the flyby event names it; the server has its record by the detail
    /// route only): its three Falcon Heavy boosters, one line each, with where they went.
    @Test func anEventsLaunchListsItsBoosters() async throws {
        let upcoming = try EventFixtures.upcoming()
        let index = try #require(upcoming.firstIndex { $0.name == "Europa Clipper Earth Flyby" })
        let launch = try #require(upcoming[index].launches.first)
        let file = try #require(Fixtures.directory).appending(path: "ll2/2.2.0/launch-europa-clipper-detailed.json")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(record["id"] as? String == launch.id)
        let stages = try #require((record["rocket"] as? [String: Any])?["launcher_stage"] as? [[String: Any]])
        try #require(stages.count == 3)

        let rig = try Self.rig("tminus-e2e-events-boosters")
        let tmux = try await Self.startLL2(rig)
        try await Self.openEventsTab(tmux, count: upcoming.count, first: upcoming[0].name)
        try await Self.select(upcoming[index], at: index, tmux)
        try tmux.sendKeys("Enter")
        try await tmux.waitFor("› \(launch.name)")
        try tmux.sendKeys("Enter")
        let screen = try await tmux.waitUntil("three boosters") { screen in
            stages.allSatisfy { stage in
                let serial = (stage["launcher"] as? [String: Any])?["serial_number"] as? String ?? "?"
                return Self.line(screen, containing: serial + " · ") != nil
            }
        }
        #expect(try await rig.requests(under: "/2.3.0/launches/\(launch.id)/").count == 1)
        let rows = Self.lines(screen)
        let first = try #require(rows.firstIndex { $0.contains("Boosters") })
        for stage in stages {
            let serial = try #require((stage["launcher"] as? [String: Any])?["serial_number"] as? String)
            let flight = try #require(stage["launcher_flight_number"] as? Int)
            let landing = try #require(stage["landing"] as? [String: Any])
            let place = try #require((landing["location"] as? [String: Any])?["abbrev"] as? String)
            // A booster's line, and the line it wraps onto (no label: blank up to the value).
            let i = try #require(rows.firstIndex { $0.contains(serial + " · ") })
            let wrapped = rows.indices.contains(i + 1) && rows[i + 1].hasPrefix(String(repeating: " ", count: 10))
                && !rows[i + 1].contains(" · ")
            let text = rows[i...].prefix(wrapped ? 2 : 1).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(i <= first + 5, "under Boosters: \(rows[i])")
            #expect(text.contains("\(serial) · ") && text.contains("flight \(flight)"), "\(text)")
            if landing["attempt"] as? Bool == false {
                #expect(text.contains("no landing attempt"), "\(text)")
            }
            #expect(text.contains(place), "where \(serial) went (\(place)): \(text)")
        }
    }

    // MARK: r/SpaceX

    /// The r/SpaceX API has no events: the tab says so and asks nothing; `S` to Launch
    /// Library 2 asks its events at once (so the request would have come by then).
    @Test func theSpaceXSourceHasNoEventsAndAsksForNone() async throws {
        let rig = try AppRig(prefix: "tminus-e2e-events-spacex", defaults: AppRig.galaxyEve + ["--no-images"])
        let tmux = try await rig.start(width: 120, height: 40)
        try tmux.sendKeys("4")
        let screen = try await tmux.waitFor("r/SpaceX API has no events.")
        #expect(screen.contains("S switches to Launch Library 2"), "\(screen)")
        let first = try EventFixtures.upcoming()[0].name
        try tmux.sendKeys("S")
        // What the tab says S does: Launch Library 2's events, here.
        let switched = try? await tmux.waitFor(first, timeout: .seconds(5))
        #expect(switched != nil, "S on the Events tab shows Launch Library 2's events:\n\(HarnessError.frame(tmux.capture()))")
        try tmux.sendKeys("4")
        try await tmux.waitFor(first)
        let asked = try await rig.server.requests().map(\.path).filter { $0.contains("/event") }
        #expect(asked == ["/2.2.0/event/upcoming/?limit=20&offset=0&mode=detailed"], "\(asked)")
    }
}
