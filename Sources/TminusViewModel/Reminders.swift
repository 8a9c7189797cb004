import Foundation
import TminusCore

/// A reminder going off: a watched launch is near its NET. The view model rings the bell (through
/// `AppState.bellCount`), puts `notice` in the status line and hands this to `AppEnvironment.alert`
/// (the desktop notification).
public struct Reminder: Sendable, Hashable {
    public var launchID: String
    public var name: String
    public var net: Date
    /// The lead time it was set for, in seconds (the preferences' minutes × 60).
    public var lead: TimeInterval
    /// The moment the alert speaks of: the reminder's own moment (`net - lead`) when it goes
    /// off on time, the moment it went off when late (a launch watched, or moved, inside the window).
    public var at: Date

    public init(launchID: String, name: String, net: Date, lead: TimeInterval, at: Date) {
        self.launchID = launchID; self.name = name; self.net = net; self.lead = lead; self.at = at
    }

    /// The notification's title.
    public static let title = "tminus"
    /// How long after its moment a reminder still counts as on time (ticks come once a second).
    public static let onTimeTolerance: TimeInterval = 2
    /// How long its notice stays in the status line.
    public static let noticeLifetime: TimeInterval = 60

    /// `in 10 min`, `in 1 h`, `in 1 h 30 min`, `in under a minute`: the time left, to the minute.
    public var inWords: String {
        let minutes = Int((net.timeIntervalSince(at) / 60).rounded())
        if minutes < 1 { return "in under a minute" }
        let (h, m) = (minutes / 60, minutes % 60)
        if h == 0 { return "in \(m) min" }
        return m == 0 ? "in \(h) h" : "in \(h) h \(m) min"
    }

    /// `⏰ Galaxy 33 in 10 min`, for the status line.
    public var notice: String { "⏰ \(name) \(inWords)" }

    /// `Galaxy 33 in 10 min (T-00d 00:10:00)`, the notification's body.
    public var body: String {
        let countdown = Countdown(to: net, precision: .hour, now: at, time: LaunchTime(timeZone: .gmt))
        return "\(name) \(inWords) (\(countdown.text))"
    }
}

/// Reminders: pure and clock-driven. For every watched launch with an exact time (upcoming,
/// hour precision, a date) still ahead, and each lead time of the preferences, a reminder goes
/// off once when the clock passes `NET - lead`. What went off is remembered by (launch, lead,
/// NET), for this run only:
/// - a launch whose NET moves later is reminded again at the new moments;
/// - one that moves earlier, into a window, is reminded at once (once);
/// - one scrubbed (no date, or no exact time any more), past NET or no longer watched: nothing;
/// - at start-up, or when a launch is watched, inside a window (NET still ahead): at once.
/// When several windows of one launch open in one check (start-up 5 min before NET, a clock
/// jump), one alert goes off, for the shortest lead, and all of them count as done.
extension AppViewModel {
    struct ReminderKey: Hashable {
        var launchID: String
        var lead: TimeInterval
        var net: Date
    }

    /// The lead times in seconds, longest first.
    var reminderLeads: [TimeInterval] {
        Set(state.preferences.reminders).filter { $0 > 0 }.sorted(by: >).map { TimeInterval($0) * 60 }
    }

    /// Watched launches a reminder can be about, with their NET.
    func reminderCandidates(now: Date) -> [(launch: WatchedLaunch, net: Date)] {
        state.favorites.items.launches.compactMap { watched in
            guard Self.counts(watched.status == .upcoming, watched.datePrecision, watched.date),
                  let net = watched.date, net > now else { return nil }
            return (watched, net)
        }
    }

    /// Sets off every reminder due and not yet set off. Called on every tick and whenever the
    /// watched launches change.
    func checkReminders() {
        let now = environment.clock.now()
        let leads = reminderLeads
        guard !leads.isEmpty else { return }
        for (watched, net) in reminderCandidates(now: now) {
            let due = leads.filter {
                net.addingTimeInterval(-$0) <= now && !firedReminders.contains(ReminderKey(launchID: watched.id, lead: $0, net: net))
            }
            guard let shortest = due.min() else { continue }
            for lead in due { firedReminders.insert(ReminderKey(launchID: watched.id, lead: lead, net: net)) }
            let moment = net.addingTimeInterval(-shortest)
            let at = now.timeIntervalSince(moment) <= Reminder.onTimeTolerance ? moment : now
            fire(Reminder(launchID: watched.id, name: watched.name, net: net, lead: shortest, at: at))
        }
    }

    func fire(_ reminder: Reminder) {
        state.bellCount += 1
        state.notice = Notice(reminder.notice, expires: environment.clock.now().addingTimeInterval(Reminder.noticeLifetime))
        environment.log("reminder: \(reminder.body)")
        let alert = environment.alert
        tasks.append(Task.detached { await alert(reminder) })
    }

    /// The soonest moment a reminder not yet set off is due (maybe already past: then at once).
    func nextReminderDue(now: Date) -> Date? {
        let leads = reminderLeads
        var soonest: Date?
        for (watched, net) in reminderCandidates(now: now) {
            for lead in leads where !firedReminders.contains(ReminderKey(launchID: watched.id, lead: lead, net: net)) {
                let due = net.addingTimeInterval(-lead)
                if soonest.map({ due < $0 }) ?? true { soonest = due }
            }
        }
        return soonest
    }

    /// How long the loop may sleep before the next reminder: never past its moment. Ticks fall
    /// on whole multiples of the interval, so any interval up to the time left wakes in time;
    /// nil when none is pending (then the screen alone decides).
    var reminderWake: Duration? {
        let now = environment.clock.now()
        guard let due = nextReminderDue(now: now) else { return nil }
        let remaining = due.timeIntervalSince(now)
        if remaining >= 1 { return .seconds(Int(min(remaining, 86_400).rounded(.down))) }
        return .milliseconds(max(10, Int((remaining * 1000).rounded(.down))))
    }

    /// The sooner of two wake-ups.
    static func sooner(_ a: Duration?, _ b: Duration?) -> Duration? {
        switch (a, b) {
        case let (a?, b?): return min(a, b)
        default: return a ?? b
        }
    }
}
