import Foundation
import Testing
@testable import TminusCore

@Suite("Subcommand output: next, list, rockets")
struct ScriptOutputTests {
    static let now = ISO8601.parse("2022-10-17T10:38:51Z")!
    static let utc = LaunchTime(timeZone: .gmt)

    static let launches: [Launch] = [
        Launch(id: "a", name: "Hotbird 13F", date: ISO8601.parse("2022-10-15T05:22:00Z"), upcoming: true,
               rocket: .object(Rocket(id: "f9", name: "Falcon 9"))),
        Launch(id: "b", name: "Starlink 4-36 (v1.5)", date: ISO8601.parse("2022-10-20T14:50:00Z"), upcoming: true,
               rocket: .object(Rocket(id: "f9", name: "Falcon 9")), links: LaunchLinks(webcast: URL(string: "https://youtu.be/s"))),
        Launch(id: "c", name: "Starlink 4-37 (v1.5)", date: ISO8601.parse("2022-11-01T00:00:00Z"), datePrecision: .month,
               upcoming: true, rocket: .object(Rocket(id: "f9", name: "Falcon 9"))),
    ]

    /// The same launches from a live source (frozen r/SpaceX data past its date is `NO DATA`,
    /// never next: the overdue rule is about live data).
    static var liveLaunches: [Launch] { launches.map { var launch = $0; launch.origin = .launchLibrary2; return launch } }

    @Test func nextIsTheSoonestNotYetPast() throws {
        let next = try #require(Launch.next(in: Self.launches, now: Self.now))
        #expect(try ScriptOutput.format(ScriptOutput.defaultNextFormat, next, now: Self.now, time: Self.utc)
                == "Starlink 4-36 (v1.5)  T-03d 04:11:09")
    }

    /// A list whose launches are all long past (overdue outcomes, frozen data) has no next
    /// launch, as the app's banner has none: never a year-old launch as what goes up next.
    @Test func aListOfLongPastLaunchesHasNoNext() {
        let later = Self.now.addingTimeInterval(365 * 86_400)
        #expect(Launch.next(in: Self.launches, now: later) == nil)
        #expect(Launch.next(in: [], now: later) == nil)
    }

    @Test func aLaunchAFewHoursPastItsNETIsStillNextOneLongPastWithoutNewsIsNot() throws {
        let hotbird = try #require(Self.launches[0].date)
        #expect(Launch.next(in: Self.liveLaunches, now: hotbird.addingTimeInterval(2 * 3600))?.id == "a",
                "two hours on it may be flying, or about to")
        #expect(Launch.next(in: Self.launches, now: hotbird.addingTimeInterval(2 * 3600))?.id == "b",
                "frozen data past its date is no data, never next")
        #expect(Launch.next(in: Self.liveLaunches, now: hotbird.addingTimeInterval(4 * 3600))?.id == "b",
                "four hours on with no news, the record is behind")
    }

    @Test func aLiveWebcastKeepsTheLaunchNextAndSaysLIVE() throws {
        var live = Self.liveLaunches[0]
        live.webcastLive = true
        let now = try #require(live.date).addingTimeInterval(6 * 3600)
        let next = try #require(Launch.next(in: [live] + Self.liveLaunches.dropFirst(), now: now))
        #expect(next.id == "a")
        let line = try ScriptOutput.format(ScriptOutput.defaultNextFormat, next, now: now, time: Self.utc)
        // Six hours past NET without an outcome the clock is not counted on (Countdown.outcomeOverdue).
        #expect(line == "Hotbird 13F  AWAITING OUTCOME  LIVE", "\(line)")
        #expect(try ScriptOutput.format(ScriptOutput.defaultNextFormat, Self.launches[1], now: Self.now, time: Self.utc)
                == "Starlink 4-36 (v1.5)  T-03d 04:11:09", "nothing added when not live")
    }

    @Test func theFavoritesTableCountsDownAsTheAppDoes() {
        let table = ScriptOutput.launchTable(Self.launches, time: Self.utc, color: false, countdownAt: Self.now)
        #expect(table.contains("T-03d 04:11:09    UPCOMING  Starlink 4-36 (v1.5)"), "\(table)")
        // The frozen r/SpaceX data past its date reads as on the app's screens: its date, `NO DATA`.
        #expect(table.contains("2022-10-15 05:22  NO DATA   Hotbird 13F"), "\(table)")
        #expect(table.contains("NET 2022-11"), "a month-precision launch keeps its date: \(table)")
        // A live source's launch two days past NET with no outcome: one verdict, as the app's.
        var live = Self.launches[0]
        live.origin = .launchLibrary2
        live.sourceStatus = SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")
        let coloured = ScriptOutput.launchTable([live], time: Self.utc, color: true, countdownAt: Self.now)
        #expect(coloured.contains("AWAITING OUTCOME  \u{1B}[33mNO OUTCOME"), "the warning colour, not GO's blue: \(coloured)")
    }

    @Test func everyPlaceholder() throws {
        let line = try ScriptOutput.format("{name}|{countdown}|{date}|{rocket}|{status}|{provider}|{id}|{webcast}|{{x}}",
                                           Self.launches[1], now: Self.now, time: LaunchTime(timeZone: TimeZone(identifier: "Europe/Warsaw")!))
        #expect(line == "Starlink 4-36 (v1.5)|T-03d 04:11:09|2022-10-20 16:50|Falcon 9|UPCOMING|SpaceX|b|https://youtu.be/s|{x}")
        #expect(try ScriptOutput.format("{countdown}", Self.launches[2], now: Self.now, time: Self.utc) == "NET 2022-11")
    }

    @Test func anUnknownPlaceholderIsAnError() {
        #expect(throws: ScriptOutput.FormatError(placeholder: "nmae")) {
            try ScriptOutput.format("{nmae}", Self.launches[0], now: Self.now, time: Self.utc)
        }
        #expect(ScriptOutput.FormatError(placeholder: "x").description.hasPrefix("unknown placeholder {x} in --format: use {name}"))
    }

    /// `tminus next` checks its `--format` before it has a launch: the check refuses what
    /// `format` refuses and takes what it takes.
    @Test func aTemplateIsCheckedWithoutALaunch() throws {
        #expect(throws: ScriptOutput.FormatError(placeholder: "nmae")) { try ScriptOutput.check("{name} {nmae}") }
        #expect(throws: ScriptOutput.FormatError(placeholder: "")) { try ScriptOutput.check("{}") }
        try ScriptOutput.check(ScriptOutput.defaultNextFormat)
        try ScriptOutput.check(ScriptOutput.placeholders.map { "{\($0)}" }.joined() + " {{literal}} {unclosed")
    }

    @Test func hostileNamesAreMadeSafe() throws {
        var launch = Self.launches[0]
        launch.name = "Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J"
        #expect(try ScriptOutput.format("{name}", launch, now: Self.now, time: Self.utc) == "Evil")
        #expect(!ScriptOutput.launchTable([launch], time: Self.utc, color: false).contains("\u{1B}"))
    }

    @Test func theTableIsAligned() {
        #expect(ScriptOutput.launchTable(Self.launches, time: Self.utc, color: false) == """
            DATE              STATUS    NAME                  ROCKET    PROVIDER
            2022-10-15 05:22  UPCOMING  Hotbird 13F           Falcon 9  SpaceX
            2022-10-20 14:50  UPCOMING  Starlink 4-36 (v1.5)  Falcon 9  SpaceX
            NET 2022-11       UPCOMING  Starlink 4-37 (v1.5)  Falcon 9  SpaceX

            """)
    }

    @Test func coloursOnlyWhenAsked() {
        let coloured = ScriptOutput.launchTable(Self.launches, time: Self.utc, color: true)
        #expect(coloured.contains("\u{1B}[34mUPCOMING\u{1B}[0m"))
        #expect(coloured.split(separator: "\n")[0] == "DATE              STATUS    NAME                  ROCKET    PROVIDER", "no colour in the header")
    }

    /// GO, TBD, HOLD and IN FLIGHT each in a colour of their own, as in the app.
    @Test func launchLibrary2StatusesAreToldApart() {
        func coloured(_ status: SourceStatus) -> String {
            var launch = Self.launches[0]
            launch.origin = .launchLibrary2
            launch.sourceStatus = status
            return ScriptOutput.launchTable([launch], time: Self.utc, color: true)
        }
        #expect(coloured(SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go")).contains("\u{1B}[34mGO"))
        #expect(coloured(SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD")).contains("\u{1B}[2mTBD"))
        #expect(coloured(SourceStatus(id: 8, name: "To Be Confirmed", abbrev: "TBC")).contains("\u{1B}[2mTBC"))
        #expect(coloured(SourceStatus(id: 5, name: "On Hold", abbrev: "Hold")).contains("\u{1B}[33mHOLD"))
        #expect(coloured(SourceStatus(id: 6, name: "Launch in Flight", abbrev: "In Flight")).contains("\u{1B}[35mIN FLIGHT"))
    }

    @Test func wideNamesLineUp() {
        var wide = Self.launches[0]
        wide.name = "打ち上げ"
        let lines = ScriptOutput.launchTable([wide, Self.launches[1]], time: Self.utc, color: false).split(separator: "\n")
        let columns = lines.map { line in TerminalText.width(String(line.prefix { $0 != "F" })) }
        #expect(Set(columns.dropFirst()).count == 1, "the ROCKET column starts at the same display column: \(lines)")
    }

    @Test func theJSONIsFlatAndStable() throws {
        let data = ScriptOutput.launchJSON([Self.launches[1]])
        #expect(String(decoding: data, as: UTF8.self) == """
            [
              {
                "date" : "2022-10-20T14:50:00.000Z",
                "date_precision" : "hour",
                "id" : "b",
                "location" : null,
                "name" : "Starlink 4-36 (v1.5)",
                "precision" : "hour",
                "provider" : "SpaceX",
                "rocket" : "Falcon 9",
                "source" : "spacex",
                "status" : "upcoming",
                "upcoming" : true,
                "webcast" : "https://youtu.be/s"
              }
            ]

            """)
    }

    /// One column set whatever the source and the list (issue 37: `list` read `… PROVIDER`,
    /// `list past` `… ROCKET`, and an empty list only decided by its rows).
    @Test func everyListHasTheSameColumns() {
        var ll2 = Self.launches[1]
        ll2.origin = .launchLibrary2
        ll2.provider = "Rocket Lab"
        let header = "DATE              STATUS    NAME                  ROCKET    PROVIDER"
        for rows in [[ll2], [Self.launches[1]], [ll2, Self.launches[1]]] {
            #expect(ScriptOutput.launchTable(rows, time: Self.utc, color: false).split(separator: "\n").first.map(String.init) == header)
        }
        #expect(ScriptOutput.launchTable([ll2], time: Self.utc, color: false).contains("Falcon 9  Rocket Lab"))
    }

    /// r/SpaceX's "upcoming" launch past its date, as `list upcoming --json` gives it (issue 37:
    /// `"upcoming": false` in the upcoming list without saying why, `"provider": null`): the row
    /// names the list it is in, is not upcoming (a script must not take it for what is next,
    /// issue 24), its status says why, and SpaceX flies it.
    @Test func frozenUpcomingRowsSayWhereTheyAreListedAndWhoFliesThem() throws {
        let frozen = Self.launches[0].frozen(at: Self.now, dataTo: nil)
        #expect(frozen.statusWord == "NO DATA")
        let json = ScriptOutput.launchJSON([frozen], verdictAt: Self.now, list: .upcoming)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        #expect(object.first?["list"] as? String == "upcoming")
        #expect(object.first?["upcoming"] as? Bool == false)
        #expect(object.first?["status"] as? String == "no data")
        #expect(object.first?["provider"] as? String == "SpaceX")
    }

    /// The precision as the detail says it: Launch Library 2's own word when it has one.
    @Test func theJSONCarriesTheSourcesPrecisionWord() throws {
        var launch = Self.launches[1]
        launch.precisionName = "Quarter 3"
        launch.datePrecision = .quarter
        let object = try #require(try JSONSerialization.jsonObject(with: ScriptOutput.launchJSON([launch])) as? [[String: Any]])
        #expect(object.first?["precision"] as? String == "Quarter 3")
        #expect(object.first?["date_precision"] as? String == "quarter", "the app's own scale stays as it was")
    }

    /// A row's detail in the cache fills in what the row leaves out (LL2 rows have no videos),
    /// never the row's own status or date.
    @Test func aRowTakesItsDetailsLinksNotItsStatus() {
        var row = Launch(origin: .launchLibrary2, id: "x", name: "Row", date: Date(timeIntervalSince1970: 2_000), upcoming: true, success: nil)
        var detail = Launch(origin: .launchLibrary2, id: "x", name: "Detail", date: Date(timeIntervalSince1970: 1_000), upcoming: false, success: true)
        let video = ExternalLink(url: URL(string: "https://youtu.be/live")!, title: "Live")
        detail.videos = [video]
        detail.precisionName = "Minute"
        let filled = row.filledIn(from: detail)
        #expect(filled.videos == [video] && filled.precisionName == "Minute")
        #expect(filled.name == "Row" && filled.date == row.date && filled.upcoming && filled.success == nil)
        let object = try? JSONSerialization.jsonObject(with: ScriptOutput.launchJSON([filled])) as? [[String: Any]]
        #expect(object?.first?["webcast"] as? String == "https://youtu.be/live")
        row.id = "other"
        #expect(row.filledIn(from: detail).videos.isEmpty, "another launch's detail fills in nothing")
    }

    @Test func rocketsInTheUsersUnits() {
        let f9 = Rocket(id: "f9", name: "Falcon 9", active: true, heightMeters: 70, massKg: 549_054, successRatePct: 98)
        let units = UnitPreferences(height: .imperial)
        #expect(ScriptOutput.rocketTable([f9], units: units) == """
            NAME      STATUS  HEIGHT    MASS        SUCCESS
            Falcon 9  active  229.7 ft  549,054 kg  98%

            """)
    }
}
