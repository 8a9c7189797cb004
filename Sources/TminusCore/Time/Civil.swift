import Foundation

/// A civil date and time (proleptic Gregorian) from seconds since 1970, and the calendar
/// arithmetic the ISO 8601 reader and the zone rules share: what a zone's local time reads once
/// its offset is added, without ICU's calendar.
struct Civil: Equatable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(_ seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = Int(doy - (153 * mp + 2) / 5 + 1)
        month = Int(mp < 10 ? mp + 3 : mp - 9)
        year = Int(yoe + era * 400) + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to a date (days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Whole seconds since 1970, rounded down (a formatter shows the second an instant is in).
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// `pattern` with its runs `yyyy`, `MM`, `dd`, `HH`, `mm` and `ss` filled in; any other
    /// character is itself (`-`, `:`, ` `, `T`).
    func formatted(_ pattern: String) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let c = rest.first {
            let run = rest.prefix { $0 == c }
            switch (c, run.count) {
            case ("y", 4): out += String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
            case ("M", 2): out += Self.two(month)
            case ("d", 2): out += Self.two(day)
            case ("H", 2): out += Self.two(hour)
            case ("m", 2): out += Self.two(minute)
            case ("s", 2): out += Self.two(second)
            default: out += run
            }
            rest = rest.dropFirst(run.count)
        }
        return out
    }

    /// `pattern` at `seconds` since 1970 (any zone offset already added), or nil outside the
    /// years Foundation's formatters read as this calendar does: the caller formats those with
    /// Foundation, so every date reads as it always did.
    static func formatted(_ seconds: Int64, _ pattern: String) -> String? {
        let civil = Civil(seconds)
        return gregorianYears.contains(civil.year) ? civil.formatted(pattern) : nil
    }

    static func two(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }

    /// The years Foundation's formatters read as this proleptic Gregorian calendar does: before
    /// 1583 they switch to the Julian calendar, past 9999 they print more digits.
    static let gregorianYears = 1583...9999

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
