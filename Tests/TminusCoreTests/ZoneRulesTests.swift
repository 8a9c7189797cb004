import Foundation
import Testing
@testable import TminusCore

/// Dates in the user's zone without ICU (issue 28): the zoneinfo's rules and civil arithmetic
/// must read every instant exactly as Foundation does, for every zone the system has.
@Suite("Zone rules from the zoneinfo")
struct ZoneRulesTests {
    /// Foundation's reading, as LaunchTime made it before: the reference.
    static func foundation(_ date: Date, _ zone: TimeZone, _ f: DateFormatter) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return f.string(from: date) + String(format: " %@%02d:%02d", seconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    static func ours(_ date: Date, _ time: LaunchTime) -> String {
        time.detailDate(date, precision: .hour).split(separator: " ").prefix(2).joined(separator: " ") + " " + time.offset(at: date)
    }

    /// Every zone file under the zoneinfo that Foundation also knows.
    static func zones() -> [String] {
        let root = ZoneRules.zoneinfo
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        var names: [String] = []
        for case let path as String in walk {
            guard !path.hasPrefix("posix/"), !path.hasPrefix("right/"), !path.contains("."), path != "posixrules",
                  let data = FileManager.default.contents(atPath: root + "/" + path), data.starts(with: Array("TZif".utf8)),
                  TimeZone(identifier: path) != nil else { continue }
            names.append(path)
        }
        return names.sorted()
    }

    static func formatter(_ zone: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f
    }

    /// From 1970: before it the zoneinfo and ICU's own copy of the database part ways by design
    /// (the zoneinfo keeps one history for zones that agree since 1970), and LaunchTime leaves
    /// earlier instants to Foundation.
    static let from = ISO8601.parse("1970-01-01T00:00:00Z")!.timeIntervalSince1970
    static let to = ISO8601.parse("2100-01-01T00:00:00Z")!.timeIntervalSince1970

    /// The old names that are no place (`CET`, `EST`, `WET`…). tzdata 2024b made them links to
    /// a place's zone (CET to Europe/Brussels), and ICU's copy inside Foundation is older: the
    /// two disagree about some of their 1970s offsets, and Foundation disagrees with itself
    /// there (its formatter reads 1976-05-18 00:02:48Z as 02:02:48 in CET, its secondsFromGMT
    /// says +01:00). Measured on this test's samples (about 490 a zone from 1970 on): CET 2,
    /// EET 151, EST 305, MST 305 and WET 39 instants; every other zone, none. For these the zoneinfo's reading is
    /// the one shown (as the C library's `date` shows it).
    static let legacy: Set<String> = ["CET", "EET", "WET", "MET", "EST", "MST", "HST", "CST6CDT", "EST5EDT", "MST7MDT", "PST8PDT"]

    /// Every zone, from 1970 to 2100: a sample every 97 days (hitting every hour of the day in
    /// turn), each transition and the seconds either side of it, and past the last transition
    /// (2037 in these files) the footer rule's changes, likewise.
    @Test func everyZoneReadsEveryInstantAsFoundationDoes() throws {
        let zones = Self.zones()
        try #require(zones.count > 300, "the zoneinfo has \(zones.count) zones")
        var compared = 0
        var differences: [String] = []
        var differing: [String: Int] = [:]
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            let time = LaunchTime(timeZone: zone)
            let rules = try #require(time.rules, "\(name) was not read")
            let reference = Self.formatter(zone)
            var instants: [Int64] = stride(from: Int64(Self.from), to: Int64(Self.to), by: 97 * 86_400 + 3_607).map { $0 }
            for t in rules.transitions where Double(t) > Self.from && Double(t) < Self.to { instants += [t - 1, t, t + 1] }
            if let footer = rules.footer, let start = footer.start, let end = footer.end, let daylight = footer.daylight {
                for year in 2038...2060 {
                    let begins = PosixRule.instant(start, year: year) - Int64(footer.standard)
                    let ends = PosixRule.instant(end, year: year) - Int64(daylight)
                    for t in [begins, ends] { instants += [t - 1, t, t + 1] }
                }
            }
            for t in instants {
                let date = Date(timeIntervalSince1970: Double(t))
                let (expected, actual) = (Self.foundation(date, zone, reference), Self.ours(date, time))
                compared += 1
                guard expected != actual else { continue }
                differing[name, default: 0] += 1
                if !Self.legacy.contains(name), differences.count < 20 {
                    differences.append("\(name) at \(t): Foundation \(expected), ours \(actual)")
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(Set(differing.keys).isSubset(of: Self.legacy), "\(differing)")
        #expect(compared > 100_000)
    }

    @Test func theCoarseDatesAndTheListFormAreTheSameToo() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let time = LaunchTime(timeZone: zone)
        let date = try #require(ISO8601.parse("2026-03-08T10:00:00Z"))  // 03:00 PDT, an hour after the change
        #expect(time.listDate(date, precision: .hour) == "2026-03-08 03:00")
        #expect(time.listDate(date, precision: .day) == "2026-03-08")
        #expect(time.listDate(date, precision: .month) == "NET 2026-03")
        #expect(time.listDate(date, precision: .quarter) == "NET 2026 Q1")
        #expect(time.listDate(date, precision: .half) == "NET 2026 H1")
        #expect(time.listDate(date, precision: .year) == "NET 2026")
        #expect(time.detailDate(date, precision: .hour) == "2026-03-08 03:00:00 America/Los_Angeles (UTC-07:00)")
        #expect(time.timeOfDay(date.addingTimeInterval(-1)) == "01:59:59", "the second before the change is PST")
        // A fraction of a second reads as the second it is in.
        #expect(time.timeOfDay(date.addingTimeInterval(0.999)) == "03:00:00")
        #expect(LaunchTime(timeZone: .gmt).detailDate(date, precision: .hour) == "2026-03-08 10:00:00 UTC")
    }

    @Test func posixRulesAsTheFootersSpellThem() throws {
        let cet = try #require(PosixRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(cet.standard == 3600 && cet.daylight == 7200)
        // 2040-03-25 01:00 UTC is the last Sunday of March at 02:00 CET.
        let spring = try #require(ISO8601.parse("2040-03-25T01:00:00Z")).timeIntervalSince1970
        #expect(cet.offset(at: Int64(spring) - 1) == 3600 && cet.offset(at: Int64(spring)) == 7200)
        let sydney = try #require(PosixRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        let january = try #require(ISO8601.parse("2045-01-10T00:00:00Z")).timeIntervalSince1970
        let july = try #require(ISO8601.parse("2045-07-10T00:00:00Z")).timeIntervalSince1970
        #expect(sydney.offset(at: Int64(january)) == 11 * 3600 && sydney.offset(at: Int64(july)) == 10 * 3600)
        #expect(PosixRule("<+0330>-3:30")?.offset(at: 0) == 12_600)
        #expect(PosixRule("<-03>3")?.offset(at: 0) == -10_800)
        #expect(PosixRule("IST-2IDT,M3.4.4/26,M10.5.0") != nil, "an hour past 24, as TZif 3 allows")
        let always = try #require(PosixRule("EST5EDT,0/0,J365/25"))
        #expect(always.offset(at: Int64(july)) == -4 * 3600, "daylight time all year")
        for bad in ["", "C-1", "CET", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.5.0,", "<+03"] {
            #expect(PosixRule(bad) == nil, "\(bad)")
        }
    }

    @Test func badFilesAndNamesAreNotRead() {
        #expect(ZoneRules.load("../../etc/passwd") == nil)
        #expect(ZoneRules.load("/etc/passwd") == nil)
        #expect(ZoneRules.load("No/Such_Zone") == nil)
        #expect(ZoneRules.parse(Array("TZif2".utf8)) == nil, "cut short")
        #expect(ZoneRules.parse(Array(repeating: 0, count: 100)) == nil, "no magic")
        var huge = Array("TZif2".utf8) + Array(repeating: UInt8(0), count: 15)
        huge += Array(repeating: 0xFF, count: 24)
        #expect(ZoneRules.parse(huge) == nil, "counts past the file")
        // A zone the zoneinfo lacks is Foundation's to format: still right.
        let fixed = TimeZone(secondsFromGMT: 5 * 3600 + 1800)!
        let time = LaunchTime(timeZone: fixed)
        #expect(time.rules == nil, "Foundation's GMT+0530 is not a POSIX rule (which would be 530 hours west)")
        #expect(time.listDate(Date(timeIntervalSince1970: 0), precision: .hour) == "1970-01-01 05:30")
    }
}
