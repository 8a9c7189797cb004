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

    @Test func exactlyAtNET() throws {
        let c = try countdown(net: "2022-10-05T16:00:00Z", secondsBefore: 0)
        #expect(c.kind == .sinceNET)
        #expect(c.text == "T+00d 00:00:00")
    }

    @Test(arguments: [
        (TimeInterval(1), "T+00d 00:00:01"),
        (3 * 3600 + 25 * 60, "T+00d 03:25:00"),
        (1480 * 86_400 + 12 * 60, "T+1480d 00:12:00"),
    ] as [(TimeInterval, String)])
    func afterNET(secondsAfter: TimeInterval, text: String) throws {
        let c = try countdown(net: "2022-10-05T16:00:00Z", secondsBefore: -secondsAfter)
        #expect(c.kind == .sinceNET)
        #expect(c.text == text)
        #expect(c.label.contains("since NET"))
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
        #expect(c.text == "2022-11-08")
        #expect(c.label == "no exact time yet (day precision)")
    }

    /// `date_unix: 1e300` decodes to a real Date; its countdown must not trap in Int(_:).
    @Test(arguments: [
        (1e300, Countdown.Kind.counting, "T-11574074d 01:46:40"),
        (-1e300, .sinceNET, "T+11574074d 01:46:40"),
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
