import Foundation
import Testing
import TminusCore

struct FormattingTests {
    @Test(arguments: [
        (549_054.0, "549,054"),
        (1763.7, "1,763.7"),
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1000, "1,000"),
        (1_234_567, "1,234,567"),
        (15600, "15,600"),
        (2227.7, "2,227.7"),
        (1.5, "1.5"),
        (12.04, "12"),        // a fraction under a tenth is dropped
        (12.96, "13"),        // rounds up into the next whole number
        (-1234, "-1,234"),
        (-1234.5, "-1,234.5"),
        (-0.5, "-0.5"),
        (-0.04, "0"),
    ] as [(Double, String)])
    func grouped(value: Double, expected: String) {
        #expect(Formatting.grouped(value) == expected)
    }

    /// A payload mass comes from the network: absurd values must print, not trap in Int(_:).
    @Test(arguments: [
        (1e300, "1e+300"),
        (-1e19, "-1e+19"),
        (Double.infinity, "inf"),
        (-Double.infinity, "-inf"),
        (Double.nan, "nan"),
        (123_456_789_012.5, "123,456,789,012.5"),
    ] as [(Double, String)])
    func hostileValuesDoNotCrash(value: Double, expected: String) {
        #expect(Formatting.grouped(value) == expected)
    }

    @Test(arguments: [
        (TimeInterval(0), "just now"),
        (59, "just now"),
        (-300, "just now"),             // a clock behind the data's stamp: never "-5 min"
        (60, "1 min ago"),
        (3599, "59 min ago"),
        (3600, "1 h ago"),
        (47 * 3600 + 59 * 60, "47 h ago"),
        (48 * 3600, "2 days ago"),
        (10 * 86_400 + 5, "10 days ago"),
    ] as [(TimeInterval, String)])
    func age(seconds: TimeInterval, expected: String) throws {
        let then = try instant("2022-10-05T16:00:00Z")
        #expect(Formatting.age(from: then, to: then.addingTimeInterval(seconds)) == expected)
    }
}
