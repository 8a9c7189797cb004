import Foundation
import Synchronization
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// Records the reminders handed to `AppEnvironment.alert` (the desktop notification).
final class AlertSpy: Sendable {
    private let got = Mutex<[Reminder]>([])
    var reminders: [Reminder] { got.withLock { $0 } }
    var bodies: [String] { reminders.map(\.body) }
    var alert: @Sendable (Reminder) async -> Void { { r in self.got.withLock { $0.append(r) } } }
}

/// A view model over a scripted source whose Upcoming list holds `launch`, watched (or not),
/// with a test clock and an alert spy.
struct ReminderRig {
    let viewModel: AppViewModel
    let clock: TestClock
    let source: ScriptedSource
    let spy = AlertSpy()
    let terminal = TerminalSpy()

    init(_ launches: [Launch], watched: [Launch], now: Date, reminders: [Int] = Preferences.defaultReminders,
         follow: Follow? = nil) async {
        clock = TestClock(now)
        source = ScriptedSource(upcoming: launches)
        var preferences = Preferences.defaults
        preferences.reminders = reminders
        preferences.follow = follow
        var environment = AppEnvironment(
            source: source.source, clock: clock.clock, time: LaunchTime(timeZone: .gmt), openURL: { _ in .success(()) },
            preferences: .inMemory(.init(preferences: preferences)),
            favorites: .inMemory(Favorites(launches: watched.map { WatchedLaunch($0, addedAt: Sample.reference) })))
        environment.alert = spy.alert
        viewModel = AppViewModel(environment: environment, mailbox: Mailbox())
        terminal.attach(to: viewModel)
        viewModel.handle(.resized(width: 80, height: 24))
        viewModel.start()
        await viewModel.settle()
    }

    var state: AppState { viewModel.state }

    /// The clock reads `date`, and the loop ticks.
    func tick(at date: Date) async {
        clock.set(date)
        viewModel.handle(.tick)
        await viewModel.settle()
    }

    /// The source now has `launch` instead (a moved or scrubbed NET); `r` refreshes the list,
    /// which brings the watched copy up to date.
    func serve(_ launch: Launch) async {
        source.replace(upcoming: [launch])
        viewModel.handle(.key(.character("r")))
        await viewModel.settle()
    }

    var tickSeconds: Double? {
        viewModel.tickInterval.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }
}

@Suite("Reminders")
struct RemindersTests {
    static let net = Sample.reference.addingTimeInterval(2 * 3600)
    static let galaxy = Launch(id: "g33", name: "Galaxy 33", date: net, upcoming: true)
    static func galaxy(net: Date?, precision: DatePrecision = .hour) -> Launch {
        Launch(id: "g33", name: "Galaxy 33", date: net, datePrecision: precision, upcoming: true)
    }

    @Test func eachLeadGoesOffOnceWhenTheClockCrossesIt() async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        #expect(rig.spy.reminders.isEmpty, "two hours before NET: nothing yet")
        #expect(rig.terminal.bells == 0)

        await rig.tick(at: Self.net.addingTimeInterval(-3601))
        #expect(rig.spy.reminders.isEmpty, "a second before the hour mark")

        await rig.tick(at: Self.net.addingTimeInterval(-3600))
        #expect(rig.spy.bodies == ["Galaxy 33 in 1 h (T-00d 01:00:00)"])
        #expect(rig.terminal.bells == 1)
        #expect(rig.state.notice?.text == "⏰ Galaxy 33 in 1 h")
        #expect(rig.state.notice?.expires != nil, "a passing notice")

        // Once only, however many ticks follow.
        await rig.tick(at: Self.net.addingTimeInterval(-3599))
        await rig.tick(at: Self.net.addingTimeInterval(-1800))
        #expect(rig.spy.reminders.count == 1)
        #expect(rig.terminal.bells == 1)

        // A tick a little late still reads as the reminder's own moment.
        await rig.tick(at: Self.net.addingTimeInterval(-599.4))
        #expect(rig.spy.bodies.last == "Galaxy 33 in 10 min (T-00d 00:10:00)")
        #expect(rig.spy.reminders.last?.lead == 600)
        #expect(rig.terminal.bells == 2)
        #expect(rig.state.notice?.text == "⏰ Galaxy 33 in 10 min")

        await rig.tick(at: Self.net.addingTimeInterval(-1))
        await rig.tick(at: Self.net.addingTimeInterval(60))
        #expect(rig.spy.reminders.count == 2, "nothing at or after NET")
        #expect(rig.terminal.bells == 2)
    }

    @Test func unwatchedLaunchesAreNeverReminded() async {
        let other = Launch(id: "other", name: "Other", date: Sample.reference.addingTimeInterval(300), upcoming: true)
        let rig = await ReminderRig([other, Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        await rig.tick(at: Sample.reference.addingTimeInterval(10))
        #expect(rig.spy.reminders.isEmpty, "Other is 5 min away but not watched")
        #expect(rig.terminal.bells == 0)
    }

    @Test func startingInsideAWindowAlertsOnceForTheShortestLead() async {
        // Five minutes before NET: both the 1 h and the 10 min moments have passed.
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Self.net.addingTimeInterval(-300))
        #expect(rig.spy.bodies == ["Galaxy 33 in 5 min (T-00d 00:05:00)"])
        #expect(rig.spy.reminders.first?.lead == 600)
        #expect(rig.terminal.bells == 1)
        await rig.tick(at: Self.net.addingTimeInterval(-200))
        #expect(rig.spy.reminders.count == 1, "neither goes off again")
    }

    @Test func startingAfterNETAlertsNothing() async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Self.net.addingTimeInterval(30))
        await rig.tick(at: Self.net.addingTimeInterval(40))
        #expect(rig.spy.reminders.isEmpty)
        #expect(rig.terminal.bells == 0)
    }

    @Test func watchingALaunchInsideAWindowAlertsAtOnce() async {
        let rig = await ReminderRig([Self.galaxy], watched: [], now: Self.net.addingTimeInterval(-603))
        #expect(rig.spy.reminders.isEmpty)
        rig.viewModel.handle(.key(.character("f")))
        await rig.viewModel.settle()
        #expect(rig.state.isWatched(launch: "g33"))
        #expect(rig.spy.bodies == ["Galaxy 33 in 10 min (T-00d 00:10:03)"], "the 1 h moment has passed: late, said as it is")
        await rig.tick(at: Self.net.addingTimeInterval(-600))
        #expect(rig.spy.bodies.last == "Galaxy 33 in 10 min (T-00d 00:10:00)", "then the 10 min one on time")
        #expect(rig.spy.reminders.count == 2)
    }

    @Test func aLaunchMovedLaterIsRemindedAgainAtItsNewTimes() async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        await rig.tick(at: Self.net.addingTimeInterval(-3600))
        await rig.tick(at: Self.net.addingTimeInterval(-600))
        #expect(rig.spy.reminders.count == 2)

        // Five minutes before NET, the launch slips an hour.
        let later = Self.net.addingTimeInterval(3600)
        await rig.tick(at: Self.net.addingTimeInterval(-300))
        await rig.serve(Self.galaxy(net: later))
        #expect(rig.state.favorites.items.launches.first?.date == later, "the watched copy moved")
        #expect(rig.spy.reminders.count == 2, "nothing is due for the new NET yet")

        await rig.tick(at: later.addingTimeInterval(-3600))
        #expect(rig.spy.bodies.last == "Galaxy 33 in 1 h (T-00d 01:00:00)")
        await rig.tick(at: later.addingTimeInterval(-600))
        #expect(rig.spy.bodies.last == "Galaxy 33 in 10 min (T-00d 00:10:00)")
        #expect(rig.spy.reminders.map(\.net) == [Self.net, Self.net, later, later])
        #expect(rig.terminal.bells == 4)
    }

    @Test func aLaunchMovedEarlierIntoAWindowAlertsAtOnceOnce() async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        #expect(rig.spy.reminders.isEmpty)
        let sooner = Sample.reference.addingTimeInterval(300)
        await rig.serve(Self.galaxy(net: sooner))
        #expect(rig.spy.bodies == ["Galaxy 33 in 5 min (T-00d 00:05:00)"])
        #expect(rig.terminal.bells == 1)
        await rig.tick(at: Sample.reference.addingTimeInterval(10))
        await rig.tick(at: sooner.addingTimeInterval(-1))
        #expect(rig.spy.reminders.count == 1)
    }

    @Test(arguments: [("no date", nil, DatePrecision.hour), ("known to the day", net, .day), ("known to the month", net, .month)])
    func aScrubbedLaunchAlertsNothing(what: String, net: Date?, precision: DatePrecision) async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        await rig.serve(Self.galaxy(net: net, precision: precision))
        #expect(rig.state.favorites.items.launches.first?.datePrecision == precision, "\(what)")
        for offset in [-3600.0, -600, -1] {
            await rig.tick(at: Self.net.addingTimeInterval(offset))
        }
        #expect(rig.spy.reminders.isEmpty, "\(what)")
        #expect(rig.terminal.bells == 0)
        #expect(rig.viewModel.reminderWake == nil)
    }

    @Test func leadTimesComeFromThePreferences() async {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference, reminders: [30])
        await rig.tick(at: Self.net.addingTimeInterval(-3600))
        #expect(rig.spy.reminders.isEmpty)
        await rig.tick(at: Self.net.addingTimeInterval(-1800))
        #expect(rig.spy.bodies == ["Galaxy 33 in 30 min (T-00d 00:30:00)"])
        await rig.tick(at: Self.net.addingTimeInterval(-600))
        #expect(rig.spy.reminders.count == 1)

        let off = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Self.net.addingTimeInterval(-300), reminders: [])
        await off.tick(at: Self.net.addingTimeInterval(-200))
        #expect(off.spy.reminders.isEmpty, "an empty list: no reminders")
        #expect(off.terminal.bells == 0)
    }

    @Test func theTickWakesTheLoopInTimeAndNoMoreOftenWhenNothingIsNear() async throws {
        let rig = await ReminderRig([Self.galaxy], watched: [Self.galaxy], now: Sample.reference)
        #expect(rig.tickSeconds == 30, "two hours away: the idle 30 s, as before")

        await rig.tick(at: Self.net.addingTimeInterval(-3600 - 45.5))
        #expect(rig.tickSeconds == 30, "45 s away: still 30")
        await rig.tick(at: Self.net.addingTimeInterval(-3600 - 12.5))
        #expect(rig.tickSeconds == 12, "12.5 s away: at most 12 s")
        await rig.tick(at: Self.net.addingTimeInterval(-3600 - 0.25))
        let last = try #require(rig.tickSeconds)
        #expect(last <= 0.25, "a quarter second away: \(last)")

        // Every interval up to the time left wakes the loop at the latest at the moment.
        await rig.tick(at: Self.net.addingTimeInterval(-3600))
        #expect(rig.spy.reminders.count == 1)
        #expect(rig.tickSeconds == min(30, Reminder.noticeLifetime), "the notice is up: a wake-up when it is due, not one a second")

        // Next: the 10-minute mark, 50 min away; once the notice is gone, back to 30 s.
        await rig.tick(at: Self.net.addingTimeInterval(-3000))
        #expect(rig.state.notice == nil)
        #expect(rig.tickSeconds == 30)
        #expect(rig.viewModel.nextReminderDue(now: rig.clock.clock.now()) == Self.net.addingTimeInterval(-600))
    }

    @Test func theReminderWordsRoundToTheMinute() {
        func words(_ left: TimeInterval) -> String {
            Reminder(launchID: "x", name: "X", net: Self.net, lead: 600, at: Self.net.addingTimeInterval(-left)).inWords
        }
        #expect(words(600) == "in 10 min")
        #expect(words(3600) == "in 1 h")
        #expect(words(5400) == "in 1 h 30 min")
        #expect(words(86_400) == "in 24 h")
        #expect(words(20) == "in under a minute")
    }
}
