import Foundation
import Testing
@testable import TminusCore

@Suite("Calendar export (.ics)")
struct LaunchEventTests {
    static let now = ISO8601.parse("2022-10-08T20:00:00Z")!

    static var galaxy: Launch {
        Launch(id: "633f71240531f07b4fdf59bb", name: "Galaxy 33 (15R) & 34 (12R)", date: ISO8601.parse("2022-10-08T23:05:00Z"),
               datePrecision: .hour, upcoming: true, details: "Two satellites; one rocket, a \\ backslash",
               rocket: .object(Rocket(id: "f9", name: "Falcon 9")),
               launchpad: .object(Launchpad(id: "slc40", name: "CCSFS SLC 40", locality: "Cape Canaveral", region: "Florida")),
               links: LaunchLinks(webcast: URL(string: "https://youtu.be/galaxy")))
    }

    @Test func aTimedLaunchIsAOneHourEvent() throws {
        let ics = try LaunchEvent.ics(for: Self.galaxy, now: Self.now, version: "1.0")
        #expect(ics == [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//tminus//tminus 1.0//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "BEGIN:VEVENT",
            "UID:633f71240531f07b4fdf59bb@tminus",
            "DTSTAMP:20221008T200000Z",
            "DTSTART:20221008T230500Z",
            "DTEND:20221009T000500Z",
            "SUMMARY:Galaxy 33 (15R) & 34 (12R)",
            // Folded at 75 octets: the next line starts with a space.
            "DESCRIPTION:Falcon 9\\nTwo satellites\\; one rocket\\, a \\\\ backslash\\nWebcast",
            " : https://youtu.be/galaxy",
            "LOCATION:CCSFS SLC 40\\, Cape Canaveral\\, Florida",
            "URL:https://youtu.be/galaxy",
            "END:VEVENT",
            "END:VCALENDAR",
        ].joined(separator: "\r\n") + "\r\n")
    }

    @Test func aDayPrecisionLaunchIsAnAllDayEvent() throws {
        var launch = Self.galaxy
        launch.datePrecision = .day
        launch.date = ISO8601.parse("2022-11-08T00:00:00Z")
        let ics = try LaunchEvent.ics(for: launch, now: Self.now)
        #expect(ics.contains("DTSTART;VALUE=DATE:20221108\r\n"))
        #expect(ics.contains("DTEND;VALUE=DATE:20221109\r\n"))
    }

    @Test func aMonthIsNotADay() {
        var launch = Self.galaxy
        launch.datePrecision = .month
        launch.date = ISO8601.parse("2022-11-01T00:00:00Z")
        #expect(throws: LaunchEvent.Problem.noExactDate("NET 2022-11")) { try LaunchEvent.ics(for: launch, now: Self.now) }
        launch.date = nil
        #expect(throws: LaunchEvent.Problem.noDate) { try LaunchEvent.ics(for: launch, now: Self.now) }
    }

    @Test func hostileTextCannotBreakTheFile() throws {
        var launch = Self.galaxy
        launch.name = "Evil\r\nEND:VEVENT\u{1B}]0;PWNED\u{07}" + String(repeating: "漢", count: 60)
        let ics = try LaunchEvent.ics(for: launch, now: Self.now)
        let lines = ics.components(separatedBy: "\r\n")
        #expect(lines.filter { $0 == "END:VEVENT" }.count == 1, "a newline in the name does not end the event")
        #expect(!ics.contains("\u{1B}") && !ics.contains("\u{07}"))
        for line in lines { #expect(line.utf8.count <= 75, "folded: \(line)") }
        // Unfolding gives the summary back whole.
        let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\r\nSUMMARY:Evil END:VEVENT" + String(repeating: "漢", count: 60) + "\r\n"), "\(unfolded)")
    }

    @Test func theFileNameIsSafe() {
        #expect(LaunchEvent.fileName(for: Self.galaxy) == "tminus-galaxy-33-15r-34-12r-633f71240531.ics")
        var odd = Self.galaxy
        odd.name = "../../etc/passwd"
        odd.id = "../x"
        #expect(LaunchEvent.fileName(for: odd) == "tminus-etc-passwd-x.ics")
    }

    @Test func theDownloadFolder() throws {
        let home = URL(fileURLWithPath: "/home/ada", isDirectory: true)
        #expect(try AppPaths.xdg(["HOME": "/home/ada"]).downloads.path == "/home/ada/Downloads")
        #expect(try AppPaths.xdg(["HOME": "/home/ada", "XDG_DOWNLOAD_DIR": "/srv/dl"]).downloads.path == "/srv/dl")
        let config = FileManager.default.temporaryDirectory.appending(path: "tminus-userdirs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try "# written by xdg-user-dirs-update\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n"
            .write(to: config.appending(path: "user-dirs.dirs"), atomically: true, encoding: .utf8)
        #expect(AppPaths.downloadFolder([:], home: home, config: config).path == "/home/ada/Téléchargements")
        #expect(AppPaths(root: URL(fileURLWithPath: "/tmp/d")).downloads.path == "/tmp/d/downloads")
    }
}
