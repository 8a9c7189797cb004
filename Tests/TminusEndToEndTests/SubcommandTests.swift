import Foundation
import Testing

/// The subcommands for scripts, through the real binary against the fixture server: their
/// output compared with golden files in `Golden/` (re-record one by deleting it: the test then
/// writes it and fails once), their exit codes and messages.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct SubcommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    /// Subcommands with the server, UTC and a clock half a second before 10:38:51 (so a
    /// countdown printed within that half second reads the same whole second every run).
    static func rig() throws -> CommandRig {
        try CommandRig(prefix: "tminus-e2e-subcommands", flags: ["--tz", "UTC", "--now", "2022-10-17T10:38:50.500Z"])
    }

    func expectGolden(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = Self.golden.appending(path: name)
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try output.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again", sourceLocation: sourceLocation)
            return
        }
        #expect(output == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }

    @Test func nextPrintsOneLine() throws {
        let rig = try Self.rig()
        let plain = try rig.run(["next"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "Starlink 4-36 (v1.5)  T-03d 04:11:09\n")
        let formatted = try rig.run(["next", "--format", "{name} | {date} | {rocket} | {status} | {webcast}"])
        #expect(formatted.stdout.hasPrefix("Starlink 4-36 (v1.5) | 2022-10-20 14:50 | Falcon 9 | UPCOMING | https://"),
                "\(formatted.stdout)")
        let ll2 = try rig.run(["next", "--source", "ll2", "--format", "{name} / {provider} / {countdown}"])
        #expect(ll2.stdout == "PSLV-CA | TeLEOS-2 / Indian Space Research Organization / T-186d 22:11:09\n", "\(ll2.stdout) \(ll2.stderr)")
    }

    @Test func listTablesAndJSON() throws {
        let rig = try Self.rig()
        let upcoming = try rig.run(["list", "upcoming", "--limit", "25"])
        #expect(upcoming.status == 0, "\(upcoming.stderr)")
        #expect(!upcoming.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")
        try expectGolden(upcoming.stdout, "list-upcoming.txt")
        #expect(try rig.run(["list", "--limit", "25"]).stdout == upcoming.stdout, "the list defaults to upcoming")
        // The default list holds with --json too (issue 17: `list --json` without a list failed).
        let json = try rig.run(["list", "--json", "--limit", "3"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.count == 3, "\(json.stdout)")
        #expect(json.stdout == (try rig.run(["list", "upcoming", "--json", "--limit", "3"])).stdout, "the JSON list defaults to upcoming")
        let past = try rig.run(["list", "past", "--limit", "3", "--json"])
        try expectGolden(past.stdout, "list-past-3.json")
        let parsed = try JSONSerialization.jsonObject(with: Data(past.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 3)
        let ll2 = try rig.run(["list", "upcoming", "--source", "ll2", "--limit", "22"])
        try expectGolden(ll2.stdout, "list-upcoming-ll2.txt")
        #expect(ll2.stdout.split(separator: "\n").count == 23, "22 launches over two pages, and the header")
        // The precision in LL2's own word where it gives one (the 2.2.0 records), as the detail says it.
        let ll2JSON = try rig.run(["list", "upcoming", "--source", "ll2", "--limit", "40", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(ll2JSON.stdout.utf8)) as? [[String: Any]])
        let words = Set(rows.compactMap { $0["precision"] as? String })
        #expect(words.contains("Minute"), "\(words)")
        #expect(rows.allSatisfy { $0["precision"] != nil && $0["date_precision"] != nil })
    }

    @Test func rocketsInTheSavedUnits() throws {
        let rig = try Self.rig()
        let metric = try rig.run(["rockets"])
        try expectGolden(metric.stdout, "rockets.txt")
        let settings = rig.dataDir.appending(path: "config/settings.json")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"units": {"height": "imperial", "diameter": "imperial", "mass": "imperial", "thrust": "imperial", "payload": "imperial"}}"#
            .write(to: settings, atomically: true, encoding: .utf8)
        let imperial = try rig.run(["rockets"])
        #expect(imperial.stdout.contains("229.7 ft"), "\(imperial.stdout)")
        let json = try rig.run(["rockets", "--json"])
        #expect(json.stdout.contains(#""height_m" : 70"#))
    }

    @Test func icsWritesTheEventAndSaysWhere() throws {
        let rig = try Self.rig()
        let result = try rig.run(["ics", "63161345ffc78f3b8567070d"])
        #expect(result.status == 0, "\(result.stderr)")
        let path = result.stdout.trimmingCharacters(in: .newlines)
        #expect(path == rig.dataDir.appending(path: "downloads/tminus-starlink-4-36-v1-5-63161345ffc7.ics").path)
        let ics = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ics.contains("UID:63161345ffc78f3b8567070d@tminus\r\n"))
        #expect(ics.contains("DTSTART:20221020T145000Z\r\n"))
        #expect(ics.contains("DTEND:20221020T155000Z\r\n"))
    }

    @Test func favoritesWhenThereAreNone() throws {
        let rig = try Self.rig()
        let result = try rig.run(["favorites"])
        #expect(result.status == 0)
        #expect(result.stdout == "ROCKETS\n(none)\n\nLAUNCHES\n(none)\n")
        let json = try rig.run(["favorites", "--json"])
        #expect(json.stdout.contains(#""launches" : ["#) && json.stdout.contains(#""rockets" : ["#))
    }

    @Test(arguments: [
        (["list", "nope"], Int32(64), "unknown list 'nope': use upcoming or past"),
        (["list", "past", "--limit", "0"], 64, "--limit must be at least 1"),
        (["next", "--format", "{nmae}"], 64, "unknown placeholder {nmae}"),
        (["ics", "no-such-launch"], 1, "no launch with id 'no-such-launch'"),
        (["next", "--tz", "Nowhere/Land"], 64, "unknown time zone 'Nowhere/Land'"),
    ])
    func failuresSayWhyOnStderr(_ command: [String], _ status: Int32, _ message: String) throws {
        let rig = try Self.rig()
        let result = try rig.run(command)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Issue 37: `--help`'s usage read `tminus <options> <subcommand>`, as if a subcommand were
    /// needed; without one tminus is the app.
    @Test func theUsageSaysTminusAloneIsTheApp() throws {
        let help = try Self.rig().run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: tminus [<options>]                 the full-screen app\n"), "\(help.stdout)")
        #expect(help.stdout.contains("       tminus <subcommand> [<options>]    a line, a table or JSON for scripts\n"), "\(help.stdout)")
        #expect(!help.stdout.contains("tminus <options> <subcommand>"))
    }

    /// Issue 38's exact interface: `next --provider`, `list --location … --json`, `--crewed`,
    /// `--hide`; a name that matches nothing is a usage error naming the close ones.
    @Test func theFollowFlagsNarrowNextAndList() throws {
        let rig = try Self.rig()
        let ll2 = ["--source", "ll2"]
        let vandenberg = try rig.run(["list", "--location", "Vandenberg", "--json", "--limit", "40"] + ll2)
        #expect(vandenberg.status == 0, "\(vandenberg.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(vandenberg.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty && rows.allSatisfy { ($0["location"] as? String)?.contains("Vandenberg") == true }, "\(vandenberg.stdout)")
        let all = try #require(try JSONSerialization.jsonObject(with: Data(rig.run(["list", "--json", "--limit", "40"] + ll2).stdout.utf8)) as? [[String: Any]])
        #expect(rows.count < all.count, "the follow left some out")

        let spacex = try rig.run(["next", "--provider", "SpX", "--format", "{provider}|{name}"] + ll2)
        #expect(spacex.status == 0 && spacex.stdout.hasPrefix("SpaceX|"), "\(spacex.stdout)\(spacex.stderr)")
        let hidden = try rig.run(["list", "--provider", "spacex", "--hide", "Starlink", "--json", "--limit", "40"] + ll2)
        let hiddenRows = try #require(try JSONSerialization.jsonObject(with: Data(hidden.stdout.utf8)) as? [[String: Any]])
        #expect(hiddenRows.allSatisfy { ($0["name"] as? String)?.contains("Starlink") == false && $0["provider"] as? String == "SpaceX" })

        let typo = try rig.run(["next", "--provider", "SpaceXX"] + ll2)
        #expect(typo.status == 64 && typo.stdout.isEmpty, "\(typo.stderr)")
        #expect(typo.stderr.hasPrefix("tminus: no provider matches 'SpaceXX' in the ") && typo.stderr.contains("(close: SpaceX"), "\(typo.stderr)")
    }

    /// `--crewed` is asked of the server (`is_crewed=true`, a request of its own: a rig of its
    /// own, so the budget's burst is this test's); none of the recorded launches is crewed.
    @Test func crewedIsAskedOfTheServerAndNoneIsNext() throws {
        let rig = try Self.rig()
        let ll2 = ["--source", "ll2"]
        let crewed = try rig.run(["next", "--crewed"] + ll2)
        #expect(crewed.status == 1 && crewed.stderr.contains("followed (crewed)"), "\(crewed.stderr)")
        #expect(try rig.run(["next", "--crewed", "--everything"] + ll2).status == 0, "--everything: this run follows nothing")
    }

    /// `[follow]` in config.toml is what a run follows; a flag replaces its kind, and
    /// `--everything` ignores it this once.
    @Test func theSavedFollowAppliesUntilEverything() throws {
        let rig = try Self.rig()
        let config = rig.dataDir.appending(path: "config/config.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[follow]\nproviders = [\"Indian Space Research\"]\n".write(to: config, atomically: true, encoding: .utf8)
        let ll2 = ["--source", "ll2", "--format", "{provider}"]
        let saved = try rig.run(["next"] + ll2)
        #expect(saved.stdout == "Indian Space Research Organization\n", "\(saved.stdout)\(saved.stderr)")
        let flag = try rig.run(["next", "--provider", "SpX"] + ll2)
        #expect(flag.stdout == "SpaceX\n", "\(flag.stdout)\(flag.stderr)")
        let everything = try rig.run(["next", "--everything"] + ll2)
        #expect(everything.status == 0 && everything.stderr.isEmpty, "\(everything.stderr)")
    }

    /// The follow chosen in the app (settings.json) is what every subcommand follows, over
    /// config.toml's; `events` and `rockets` follow it too; every subcommand takes the flags.
    @Test func theFollowChosenInTheAppAppliesToEverySubcommand() throws {
        let rig = try Self.rig()
        let config = rig.dataDir.appending(path: "config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[follow]\nproviders = [\"Indian Space Research\"]\n".write(to: config.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        try #"{"follow": {"providers": ["United Launch Alliance"]}}"#.write(to: config.appending(path: "settings.json"), atomically: true, encoding: .utf8)
        let ll2 = ["--source", "ll2"]
        let next = try rig.run(["next", "--format", "{provider}"] + ll2)
        #expect(next.stdout == "United Launch Alliance\n", "\(next.stdout)\(next.stderr)")
        let list = try rig.run(["list", "--json", "--limit", "40"] + ll2)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty && rows.allSatisfy { $0["provider"] as? String == "United Launch Alliance" }, "\(list.stdout)")
        // Events: those naming a followed launch, and those naming none.
        let events = try rig.run(["events", "--json", "--limit", "40", "--provider", "SpaceX"] + ll2)
        let all = try rig.run(["events", "--json", "--limit", "40", "--everything"] + ll2)
        let followed = try #require(try JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])
        let every = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        let names = followed.compactMap { $0["name"] as? String }
        #expect(events.status == 0 && followed.count < every.count, "\(events.stderr)")
        #expect(names.contains("Europa Clipper Earth Flyby") && !names.contains("NG-14 Cygnus Release & Reentry"), "\(names)")
        #expect(names.contains("US EVA-97"), "an event naming no launch stays: \(names)")
        // Rockets: by provider.
        let rockets = try rig.run(["rockets", "--json", "--provider", "Blue Origin"] + ll2)
        let named = try #require(try JSONSerialization.jsonObject(with: Data(rockets.stdout.utf8)) as? [[String: Any]])
        #expect(named.count == 1 && named.first?["name"] as? String == "New Shepard", "\(rockets.stdout)\(rockets.stderr)")
        // The rest take the flags.
        for command in [["favorites"], ["doctor"], ["ics", "no-such-launch"]] {
            let result = try rig.run(command + ["--provider", "SpaceX", "--crewed", "--everything"])
            #expect(!result.stderr.contains("Unknown option"), "\(command): \(result.stderr)")
        }
    }

    /// One run says its failures one way (issue 37: `tminus: r/SpaceX API: …` beside `Error:
    /// r/SpaceX API: …`): every line on stderr starts `tminus: `, the failure's too.
    @Test func everyLineOnStderrSaysTminus() throws {
        let rig = try Self.rig()
        for command in [["ics", "no-such-launch"], ["events", "--source", "spacex"],
                        ["list", "--source", "ll2", "--ll2-api", BuiltInArchiveTests.refused + "/2.2.0"]] {
            let result = try rig.run(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("tminus: ") }, "\(command): \(result.stderr)")
        }
    }

    /// The same columns for every list and source, and an empty list says so as the app does
    /// (issue 37: `list` had `… PROVIDER`, `list past` `… ROCKET`, an empty one a bare header).
    @Test func everyListHasTheSameColumnsAndAnEmptyOneSaysSo() async throws {
        let rig = try Self.rig()
        let header = { (output: String) in output.split(separator: "\n").first.map { $0.split(separator: " ").map(String.init) } }
        let columns = ["DATE", "STATUS", "NAME", "ROCKET", "PROVIDER"]
        for command in [["list", "--limit", "2"], ["list", "past", "--limit", "2"],
                        ["list", "--source", "ll2", "--limit", "2"], ["list", "past", "--source", "ll2", "--limit", "2"]] {
            let result = try rig.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(header(result.stdout) == columns, "\(command): \(result.stdout)")
        }
        // A server with no launches at all, asked from a new data dir (a replica already
        // holding launches keeps them: it is asked only what changed).
        let fresh = try Self.rig()
        try await fresh.server.inject(fault: Fault(pathPrefix: "/2.2.0/launch/", noRecords: true))
        let empty = try fresh.run(["list", "past", "--source", "ll2"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout == "No past launches.\n", "\(empty.stdout)")
        let emptyJSON = try fresh.run(["list", "past", "--source", "ll2", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(emptyJSON.stdout.utf8)) as? [Any])?.isEmpty == true, "\(emptyJSON.stdout)")
    }

    /// A bad flag or value given to a subcommand is answered with that subcommand's usage, not
    /// the top-level one (issue 17), whether the parser or a check of the value refuses it.
    @Test(arguments: [
        ["next", "--bogus"],
        ["next", "--tz", "Nowhere/Land"],
        ["next", "--format", "{nmae}"],
        ["list", "--now", "yesterday"],
        ["list", "--limit", "0"],
        ["rockets", "--source", "nasa"],
        ["favorites", "--timeout", "0"],
        ["ics", "some-id", "--theme", "sepia"],
    ])
    func usageErrorsShowTheSubcommandsUsage(_ command: [String]) throws {
        let rig = try Self.rig()
        let result = try rig.run(command)
        let name = command[0]
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tminus \(name) "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'tminus \(name) --help'"), "\(result.stderr)")
        #expect(!result.stderr.contains("<subcommand>"), "the top-level usage: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Offline with nothing cached: Launch Library 2 (live data) fails with the reason; the
    /// r/SpaceX API (frozen) answers from the built-in archive, as the app does, and says so.
    @Test func offlineWithNothingCachedFailsClearlyOnLiveDataAndShowsTheArchiveOtherwise() throws {
        let rig = try Self.rig()
        let live = try rig.run(["next", "--offline", "--source", "ll2"])
        #expect(live.status == 1)
        #expect(live.stderr.contains("offline: nothing cached for this yet — run tminus without --offline to fill the cache"), "\(live.stderr)")
        #expect(live.stdout.isEmpty)
        let archive = try rig.run(["next", "--offline"])
        #expect(archive.status == 0, "\(archive.stderr)")
        #expect(archive.stdout == "Starlink 4-36 (v1.5)  T-03d 04:11:09\n", "the archive's, at this run's clock (2022-10-17)")
        #expect(archive.stderr == "tminus: r/SpaceX API: offline: nothing cached for this yet — run tminus without --offline to fill the cache"
                + " — showing the built-in archive, data to 2022-10\n", "\(archive.stderr)")
        _ = try rig.run(["next"])
        let cached = try rig.run(["next", "--offline"])
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(cached.stdout == "Starlink 4-36 (v1.5)  T-03d 04:11:09\n")
        #expect(!cached.stderr.contains("archive"), "the cache, not the archive: \(cached.stderr)")
    }

    /// Today, the archive's launches that were to come in 2022 are no data, not upcoming: a
    /// script must not take them for what is next.
    @Test func theArchiveIsNeverUpcomingToAScript() throws {
        let rig = try CommandRig(prefix: "tminus-e2e-subcommands-archive", flags: ["--tz", "UTC"])
        let refused = ["--spacex-api", "http://127.0.0.1:9", "--ll2-api", "http://127.0.0.1:9/2.2.0"]
        let list = try rig.run(["list", "upcoming", "--json", "--source", "spacex"] + refused)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stderr.contains("showing the built-in archive, data to 2022-10"), "\(list.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 18)
        #expect(rows.allSatisfy { $0["upcoming"] as? Bool == false }, "\(list.stdout.prefix(400))")
        // Each row says the list it is in and who flies it, and stderr why none is to come
        // (issue 37: `"upcoming": false` in the upcoming list, `"provider": null`).
        #expect(rows.allSatisfy { $0["list"] as? String == "upcoming" && $0["provider"] as? String == "SpaceX" })
        #expect(rows.allSatisfy { $0["status"] as? String == "no data" }, "\(list.stdout.prefix(400))")
        #expect(list.stderr.contains("r/SpaceX API: frozen data: 18 launches it calls upcoming are past their dates (no data)"),
                "\(list.stderr)")
        #expect(rows.allSatisfy { ($0["status"] as? String)?.lowercased().contains("upcoming") == false })
        let next = try rig.run(["next", "--source", "spacex"] + refused)
        #expect(next.status == 1 && next.stdout.isEmpty)
        #expect(next.stderr.hasSuffix("r/SpaceX API: no upcoming launch\n"), "\(next.stderr)")
        let rockets = try rig.run(["rockets", "--source", "spacex"] + refused)
        #expect(rockets.status == 0 && rockets.stdout.contains("Falcon 9"), "\(rockets.stderr)")
        let ll2 = try rig.run(["list", "--source", "ll2"] + refused)
        #expect(ll2.status == 1 && ll2.stdout.isEmpty)
        #expect(ll2.stderr.contains("Launch Library 2: network error: connection refused"), "\(ll2.stderr)")
    }
}
