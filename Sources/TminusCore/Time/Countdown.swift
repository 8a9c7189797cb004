import Foundation

/// A launch's countdown and the state it is in: what the detail header, the next-launch
/// banner, the Favorites tab and `tminus next` show. Pure: a function of the launch (its NET,
/// how exact that is, what its source says) and an injected `now`.
///
/// The states, in the order they are decided:
/// - no date, or a date not known to the hour: the NET text once, no clock (a clock to a
///   made-up hour would be a lie);
/// - the source says the count is on hold: `HOLD`, no clock (the NET will move);
/// - NET ahead: `T-02d 04:11:09`, ticking;
/// - the first minute after T-0: `LIFTOFF`;
/// - after that, while it flies or has just gone: `T+00d 00:12:00`, ticking;
/// - NET passed more than `outcomeOverdue` ago and the source still has no outcome:
///   `AWAITING OUTCOME`, no clock (see `outcomeOverdue` for why three hours).
public struct Countdown: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// NET is ahead: `T-` and it ticks.
        case counting
        /// The source has the count on hold: `HOLD`, no clock.
        case hold
        /// The first minute after NET: `LIFTOFF`, the seconds since in the label.
        case liftoff
        /// NET passed over a minute ago, the launch in flight or just over: `T+`, ticking.
        case sinceNET
        /// NET passed `outcomeOverdue` ago and the source has no outcome: no clock.
        case awaitingOutcome
        /// The date is only known to the day/month/quarter/…: no ticking to a made-up time.
        case noExactTime
        case noDate
    }

    /// What the source says about the launch, as far as the countdown cares.
    public enum Phase: Sendable, Hashable {
        /// Still to come, as far as the source knows (Go, TBD, TBC, or r/SpaceX `upcoming`).
        case pending
        /// On hold (Launch Library 2 status 5, `Hold`).
        case hold
        /// In flight (Launch Library 2 status 6).
        case inFlight
        /// The source has the outcome (success, failure): T+ goes on, nothing is awaited.
        case decided
    }

    /// How long LIFTOFF stays up after T-0 before the clock reads T+.
    public static let liftoffSpan: TimeInterval = 60

    /// How long after NET a launch without an outcome still counts up. Launch Library 2 marks
    /// a launch In Flight at liftoff and Success or Failure once the payload is confirmed,
    /// which for most flights is well within three hours (a long coast to GTO can take a few);
    /// a scrub moves the NET within hours too. Past three hours with no word (still Go, TBD or
    /// In Flight) the record is behind the news, and a clock counting up from a NET that may
    /// never have happened would only mislead: the countdown says it awaits the outcome.
    /// `tminus next` moves on to the following launch after the same time.
    public static let outcomeOverdue: TimeInterval = 3 * 3600

    /// How long after NET a hold still reads `HOLD`: a countdown held for hours is a real hold
    /// (weather, a range conflict); a launch a day past its NET and still "on hold" is a
    /// record behind the news, and reads as any other overdue launch (issue 37: a hold three
    /// years past NET still read `HOLD` on every screen).
    public static let holdGoesStale: TimeInterval = 24 * 3600

    /// When a launch without an outcome becomes overdue: an exact NET three hours on (a hold, a
    /// day on); a coarser date three hours after the end of its period. The one rule `kind`,
    /// `Launch.overdueFrom` and `Launch.nextUntil` read.
    public static func overdueFrom(_ date: Date, precision: DatePrecision, phase: Phase) -> Date {
        guard precision == .hour else { return periodEnd(date, precision).addingTimeInterval(outcomeOverdue) }
        return date.addingTimeInterval(phase == .hold ? holdGoesStale : outcomeOverdue)
    }

    /// The end of the calendar period (UTC) a date known only to the day, month, quarter, half
    /// or year falls in: when the launch can no longer happen within it. Launch Library 2
    /// dates such a launch on the period's last day (`2026-09-30` for "Quarter 3"), the r/SpaceX
    /// API on its first: either way the period is the one that holds the date, so a Q3 launch
    /// is overdue in October like a September one, never in January. An exact date is its own.
    public static func periodEnd(_ date: Date, _ precision: DatePrecision) -> Date {
        // Past what a calendar can say (a NET of 1e300 from the network): the date as it is.
        guard precision != .hour, date.timeIntervalSince1970.isFinite, abs(date.timeIntervalSince1970) < 1e13 else { return date }
        let civil = Civil(Civil.seconds(date))
        let (year, month) = (civil.year, civil.month)
        let first: Int64 = switch precision {
        case .hour, .day: Civil.days(year: year, month: month, day: civil.day) + 1
        case .month: month == 12 ? Civil.days(year: year + 1, month: 1, day: 1) : Civil.days(year: year, month: month + 1, day: 1)
        case .quarter: month >= 10 ? Civil.days(year: year + 1, month: 1, day: 1) : Civil.days(year: year, month: (month - 1) / 3 * 3 + 4, day: 1)
        case .half: month >= 7 ? Civil.days(year: year + 1, month: 1, day: 1) : Civil.days(year: year, month: 7, day: 1)
        case .year: Civil.days(year: year + 1, month: 1, day: 1)
        }
        return Date(timeIntervalSince1970: Double(first) * 86_400)
    }

    public var kind: Kind
    /// e.g. `T-02d 04:11:09`, `T+1480d 00:12:00`, `HOLD`, `LIFTOFF`, or `NET 2022-12`.
    public var text: String
    /// A few words on what the clock means.
    public var label: String

    /// Whether the text changes every second (the app then wakes every second to redraw it).
    public var ticks: Bool { Self.ticks(kind) }

    public static func ticks(_ kind: Kind) -> Bool { [.counting, .liftoff, .sinceNET].contains(kind) }

    /// A live countdown: ticking, on hold or lifting off; not a bare date nor an overdue
    /// outcome. It is what the detail draws in big digits and what the banner pins.
    public var isLive: Bool { Self.isLive(kind) }

    public static func isLive(_ kind: Kind) -> Bool { [.counting, .hold, .liftoff, .sinceNET].contains(kind) }

    public init(_ launch: Launch, now: Date, time: LaunchTime) {
        self.init(to: launch.date, precision: launch.datePrecision, phase: launch.countdownPhase, now: now, time: time)
    }

    public init(to date: Date?, precision: DatePrecision, phase: Phase = .pending, now: Date, time: LaunchTime) {
        let kind = Self.kind(to: date, precision: precision, phase: phase, now: now)
        let elapsed = date.map { now.timeIntervalSince($0) } ?? 0
        switch kind {
        case .noDate:
            self.init(kind: kind, text: "NET unknown", label: "no date announced")
        case .noExactTime:
            self.init(kind: kind, text: time.netLine(date, precision: precision),
                      label: "no exact time yet (\(precision.rawValue) precision)")
        case .hold:
            self.init(kind: kind, text: "HOLD", label: "the count is on hold; NET will move")
        case .counting:
            self.init(kind: kind, text: "T-" + Self.clock(-elapsed), label: "until launch")
        case .liftoff:
            self.init(kind: kind, text: "LIFTOFF", label: "T+" + Self.clock(elapsed) + " since NET")
        case .sinceNET:
            let label = switch phase {
            case .inFlight: "since liftoff — in flight"
            case .decided: "since launch"
            case .pending, .hold: "since NET — launch time has passed"
            }
            self.init(kind: kind, text: "T+" + Self.clock(elapsed), label: label)
        case .awaitingOutcome:
            self.init(kind: kind, text: "AWAITING OUTCOME",
                      label: "NET passed \(Self.ago(elapsed)) ago; the source has no outcome yet")
        }
    }

    public init(kind: Kind, text: String, label: String) {
        self.kind = kind; self.text = text; self.label = label
    }

    /// The state alone, without its words: cheap enough to ask of every launch of a list.
    public static func kind(to date: Date?, precision: DatePrecision, phase: Phase, now: Date) -> Kind {
        guard let date else { return .noDate }
        let elapsed = now.timeIntervalSince(date)
        let overdue = phase != .decided && now >= overdueFrom(date, precision: precision, phase: phase)
        guard precision == .hour else { return overdue ? .awaitingOutcome : .noExactTime }
        if phase == .hold { return overdue ? .awaitingOutcome : .hold }
        if elapsed < 0 { return .counting }
        if elapsed < liftoffSpan { return .liftoff }
        return overdue ? .awaitingOutcome : .sinceNET
    }

    public static func kind(of launch: Launch, now: Date) -> Kind {
        kind(to: launch.date, precision: launch.datePrecision, phase: launch.countdownPhase, now: now)
    }

    /// `DDd HH:MM:SS`, whole seconds rounded down (T-00d 00:00:01 is the last second before).
    static func clock(_ seconds: TimeInterval) -> String {
        // Capped (~31,000 years) so an absurd date from the network (`date_unix: 1e300`) cannot trap Int(_:).
        let total = Int(min(seconds, 1e12).rounded(.down))
        let d = total / 86_400, h = (total % 86_400) / 3600, m = (total % 3600) / 60, s = total % 60
        return String(format: "%02dd %02d:%02d:%02d", d, h, m, s)
    }

    /// `3 h`, `47 h`, `1480 days`: how long ago, to the hour (it is at least three hours).
    static func ago(_ seconds: TimeInterval) -> String {
        let hours = Int(min(seconds, 1e12) / 3600)
        return hours < 48 ? "\(hours) h" : "\(hours / 24) days"
    }
}

extension Launch {
    /// What the launch's source says, for its countdown.
    public var countdownPhase: Countdown.Phase {
        switch status {
        case .success, .failure: return .decided
        default:
            if sourceStatus?.isHold == true { return .hold }
            if sourceStatus?.isInFlight == true { return .inFlight }
            return .pending
        }
    }

    /// Whether its record may still change much: no outcome yet, or flown within the last
    /// day (an outcome, a landing, an exact time are filled in then).
    public func mayStillChange(at now: Date) -> Bool {
        outcomePending || date.map { now.timeIntervalSince($0) < 24 * 3600 } ?? true
    }

    /// The source has no outcome for it yet: still to come, on hold or in flight. The detail
    /// shows such a launch's countdown; one with an outcome shows its date and the outcome.
    public var outcomePending: Bool { upcoming || status == .other }

    /// The launch's one verdict at `now`, the same on every screen and in every subcommand: the
    /// source's word, except
    /// - for a launch whose NET passed `Countdown.outcomeOverdue` ago with no outcome
    ///   (`AWAITING OUTCOME` where its countdown would be): `NO OUTCOME`, never a three-year-old `GO`;
    /// - for the frozen r/SpaceX data's launch still called upcoming once its date has passed:
    ///   `NO DATA`, as `frozen(at:dataTo:)` makes it where the data arrives (however it arrived).
    public func statusWord(at now: Date) -> String {
        if let passed = passedFrozen(at: now) { return passed.statusWord }
        return isOutcomeOverdue(at: now) ? Self.noOutcomeWord : statusWord
    }

    /// This launch as frozen data past its date, when it is one (the r/SpaceX API's data is
    /// frozen, whichever screen or subcommand it reached).
    public func passedFrozen(at now: Date) -> Launch? {
        guard origin == .spacex, upcoming, let date, date < now, sourceStatus?.kind != .noData else { return nil }
        return frozen(at: now, dataTo: nil)
    }

    public static let noOutcomeWord = "NO OUTCOME"

    /// When `isOutcomeOverdue` turns true with no news: an exact NET three hours on (a hold, a
    /// day on), a coarser date's period and three hours on; nil for a launch with an outcome,
    /// without a date, or frozen data's (`NO DATA`).
    public var overdueFrom: Date? {
        guard outcomePending, sourceStatus?.kind != .noData, let date else { return nil }
        return Countdown.overdueFrom(date, precision: datePrecision, phase: countdownPhase)
    }

    /// NET passed `Countdown.outcomeOverdue` ago and the (live) source has no outcome: what the
    /// countdown calls `AWAITING OUTCOME`. Frozen data's passed launches say `NO DATA` instead.
    public func isOutcomeOverdue(at now: Date) -> Bool {
        outcomePending && sourceStatus?.kind != .noData && Countdown.kind(of: self, now: now) == .awaitingOutcome
    }
}
