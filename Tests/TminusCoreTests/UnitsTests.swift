import Foundation
import Testing
import TminusCore

/// `Units`: metric to imperial with exact factors, one decimal for lengths, grouped whole
/// numbers for masses, `-` for anything missing, and launch prices at a glance.
struct UnitsTests {
    typealias Q = UnitPreferences.Quantity

    // Falcon 9 as the API gives it: 70 m, 3.7 m, 549,054 kg, 22,800 kg to LEO.
    @Test(arguments: [
        (70.0, Q.height, "70 m", "229.7 ft"),
        (3.7, Q.diameter, "3.7 m", "12.1 ft"),
        (549_054.0, Q.mass, "549,054 kg", "1,210,457 lb"),
        (22_800.0, Q.payload, "22,800 kg", "50,265 lb"),
        // Falcon 1 and Starship: fractions, and large whole figures.
        (22.25, Q.height, "22.3 m", "73 ft"),
        (1.68, Q.diameter, "1.7 m", "5.5 ft"),
        (30_146.0, Q.mass, "30,146 kg", "66,461 lb"),
        (118.0, Q.height, "118 m", "387.1 ft"),
        (1_335_000.0, Q.mass, "1,335,000 kg", "2,943,171 lb"),
    ])
    func falconFigures(metric: Double, quantity: Q, metricText: String, imperialText: String) {
        #expect(Units.text(metric, quantity, in: .metric) == metricText)
        #expect(Units.text(metric, quantity, in: .imperial) == imperialText)
    }

    @Test func figureSplitsValueAndUnit() {
        #expect(Units.figure(70, .height, in: .imperial) == ("229.7", "ft"))
        #expect(Units.figure(70, .height, in: .metric) == ("70", "m"))
        #expect(Units.figure(549_054, .mass, in: .imperial) == ("1,210,457", "lb"))
        #expect(Units.figure(22_800, .payload, in: .metric) == ("22,800", "kg"))
    }

    @Test(arguments: Q.allCases)
    func missingFiguresAreADash(quantity: Q) {
        for system in UnitSystem.allCases {
            #expect(Units.text(nil, quantity, in: system) == "-")
            #expect(Units.text(.nan, quantity, in: system) == "-")
            #expect(Units.text(.infinity, quantity, in: system) == "-")
            #expect(Units.text(-.infinity, quantity, in: system) == "-")
            // The unit is still known, so a column can keep its header.
            #expect(Units.figure(nil, quantity, in: system) == ("-", quantity.unit(system)))
            #expect(Units.figure(.nan, quantity, in: system).value == "-")
        }
    }

    @Test func unitNames() {
        #expect(Q.allCases.map { $0.unit(.metric) } == ["m", "m", "kg", "kg"])
        #expect(Q.allCases.map { $0.unit(.imperial) } == ["ft", "ft", "lb", "lb"])
        #expect(Q.allCases.map(\.title) == ["Height", "Diameter", "Mass", "Payload"])
    }

    /// Every length with a 5 in the hundredths rounds half up, whatever its binary neighbour:
    /// 0.05 → 0.1, 1.15 → 1.2, 22.25 → 22.3, 999.85 → 999.9.
    @Test func halfwayLengthsRoundUpEveryTime() {
        var wrong: [String] = []
        for i in 0..<9_999 {
            let input = "\(i / 10).\(i % 10)5"
            let tenths = i + 1
            let expected = (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " m"
            let shown = Units.text(Double(input)!, .height, in: .metric)
            if shown != expected { wrong.append("\(input) → \(shown), want \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(5))")
    }

    @Test func roundingIsHalfAwayFromZeroAndStable() {
        #expect(Units.text(0.05, .diameter, in: .metric) == "0.1 m")
        #expect(Units.text(1.15, .diameter, in: .metric) == "1.2 m")
        #expect(Units.text(2.45, .diameter, in: .metric) == "2.5 m")
        #expect(Units.text(0.04, .diameter, in: .metric) == "0 m")
        #expect(Units.text(9.96, .height, in: .metric) == "10 m", "no trailing .0 after a carry")
        #expect(Units.text(1_234.5, .height, in: .metric) == "1,234.5 m")
        // Masses are whole: .5 goes up, not to even.
        #expect(Units.text(0.5, .mass, in: .metric) == "1 kg")
        #expect(Units.text(2.5, .mass, in: .metric) == "3 kg")
        #expect(Units.text(1_234.5, .payload, in: .metric) == "1,235 kg")
        #expect(Units.text(1_234.49, .payload, in: .metric) == "1,234 kg")
        // The same figure reads the same every time it is drawn.
        let first = Units.text(22.25, .height, in: .imperial)
        for _ in 0..<100 { #expect(Units.text(22.25, .height, in: .imperial) == first) }
    }

    @Test func imperialComesFromExactFactorsNotTheAPIsRoundedOnes() {
        // The API says Falcon 9 is 229.6 ft and 1,207,920 lb; the exact conversions differ.
        #expect(Units.feetPerMeter == 1 / 0.3048)
        #expect(Units.poundsPerKilogram == 1 / 0.45359237)
        #expect(Units.text(0.3048, .height, in: .imperial) == "1 ft")
        #expect(Units.text(0.45359237, .mass, in: .imperial) == "1 lb")
        #expect(Units.text(1_000, .mass, in: .imperial) == "2,205 lb")
    }

    @Test(arguments: [
        (50_000_000.0, "$50M"),
        (6_700_000.0, "$6.7M"),
        (90_000_000.0, "$90M"),
        (7_000_000.0, "$7M"),
        (1_500_000_000.0, "$1.5B"),
        (750_000.0, "$750K"),
        (1_000.0, "$1K"),
        (999.0, "$999"),
        (0.0, "$0"),
        (62_500_000.0, "$62.5M"),
        (6_750_000.0, "$6.8M"),
    ])
    func money(dollars: Double, expected: String) {
        #expect(Units.money(dollars) == expected)
    }

    @Test func moneyThatRoundsUpToTheNextTierUsesIt() {
        // 999,950 is 999.95 K, which reads as a thousand K: it is a million.
        #expect(Units.money(999_950) == "$1M")
        #expect(Units.money(999_999_999) == "$1B")
        #expect(Units.money(999.96) == "$1K")
        #expect(Units.money(999_940) == "$999.9K")
    }

    @Test func moneyWithoutAPriceIsADash() {
        #expect(Units.money(nil) == "-")
        #expect(Units.money(.nan) == "-")
        #expect(Units.money(.infinity) == "-")
        #expect(Units.money(-5_000_000) == "-")
    }

    @Test func preferencesPerQuantity() {
        var units = UnitPreferences()
        #expect(Q.allCases.map { units[$0] } == [.metric, .metric, .metric, .metric])
        units[.mass] = .imperial
        #expect(units.mass == .imperial)
        #expect(units.height == .metric && units.diameter == .metric && units.payload == .metric)
        units[.payload] = units[.payload].toggled
        #expect(units == UnitPreferences(mass: .imperial, payload: .imperial))
        #expect(UnitSystem.imperial.toggled == .metric)
        #expect(UnitSystem.metric.toggled == .imperial)
    }

    @Test func preferencesEncodeAsWords() throws {
        let prefs = Preferences(units: UnitPreferences(height: .imperial, payload: .imperial))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(prefs), as: UTF8.self)
        // The units as words (other settings sit beside them in the same object).
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["units"] as? [String: String]
                == ["diameter": "metric", "height": "imperial", "mass": "metric", "payload": "imperial"])
        #expect(try JSONDecoder().decode(Preferences.self, from: Data(json.utf8)) == prefs)
    }
}
