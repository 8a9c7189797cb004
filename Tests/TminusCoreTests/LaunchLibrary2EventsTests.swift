import Foundation
import Testing
import TminusCore

/// Launch Library 2's events: the URL asked for each API version, and what a page of events
/// reads as (the recorded 2.0.0 page, the 2.3.0-shaped fixture, hostile records).
@Suite struct LL2EventsURLTests {
    @Test func beforeTwoThreeTheResourceIsSingular() throws {
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.2.0"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/event/upcoming/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.0.0/"), segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.0.0/event/previous/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.1.0"), segment: .upcoming).absoluteString
                == "https://ll.thespacedevs.com/2.1.0/event/upcoming/?limit=20&offset=0&mode=detailed")
    }

    @Test func fromTwoThreeTheResourceIsPlural() throws {
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.3.0"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/events/upcoming/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.3.0/"), segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/events/previous/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("https://ll.thespacedevs.com/2.10.0"), segment: .upcoming).absoluteString
                == "https://ll.thespacedevs.com/2.10.0/events/upcoming/?limit=20&offset=0&mode=detailed")
    }

    @Test func aBaseWithoutAVersionIsSingular() throws {
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("http://127.0.0.1:8081"), segment: .upcoming)
                == (try makeURL("http://127.0.0.1:8081/event/upcoming/?limit=20&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsURL(base: try makeURL("http://127.0.0.1:8081/api/"), segment: .past)
                == (try makeURL("http://127.0.0.1:8081/api/event/previous/?limit=20&offset=0&mode=detailed")))
    }

    @Test func limitAndOffset() throws {
        let base = try makeURL("https://ll.thespacedevs.com/2.3.0")
        #expect(LaunchLibrary2.eventsURL(base: base, segment: .past, limit: 10, offset: 30)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/events/previous/?limit=10&offset=30&mode=detailed")))
        // A negative offset is the first page.
        #expect(LaunchLibrary2.eventsURL(base: base, segment: .upcoming, limit: 5, offset: -40)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/events/upcoming/?limit=5&offset=0&mode=detailed")))
        #expect(LaunchLibrary2.eventsFreshFor == 3600)
    }
}

// MARK: - The recorded 2.0.0 page

/// `ll2/2.0.0/event-upcoming-2020-12.json`: nine events, `feature_image`/`video_url`/`news_url`
/// strings, no `date_precision`.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LL2EventsRecordedTests {
    static let path = "ll2/2.0.0/event-upcoming-2020-12.json"

    func page(_ page: Int = 1) throws -> EventPage {
        try LaunchLibrary2.decodeEvents(Fixtures.data(Self.path), page: page)
    }

    func event(_ id: String) throws -> SpaceEvent {
        try #require(try page().events.first { $0.id == id }, "no event \(id)")
    }

    @Test func theWholePage() throws {
        let page = try page(3)
        #expect(page.events.map(\.id) == ["202", "196", "192", "38", "124", "125", "89", "126", "36"])
        #expect(page.events.map(\.name) == [
            "Total Solar Eclipse in South America", "NG-14 Cygnus Release & Reentry", "Chang'e 5 Sample Returns to Earth",
            "SLS Green Run Hot Fire", "Emirates Mars Mission 'Hope' Mars Orbit Insertion", "Tianwen-1 Mars Orbit Insertion",
            "NASA Mars 2020 Perseverance Rover Landing", "Tianwen-1 Rover Landing", "OSIRIS-Rex Sample Return",
        ])
        #expect(page.events.map(\.type) == ["Celestial Event", "Release", "Landing", "Static Fire", "Orbital Insertion",
                                             "Orbital Insertion", "Landing", "Landing", "Landing"])
        #expect(page.page == 3)
        #expect(page.totalDocs == 9)
        #expect(page.next == nil)
        #expect(page.unreadable == 0)
        // 2.0.0 has neither `webcast_live` nor `date_precision`.
        #expect(page.events.allSatisfy { !$0.webcastLive && $0.precisionName == nil })
    }

    /// No precision sent: a date parked at 00:00:00Z is known to the day; any other time is kept.
    @Test func aMidnightDateWithoutPrecisionIsADay() throws {
        let page = try page()
        #expect(page.events.map(\.datePrecision) == [.hour, .hour, .day, .day, .day, .day, .day, .day, .hour])
        let greenRun = try event("38")
        #expect(greenRun.date == (try instant("2020-12-31T00:00:00Z")))
        #expect(greenRun.datePrecision == .day)
        #expect(LaunchTime(timeZone: .gmt).listDate(greenRun.date, precision: greenRun.datePrecision) == "2020-12-31")
        let eclipse = try event("202")
        #expect(eclipse.date == (try instant("2020-12-14T15:30:00Z")))
        #expect(eclipse.datePrecision == .hour)
        let osiris = try event("36")
        #expect(osiris.date == (try instant("2023-09-01T04:00:00Z")))
        #expect(osiris.datePrecision == .hour)
    }

    @Test func featureImageVideoURLAndNewsURL() throws {
        let eclipse = try event("202")
        #expect(eclipse.image == (try makeURL("https://spacelaunchnow-prod-east.nyc3.digitaloceanspaces.com/media/event_images/total_solar_ecl_image_20201206083620.jpeg")))
        #expect(eclipse.videos == [ExternalLink(url: try makeURL("https://www.youtube.com/watch?v=21X5lGlDOfg"))])
        #expect(eclipse.infoLinks == [ExternalLink(url: try makeURL("https://en.wikipedia.org/wiki/Solar_eclipse_of_December_14,_2020"))])
        #expect(eclipse.location == "South America")
        #expect(eclipse.description == "Camera views of the total solar eclipse in South America will be broadcasted on NASA TV.")

        // `news_url: null`: no info link; `video_url: null`: no video.
        #expect(try event("196").infoLinks == [])
        #expect(try event("192").videos == [])
        #expect(try event("192").infoLinks == [ExternalLink(url: try makeURL("https://en.wikipedia.org/wiki/Chang%27e_5"))])
        #expect(try event("89").videos == [ExternalLink(url: try makeURL("https://youtu.be/21X5lGlDOfg"))])
        let page = try page()
        #expect(page.events.map(\.videos.count) == [1, 1, 0, 1, 0, 0, 1, 0, 0])
        #expect(page.events.map(\.infoLinks.count) == [1, 0, 1, 1, 0, 0, 1, 0, 0])
        #expect(page.events.allSatisfy { $0.image?.host == "spacelaunchnow-prod-east.nyc3.digitaloceanspaces.com" })
    }

    @Test func theLaunchesStationsAndProgramsItNames() throws {
        let page = try page()
        #expect(page.events.map { $0.launches.map(\.id) } == [
            [], ["6183311b-da90-4934-a665-1a1ae563cba8"], ["9828537e-e017-4f77-96b6-49799d439363"], [],
            ["42370bdb-db93-4212-bda6-d91c177b2ea6"], ["485b9786-5bec-4dd4-ac82-69d1fd702047"],
            ["c4db6995-f25f-4608-8eb9-ce95d5226af2"], ["485b9786-5bec-4dd4-ac82-69d1fd702047"],
            ["0bcc6850-4c51-4b08-aa19-0b3753351b9b"],
        ])
        let cygnus = try event("196")
        #expect(cygnus.stations == ["International Space Station"])
        #expect(cygnus.expeditions == [])
        #expect(cygnus.programs == ["Commercial Resupply Services", "International Space Station"])
        let launch = try #require(cygnus.launches.first)
        #expect(launch.origin == .launchLibrary2)
        #expect(launch.name == "Antares 230+ | Cygnus CRS-2 NG-14 (S.S. Kalpana Chawla)")
        #expect(launch.date == (try instant("2020-10-03T01:16:14Z")))
        #expect(launch.success == true && launch.upcoming == false)
        #expect(launch.provider == "Northrop Grumman Innovation Systems")
        #expect(try event("192").programs == ["Chinese Lunar Exploration Program"])
        #expect(try event("38").programs == ["Artemis"])
        #expect(page.events.filter { !$0.stations.isEmpty }.map(\.id) == ["196"])
    }
}

// MARK: - The 2.3.0-shaped fixture

/// `Tests/FixtureServer/data/ll2-events-2.3.0.json`: `{"upcoming": [...], "previous": [...]}`,
/// each list wrapped here in a list envelope.
@Suite struct LL2Events230Tests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "FixtureServer/data/ll2-events-2.3.0.json")

    func page(_ list: String, page: Int = 1) throws -> EventPage {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? [String: Any])
        let records = try #require(root[list] as? [Any], "no \(list) list")
        let envelope: [String: Any] = ["count": records.count, "next": NSNull(), "results": records]
        return try LaunchLibrary2.decodeEvents(JSONSerialization.data(withJSONObject: envelope), page: page)
    }

    func event(_ id: String, in list: String = "upcoming") throws -> SpaceEvent {
        try #require(try page(list).events.first { $0.id == id }, "no event \(id) in \(list)")
    }

    static func image(_ name: String) -> URL {
        URL(string: "https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/" + name)!
    }

    @Test func bothLists() throws {
        let upcoming = try page("upcoming")
        #expect(upcoming.events.map(\.id) == ["1401", "1402", "1403", "1404", "1405", "1406"])
        #expect(upcoming.totalDocs == 6 && upcoming.next == nil && upcoming.unreadable == 0)
        #expect(upcoming.events.map(\.type) == ["Flyby", "Docking", "EVA", "Static Fire", "Change of Command", "Press Event"])
        let previous = try page("previous", page: 2)
        #expect(previous.events.map(\.id) == ["1407", "1408", "1409", "1410"])
        #expect(previous.events.map(\.name) == ["Starlink Group 15-22 Booster Landing", "Katalyst LINK Docking with Swift",
                                                 "JUICE Earth Flyby", "NASA Artemis III Mission Overview Briefing"])
        #expect(previous.page == 2 && previous.totalDocs == 4)
    }

    /// The precision in LL2's own words beside the app's scale.
    @Test func datePrecision() throws {
        let upcoming = try page("upcoming").events
        #expect(upcoming.map(\.precisionName) == ["Minute", "Second", "Minute", "Day", "Minute", "Month"])
        #expect(upcoming.map(\.datePrecision) == [.hour, .hour, .hour, .day, .hour, .month])
        let haven = try event("1406")
        #expect(haven.date == (try instant("2027-03-31T00:00:00Z")))
        #expect(haven.datePrecision == .month && haven.precisionName == "Month")
        let staticFire = try event("1404")
        #expect(staticFire.datePrecision == .day && staticFire.precisionName == "Day")
        #expect(try event("1402").date == (try instant("2026-12-20T16:41:30Z")))
    }

    @Test func theImageObject() throws {
        #expect(try event("1401").image == Self.image("europa_clipper_image_20241011162412.jpeg"))
        #expect(try event("1403").image == Self.image("us2520eva-52_image_20190318200748.jpeg"))
        #expect(try event("1408", in: "previous").image == Self.image("link_approachin_image_20250925140455.jpeg"))
    }

    @Test func theSpacewalksVideosAndPages() throws {
        let eva = try event("1403")
        #expect(eva.name == "US EVA-97")
        #expect(eva.webcastLive == true)
        #expect(eva.videos == [
            ExternalLink(url: try makeURL("https://www.youtube.com/watch?v=usEVA97nasa"),
                         title: "U.S. Spacewalk 97 (Official NASA Broadcast)", publisher: "NASA",
                         kind: "Official Webcast", language: "English"),
            ExternalLink(url: try makeURL("https://plus.nasa.gov/scheduled-video/us-spacewalk-97/"),
                         title: "U.S. Spacewalk 97", publisher: "NASA", kind: "Official Webcast", language: "English"),
        ])
        #expect(eva.infoLinks == [
            ExternalLink(url: try makeURL("https://www.nasa.gov/news-release/nasa-sets-coverage-for-us-spacewalk-97/"),
                         title: "NASA Sets Coverage for US Spacewalk 97", publisher: "www.nasa.gov",
                         kind: "Official Page", language: "English"),
        ])
        #expect(eva.expeditions == ["Expedition 75"])
        #expect(eva.stations == ["International Space Station"])
        #expect(eva.programs == [])
        #expect(eva.location == "International Space Station")
        #expect(eva.date == (try instant("2027-01-14T12:30:00Z")))
        #expect(try page("upcoming").events.map(\.webcastLive) == [false, false, true, false, false, false])
    }

    @Test func nullsAreNil() throws {
        let staticFire = try event("1404")
        #expect(staticFire.name == "Starship Flight 16 Booster Static Fire")
        #expect(staticFire.description == nil)
        #expect(staticFire.image == nil)
        #expect(staticFire.location == nil)
        #expect(staticFire.programs == ["SpaceX Starship"])
        #expect(staticFire.videos == [] && staticFire.infoLinks == [] && staticFire.launches == [])
        #expect(try event("1401").description
                == "Europa Clipper swings past Earth for a gravity assist on its way to Jupiter, after its Mars flyby in March 2025.")
    }

    @Test func theLaunchesAnEventIsAbout() throws {
        let previous = try page("previous").events
        #expect(previous.map { $0.launches.map(\.id) } == [
            ["95653d52-bb77-4860-a815-dd7141778d17"], ["f596ad48-881e-47d6-806d-113c6dd97427"], [], [],
        ])
        let landing = try #require(previous.first?.launches.first)
        #expect(landing.name == "Falcon 9 Block 5 | Starlink Group 15-22")
        #expect(landing.date == (try instant("2026-08-26T09:27:00Z")))
        #expect(landing.provider == "SpaceX")
        #expect(landing.precisionName == "Minute")
        #expect(try event("1408", in: "previous").infoLinks.map(\.url)
                == [try makeURL("https://science.nasa.gov/mission/swift/")])
    }

    /// Counting down: an exact time still to come.
    @Test func whichEventsCountDown() throws {
        let events = try page("upcoming").events
        let now = try instant("2026-12-20T16:41:29Z")
        #expect(events.map { $0.countsDown(at: now) } == [false, true, true, false, true, false])
    }
}

// MARK: - Hostile records

@Suite struct LL2EventsHostileTests {
    static let next = "https://ll.thespacedevs.com/2.2.0/event/upcoming/?limit=20&mode=detailed&offset=20"

    static let hostile = #"""
    {"count": "seven", "next": "\#(next)", "previous": null, "results": [
      {"name": "No id"},
      {"id": null, "name": "Null id"},
      {"id": "", "name": "Empty id"},
      {"id": true, "name": "Boolean id"},
      "not an object",
      42,
      {"id": "77", "name": "Id as text", "date": "2026-05-05T10:20:00Z"},
      {"id": 78, "name": 5, "type": "Docking", "description": ["x"], "location": {"a": 1}, "date": 1700000000,
       "date_precision": "Day", "webcast_live": "yes", "image": 12, "feature_image": "javascript:alert(1)",
       "video_url": 3, "news_url": "ftp://example.com/x", "vid_urls": "none", "info_urls": {"url": "https://example.com"},
       "launches": "none", "spacestations": [3, {"name": null}, {"name": "Tiangong"}], "expeditions": {}, "program": [null]},
      {"id": 79, "name": "  ", "type": {"id": 2, "name": "Docking"}, "description": "  padded  ",
       "image": {"image_url": "javascript:alert(1)", "thumbnail_url": "data:text/html,x"},
       "video_url": "https://example.com/v", "vid_urls": [{"url": "https://example.com/v", "title": "Same"}, {"url": "vbscript:x"}],
       "news_url": "javascript:alert(2)",
       "launches": [{"name": "no id"}, {"id": "L1", "name": "Kept"}, 7]}
    ]}
    """#

    @Test func whatCanBeReadIsKeptTheRestCounted() throws {
        let page = try LaunchLibrary2.decodeEvents(Data(Self.hostile.utf8), page: 4)
        #expect(page.events.map(\.id) == ["77", "78", "79"])
        #expect(page.unreadable == 6)
        #expect(page.totalDocs == nil, "a count that is no number")
        #expect(page.page == 4)
        #expect(page.next == PageCursor(page: 5, url: try makeURL(Self.next)))
        let text = page.events[0]
        #expect(text.name == "Id as text" && text.datePrecision == .hour)
        #expect(text.date == (try instant("2026-05-05T10:20:00Z")))
    }

    @Test func wrongTypesAreNilNotAFailure() throws {
        let event = try #require(try LaunchLibrary2.decodeEvents(Data(Self.hostile.utf8), page: 1).events.first { $0.id == "78" })
        #expect(event == SpaceEvent(id: "78", name: "Unnamed event", type: nil, description: nil, location: nil, date: nil,
                                    datePrecision: .hour, precisionName: nil, webcastLive: false, image: nil, videos: [],
                                    infoLinks: [], launches: [], stations: ["Tiangong"], expeditions: [], programs: []))
    }

    @Test func linksThatAreNotWebLinksAreDropped() throws {
        let event = try #require(try LaunchLibrary2.decodeEvents(Data(Self.hostile.utf8), page: 1).events.first { $0.id == "79" })
        #expect(event.image == nil, "a javascript: image and a data: thumbnail")
        #expect(event.name == "Unnamed event", "a blank name")
        #expect(event.type == "Docking")
        #expect(event.description == "padded")
        // The listed video and the same page as `video_url`: once, the listed one (with its title).
        #expect(event.videos == [ExternalLink(url: try makeURL("https://example.com/v"), title: "Same")])
        #expect(event.infoLinks == [])
        #expect(event.launches.map(\.id) == ["L1"])
        #expect(event.launches.map(\.name) == ["Kept"])
    }

    @Test func aFeatureImageThatIsJavascriptIsNil() throws {
        let json = #"{"count": 2, "next": null, "results": [{"id": 1, "feature_image": "javascript:alert(1)"}, {"id": 2, "feature_image": " https://example.com/p.png "}]}"#
        let events = try LaunchLibrary2.decodeEvents(Data(json.utf8), page: 1).events
        #expect(events.map(\.image) == [nil, try makeURL("https://example.com/p.png")])
    }

    @Test func aResultsListThatIsNoListIsAnError() {
        for body in [#"{"count": 1, "next": null, "results": null}"#, #"{"count": 1, "next": null}"#,
                     #"{"results": {"id": 1}}"#, "[", "", "<html>502 Bad Gateway</html>"] {
            let error = ll2Failure { () throws(APIError) -> EventPage in try LaunchLibrary2.decodeEvents(Data(body.utf8), page: 1) }
            guard case .badData? = error else {
                Issue.record("\(body): expected bad data, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func anEmptyListIsAnEmptyPage() throws {
        let page = try LaunchLibrary2.decodeEvents(Data(#"{"count": 0, "next": null, "results": []}"#.utf8), page: 1)
        #expect(page == EventPage(events: [], page: 1, totalDocs: 0, next: nil, unreadable: 0))
    }

    @Test func aNextThatIsNoLinkStillSaysThereIsANextPage() throws {
        let odd = try LaunchLibrary2.decodeEvents(Data(#"{"next": "page two", "results": []}"#.utf8), page: 1)
        #expect(odd.next == PageCursor(page: 2, url: nil))
        let empty = try LaunchLibrary2.decodeEvents(Data(#"{"next": "", "results": []}"#.utf8), page: 1)
        #expect(empty.next == nil, "an empty next is no next page")
        let number = try LaunchLibrary2.decodeEvents(Data(#"{"next": 2, "results": []}"#.utf8), page: 1)
        #expect(number.next == nil)
    }

    /// A stated precision wins over the midnight rule; an unknown word falls back to it.
    @Test func statedPrecisionsAndTheMidnightRule() throws {
        let json = #"""
        {"count": 5, "next": null, "results": [
          {"id": 1, "date": "2026-03-01T00:00:00Z", "date_precision": {"id": 1, "name": "Minute", "abbrev": "MIN"}},
          {"id": 2, "date": "2026-03-01T00:00:00Z", "date_precision": {"abbrev": "Q1"}},
          {"id": 3, "date": "2026-03-01T00:00:00Z", "date_precision": {"name": "Fortnight"}},
          {"id": 4, "date": "2026-03-01T00:00:01Z", "date_precision": {"name": "Fortnight"}},
          {"id": 5, "date": "2026-01-01T00:00:00Z", "date_precision": {"name": "Year", "abbrev": "Y"}}
        ]}
        """#
        let events = try LaunchLibrary2.decodeEvents(Data(json.utf8), page: 1).events
        #expect(events.map(\.datePrecision) == [.hour, .quarter, .day, .hour, .year])
        #expect(events.map(\.precisionName) == ["Minute", "Q1", "Fortnight", "Fortnight", "Year"])
    }

    /// Listed links in priority order, each page once.
    @Test func videosInPriorityOrderEachOnce() throws {
        let json = #"""
        {"results": [{"id": 9,
          "vid_urls": [{"priority": 10, "url": "https://example.com/b"}, {"priority": 1, "url": "https://example.com/a"},
                       {"priority": 20, "url": "https://example.com/a"}],
          "video_url": "https://example.com/c",
          "info_urls": [{"url": "https://example.com/i", "title": "Listed"}], "news_url": "https://example.com/i"}]}
        """#
        let event = try #require(try LaunchLibrary2.decodeEvents(Data(json.utf8), page: 1).events.first)
        #expect(event.videos.map(\.url.absoluteString) == ["https://example.com/a", "https://example.com/b", "https://example.com/c"])
        #expect(event.infoLinks == [ExternalLink(url: try makeURL("https://example.com/i"), title: "Listed")])
    }
}

// MARK: - Counting down

@Suite struct SpaceEventCountdownTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func onlyAnExactTimeStillToComeCountsDown() {
        let exact = SpaceEvent(id: "1", name: "Docking", date: Self.date, datePrecision: .hour)
        #expect(exact.countsDown(at: Self.date.addingTimeInterval(-1)) == true)
        #expect(exact.countsDown(at: Self.date.addingTimeInterval(-30 * 86_400)) == true)
        #expect(exact.countsDown(at: Self.date) == false, "at T-0 it is no longer to come")
        #expect(exact.countsDown(at: Self.date.addingTimeInterval(1)) == false)
        for precision in [DatePrecision.day, .month, .quarter, .half, .year] {
            let coarse = SpaceEvent(id: "2", name: "Flyby", date: Self.date, datePrecision: precision)
            #expect(coarse.countsDown(at: Self.date.addingTimeInterval(-86_400)) == false, "\(precision)")
        }
        #expect(SpaceEvent(id: "3", name: "Undated", date: nil).countsDown(at: Self.date) == false)
    }
}
