import Foundation

/// ISO 8601 durations as Launch Library 2 writes a timeline's `relative_time`: `-PT38M`,
/// `P0D`, `PT1M8S`, and Django's long form `-P0DT00H00M03.500000S`.
public enum ISODuration {
    /// The duration in seconds (negative with a leading `-`), nil for anything else.
    ///
    /// Weeks, days, hours, minutes and seconds, each a number that may have a fraction (`.` or
    /// `,`), in that order, the time ones after `T`. Years and months are refused: they have no
    /// fixed length, and no launch-day step is that far from T-0.
    public static func seconds(_ text: String) -> TimeInterval? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var sign = 1.0
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest.removeFirst()
        }
        guard rest.first == "P" || rest.first == "p" else { return nil }
        rest.removeFirst()
        guard !rest.isEmpty else { return nil }

        // The designators allowed, in order: before `T`, then after it.
        let dateUnits: [(Character, Double)] = [("W", 604_800), ("D", 86_400)]
        let timeUnits: [(Character, Double)] = [("H", 3_600), ("M", 60), ("S", 1)]
        var total = 0.0
        var inTime = false
        var units = dateUnits[...]
        var sawNumber = false
        while !rest.isEmpty {
            if rest.first == "T" || rest.first == "t" {
                guard !inTime else { return nil }
                inTime = true
                units = timeUnits[...]
                rest.removeFirst()
                // `PT` with nothing after it says no time at all.
                guard !rest.isEmpty else { return nil }
                continue
            }
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            guard !digits.isEmpty, let value = Double(digits.replacingOccurrences(of: ",", with: ".")),
                  value.isFinite else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let designator = rest.first?.uppercased().first,
                  let index = units.firstIndex(where: { $0.0 == designator }) else { return nil }
            total += value * units[index].1
            units = units[(index + 1)...]
            rest.removeFirst()
            sawNumber = true
        }
        guard sawNumber, total.isFinite else { return nil }
        // `-P0D` is T-0 itself, not a negative zero.
        return total == 0 ? 0 : sign * total
    }
}
