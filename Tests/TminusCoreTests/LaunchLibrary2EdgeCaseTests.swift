import Foundation
import Testing
import TminusCore

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
                                                      locality: "Cape Canaveral SFS, FL, USA", locationID: "12")))
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
