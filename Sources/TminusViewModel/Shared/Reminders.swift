import Foundation
import TminusCore

/// A reminder going off: a watched launch (or event) is near its NET. The reducer rings the bell (an `Effect.bell`), puts `notice` in the status line and hands this to `AppEnvironment.alert`
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

/// Reminders: pure and clock-driven. For every watched launch (and, with a follow, every
/// followed one at hand) with an exact time (upcoming,
/// hour precision, a date) still ahead, and each lead time of the preferences, a reminder goes
/// off once when the clock passes `NET - lead`. What went off is remembered by (launch, lead,
/// NET), for this run only:
/// - a launch whose NET moves later is reminded again at the new moments;
/// - one that moves earlier, into a window, is reminded at once (once);
/// - one scrubbed (no date, or no exact time any more), past NET or no longer watched: nothing;
/// - at start-up, or when a launch is watched, inside a window (NET still ahead): at once.
/// When several windows of one launch open in one check (start-up 5 min before NET, a clock
/// jump), one alert goes off, for the shortest lead, and all of them count as done.
extension AppReducer {
    /// Sets off every reminder due and not yet set off. Called on every tick and whenever the
    /// watched launches change.
    mutating func checkReminders() {
        let leads = Reminders.leads(state)
        guard !leads.isEmpty else { return }
        for (id, name, net) in Reminders.candidates(state, now: now) {
            let due = leads.filter {
                net.addingTimeInterval(-$0) <= now && !state.session.firedReminders.contains(ReminderKey(launchID: id, lead: $0, net: net))
            }
            guard let shortest = due.min() else { continue }
            for lead in due { state.session.firedReminders.insert(ReminderKey(launchID: id, lead: lead, net: net)) }
            let moment = net.addingTimeInterval(-shortest)
            let at = now.timeIntervalSince(moment) <= Reminder.onTimeTolerance ? moment : now
            fire(Reminder(launchID: id, name: name, net: net, lead: shortest, at: at))
        }
    }

    mutating func fire(_ reminder: Reminder) {
        state.notice = Notice(reminder.notice, expires: now.addingTimeInterval(Reminder.noticeLifetime))
        effects += [.bell, .log("reminder: \(reminder.body)"), .notify(reminder)]
    }
}

/// The reminders' arithmetic, on the state alone.
enum Reminders {
    /// The lead times in seconds, longest first.
    static func leads(_ state: AppState) -> [TimeInterval] {
        Set(state.preferences.reminders).filter { $0 > 0 }.sorted(by: >).map { TimeInterval($0) * 60 }
    }

    /// Watched launches and events a reminder can be about (an exact time still ahead), with
    /// their NET. An event's key is `event:` and its id (event ids are numbers, launch ids UUIDs,
    /// but a key should not rely on that).
    static func candidates(_ state: AppState, now: Date) -> [(id: String, name: String, net: Date)] {
        let launches = state.favorites.items.launches.compactMap { watched -> (String, String, Date)? in
            guard watched.launch.countsDown, let net = watched.date, net > now else { return nil }
            return (watched.id, watched.name, net)
        }
        let events = state.favorites.items.events.compactMap { watched -> (String, String, Date)? in
            guard watched.event.countsDown(at: now), let net = watched.event.date else { return nil }
            return ("event:" + watched.id, watched.name, net)
        }
        return launches + followed(state, now: now, besides: Set(launches.map(\.0))) + events
    }

    /// With a follow that names what to follow (not only words to hide), its upcoming
    /// launches ring as watched ones do (issue 38): those the Upcoming lists hold, followed,
    /// with an exact time still ahead. `E` showing everything changes nothing here.
    static func followed(_ state: AppState, now: Date, besides watched: Set<String>) -> [(id: String, name: String, net: Date)] {
        guard state.follow.choosesLaunches else { return [] }
        return state.launchesAtHand(.upcoming).compactMap { launch in
            guard !watched.contains(launch.id), state.follow.follows(launch), launch.countsDown,
                  let net = launch.date, net > now else { return nil }
            return (launch.id, launch.name, net)
        }
    }

    /// The soonest moment a reminder not yet set off is due (maybe already past: then at once).
    static func nextDue(_ state: AppState, now: Date) -> Date? {
        let leads = leads(state)
        var soonest: Date?
        for (id, _, net) in candidates(state, now: now) {
            for lead in leads where !state.session.firedReminders.contains(ReminderKey(launchID: id, lead: lead, net: net)) {
                let due = net.addingTimeInterval(-lead)
                if soonest.map({ due < $0 }) ?? true { soonest = due }
            }
        }
        return soonest
    }
}
