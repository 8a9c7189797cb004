import Foundation
import Testing
import TminusCore

/// Hand-written Launch Library 2 records in this target's `Fixtures/ll2/` folder.
enum LL2Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/ll2"),
            "missing test fixture Fixtures/ll2/\(name).json"
        )
        return try Data(contentsOf: url)
    }
}

/// The `APIError` a throwing call ends with, or nil when it returned.
func ll2Failure<T>(_ body: () throws(APIError) -> T) -> APIError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

func makeURL(_ text: String) throws -> URL { try #require(URL(string: text), "not a URL: \(text)") }

// MARK: - The recorded responses

/// The recorded LL2 responses (`ll2/2.0.0/*.json`, `ll2/2.2.0/upcoming-detailed.json`).
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct LaunchLibrary2RecordedTests {
    static let files: [(path: String, records: Int, count: Int)] = [
        ("ll2/2.0.0/upcoming-2023-04.json", 10, 270),
        ("ll2/2.0.0/upcoming-2024-03.json", 10, 357),
        ("ll2/2.0.0/upcoming-2026-06.json", 10, 362),
        ("ll2/2.2.0/upcoming-detailed.json", 2, 193),
    ]

    func page(_ path: String, page: Int = 1) throws -> LaunchPage {
        try LaunchLibrary2.decodeList(Fixtures.data(path), page: page)
    }

    func launch(_ path: String, named name: String) throws -> Launch {
        try #require(try page(path).launches.first { $0.name == name }, "no launch named \(name) in \(path)")
    }

    /// `net_precision` is kept in LL2's own words (`Minute`, `Quarter 3`, `Month`), beside the
    /// app's scale, which decides how a date is shown; a 2.0.0 record has none.
    @Test func theSourcesPrecisionWordIsKept() throws {
        let launches = try page("ll2/2.2.0/spacex-upcoming-detailed-2026-08.json").launches
        #expect(launches.map(\.precisionName) == ["Minute", "Minute", "Minute", "Minute", "Minute", "Minute",
                                                   "Quarter 3", "Quarter 3", "Month", "Quarter 3"])
        #expect(launches.map(\.datePrecision)[6...8] == [.quarter, .quarter, .month])
        #expect(launches[6].precisionWords == "Quarter 3")
        let old = try page("ll2/2.0.0/upcoming-2023-04.json").launches
        #expect(old.allSatisfy { $0.precisionName == nil && $0.precisionWords == $0.datePrecision.rawValue })
        // A stored copy keeps the word.
        let again = try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(launches[6]))
        #expect(again.precisionName == "Quarter 3")
    }

    /// The raw records, as Foundation objects.
    func rawResults(_ path: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Fixtures.data(path)) as? [String: Any])
        return try #require(json["results"] as? [[String: Any]])
    }

    @Test func everyRecordOfEveryFileDecodes() throws {
        for file in Self.files {
            let page = try page(file.path)
            let raw = try rawResults(file.path)
            #expect(page.launches.count == file.records, "\(file.path)")
            #expect(page.launches.map(\.id) == raw.compactMap { $0["id"] as? String }, "\(file.path)")
            #expect(page.launches.map(\.name) == raw.compactMap { $0["name"] as? String }, "\(file.path)")
            #expect(page.totalDocs == file.count, "\(file.path)")
            #expect(page.page == 1)
            for launch in page.launches {
                #expect(launch.origin == .launchLibrary2)
                #expect(launch.date != nil && launch.sourceStatus != nil && launch.provider != nil, "\(launch.name)")
                #expect(launch.rocket?.object != nil && launch.launchpad?.object != nil, "\(launch.name)")
                #expect(launch.image != nil && launch.details != nil && launch.missionType != nil && launch.orbit != nil,
                        "\(launch.name)")
                #expect(launch.flightNumber == nil && launch.window == nil)
                #expect(launch.payloads.isEmpty && launch.crew.isEmpty && launch.cores.isEmpty && launch.failures.isEmpty)
            }
        }
    }

    @Test func theDetailDecoderReadsAListRecordTheSameWay() throws {
        for file in Self.files {
            let page = try page(file.path)
            for (record, listed) in zip(try rawResults(file.path), page.launches) {
                let detail = try LaunchLibrary2.decodeLaunch(JSONSerialization.data(withJSONObject: record))
                #expect(detail == listed, "\(listed.name)")
            }
        }
    }

    @Test func april2023FirstRecord() throws {
        let launch = try #require(try page("ll2/2.0.0/upcoming-2023-04.json").launches.first)
        #expect(launch.id == "b91a488c-1c12-477c-ab24-cebb7a6b8780")
        #expect(launch.name == "PSLV-CA | TeLEOS-2")
        #expect(launch.provider == "Indian Space Research Organization")
        #expect(launch.sourceStatus == SourceStatus(id: 1, name: "Go"))
        #expect(launch.statusWord == "GO")
        #expect(launch.status == .upcoming)
        #expect(launch.upcoming == true)
        #expect(launch.success == nil)
        #expect(launch.date == (try instant("2023-04-22T08:50:00Z")))
        #expect(launch.datePrecision == .hour)
        #expect(launch.rocket == .object(ll2Rocket("ll2-config-43", "PSLV-CA")))
        #expect(launch.launchpad == .object(Launchpad(id: "ll2-pad-50", name: "Satish Dhawan Space Centre First Launch Pad",
                                                      locality: "Satish Dhawan Space Centre, India")))
        #expect(launch.missionType == "Earth Science")
        #expect(launch.orbit == "Low Earth Orbit")
        #expect(launch.details?.hasPrefix("TeLEOS-2 is a Singaporean Earth Observation satellite") == true)
        #expect(launch.details?.hasSuffix("800 Mbps downlink.") == true)
        #expect(launch.image == (try makeURL("https://spacelaunchnow-prod-east.nyc3.digitaloceanspaces.com/media/launcher_images/pslv_image_20190520163034.jpg")))
        #expect(launch.probability == nil)
        #expect(launch.videos.isEmpty && launch.infoLinks.isEmpty)
        #expect(launch.links == LaunchLinks())
    }

    @Test func april2023StatusesAndProbabilities() throws {
        let launches = try page("ll2/2.0.0/upcoming-2023-04.json").launches
        #expect(launches.map(\.statusWord) == ["GO"] + Array(repeating: "TBD", count: 9))
        #expect(launches.allSatisfy { $0.upcoming && $0.status == .upcoming && $0.success == nil })
        // Three records say -1, the rest null: none is a chance of anything.
        #expect(try rawResults("ll2/2.0.0/upcoming-2023-04.json").filter { $0["probability"] as? Int == -1 }.count == 3)
        #expect(launches.allSatisfy { $0.probability == nil })
        #expect(try launch("ll2/2.0.0/upcoming-2023-04.json", named: "Falcon Heavy | ViaSat-3 Americas").probability == nil)
        // No tbd flag anywhere in this file, but six TBD launches parked at midnight UTC on
        // 2023-04-30: a placeholder, known to the day. The rest are to the hour, as sent.
        let parked = launches.filter { $0.datePrecision == .day }
        #expect(parked.map(\.name) == [
            "Falcon 9 Block 5 | Starlink Group 6-3", "Falcon 9 Block 5 | Starlink Group 2-2",
            "Falcon 9 Block 5 | Starlink Group 2-9", "Delta IV Heavy | NROL-68", "Firefly Alpha | FLTA003 (VICTUS NOX)",
            "Falcon 9 Block 5 | Starlink Group 5-9",
        ])
        #expect(parked.allSatisfy { $0.date == (try? instant("2023-04-30T00:00:00Z")) && $0.statusWord == "TBD" })
        #expect(launches.filter { $0.datePrecision == .hour }.count == 4)
        for (record, launch) in zip(try rawResults("ll2/2.0.0/upcoming-2023-04.json"), launches) {
            #expect(record["tbdtime"] as? Bool == false && record["tbddate"] as? Bool == false)
            #expect((launch.datePrecision == .day) == ((record["net"] as? String)?.hasSuffix("T00:00:00Z") == true), "\(launch.name)")
        }
        // The countdown then says the day, not a made-up time.
        let countdown = Countdown(to: parked[0].date, precision: parked[0].datePrecision,
                                  now: try instant("2023-04-20T00:00:00Z"), time: LaunchTime(timeZone: .gmt))
        #expect(countdown.kind == .noExactTime)
        #expect(countdown.text == "NET 2023-04-30")
    }

    @Test func march2024SuccessAndInFlight() throws {
        let path = "ll2/2.0.0/upcoming-2024-03.json"
        let eutelsat = try launch(path, named: "Falcon 9 Block 5 | Eutelsat 36D")
        #expect(eutelsat.sourceStatus == SourceStatus(id: 3, name: "Success"))
        #expect(eutelsat.success == true)
        #expect(eutelsat.upcoming == false)
        #expect(eutelsat.status == .success)
        #expect(eutelsat.statusWord == "SUCCESS")
        #expect(eutelsat.probability == 96)
        #expect(eutelsat.provider == "SpaceX")
        #expect(eutelsat.rocket?.object?.name == "Falcon 9 Block 5")
        #expect(eutelsat.rocket?.object?.id == "ll2-config-164")
        #expect(eutelsat.launchpad?.object?.locality == "Kennedy Space Center, FL, USA")
        #expect(eutelsat.orbit == "Geostationary Transfer Orbit")
        // Trimmed at the ends only; the paragraphs inside are the renderer's business.
        #expect(eutelsat.details?.contains("TV broadcasting (DTH) and government services over Africa, Russia, and Europe. \r\n\r\nIt is based") == true)
        #expect(eutelsat.details?.hasSuffix("more than 15 years.") == true)

        #expect(try launch(path, named: "Falcon 9 Block 5 | Starlink Group 6-45").probability == 96)

        let resurs = try launch(path, named: "Soyuz 2.1b | Resurs-P No.4")
        #expect(resurs.sourceStatus == SourceStatus(id: 6, name: "In Flight"))
        #expect(resurs.status == .other)
        #expect(resurs.statusWord == "IN FLIGHT")
        #expect(resurs.upcoming == false)
        #expect(resurs.success == nil)
        #expect(resurs.date == (try instant("2024-03-31T09:36:45Z")))
        #expect(resurs.provider == "Russian Federal Space Agency (ROSCOSMOS)")
        #expect(resurs.launchpad == .object(Launchpad(id: "ll2-pad-20", name: "31/6",
                                                      locality: "Baikonur Cosmodrome, Republic of Kazakhstan")))
    }

    @Test func march2024TBDFlagsCapThePrecision() throws {
        let path = "ll2/2.0.0/upcoming-2024-03.json"
        let launches = try page(path).launches
        // tbddate + tbdtime: the month only.
        let starlink = try launch(path, named: "Falcon 9 Block 5 | Starlink Group 7-18")
        #expect(starlink.datePrecision == .month)
        #expect(starlink.date == (try instant("2024-04-01T00:00:00Z")))
        // tbdtime alone: the day.
        #expect(try launch(path, named: "Long March 2C | Unknown Payload").datePrecision == .day)
        #expect(launches.filter { $0.datePrecision == .day }.map(\.name) == [
            "Long March 2C | Unknown Payload", "Falcon 9 Block 5 | Starlink Group 8-1",
            "Falcon 9 Block 5 | Starlink Group 6-47", "Angara A5/Blok DM-03 | Vostochny Angara Test Flight",
        ])
        #expect(launches.filter { $0.datePrecision == .month }.count == 1)
        #expect(launches.filter { $0.datePrecision == .hour }.count == 5)
        // The flags agree with the record: precision month ⇔ tbddate, at most day ⇔ tbdtime.
        for (record, launch) in zip(try rawResults(path), launches) {
            #expect((record["tbddate"] as? Bool == true) == (launch.datePrecision == .month), "\(launch.name)")
            #expect((record["tbdtime"] as? Bool == true) == (launch.datePrecision != .hour), "\(launch.name)")
        }
        // Launches stay in the upcoming list for a day after liftoff.
        #expect(launches.map(\.status.word) == ["SUCCESS", "SUCCESS", "OTHER"] + Array(repeating: "UPCOMING", count: 7))
        #expect(launches.map(\.upcoming) == [false, false, false] + Array(repeating: true, count: 7))
    }

    @Test func june2026Precisions() throws {
        let launches = try page("ll2/2.0.0/upcoming-2026-06.json").launches
        #expect(launches.map(\.datePrecision) == [.hour, .hour, .hour, .day, .hour, .day, .month, .month, .month, .month])
        #expect(launches.first?.name == "Falcon 9 Block 5 | NROL-179")
        #expect(launches.last?.name == "Falcon 9 Block 5 | SDA Tranche 1 Transport Layer D")
        #expect(launches.allSatisfy { $0.upcoming && $0.status == .upcoming })
    }

    @Test func detailed220Starlink() throws {
        let launch = try launch("ll2/2.2.0/upcoming-detailed.json", named: "Falcon 9 Block 5 | Starlink Group 15-22")
        #expect(launch.id == "95653d52-bb77-4860-a815-dd7141778d17")
        #expect(launch.sourceStatus == SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go"))
        #expect(launch.statusWord == "GO")
        #expect(launch.upcoming == true && launch.success == nil)
        #expect(launch.datePrecision == .hour)  // net_precision Minute
        #expect(launch.date == (try instant("2026-08-26T09:27:00Z")))
        let video = ExternalLink(url: try makeURL("https://x.com/i/broadcasts/1AKEmvvQLayKL"), title: "Starlink Mission",
                                 publisher: "SpaceX", kind: "Official Webcast", language: "English")
        #expect(launch.videos == [video])
        #expect(launch.videos.first?.label == "SpaceX — Starlink Mission (English)")
        #expect(launch.links.webcast == video.url)
        // No publisher on info links: the source names it.
        #expect(launch.infoLinks == [ExternalLink(url: try makeURL("https://www.spacex.com/launches/sl-15-22"), title: "SpaceX",
                                                  publisher: "spacex.com", kind: "Official Page", language: "English")])
        let patch = try makeURL("https://thespacedevs-dev.nyc3.digitaloceanspaces.com/media/mission_patch_images/space2520x252_mission_patch_20221011205756.png")
        // Only the webcast and the patch are links; the article, wiki and the rest stay empty.
        #expect(launch.links == LaunchLinks(patchSmall: patch, patchLarge: patch, webcast: video.url))
        #expect(launch.image == (try makeURL("https://thespacedevs-dev.nyc3.digitaloceanspaces.com/media/images/falcon2520925_image_20221009234147.png")))
        #expect(launch.rocket == .object(ll2Rocket("ll2-config-164", "Falcon 9 Block 5")))
        #expect(launch.launchpad == .object(Launchpad(id: "ll2-pad-16", name: "Space Launch Complex 4E",
                                                      locality: "Vandenberg SFB, CA, USA")))
        #expect(launch.provider == "SpaceX")
        #expect(launch.missionType == "Communications" && launch.orbit == "Low Earth Orbit")
        #expect(launch.probability == nil)
        #expect(launch.window == nil)
    }

    @Test func detailed220ArianeHasNoVideos() throws {
        let launch = try launch("ll2/2.2.0/upcoming-detailed.json", named: "Ariane 62 | MTG-I2")
        #expect(launch.videos.isEmpty && launch.infoLinks.isEmpty)
        #expect(launch.links.webcast == nil)
        #expect(launch.links.patchLarge?.absoluteString.hasSuffix("va2702520patch_mission_patch_20260720115333.png") == true)
        #expect(launch.provider == "Arianespace")
        #expect(launch.rocket?.object?.name == "Ariane 62")
        #expect(launch.launchpad?.object?.name == "Ariane Launch Area 4")
        #expect(launch.details == "Third of EUMETSAT's third generation of weather satellite.")
        #expect(launch.datePrecision == .hour)
        #expect(launch.statusWord == "GO")
    }

    @Test func nextCursorIsTheRecordedURL() throws {
        let first = try page("ll2/2.0.0/upcoming-2023-04.json")
        let recorded = try makeURL("https://ll.thespacedevs.com/2.0.0/launch/upcoming/?limit=10&offset=10")
        #expect(first.next == PageCursor(page: 2, url: recorded))
        // Same server as the base: followed as given.
        let base = try makeURL("https://ll.thespacedevs.com/2.0.0")
        #expect(LaunchLibrary2.url(for: try #require(first.next), base: base, segment: .upcoming) == recorded)

        // The 2.2.0 recording came from the development server: another host than the base,
        // so the same page (its limit and offset) is asked of the base instead.
        let detailed = try page("ll2/2.2.0/upcoming-detailed.json", page: 3)
        #expect(detailed.page == 3)
        let lldev = try makeURL("https://lldev.thespacedevs.com/2.2.0/launch/upcoming/?format=json&hide_recent_previous=false&include_suborbital=true&limit=2&mode=detailed&offset=2&related=false")
        #expect(detailed.next == PageCursor(page: 4, url: lldev))
        #expect(LaunchLibrary2.url(for: try #require(detailed.next), base: try makeURL("https://ll.thespacedevs.com/2.2.0"),
                                   segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=2&offset=2")))
        #expect(LaunchLibrary2.url(for: try #require(detailed.next), base: try makeURL("https://lldev.thespacedevs.com/2.2.0"),
                                   segment: .upcoming) == lldev)
    }
}

// MARK: - Hand-written records

struct LaunchLibrary2EdgeCaseTests {
    @Test func a230RecordWithImageObjects() throws {
        let launch = try LaunchLibrary2.decodeLaunch(LL2Fixture.data("launch-2.3.0"))
        #expect(launch.origin == .launchLibrary2)
        #expect(launch.id == "00000000-0000-4000-8000-000000000230")
        #expect(launch.name == "Falcon 9 Block 5 | Hand-written 2.3.0 record")
        // The image object: its full picture, not the thumbnail.
        #expect(launch.image == (try makeURL("https://images.example.org/media/images/falcon9_image.jpeg")))
        // A patch whose picture is an object: the thumbnail is the small one.
        #expect(launch.links.patchSmall == (try makeURL("https://images.example.org/media/mission_patch_images/starlink_thumb.png")))
        #expect(launch.links.patchLarge == (try makeURL("https://images.example.org/media/mission_patch_images/starlink.png")))
        // 2.3.0's Payload Deployed (9): neither to come nor over.
        #expect(launch.sourceStatus == SourceStatus(id: 9, name: "Payload Deployed", abbrev: "Payload Deployed"))
        #expect(launch.status == .other && launch.upcoming == false && launch.success == nil)
        #expect(launch.statusWord == "PAYLOAD DEPLOYED")
        #expect(launch.datePrecision == .quarter)
        #expect(launch.date == (try instant("2025-07-01T00:00:00Z")))
        #expect(launch.probability == 40)
        #expect(launch.provider == "SpaceX")
        #expect(launch.rocket == .object(ll2Rocket("ll2-config-164", "Falcon 9 Block 5")))
        #expect(launch.launchpad == .object(Launchpad(id: "ll2-pad-80", name: "Space Launch Complex 40",
                                                      locality: "Cape Canaveral SFS, FL, USA")))
        #expect(launch.details == "A record in the 2.3.0 shape: images are objects.")
        #expect(launch.missionType == "Communications" && launch.orbit == "Low Earth Orbit")
        // snake_case `vid_urls`: by priority, equal priorities in the order sent, no priority
        // last; the entry without a link and the `javascript:` one left out.
        #expect(launch.videos.map(\.url.absoluteString) == [
            "https://x.com/i/broadcasts/first", "https://www.youtube.com/watch?v=second",
            "https://www.youtube.com/watch?v=third", "https://example.com/last",
        ])
        #expect(launch.videos.first == ExternalLink(url: try makeURL("https://x.com/i/broadcasts/first"), title: "Starlink Mission",
                                                    publisher: "x.com", kind: "Official Webcast", language: "English"))
        #expect(launch.videos[2].publisher == "Everyday Astronaut" && launch.videos[2].language == "Spanish")
        #expect(launch.videos[3] == ExternalLink(url: try makeURL("https://example.com/last"), title: "No priority", publisher: "example.com"))
        #expect(launch.links.webcast == launch.videos.first?.url)
        #expect(launch.infoLinks.map(\.url.absoluteString) == ["https://www.spacex.com/launches/hand-written"])
        #expect(launch.links.article == nil && launch.links.wikipedia == nil)
    }

    @Test func everyFieldNull() throws {
        let launch = try LaunchLibrary2.decodeLaunch(LL2Fixture.data("launch-all-null"))
        #expect(launch == Launch(origin: .launchLibrary2, id: "00000000-0000-4000-8000-000000000000", name: "Unnamed launch",
                                 date: nil, datePrecision: .hour, upcoming: false))
        #expect(launch.status == .unknown)
        #expect(launch.statusWord == "UNKNOWN")
    }

    @Test func wrongTypesEverywhere() throws {
        let launch = try LaunchLibrary2.decodeLaunch(LL2Fixture.data("launch-wrong-types"))
        let kept = try makeURL("https://www.youtube.com/watch?v=kept")
        #expect(launch == Launch(origin: .launchLibrary2, id: "00000000-0000-4000-8000-00000000bad0", name: "Unnamed launch",
                                 date: nil, datePrecision: .hour, upcoming: false, links: LaunchLinks(webcast: kept),
                                 videos: [ExternalLink(url: kept)]))
    }

    @Test func aRecordWithoutAnIDIsSkipped() throws {
        let page = try LaunchLibrary2.decodeList(LL2Fixture.data("list-missing-id"), page: 1)
        #expect(page.launches.map(\.name) == ["First", "Last"])
        #expect(page.launches.map(\.id) == ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"])
        #expect(page.totalDocs == 4)
        #expect(page.next == nil)
        #expect(page.page == 1)
        let last = try #require(page.launches.last)
        // An unreadable `net`: the window's start.
        #expect(last.date == (try instant("2024-12-31T23:00:00Z")))
        #expect(last.sourceStatus == SourceStatus(id: 4, name: "Launch Failure", abbrev: "Failure"))
        #expect(last.success == false && last.upcoming == false && last.status == .failure && last.statusWord == "FAILURE")
    }

    @Test func brokenBodies() throws {
        let truncated = try LL2Fixture.data("list-truncated")
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(truncated, page: 1) }
                == .badData("malformed or truncated JSON"))
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(Data(), page: 1) } == .badData("empty response"))
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeLaunch(Data()) } == .badData("empty response"))
        // `results` null or missing is no page, not an empty one.
        let resultsNull = try LL2Fixture.data("list-results-null")
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(resultsNull, page: 1) }
                == .badData("unexpected value at results"))
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(Data(#"{"count": 3}"#.utf8), page: 1) }
                == .badData("missing field results"))
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(Data(#"{"results": {"id": "a"}}"#.utf8), page: 1) }
                == .badData("unexpected value at results"))
        // An error body (e.g. DRF's throttle message with a 200 from a proxy).
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeList(Data(#"{"detail": "Request was throttled."}"#.utf8), page: 1) }
                == .badData("missing field results"))
    }

    @Test func aDetailWithoutAnIDIsBadData() throws {
        for body in [#"{"name": "No id"}"#, #"{"id": null, "name": "Null id"}"#, #"{"id": 7}"#, #"{"id": ""}"#] {
            #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeLaunch(Data(body.utf8)) }
                    == .badData("missing field id"), "\(body)")
        }
        let truncated = try LL2Fixture.data("launch-2.3.0")
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeLaunch(truncated.prefix(truncated.count / 2)) }
                == .badData("malformed or truncated JSON"))
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeLaunch(Data("[]".utf8)) } != nil)
        #expect(ll2Failure { () throws(APIError) in try LaunchLibrary2.decodeLaunch(Data("null".utf8)) } != nil)
    }

    @Test func anEmptyListAndTheCount() throws {
        let page = try LaunchLibrary2.decodeList(Data(#"{"count": 0, "next": null, "previous": null, "results": []}"#.utf8), page: 1)
        #expect(page == LaunchPage(launches: [], page: 1, totalDocs: 0, next: nil))
        // A wrong-typed count is unknown; a `next` that is no web link still means there is a next page.
        let odd = try LaunchLibrary2.decodeList(Data(#"{"count": "many", "next": "file:///etc/passwd", "results": [{"id": "a"}]}"#.utf8), page: 5)
        #expect(odd.totalDocs == nil)
        #expect(odd.next == PageCursor(page: 6, url: nil))
        #expect(odd.launches.map(\.id) == ["a"])
    }

    /// (status id, name, abbrev) → (what it means, upcoming, success).
    @Test(arguments: [
        (1, "Go for Launch", "Go", LaunchStatus.upcoming, true, Bool?.none),
        (2, "To Be Determined", "TBD", .upcoming, true, nil),
        (8, "To Be Confirmed", "TBC", .upcoming, true, nil),
        (3, "Launch Successful", "Success", .success, false, true),
        (4, "Launch Failure", "Failure", .failure, false, false),
        (7, "Launch was a Partial Failure", "Partial Failure", .failure, false, false),
        (5, "On Hold", "Hold", .other, true, nil),
        (6, "Launch in Flight", "In Flight", .other, false, nil),
        (9, "Payload Deployed", "Payload Deployed", .other, false, nil),
    ] as [(Int, String, String, LaunchStatus, Bool, Bool?)])
    func statuses(id: Int, name: String, abbrev: String, meaning: LaunchStatus, upcoming: Bool, success: Bool?) throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data("""
            {"id": "s", "status": {"id": \(id), "name": "\(name)", "abbrev": "\(abbrev)"}}
            """.utf8))
        #expect(launch.sourceStatus == SourceStatus(id: id, name: name, abbrev: abbrev))
        #expect(launch.status == meaning)
        #expect(launch.upcoming == upcoming)
        #expect(launch.success == success)
        #expect(launch.statusWord == abbrev.uppercased())
    }

    @Test func aStatusWithOnlyAnIDStillDecides() throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "s", "status": {"id": 3}}"#.utf8))
        #expect(launch.sourceStatus == nil)
        #expect(launch.success == true && launch.upcoming == false && launch.status == .success)
        // Words without an id (2.0.0's short names).
        let words = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "s", "status": {"name": "TBD"}}"#.utf8))
        #expect(words.sourceStatus == SourceStatus(id: nil, name: "TBD"))
        #expect(words.upcoming == true && words.status == .upcoming)
    }

    /// (net_precision name, abbrev, tbdtime, tbddate) → precision.
    @Test(arguments: [
        ("Second", "SEC", nil, nil, DatePrecision.hour),
        ("Minute", "MIN", nil, nil, .hour),
        ("Hour", "HR", nil, nil, .hour),
        ("Morning", "AM", nil, nil, .day),
        ("Afternoon", "PM", nil, nil, .day),
        ("Day", "DAY", nil, nil, .day),
        ("Week", "W", nil, nil, .day),
        ("Month", "M", nil, nil, .month),
        ("Quarter 1", "Q1", nil, nil, .quarter),
        ("Quarter 4", "Q4", nil, nil, .quarter),
        ("Half 1", "H1", nil, nil, .half),
        ("Half 2", "H2", nil, nil, .half),
        ("Year", "Y", nil, nil, .year),
        ("Fiscal Year", "FY", nil, nil, .year),
        ("Decade", nil, nil, nil, .year),
        // By the abbreviation alone, in any case; by the name in any case.
        (nil, "min", nil, nil, .hour),
        (nil, "Q2", nil, nil, .quarter),
        (nil, "fy", nil, nil, .year),
        ("MONTH", nil, nil, nil, .month),
        // Unknown: an hour, unless a flag says less.
        ("Fortnight", "F", nil, nil, .hour),
        (nil, nil, true, nil, .day),
        (nil, nil, nil, true, .month),
        (nil, nil, false, false, .hour),
        // The flags cap, never refine.
        ("Minute", "MIN", true, false, .day),
        ("Minute", "MIN", false, true, .month),
        ("Minute", "MIN", true, true, .month),
        ("Day", "DAY", false, true, .month),
        ("Quarter 3", "Q3", true, true, .quarter),
        ("Year", "Y", true, false, .year),
        ("Half 1", "H1", false, true, .half),
    ] as [(String?, String?, Bool?, Bool?, DatePrecision)])
    func datePrecision(name: String?, abbrev: String?, tbdTime: Bool?, tbdDate: Bool?, expected: DatePrecision) throws {
        func json(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        func json(_ value: Bool?) -> String { value.map { "\($0)" } ?? "null" }
        let precision = name == nil && abbrev == nil ? "null" : #"{"id": 99, "name": \#(json(name)), "abbrev": \#(json(abbrev))}"#
        let body = """
            {"id": "p", "net": "2025-07-01T00:00:00Z", "net_precision": \(precision),
             "tbdtime": \(json(tbdTime)), "tbddate": \(json(tbdDate))}
            """
        #expect(try LaunchLibrary2.decodeLaunch(Data(body.utf8)).datePrecision == expected, "\(body)")
    }

    /// LL2's midnight-UTC placeholder: (net, status, net_precision, tbdtime) → precision.
    @Test(arguments: [
        // Midnight UTC and TBD or TBC, nothing finer said: the day only.
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", DatePrecision.day),
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "To Be Determined", "abbrev": "TBD"}"#, "null", "null", .day),
        ("2023-04-30T00:00:00Z", #"{"id": 8, "name": "To Be Confirmed", "abbrev": "TBC"}"#, "null", "false", .day),
        ("2023-04-30T00:00:00.000Z", #"{"id": "2", "name": "TBD"}"#, "null", "false", .day),
        ("2023-04-30T00:00:00Z", #"{"name": "To Be Confirmed"}"#, "null", "false", .day),
        ("2023-04-30T00:00:00Z", #"{"abbrev": "tbd"}"#, "null", "false", .day),
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, #"{"name": "Day", "abbrev": "DAY"}"#, "false", .day),
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, #"{"name": "Fortnight"}"#, "false", .day),
        // Coarser than a day stays as coarse.
        ("2023-04-01T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, #"{"name": "Month", "abbrev": "M"}"#, "false", .month),
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, "null", "true", .day),
        // A real midnight launch: the source says Minute, or the launch is Go.
        ("2023-04-30T00:00:00Z", #"{"id": 1, "name": "Go for Launch", "abbrev": "Go"}"#, #"{"name": "Minute", "abbrev": "MIN"}"#, "false", .hour),
        ("2023-04-30T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, #"{"name": "Minute", "abbrev": "MIN"}"#, "false", .hour),
        ("2023-04-30T00:00:00Z", #"{"id": 8, "name": "TBC"}"#, #"{"name": "Second", "abbrev": "SEC"}"#, "null", .hour),
        ("2023-04-30T00:00:00Z", #"{"id": 1, "name": "Go"}"#, "null", "false", .hour),
        ("2023-04-30T00:00:00Z", #"{"id": 5, "name": "On Hold", "abbrev": "Hold"}"#, "null", "false", .hour),
        ("2023-04-30T00:00:00Z", "null", "null", "false", .hour),
        // Not exactly midnight UTC: a time someone set.
        ("2023-04-30T00:00:01Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", .hour),
        ("2023-04-30T00:00:00.500Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", .hour),
        ("2023-04-30T00:01:00Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", .hour),
        ("2023-04-30T02:00:00+02:00", #"{"id": 2, "name": "TBD"}"#, "null", "false", .day),  // midnight UTC, said in +02:00
        ("2023-04-30T00:00:00+02:00", #"{"id": 2, "name": "TBD"}"#, "null", "false", .hour),
        ("1969-07-16T00:00:00Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", .day),
        ("1969-07-16T13:32:00Z", #"{"id": 2, "name": "TBD"}"#, "null", "false", .hour),
    ] as [(String, String, String, String, DatePrecision)])
    func midnightPlaceholder(net: String, status: String, precision: String, tbdTime: String, expected: DatePrecision) throws {
        let body = #"{"id": "m", "net": "\#(net)", "status": \#(status), "net_precision": \#(precision), "tbdtime": \#(tbdTime)}"#
        #expect(try LaunchLibrary2.decodeLaunch(Data(body.utf8)).datePrecision == expected, "\(body)")
    }

    @Test(arguments: [
        ("96", Int?.some(96)), ("0", 0), ("100", 100), ("50.0", 50), ("-1", nil), ("101", nil), ("null", nil),
        ("\"96\"", nil), ("12.5", nil),
    ] as [(String, Int?)])
    func probability(json: String, expected: Int?) throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "p", "probability": \#(json)}"#.utf8))
        #expect(launch.probability == expected)
    }

    @Test(arguments: [("true", true), ("false", false), ("null", false), ("\"yes\"", false)])
    func webcastLive(json: String, expected: Bool) throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "w", "webcast_live": \#(json)}"#.utf8))
        #expect(launch.webcastLive == expected)
        // Kept through the cache and the favorites database (stored as our own JSON).
        #expect(try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(launch)).webcastLive == expected)
    }

    @Test func imagesAndPatchesInEveryShape() throws {
        func decoded(_ fields: String) throws -> Launch {
            try LaunchLibrary2.decodeLaunch(Data(#"{"id": "i", \#(fields)}"#.utf8))
        }
        let png = try makeURL("https://example.com/a.png")
        let thumb = try makeURL("https://example.com/a_thumb.png")
        #expect(try decoded(#""image": "https://example.com/a.png""#).image == png)
        #expect(try decoded(#""image": {"image_url": null, "thumbnail_url": "https://example.com/a_thumb.png"}"#).image == thumb)
        #expect(try decoded(#""image": {"image_url": "https://example.com/a.png", "thumbnail_url": "https://example.com/a_thumb.png"}"#).image == png)
        #expect(try decoded(#""image": "file:///etc/passwd""#).image == nil)
        #expect(try decoded(#""image": "javascript:alert(1)""#).image == nil)
        #expect(try decoded(#""image": {"image_url": "ftp://example.com/a.png"}"#).image == nil)
        #expect(try decoded(#""image": """#).image == nil)

        // 2.2.0: `image_url` strings; the first patch with a picture.
        let patches = try decoded(#""mission_patches": [{"image_url": null}, {"image_url": "https://example.com/a.png"}, {"image_url": "https://example.com/b.png"}]"#)
        #expect(patches.links == LaunchLinks(patchSmall: png, patchLarge: png))
        // 2.3.0: an `image` object, alone or next to a null `image_url`.
        let object = try decoded(#""mission_patches": [{"image_url": null, "image": {"image_url": "https://example.com/a.png", "thumbnail_url": "https://example.com/a_thumb.png"}}]"#)
        #expect(object.links == LaunchLinks(patchSmall: thumb, patchLarge: png))
        let onlyThumb = try decoded(#""mission_patches": [{"image": {"thumbnail_url": "https://example.com/a_thumb.png"}}]"#)
        #expect(onlyThumb.links == LaunchLinks(patchSmall: thumb, patchLarge: thumb))
    }

    @Test func videoListsInEverySpelling() throws {
        func videos(_ fields: String) throws -> [String] {
            try LaunchLibrary2.decodeLaunch(Data(#"{"id": "v", \#(fields)}"#.utf8)).videos.map(\.url.absoluteString)
        }
        // 2.0.0 detail: no source, publisher, type or language.
        let old = try LaunchLibrary2.decodeLaunch(Data("""
            {"id": "v", "vidURLs": [{"priority": 0, "title": "Webcast", "description": "d", "feature_image": null, "url": "https://youtu.be/a"}]}
            """.utf8))
        #expect(old.videos == [ExternalLink(url: try makeURL("https://youtu.be/a"), title: "Webcast")])
        #expect(old.links.webcast == (try makeURL("https://youtu.be/a")))
        #expect(try videos(#""vid_urls": [{"url": "https://youtu.be/snake"}]"#) == ["https://youtu.be/snake"])
        // camelCase first when both hold links; an empty one gives way.
        #expect(try videos(#""vidURLs": [{"url": "https://youtu.be/camel"}], "vid_urls": [{"url": "https://youtu.be/snake"}]"#) == ["https://youtu.be/camel"])
        #expect(try videos(#""vidURLs": [], "vid_urls": [{"url": "https://youtu.be/snake"}]"#) == ["https://youtu.be/snake"])
        // The mission's own list when the launch has none.
        #expect(try videos(#""vidURLs": [], "mission": {"vid_urls": [{"url": "https://youtu.be/mission"}]}"#) == ["https://youtu.be/mission"])
        #expect(try videos(#""vidURLs": [{"url": "https://youtu.be/launch"}], "mission": {"vid_urls": [{"url": "https://youtu.be/mission"}]}"#) == ["https://youtu.be/launch"])
        let info = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "v", "info_urls": [{"url": "https://example.com/info", "source": "example.com"}]}"#.utf8))
        #expect(info.infoLinks == [ExternalLink(url: try makeURL("https://example.com/info"), publisher: "example.com")])
        #expect(info.links == LaunchLinks())
    }

    @Test func rocketAndPadWithoutTheirIDs() throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data("""
            {"id": "r", "rocket": {"configuration": {"name": "Electron", "full_name": ""}},
             "pad": {"name": "Rocket Lab Launch Complex 1A", "location": null}}
            """.utf8))
        #expect(launch.rocket == .object(ll2Rocket("ll2-config-Electron", "Electron")))
        #expect(launch.launchpad == .object(Launchpad(id: "ll2-pad-Rocket Lab Launch Complex 1A", name: "Rocket Lab Launch Complex 1A")))
        let nameless = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "r", "rocket": {"configuration": {"id": 5}}, "pad": {}}"#.utf8))
        #expect(nameless.rocket == nil && nameless.launchpad == nil)
        let stringIDs = try LaunchLibrary2.decodeLaunch(Data(#"{"id": "r", "rocket": {"configuration": {"id": "5", "name": "X"}}, "pad": {"id": "7", "location": {"name": "Here"}}}"#.utf8))
        #expect(stringIDs.rocket?.object?.id == "ll2-config-5")
        #expect(stringIDs.launchpad == .object(Launchpad(id: "ll2-pad-7", name: nil, locality: "Here")))
    }

    @Test func blankTextIsMissing() throws {
        let launch = try LaunchLibrary2.decodeLaunch(Data("""
            {"id": "b", "name": "  ", "launch_service_provider": {"name": ""},
             "mission": {"description": " \\r\\n ", "type": "", "orbit": {"name": ""}}}
            """.utf8))
        #expect(launch.name == "Unnamed launch")
        #expect(launch.provider == nil && launch.details == nil && launch.missionType == nil && launch.orbit == nil)
    }
}

// MARK: - URLs

struct LaunchLibrary2URLTests {
    let base = URL(string: "https://ll.thespacedevs.com/2.2.0")!

    @Test func listURLs() throws {
        #expect(LaunchLibrary2.listURL(base: base, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=0")))
        #expect(LaunchLibrary2.listURL(base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=0")))
        #expect(LaunchLibrary2.listURL(base: base, segment: .past, limit: 10, offset: 40)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=10&offset=40")))
        // A trailing slash on the base makes no double slash.
        #expect(LaunchLibrary2.listURL(base: try makeURL("https://ll.thespacedevs.com/2.0.0/"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.0.0/launch/upcoming/?limit=20&offset=0")))
        // A local server without a version in its path.
        #expect(LaunchLibrary2.listURL(base: try makeURL("http://127.0.0.1:8081"), segment: .upcoming)
                == (try makeURL("http://127.0.0.1:8081/launch/upcoming/?limit=20&offset=0")))
        #expect(LaunchLibrary2.listURL(base: try makeURL("http://127.0.0.1:8081/2.2.0"), segment: .past, offset: 20)
                == (try makeURL("http://127.0.0.1:8081/2.2.0/launch/previous/?limit=20&offset=20")))
    }

    /// 2.3.0 renamed every endpoint to the plural (`/2.3.0/launches/`, LL_230_changelog.md).
    @Test func version230IsPlural() throws {
        let v230 = try makeURL("https://ll.thespacedevs.com/2.3.0")
        #expect(LaunchLibrary2.listURL(base: v230, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/upcoming/?limit=20&offset=0")))
        #expect(LaunchLibrary2.listURL(base: v230, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/previous/?limit=20&offset=0")))
        #expect(LaunchLibrary2.detailURL(base: v230, id: "abc") == (try makeURL("https://ll.thespacedevs.com/2.3.0/launches/abc/")))
        #expect(LaunchLibrary2.listURL(base: try makeURL("https://ll.thespacedevs.com/2.10.0/"), segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.10.0/launches/upcoming/?limit=20&offset=0")))
        #expect(LaunchLibrary2.detailURL(base: try makeURL("https://ll.thespacedevs.com/2.1.0"), id: "abc")
                == (try makeURL("https://ll.thespacedevs.com/2.1.0/launch/abc/")))
    }

    @Test func detailURLs() throws {
        #expect(LaunchLibrary2.detailURL(base: base, id: "95653d52-bb77-4860-a815-dd7141778d17")
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/95653d52-bb77-4860-a815-dd7141778d17/")))
        // An id cannot leave its path segment.
        #expect(LaunchLibrary2.detailURL(base: base, id: "a/b?c#d e%").absoluteString
                == "https://ll.thespacedevs.com/2.2.0/launch/a%2Fb%3Fc%23d%20e%25/")
        #expect(LaunchLibrary2.detailURL(base: base, id: "..").absoluteString == "https://ll.thespacedevs.com/2.2.0/launch/%2E%2E/")
        #expect(LaunchLibrary2.detailURL(base: base, id: "v1.2").absoluteString == "https://ll.thespacedevs.com/2.2.0/launch/v1.2/")
    }

    @Test func aSameOriginCursorIsFollowedAsGiven() throws {
        let next = try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&mode=normal&offset=20")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: next), base: base, segment: .upcoming) == next)
        // The host in another case, the default port spelled out: the same server.
        let spelled = try makeURL("https://LL.thespacedevs.com:443/2.2.0/launch/upcoming/?limit=20&offset=20")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: spelled), base: base, segment: .upcoming) == spelled)
        let local = try makeURL("http://127.0.0.1:8081/2.2.0/launch/previous/?limit=20&offset=40")
        #expect(LaunchLibrary2.url(for: PageCursor(page: 3, url: local), base: try makeURL("http://127.0.0.1:8081/2.2.0"),
                                   segment: .past) == local)
    }

    @Test func aForeignCursorIsComputedFromItsOffset() throws {
        let expected = try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=20")
        for foreign in [
            "https://evil.example/2.2.0/launch/upcoming/?limit=20&offset=20",
            "http://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=20",       // another scheme
            "https://ll.thespacedevs.com:8443/2.2.0/launch/upcoming/?limit=20&offset=20", // another port
            "https://ll.thespacedevs.com.evil.example/?offset=20",                        // another host, no limit
        ] {
            #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: try makeURL(foreign)), base: base, segment: .upcoming)
                    == expected, "\(foreign)")
        }
        // The foreign URL's offset is the page asked for, whatever the cursor's number says.
        #expect(LaunchLibrary2.url(for: PageCursor(page: 2, url: try makeURL("https://evil.example/?limit=10&offset=70")),
                                   base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=10&offset=70")))
        // No offset, or an unreadable one: from the page number.
        #expect(LaunchLibrary2.url(for: PageCursor(page: 4, url: try makeURL("https://evil.example/?offset=lots&limit=500")),
                                   base: base, segment: .upcoming)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=20&offset=60")))
    }

    @Test func aCursorWithoutAURLIsComputed() throws {
        #expect(LaunchLibrary2.url(for: .first, base: base, segment: .upcoming)
                == LaunchLibrary2.listURL(base: base, segment: .upcoming))
        #expect(LaunchLibrary2.url(for: PageCursor(page: 3), base: base, segment: .past)
                == (try makeURL("https://ll.thespacedevs.com/2.2.0/launch/previous/?limit=20&offset=40")))
    }

    @Test func sourceName() {
        #expect(LaunchLibrary2.name == "Launch Library 2")
    }
}

/// A launch row's rocket: Launch Library 2's configuration, by id and name.
func ll2Rocket(_ id: String, _ name: String) -> Rocket {
    var rocket = Rocket(id: id, name: name)
    rocket.origin = .launchLibrary2
    return rocket
}
