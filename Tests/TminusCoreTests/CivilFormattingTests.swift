import Foundation
import Testing
@testable import TminusCore

/// The UTC stamps written by civil arithmetic (log lines, cached dates, `.ics` files) read as
/// Foundation's formatters wrote them (issue 28), in and out of the Gregorian years.
@Suite struct CivilFormattingTests {
    /// Instants from year 1 to past 9999: every 1,000,003 s from 1900 to 2100, and a spread
    /// far outside (the Julian years before 1583, five-digit years).
    static let instants: [Date] = {
        var seconds = Array(stride(from: -2_208_988_800.0, through: 4_102_444_800, by: 1_000_003.5))
        seconds += [-62_135_596_800, -30_000_000_000, -12_219_292_801, -12_219_292_800, -12_212_553_600,
                    0, 0.999, 951_782_400, 253_402_300_799, 253_402_300_800, 300_000_000_000]
        return seconds.map(Date.init(timeIntervalSince1970:))
    }()

    @Test func aWholeSecondIsWhatTheISO8601FormatStyleWrites() {
        for date in Self.instants {
            #expect(ISO8601.wholeSeconds(date) == date.formatted(Date.ISO8601FormatStyle()), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func anICSStampIsWhatADateFormatterWrites() {
        func formatter(_ pattern: String) -> DateFormatter {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.calendar = Calendar(identifier: .gregorian)
            f.timeZone = .gmt
            f.dateFormat = pattern
            return f
        }
        let utc = formatter("yyyyMMdd'T'HHmmss'Z'"), day = formatter("yyyyMMdd")
        for date in Self.instants {
            #expect(LaunchEvent.utc(date) == utc.string(from: date), "\(date.timeIntervalSince1970)")
            #expect(LaunchEvent.day(date) == day.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }
}
