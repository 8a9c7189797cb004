import Foundation
import Testing
import TminusCore

/// `tminus events`: the table and the JSON.
@Suite struct EventScriptOutputTests {
    static let utc = LaunchTime(timeZone: .gmt)

    static let docking = SpaceEvent(
        id: "1402", name: "Progress MS-35 Docking", type: "Docking", description: "Docks to Zvezda.",
        location: "International Space Station", date: ISO8601.parse("2026-12-20T16:41:30Z"), datePrecision: .hour,
        precisionName: "Second", webcastLive: false, image: URL(string: "https://example.com/p.jpg"),
        videos: [ExternalLink(url: URL(string: "https://www.youtube.com/watch?v=dock")!, title: "Docking"),
                 ExternalLink(url: URL(string: "https://plus.nasa.gov/dock")!)],
        launches: [Launch(origin: .launchLibrary2, id: "L-1", name: "Soyuz | Progress MS-35", date: nil, upcoming: false),
                   Launch(origin: .launchLibrary2, id: "L-2", name: "Other", date: nil, upcoming: true)],
        stations: ["International Space Station"])
    static let eva = SpaceEvent(id: "1403", name: "US EVA-97", type: "EVA", location: "ISS",
                                date: ISO8601.parse("2027-01-14T12:30:00Z"), precisionName: "Minute", webcastLive: true)
    static let staticFire = SpaceEvent(id: "1404", name: "Booster Static Fire", type: "Static Fire", location: nil,
                                       date: ISO8601.parse("2027-01-20T00:00:00Z"), datePrecision: .day, precisionName: "Day")
    static let hostile = SpaceEvent(id: "9", name: "Bad\u{1B}[31mName\u{07}\tX", type: nil, location: "Pad\u{202E}39A", date: nil)

    @Test func theTable() {
        let table = ScriptOutput.eventTable([Self.docking, Self.eva, Self.staticFire, Self.hostile], time: Self.utc)
        #expect(table == """
            DATE              TYPE         NAME                    LOCATION
            2026-12-20 16:41  Docking      Progress MS-35 Docking  International Space Station
            2027-01-14 12:30  EVA          US EVA-97  LIVE         ISS
            2027-01-20        Static Fire  Booster Static Fire     -
            date unknown      -            BadName X               Pad39A

            """)
    }

    @Test func anExactTimeInTheUsersZoneACoarseDateInUTC() throws {
        let warsaw = LaunchTime(timeZone: try #require(TimeZone(identifier: "Europe/Warsaw")))
        let table = ScriptOutput.eventTable([Self.docking, Self.staticFire], time: warsaw)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("2026-12-20 17:41  Docking  "), "\(table)")
        #expect(lines[2].hasPrefix("2027-01-20        Static Fire  "), "\(table)")
        var month = Self.staticFire
        month.datePrecision = .month
        #expect(ScriptOutput.eventTable([month], time: warsaw) == """
            DATE         TYPE         NAME                 LOCATION
            NET 2027-01  Static Fire  Booster Static Fire  -

            """)
    }

    @Test func anEmptyListIsTheHeaderAlone() {
        #expect(ScriptOutput.eventTable([], time: Self.utc) == "DATE  TYPE  NAME  LOCATION\n")
    }

    @Test func noControlCharacterReachesTheTerminal() {
        var event = Self.hostile
        event.type = "Dock\u{1B}]0;title\u{07}ing"
        event.name = "Line\none\r\ntwo\u{9B}2J"
        let table = ScriptOutput.eventTable([event], time: Self.utc)
        #expect(table == """
            DATE          TYPE     NAME          LOCATION
            date unknown  Docking  Line one two  Pad39A

            """)
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    func objects(_ events: [SpaceEvent]) throws -> [[String: Any]] {
        let data = ScriptOutput.eventJSON(events)
        #expect(data.last == 0x0A, "ends with a newline")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func theJSONKeysAndValues() throws {
        let all = try objects([Self.docking, Self.hostile])
        #expect(all.count == 2)
        let docking = all[0]
        #expect(Set(docking.keys) == ["id", "name", "type", "date", "date_precision", "precision", "location", "webcast_live",
                                      "video", "launches"])
        #expect(docking["id"] as? String == "1402")
        #expect(docking["name"] as? String == "Progress MS-35 Docking")
        #expect(docking["type"] as? String == "Docking")
        #expect(docking["date"] as? String == "2026-12-20T16:41:30.000Z")
        #expect(docking["date_precision"] as? String == "hour")
        #expect(docking["precision"] as? String == "Second")
        #expect(docking["location"] as? String == "International Space Station")
        #expect(docking["webcast_live"] as? Bool == false)
        #expect(docking["video"] as? String == "https://www.youtube.com/watch?v=dock", "the first video")
        #expect(docking["launches"] as? [String] == ["L-1", "L-2"], "launches as their ids")
    }

    @Test func nullsAreNull() throws {
        let hostile = try #require(try objects([Self.hostile]).first)
        #expect(Set(hostile.keys).count == 10)
        for key in ["type", "date", "video"] {
            #expect(hostile[key] is NSNull, "\(key)")
        }
        #expect(hostile["id"] as? String == "9")
        #expect(hostile["location"] as? String == "Pad\u{202E}39A", "JSON keeps the text; only the table sanitizes")
        #expect(hostile["name"] as? String == "Bad\u{1B}[31mName\u{07}\tX")
        #expect(hostile["date_precision"] as? String == "hour")
        #expect(hostile["precision"] as? String == "hour", "no word of the source's: the app's own")
        #expect(hostile["launches"] as? [String] == [])
        #expect(hostile["webcast_live"] as? Bool == false)

        let staticFire = try #require(try objects([Self.staticFire]).first)
        #expect(staticFire["location"] is NSNull)
        #expect(staticFire["date"] as? String == "2027-01-20T00:00:00.000Z")
        #expect(staticFire["date_precision"] as? String == "day" && staticFire["precision"] as? String == "Day")

        let eva = try #require(try objects([Self.eva]).first)
        #expect(eva["webcast_live"] as? Bool == true)
        #expect(eva["video"] is NSNull)
    }

    @Test func theExactText() {
        let text = String(decoding: ScriptOutput.eventJSON([Self.staticFire]), as: UTF8.self)
        #expect(text == """
            [
              {
                "date" : "2027-01-20T00:00:00.000Z",
                "date_precision" : "day",
                "id" : "1404",
                "launches" : [

                ],
                "location" : null,
                "name" : "Booster Static Fire",
                "precision" : "Day",
                "type" : "Static Fire",
                "video" : null,
                "webcast_live" : false
              }
            ]

            """)
        #expect(String(decoding: ScriptOutput.eventJSON([]), as: UTF8.self).filter { !$0.isWhitespace } == "[]")
    }
}
