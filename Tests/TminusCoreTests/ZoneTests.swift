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
}
