import Foundation
import Testing

/// `tminus events` (issue 27) through the real binary against the fixture server: the table
/// and the JSON of the upcoming and past events, checked against the served files, and the
/// r/SpaceX API, which has no events, refused in words.
@Suite(.serialized, .enabled(if: Fixtures.available, "TMINUS_FIXTURES is not set to the recorded-data directory"))
struct EventsCommandTests {
    /// Launch Library 2.3.0 (a later `--ll2-api` wins over the server's 2.2.0), UTC.
    static func rig() throws -> CommandRig {
        try CommandRig(prefix: "tminus-e2e-events-command", flags: ["--source", "ll2", "--tz", "UTC", "--now", EventsTests.now])
    }

    static func run(_ rig: CommandRig, _ command: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try rig.run(command + ["--ll2-api", rig.server.baseURL.appending(path: "2.3.0").absoluteString])
    }

    /// The table's rows (header first), cut into cells where the header's columns start.
    static func cells(_ stdout: String) -> [[String]] {
        let lines = stdout.split(separator: "\n").map { Array($0) }
        guard let header = lines.first else { return [] }
        let starts = header.indices.filter { $0 == 0 || (header[$0] != " " && header[$0 - 1] == " ") }
        return lines.map { line in
            starts.indices.map { i in
                let from = min(starts[i], line.count), to = i + 1 < starts.count ? min(starts[i + 1], line.count) : line.count
                return String(line[from..<to]).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// DATE, TYPE, NAME (a live event's marked `LIVE` after it), LOCATION; one row an event.
    static func expectTable(_ stdout: String, _ events: [FixtureEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = cells(stdout)
        #expect(rows.first == ["DATE", "TYPE", "NAME", "LOCATION"], "\(stdout)", sourceLocation: sourceLocation)
        #expect(rows.count == events.count + 1, "\(stdout)", sourceLocation: sourceLocation)
        for (row, event) in zip(rows.dropFirst(), events) {
            #expect([row[0], row[1], row[3]] == [event.listDate, event.type ?? "-", event.location ?? "-"], "\(row)",
                    sourceLocation: sourceLocation)
            let name = event.webcastLive ? row[2].hasPrefix(event.name + " ") && row[2].hasSuffix("LIVE") : row[2] == event.name
            #expect(name, "\(event.name)\(event.webcastLive ? " (live)" : ""): \(row[2])", sourceLocation: sourceLocation)
        }
    }

    @Test func upcomingAsJSONAndAsATable() throws {
        let upcoming = try EventFixtures.upcoming()
        let rig = try Self.rig()
        let json = try Self.run(rig, ["events", "--json", "--limit", "3"])
        #expect(json.status == 0, "\(json.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        #expect(records.count == 3)
        let keys: Set<String> = ["id", "name", "type", "date", "date_precision", "precision", "location", "webcast_live", "video", "launches"]
        for (record, event) in zip(records, upcoming.prefix(3)) {
            #expect(Set(record.keys) == keys, "\(record.keys.sorted())")
            #expect(record["id"] as? String == String(event.id), "\(record)")
            #expect(record["name"] as? String == event.name)
            #expect(record["type"] as? String == event.type)
            #expect(record["location"] as? String == event.location)
            #expect(record["webcast_live"] as? Bool == event.webcastLive)
            let date = try #require(record["date"] as? String)
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let parsed = fractional.date(from: date) ?? ISO8601DateFormatter().date(from: date)
            #expect(parsed == event.date, "\(date)")
            #expect(record["launches"] as? [String] == event.launches.map(\.id), "\(record)")
        }
        let table = try Self.run(rig, ["events", "--limit", "3"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(!table.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")
        Self.expectTable(table.stdout, Array(upcoming.prefix(3)))
        // Past the first page: every event, as many as there are.
        let all = try Self.run(rig, ["events", "upcoming", "--limit", "100"])
        Self.expectTable(all.stdout, upcoming)
    }

    @Test func pastNewestFirst() async throws {
        let previous = try EventFixtures.previous()
        let rig = try Self.rig()
        let past = try Self.run(rig, ["events", "past"])
        #expect(past.status == 0, "\(past.stderr)")
        Self.expectTable(past.stdout, previous)
        let asked = try await rig.server.requests().map(\.path).filter { $0.contains("/event") }
        #expect(asked.count == 1 && asked[0].hasPrefix("/2.3.0/events/previous/?"), "\(asked)")
    }

    @Test func theSpaceXSourceHasNoEventsAndSaysSo() async throws {
        let rig = try Self.rig()
        let result = try rig.run(["events", "--source", "spacex"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("r/SpaceX API has no events: use --source ll2"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no usage: \(result.stderr)")
        #expect(try await rig.server.requests().isEmpty, "nothing asked")
    }
}
