import Foundation
import Testing
import TminusCore

/// `LaunchTime`: dates as the list and detail screens show them.
struct LaunchTimeTests {
    static let utc = LaunchTime(timeZone: TimeZone(identifier: "UTC")!)
    static let warsaw = LaunchTime(timeZone: TimeZone(identifier: "Europe/Warsaw")!)
    static let losAngeles = LaunchTime(timeZone: TimeZone(identifier: "America/Los_Angeles")!)

    @Test(arguments: [
        ("2022-10-05T16:00:00Z", "2022-10-05 16:00", "2022-10-05 18:00", "2022-10-05 09:00"), // summer: CEST +2, PDT -7
        ("2022-12-01T16:30:00Z", "2022-12-01 16:30", "2022-12-01 17:30", "2022-12-01 08:30"), // winter: CET +1, PST -8
        ("2022-03-27T00:59:00Z", "2022-03-27 00:59", "2022-03-27 01:59", "2022-03-26 17:59"), // last minute of CET
        ("2022-03-27T01:00:00Z", "2022-03-27 01:00", "2022-03-27 03:00", "2022-03-26 18:00"), // clocks jump to CEST
        ("2022-10-30T00:30:00Z", "2022-10-30 00:30", "2022-10-30 02:30", "2022-10-29 17:30"), // first 02:30 (CEST)
        ("2022-10-30T01:30:00Z", "2022-10-30 01:30", "2022-10-30 02:30", "2022-10-29 18:30"), // second 02:30 (CET)
        ("2006-03-24T22:30:00Z", "2006-03-24 22:30", "2006-03-24 23:30", "2006-03-24 14:30"),
    ])
    func hourPrecisionInTheUsersZone(iso: String, utc: String, warsaw: String, losAngeles: String) throws {
        let date = try instant(iso)
        #expect(Self.utc.listDate(date, precision: .hour) == utc)
        #expect(Self.warsaw.listDate(date, precision: .hour) == warsaw)
        #expect(Self.losAngeles.listDate(date, precision: .hour) == losAngeles)
    }

    @Test func dayPrecisionStaysOnTheUTCDay() throws {
        // Stored as midnight UTC: in Los Angeles that instant is still the 7th.
        let date = try instant("2022-11-08T00:00:00Z")
        #expect(Self.losAngeles.listDate(date, precision: .day) == "2022-11-08")
        #expect(Self.warsaw.listDate(date, precision: .day) == "2022-11-08")
        #expect(Self.utc.listDate(date, precision: .day) == "2022-11-08")
        #expect(Self.losAngeles.detailDate(date, precision: .day) == "2022-11-08")
    }

    @Test func coarserPrecisions() throws {
        let december = try instant("2022-12-01T00:00:00Z")
        #expect(Self.losAngeles.listDate(december, precision: .month) == "NET 2022-12")
        #expect(Self.warsaw.listDate(december, precision: .month) == "NET 2022-12")
        #expect(Self.losAngeles.listDate(try instant("2023-01-01T00:00:00Z"), precision: .year) == "NET 2023")
        #expect(Self.utc.listDate(try instant("2023-04-01T00:00:00Z"), precision: .quarter) == "NET 2023 Q2")
        #expect(Self.losAngeles.listDate(try instant("2023-10-01T00:00:00Z"), precision: .quarter) == "NET 2023 Q4")
        #expect(Self.utc.listDate(try instant("2023-01-01T00:00:00Z"), precision: .half) == "NET 2023 H1")
        #expect(Self.losAngeles.listDate(try instant("2023-07-01T00:00:00Z"), precision: .half) == "NET 2023 H2")
    }

    @Test func noDate() {
        #expect(Self.warsaw.listDate(nil, precision: .hour) == "date unknown")
        #expect(Self.warsaw.listDate(nil, precision: .month) == "date unknown")
        #expect(Self.warsaw.detailDate(nil, precision: .hour) == "-")
    }

    @Test func detailDateHasSecondsAndZone() throws {
        let date = try instant("2022-10-05T16:00:07Z")
        let warsaw = Self.warsaw.detailDate(date, precision: .hour)
        #expect(warsaw.hasPrefix("2022-10-05 18:00:07 "))
        #expect(warsaw == "2022-10-05 18:00:07 Europe/Warsaw (UTC+02:00)", "summer time")
        #expect(Self.warsaw.detailDate(try instant("2022-12-01T12:00:00Z"), precision: .hour)
                == "2022-12-01 13:00:00 Europe/Warsaw (UTC+01:00)", "winter time")
        #expect(Self.utc.detailDate(date, precision: .hour) == "2022-10-05 16:00:07 UTC")
        let kolkata = LaunchTime(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(kolkata.detailDate(date, precision: .hour) == "2022-10-05 21:30:07 Asia/Kolkata (UTC+05:30)")
        let newYork = LaunchTime(timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(newYork.detailDate(date, precision: .hour) == "2022-10-05 12:00:07 America/New_York (UTC-04:00)")
        #expect(Self.utc.detailDate(try instant("2022-12-01T00:00:00Z"), precision: .month) == "NET 2022-12")
    }
}
