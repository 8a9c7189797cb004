import Foundation
import Synchronization

/// A time zone's offsets from UTC as the system's zoneinfo gives them (TZif, RFC 8536: the
/// files under /usr/share/zoneinfo that the C library reads too): every transition, and for
/// instants past the last one the POSIX TZ rule in the file's footer.
///
/// Why not `TimeZone.secondsFromGMT(for:)` and `DateFormatter`: on Linux they go through ICU,
/// whose time-zone and calendar tables are pages of the binary that a date on screen would
/// otherwise touch (issue 28). The result is the same to the second: a test compares it with
/// Foundation's for every zone in the zoneinfo over two centuries, DST edges included.
public struct ZoneRules: Sendable, Hashable {
    /// Transition instants (seconds since 1970, UTC), ascending, and the offset from each.
    let transitions: [Int64]
    let offsets: [Int32]
    /// The offset before the first transition (the file's first time type).
    let initialOffset: Int32
    /// The rule past the last transition; nil: the last offset stays.
    let footer: PosixRule?

    /// Seconds east of UTC at `instant` (seconds since 1970).
    public func offset(at instant: Int64) -> Int {
        // The last transition at or before the instant.
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        if low == transitions.count, let footer { return footer.offset(at: instant) }
        return Int(low == 0 ? initialOffset : offsets[low - 1])
    }

    /// The zone `identifier` from `directory`, nil when there is no such file or it is not a
    /// TZif file this reader understands (the caller then keeps to Foundation).
    public static func load(_ identifier: String, directory: String = zoneinfo) -> ZoneRules? {
        // An IANA name is letters, digits and `/_-+`; nothing may leave the directory.
        guard !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.split(separator: "/").contains(".."),
              identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0)) }),
              let data = FileManager.default.contents(atPath: directory + "/" + identifier) else { return nil }
        return parse([UInt8](data))
    }

    /// Where the zone files are: `TZDIR` when set (as the C library reads it), else the system's.
    public static let zoneinfo = ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"

    /// A zone given as a POSIX rule (`TZ=UTC+5`, `<+05>-5`, `EST5EDT,M3.2.0,M11.1.0`), as the C
    /// library reads `TZ` when it names no file: POSIX writes offsets west of UTC, so `UTC+5`
    /// is five hours behind it (`date` says -0500), never ahead.
    static func posix(_ text: String) -> ZoneRules? {
        guard let rule = PosixRule(text) else { return nil }
        return ZoneRules(transitions: [], offsets: [], initialOffset: Int32(rule.standard), footer: rule)
    }

    /// The zone is a POSIX rule alone: it answers for every instant, before 1970 too.
    public var isRuleOnly: Bool { transitions.isEmpty && footer != nil }

    /// The zones read so far, by name (a file is read once per run); a name that is no file
    /// but a POSIX rule is that rule.
    public static func cached(_ identifier: String) -> ZoneRules? {
        if let known = cache.withLock({ $0[identifier] }) { return known }
        let rules = load(identifier) ?? posix(identifier)
        cache.withLock { $0[identifier] = .some(rules) }
        return rules
    }

    private static let cache = Mutex<[String: ZoneRules?]>([:])

    /// Reads a TZif file: the version 2+ (64-bit) block when there is one, else version 1's.
    static func parse(_ bytes: [UInt8]) -> ZoneRules? {
        guard bytes.count >= 44, bytes[0...3] == [0x54, 0x5A, 0x69, 0x66] else { return nil }  // "TZif"
        let version = bytes[4]
        guard let v1 = Block(bytes, at: 0, timeSize: 4) else { return nil }
        guard version >= 0x32 else { return v1.rules(bytes, footer: nil) }  // '2' and later
        guard let v2 = Block(bytes, at: v1.end, timeSize: 8) else { return nil }
        // The footer: `\n<rule>\n` after the 64-bit block.
        var footer: PosixRule?
        if v2.end < bytes.count, bytes[v2.end] == 0x0A, let close = bytes[(v2.end + 1)...].firstIndex(of: 0x0A) {
            let text = String(decoding: bytes[(v2.end + 1)..<close], as: UTF8.self)
            if !text.isEmpty {
                guard let rule = PosixRule(text) else { return nil }
                footer = rule
            }
        }
        return v2.rules(bytes, footer: footer)
    }

    /// One data block of a TZif file, located by its header.
    private struct Block {
        let start: Int, timeSize: Int
        let isutcnt: Int, isstdcnt: Int, leapcnt: Int, timecnt: Int, typecnt: Int, charcnt: Int
        var dataStart: Int { start + 44 }
        var end: Int {
            dataStart + timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }

        init?(_ bytes: [UInt8], at start: Int, timeSize: Int) {
            guard start + 44 <= bytes.count, bytes[start..<(start + 4)] == [0x54, 0x5A, 0x69, 0x66] else { return nil }
            func count(_ i: Int) -> Int { Int(ZoneRules.bigEndian(bytes, start + 20 + 4 * i, 4)) }
            self.start = start; self.timeSize = timeSize
            (isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt) = (count(0), count(1), count(2), count(3), count(4), count(5))
            guard typecnt > 0, [isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt].allSatisfy({ $0 >= 0 && $0 < 1 << 20 }),
                  end <= bytes.count else { return nil }
        }

        func rules(_ bytes: [UInt8], footer: PosixRule?) -> ZoneRules? {
            // Leap seconds (the "right/" zones) would shift every instant: not these files.
            guard leapcnt == 0 else { return nil }
            let times = (0..<timecnt).map { ZoneRules.bigEndian(bytes, dataStart + $0 * timeSize, timeSize) }
            let indexStart = dataStart + timecnt * timeSize
            let typeStart = indexStart + timecnt
            let typeOffsets = (0..<typecnt).map { Int32(truncatingIfNeeded: ZoneRules.bigEndian(bytes, typeStart + $0 * 6, 4)) }
            var offsets: [Int32] = []
            for i in 0..<timecnt {
                let index = Int(bytes[indexStart + i])
                guard index < typecnt else { return nil }
                offsets.append(typeOffsets[index])
            }
            return ZoneRules(transitions: times, offsets: offsets, initialOffset: typeOffsets[0], footer: footer)
        }
    }

    /// A big-endian two's-complement integer of `size` bytes (4 or 8).
    static func bigEndian(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
        if size == 4 { return Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
        return Int64(bitPattern: value)
    }
}

/// A POSIX TZ rule, as a TZif footer spells it (`CET-1CEST,M3.5.0,M10.5.0/3`,
/// `<+0330>-3:30`, `IST-2IDT,M3.4.4/26,M10.5.0`): a standard offset and, optionally, a
/// daylight-saving offset with the rules that start and end it each year.
struct PosixRule: Sendable, Hashable {
    /// Seconds east of UTC (POSIX writes them west of it: `CET-1` is +1 h).
    let standard: Int
    let daylight: Int?
    let start: DateRule?
    let end: DateRule?

    /// A day of the year and a local time (seconds, maybe negative or past 24 h, as TZif 3 allows).
    enum DateRule: Sendable, Hashable {
        /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
        case month(month: Int, week: Int, weekday: Int, time: Int)
        /// `Jn`: day 1–365, February 29th never counted.
        case julian(day: Int, time: Int)
        /// `n`: day 0–365, February 29th counted in leap years.
        case zeroBased(day: Int, time: Int)
    }

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let std = scanner.offset() else { return nil }
        standard = -std
        guard !scanner.atEnd else { (daylight, start, end) = (nil, nil, nil); return }
        guard scanner.name() else { return nil }
        if let dst = scanner.offset() { daylight = -dst } else { daylight = standard + 3600 }
        guard scanner.take(UInt8(ascii: ",")), let from = scanner.dateRule(), scanner.take(UInt8(ascii: ",")),
              let to = scanner.dateRule(), scanner.atEnd else { return nil }
        (start, end) = (from, to)
    }

    func offset(at instant: Int64) -> Int {
        guard let daylight, let start, let end else { return standard }
        // The year as the standard offset reads the instant, and that year's two changes:
        // daylight time begins at `start` local standard time and ends at `end` local daylight time.
        let year = Civil(instant + Int64(standard)).year
        let begins = Self.instant(start, year: year) - Int64(standard)
        let ends = Self.instant(end, year: year) - Int64(daylight)
        if begins < ends { return instant >= begins && instant < ends ? daylight : standard }
        // The southern hemisphere: daylight time runs over the new year.
        return instant < ends || instant >= begins ? daylight : standard
    }

    /// The rule's local moment in `year`, as seconds since 1970 (no offset applied).
    static func instant(_ rule: DateRule, year: Int) -> Int64 {
        let yearStart = Civil.days(year: year, month: 1, day: 1)
        let leap = Civil.isLeap(year)
        switch rule {
        case let .julian(day, time):
            let days = yearStart + Int64(day - 1) + (leap && day >= 60 ? 1 : 0)
            return days * 86_400 + Int64(time)
        case let .zeroBased(day, time):
            return (yearStart + Int64(day)) * 86_400 + Int64(time)
        case let .month(month, week, weekday, time):
            let first = Civil.days(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = Int(((first % 7) + 11) % 7)
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = Civil.daysIn(month: month, year: year)
            while day > length { day -= 7 }
            return (first + Int64(day - 1)) * 86_400 + Int64(time)
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { at == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// `CET` (three or more letters) or `<+0330>`.
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") { at += 1 }
                return take(UInt8(ascii: ">"))
            }
            let from = at
            while at < bytes.count, (bytes[at] >= 65 && bytes[at] <= 90) || (bytes[at] >= 97 && bytes[at] <= 122) { at += 1 }
            return at - from >= 3
        }

        mutating func number() -> Int? {
            let from = at
            var value = 0
            while at < bytes.count, bytes[at] >= 48, bytes[at] <= 57, at - from < 4 {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
            }
            return at > from ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (as written: west of UTC positive). Hours up to 167
        /// (RFC 8536's bound for a rule's time), minutes and seconds up to 59: Foundation's own
        /// names for fixed offsets (`GMT+0530`, east of UTC) are not rules and must not read as
        /// 530 hours west.
        mutating func offset() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(), minutes <= 59 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let secs = number(), secs <= 59 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        /// `Mm.w.d[/time]`, `Jn[/time]` or `n[/time]`; the time defaults to 02:00.
        mutating func dateRule() -> DateRule? {
            func time() -> Int? { take(UInt8(ascii: "/")) ? offset() : 7200 }
            if take(UInt8(ascii: "M")) {
                guard let m = number(), take(UInt8(ascii: ".")), let w = number(), take(UInt8(ascii: ".")), let d = number(),
                      (1...12).contains(m), (1...5).contains(w), (0...6).contains(d), let t = time() else { return nil }
                return .month(month: m, week: w, weekday: d, time: t)
            }
            if take(UInt8(ascii: "J")) {
                guard let n = number(), (1...365).contains(n), let t = time() else { return nil }
                return .julian(day: n, time: t)
            }
            guard let n = number(), (0...365).contains(n), let t = time() else { return nil }
            return .zeroBased(day: n, time: t)
        }
    }
}
