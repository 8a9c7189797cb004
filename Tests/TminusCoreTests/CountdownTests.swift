import Foundation
import Testing
import TminusCore

/// `Countdown` at chosen instants around a NET.
struct CountdownTests {
    static let time = LaunchTime(timeZone: TimeZone(identifier: "Europe/Warsaw")!)

    func countdown(net: String, precision: DatePrecision = .hour, secondsBefore: TimeInterval) throws -> Countdown {
        let date = try instant(net)
        return Countdown(to: date, precision: precision, now: date.addingTimeInterval(-secondsBefore), time: Self.time)
    }

    @Test(arguments: [
        (TimeInterval(2 * 86_400 + 4 * 3600 + 11 * 60 + 9), "T-02d 04:11:09"),
        (1, "T-00d 00:00:01"),
        (1.9, "T-00d 00:00:01"),
        (59, "T-00d 00:00:59"),
        (3600, "T-00d 01:00:00"),
        (86_399, "T-00d 23:59:59"),
        (86_400, "T-01d 00:00:00"),
        (123 * 86_400 + 5, "T-123d 00:00:05"),
    ] as [(TimeInterval, String)])
    func countingDown(secondsBefore: TimeInterval, text: String) throws {
        let c = try countdown(net: "2022-10-05T16:00:00Z", secondsBefore: secondsBefore)
        #expect(c.kind == .counting)
        #expect(c.text == text)
        #expect(c.label == "until launch")
    }

    /// The boundaries: the last second of T-, T-0 and the minute of LIFTOFF, then T+.
    @Test(arguments: [
        (TimeInterval(-1), Countdown.Kind.counting, "T-00d 00:00:01", "until launch"),
        (0, .liftoff, "LIFTOFF", "T+00d 00:00:00 since NET"),
        (0.5, .liftoff, "LIFTOFF", "T+00d 00:00:00 since NET"),
        (59, .liftoff, "LIFTOFF", "T+00d 00:00:59 since NET"),
        (59.9, .liftoff, "LIFTOFF", "T+00d 00:00:59 since NET"),
        (60, .sinceNET, "T+00d 00:01:00", "since NET — launch time has passed"),
        (3 * 3600 - 1, .sinceNET, "T+00d 02:59:59", "since NET — launch time has passed"),
    ] as [(TimeInterval, Countdown.Kind, String, String)])
    func aroundTMinusZero(secondsAfter: TimeInterval, kind: Countdown.Kind, text: String, label: String) throws {
        let c = try countdown(net: "2022-10-05T16:00:00Z", secondsBefore: -secondsAfter)
        #expect(c.kind == kind)
        #expect(c.text == text)
        #expect(c.label == label)
        #expect(c.ticks, "every one of these changes each second")
        #expect(c.isLive)
    }

    /// Three hours past NET with no outcome from the source: no clock any more.
    @Test(arguments: [
        (TimeInterval(3 * 3600), "NET passed 3 h ago; the source has no outcome yet"),
        (47 * 3600 + 3599, "NET passed 47 h ago; the source has no outcome yet"),
        (1480 * 86_400 + 12 * 60, "NET passed 1480 days ago; the source has no outcome yet"),
    ] as [(TimeInterval, String)])
    func waitingForTheOutcome(secondsAfter: TimeInterval, label: String) throws {
        let c = try countdown(net: "2022-10-05T16:00:00Z", secondsBefore: -secondsAfter)
        #expect(c.kind == .awaitingOutcome)
        #expect(c.text == "AWAITING OUTCOME")
        #expect(c.label == label)
        #expect(!c.ticks)
        #expect(!c.isLive)
        #expect(Countdown.outcomeOverdue == 3 * 3600)
    }

    @Test func inFlightCountsUpSinceLiftoffAndAwaitsTheOutcomeAfterThreeHours() throws {
        let net = try instant("2022-10-05T16:00:00Z")
        let flying = Countdown(to: net, precision: .hour, phase: .inFlight, now: net.addingTimeInterval(12 * 60), time: Self.time)
        #expect(flying.kind == .sinceNET)
        #expect(flying.text == "T+00d 00:12:00")
        #expect(flying.label == "since liftoff — in flight")
        let late = Countdown(to: net, precision: .hour, phase: .inFlight, now: net.addingTimeInterval(3 * 3600), time: Self.time)
        #expect(late.kind == .awaitingOutcome)
    }

    @Test func aDecidedLaunchCountsOnAndAwaitsNothing() throws {
        let net = try instant("2022-10-05T16:00:00Z")
        let c = Countdown(to: net, precision: .hour, phase: .decided, now: net.addingTimeInterval(5 * 86_400), time: Self.time)
        #expect(c.kind == .sinceNET)
        #expect(c.text == "T+05d 00:00:00")
        #expect(c.label == "since launch")
    }

    /// Issue 37: a hold three years past NET read `HOLD` on every screen, and a launch known to
    /// the day, three years past it, `TBD`. A hold goes stale a day after NET; a coarse date
    /// once its period and three hours have passed: the record is behind the news.
    @Test func aStaleHoldAndALongPastCoarseDateAwaitTheOutcome() throws {
        let net = try #require(ISO8601.parse("2023-04-30T00:00:00Z"))
        func kind(_ precision: DatePrecision, _ phase: Countdown.Phase, after seconds: TimeInterval) -> Countdown.Kind {
            Countdown(to: net, precision: precision, phase: phase, now: net.addingTimeInterval(seconds), time: Self.time).kind
        }
        #expect(kind(.hour, .hold, after: 5 * 3600) == .hold, "hours on hold is a hold")
        #expect(kind(.hour, .hold, after: Countdown.holdGoesStale) == .awaitingOutcome)
        #expect(kind(.day, .pending, after: 86_400 + 3600) == .noExactTime, "the day and a bit: it may still go")
        #expect(kind(.day, .pending, after: 3 * 365 * 86_400) == .awaitingOutcome)
        // Dated on the month's last day, as Launch Library 2 dates "NET April": April is over
        // on May 1, and three hours on the record is behind the news.
        #expect(kind(.month, .pending, after: 12 * 3600) == .noExactTime)
        #expect(kind(.month, .pending, after: 86_400 + Countdown.outcomeOverdue - 1) == .noExactTime)
        #expect(kind(.month, .pending, after: 86_400 + Countdown.outcomeOverdue) == .awaitingOutcome)
        #expect(kind(.month, .decided, after: 3 * 365 * 86_400) == .noExactTime, "an outcome is not awaited")
        var tbd = Launch(origin: .launchLibrary2, id: "t", name: "T", date: net, datePrecision: .day, upcoming: true)
        tbd.sourceStatus = SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD")
        #expect(tbd.statusWord(at: net.addingTimeInterval(3 * 365 * 86_400)) == "NO OUTCOME")
        #expect(tbd.statusWord(at: net.addingTimeInterval(3600)) == "TBD")
        #expect(tbd.overdueFrom == net.addingTimeInterval(86_400 + Countdown.outcomeOverdue))
    }

    /// A quarter, half or year ends with its period, wherever in it the source put the date:
    /// Launch Library 2 dates "Quarter 3" on September 30 and r/SpaceX a month on its first.
    /// A Q3 launch still without an outcome in October reads NO OUTCOME, as a September one
    /// does, never `TBD` for three months more; and it is never next.
    @Test func aCoarseDateEndsWithItsCalendarPeriod() throws {
        func date(_ text: String) throws -> Date { try #require(ISO8601.parse(text)) }
        let q3 = try date("2026-09-30T00:00:00Z")
        #expect(Countdown.periodEnd(q3, .quarter) == (try date("2026-10-01T00:00:00Z")))
        #expect(Countdown.periodEnd(q3, .month) == (try date("2026-10-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-07-01T00:00:00Z"), .quarter) == (try date("2026-10-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-12-31T00:00:00Z"), .quarter) == (try date("2027-01-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-06-30T00:00:00Z"), .half) == (try date("2026-07-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-12-31T00:00:00Z"), .half) == (try date("2027-01-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-12-31T00:00:00Z"), .year) == (try date("2027-01-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2022-12-01T00:00:00Z"), .month) == (try date("2023-01-01T00:00:00Z")))
        #expect(Countdown.periodEnd(try date("2026-09-30T15:00:00Z"), .day) == (try date("2026-10-01T00:00:00Z")))
        #expect(Countdown.periodEnd(Date(timeIntervalSince1970: 1e300), .year) == Date(timeIntervalSince1970: 1e300))

        for precision in [DatePrecision.quarter, .month] {
            var tbd = Launch(origin: .launchLibrary2, id: "q", name: "Q", date: q3, datePrecision: precision, upcoming: true)
            tbd.sourceStatus = SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD")
            #expect(tbd.statusWord(at: try date("2026-09-30T20:00:00Z")) == "TBD", "\(precision)")
            #expect(tbd.statusWord(at: try date("2026-10-01T03:00:00Z")) == "NO OUTCOME", "\(precision)")
            #expect(tbd.statusWord(at: try date("2026-11-15T00:00:00Z")) == "NO OUTCOME", "\(precision)")
            #expect(Launch.next(in: [tbd], now: try date("2026-11-15T00:00:00Z")) == nil, "\(precision)")
        }
    }

    /// On hold the NET will move: HOLD, not a clock to it, before NET and after alike.
    @Test(arguments: [3600, -30, -5 * 3600] as [TimeInterval])
    func holdShowsHoldAndDoesNotTick(secondsBefore: TimeInterval) throws {
        let net = try instant("2022-10-05T16:00:00Z")
        let c = Countdown(to: net, precision: .hour, phase: .hold, now: net.addingTimeInterval(-secondsBefore), time: Self.time)
        #expect(c == Countdown(kind: .hold, text: "HOLD", label: "the count is on hold; NET will move"))
        #expect(!c.ticks)
        #expect(c.isLive, "a hold is drawn big and pinned by the banner")
    }

    @Test func aHoldWithoutAnExactTimeIsStillOnlyItsDate() throws {
        let net = try instant("2026-10-01T00:00:00Z")
        let c = Countdown(to: net, precision: .quarter, phase: .hold, now: net.addingTimeInterval(-86_400), time: Self.time)
        #expect(c.kind == .noExactTime)
        #expect(c.text == "NET 2026 Q4")
        #expect(!c.ticks)
        #expect(!c.isLive)
    }

    /// The phase comes from what the source says: Launch Library 2's status by id, or by its
    /// words when the id is one this version does not know; r/SpaceX's upcoming and success.
    @Test(arguments: [
        (SourceStatus(id: 5, name: "On Hold", abbrev: "Hold"), Countdown.Phase.hold),
        (SourceStatus(id: nil, name: "Hold"), .hold),
        (SourceStatus(id: 42, name: "On Hold"), .hold),
        (SourceStatus(id: 6, name: "Launch in Flight", abbrev: "In Flight"), .inFlight),
        (SourceStatus(id: nil, name: "In Flight"), .inFlight),
        (SourceStatus(id: 1, name: "Go for Launch", abbrev: "Go"), .pending),
        (SourceStatus(id: 2, name: "To Be Determined", abbrev: "TBD"), .pending),
        (SourceStatus(id: 3, name: "Launch Successful", abbrev: "Success"), .decided),
        (SourceStatus(id: 7, name: "Launch was a Partial Failure", abbrev: "Partial Failure"), .decided),
    ])
    func phaseFromTheSourceStatus(status: SourceStatus, phase: Countdown.Phase) {
        let launch = Launch(origin: .launchLibrary2, id: "x", name: "x", date: nil, upcoming: status.meaning == .upcoming, sourceStatus: status)
        #expect(launch.countdownPhase == phase)
    }

    @Test func phaseOfAnRSpaceXLaunch() {
        #expect(Launch(id: "u", name: "u", date: nil, upcoming: true).countdownPhase == .pending)
        #expect(Launch(id: "s", name: "s", date: nil, upcoming: false, success: true).countdownPhase == .decided)
        #expect(Launch(id: "f", name: "f", date: nil, upcoming: false, success: false).countdownPhase == .decided)
        #expect(!Launch(id: "s", name: "s", date: nil, upcoming: false, success: true).outcomePending)
        #expect(Launch(origin: .launchLibrary2, id: "i", name: "i", date: nil, upcoming: false,
                       sourceStatus: SourceStatus(id: 6, name: "In Flight")).outcomePending, "in flight: the detail counts up")
    }

    @Test func ticksOneSecondAtATime() throws {
        let net = try instant("2022-10-05T16:00:00Z")
        let texts = (0..<3).map { i in
            Countdown(to: net, precision: .hour, now: net.addingTimeInterval(-62 + Double(i)), time: Self.time).text
        }
        #expect(texts == ["T-00d 00:01:02", "T-00d 00:01:01", "T-00d 00:01:00"])
    }

    @Test func monthPrecisionDoesNotTick() throws {
        let net = try instant("2022-12-01T00:00:00Z")
        let early = Countdown(to: net, precision: .month, now: net.addingTimeInterval(-86_400 * 30), time: Self.time)
        let later = Countdown(to: net, precision: .month, now: net.addingTimeInterval(-5), time: Self.time)
        #expect(early.kind == .noExactTime)
        #expect(early.text == "NET 2022-12")
        #expect(early.label == "no exact time yet (month precision)")
        #expect(later == early)
    }

    @Test func dayPrecisionShowsTheDay() throws {
        let net = try instant("2022-11-08T00:00:00Z")
        let c = Countdown(to: net, precision: .day, now: net.addingTimeInterval(-3600),
                          time: LaunchTime(timeZone: TimeZone(identifier: "America/Los_Angeles")!))
        #expect(c.kind == .noExactTime)
        #expect(c.text == "NET 2022-11-08")
        #expect(c.label == "no exact time yet (day precision)")
        #expect(!c.ticks)
    }

    /// A coarse date says `NET` once, whatever its precision (the list's own text for a month
    /// or a quarter already starts with it).
    @Test(arguments: [
        (DatePrecision.hour, "NET 2026-10-01 00:00:00 UTC"),
        (.day, "NET 2026-10-01"),
        (.month, "NET 2026-10"),
        (.quarter, "NET 2026 Q4"),
        (.half, "NET 2026 H2"),
        (.year, "NET 2026"),
    ])
    func theNETLineSaysNETOnce(precision: DatePrecision, text: String) throws {
        let net = try instant("2026-10-01T00:00:00Z")
        #expect(LaunchTime(timeZone: .gmt).netLine(net, precision: precision) == text)
        #expect(LaunchTime(timeZone: .gmt).netLine(nil, precision: precision) == "NET unknown")
        if precision != .hour {
            #expect(Countdown(to: net, precision: precision, now: net, time: LaunchTime(timeZone: .gmt)).text == text)
        }
    }

    /// `date_unix: 1e300` decodes to a real Date; its countdown must not trap in Int(_:).
    @Test(arguments: [
        (1e300, Countdown.Kind.counting, "T-11574074d 01:46:40"),
        (-1e300, .awaitingOutcome, "AWAITING OUTCOME"),
    ])
    func absurdDatesAreCapped(unix: Double, kind: Countdown.Kind, text: String) throws {
        let launch = try decode(Launch.self, #"{"id": "a", "date_unix": \#(unix)}"#)
        let c = Countdown(to: launch.date, precision: launch.datePrecision, now: try instant("2022-10-05T16:00:00Z"), time: Self.time)
        #expect(c.kind == kind)
        #expect(c.text == text)
    }

    @Test func noDate() throws {
        let c = Countdown(to: nil, precision: .hour, now: try instant("2022-10-05T16:00:00Z"), time: Self.time)
        #expect(c == Countdown(kind: .noDate, text: "NET unknown", label: "no date announced"))
    }
}
