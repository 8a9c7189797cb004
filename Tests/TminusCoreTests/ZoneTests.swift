import Foundation
import Testing
@testable import TminusCore

/// `Zone` names a zone without making Foundation's `TimeZone` (ICU) unless it must (issue 28).
@Suite struct ZoneTests {
    @Test func theSystemZoneIsTheOneFoundationFinds() {
        #expect(Zone.current.identifier == TimeZone.current.identifier)
    }

    @Test func aNameIsKnownFromTheZoneinfoOrFromFoundation() {
        #expect(Zone(identifier: "Europe/Warsaw")?.identifier == "Europe/Warsaw")
        #expect(Zone(identifier: "UTC")?.identifier == "UTC")
        #expect(Zone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(Zone(identifier: "") == nil)
        #expect(Zone(identifier: "../../etc/passwd") == nil)
    }

    @Test func gmtIsFoundationsGMT() {
        #expect(Zone.gmt.identifier == TimeZone.gmt.identifier)
        #expect(Zone.gmt.foundation == TimeZone.gmt)
    }

    /// The same dates, made from a Zone or from Foundation's TimeZone of that name.
    @Test(arguments: ["Europe/Warsaw", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"])
    func aZoneFormatsAsItsTimeZone(name: String) {
        let zone = Zone(identifier: name)!
        let byZone = LaunchTime(zone: zone), byTimeZone = LaunchTime(timeZone: TimeZone(identifier: name)!)
        for seconds in stride(from: -400_000_000.0, through: 2_000_000_000, by: 37_000_001) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(byZone.detailDate(date, precision: .hour) == byTimeZone.detailDate(date, precision: .hour))
        }
        // Foundation calls UTC "GMT"; the app shows both as UTC (`LaunchTime.zoneName`).
        #expect(zone.foundation.identifier == (name == "UTC" ? "GMT" : name))
        #expect(byZone.zoneName == byTimeZone.zoneName)
    }

    /// A POSIX rule in `TZ` or `--tz` reads as the C library reads it, checked against `date`:
    /// `UTC+5` is five hours behind UTC (Foundation alone read it as ahead), `<+05>-5` ahead,
    /// a rule with daylight saving changes with the seasons.
    @Test(arguments: ["UTC+5", "UTC-3", "GMT+2", "<+05>-5", "<-0330>3:30", "EST5EDT,M3.2.0,M11.1.0",
                      "CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"])
    func aPosixRuleIsReadAsDateReadsIt(rule: String) throws {
        let zone = try #require(Zone(identifier: rule), "\(rule) is a zone")
        let time = LaunchTime(zone: zone)
        for seconds in [0, 400_000_000, 1_000_000_000, 1_767_225_600, 1_782_864_000, 1_798_761_600, -86_400 * 400] as [Int] {
            let process = Process()
            process.executableURL = URL(filePath: "/bin/date")
            process.arguments = ["-d", "@\(seconds)", "+%Y-%m-%d %H:%M:%S %:z"]
            process.environment = ["TZ": rule, "LC_ALL": "C"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let ours = time.format(date, "yyyy-MM-dd HH:mm:ss", inUTC: false) + " " + time.offset(at: date)
            #expect(ours == expected, "TZ=\(rule) at \(seconds)")
        }
    }
}
