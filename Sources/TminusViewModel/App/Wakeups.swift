import Foundation
import TminusCore

/// How long the terminal loop may sleep before the screen needs a redraw or the reducer a
/// tick: every second while a countdown ticks, when a passing message is due to be taken down,
/// every 30 s otherwise (the "updated N min ago" text, and the Events tab's hourly refresh, which
/// needs no second), and never past a retry or a reminder.
enum Wakeups {
    static func interval(_ state: AppState, now: Date) -> Duration? {
        sooner(screen(state), reminderWake(state, now: now))
    }

    /// What the screen alone needs: the soonest of these.
    static func screen(_ state: AppState) -> Duration? {
        if state.filterInput?.askAt != nil { return .milliseconds(100) }  // the `/` filter's pause
        var wakes: [Duration] = [.seconds(30)]
        // A passing message goes when it is due: one wake-up, not one a second until then.
        if let expires = state.notice?.expires {
            wakes.append(.milliseconds(max(10, Int((expires.timeIntervalSince(state.now) * 1000).rounded(.up)))))
        }
        // A retry waiting must start on time, and its last minute counts down in seconds.
        let retries = state.lists.values.compactMap(\.status.retryAt) + state.events.lists.values.compactMap(\.status.retryAt)
            + [state.rockets.status.retryAt].compactMap { $0 }
        if let soonest = retries.min() {
            let remaining = soonest.timeIntervalSince(state.now)
            wakes.append(remaining <= 60 ? .seconds(1) : .seconds(Int(min(30, remaining - 60).rounded(.up))))
        }
        // A scheduled refresh starts on time (its "refresh in N min" needs no seconds).
        if let refresh = RefreshPlan.schedule(state).first {
            wakes.append(.milliseconds(max(10, Int((refresh.at.timeIntervalSince(state.now) * 1000).rounded(.up)))))
        }
        if ticksOnScreen(state) { wakes.append(.seconds(1)) }
        // Changes waiting to be saved: their retry counts down in the status line.
        if state.favorites.retryAt != nil || state.settingsSaving.retryAt != nil { wakes.append(.seconds(1)) }
        return wakes.min()
    }

    /// Whether a countdown on screen changes every second: the open detail's, a watched
    /// launch's on the Favorites tab, or the banner's. (HOLD, an awaited outcome and a date
    /// without an exact time do not tick; the 30 s wake-up is enough for them.)
    static func ticksOnScreen(_ state: AppState) -> Bool {
        if state.preferences.banner, case .launch(let next) = state.nextLaunch, ticks(next, state.now) { return true }
        if let detail = state.detail, detail.launch.outcomePending, ticks(detail.launch, state.now) { return true }
        // On wide terminals a launch list has the selected launch's preview, with its countdown.
        if let launch = state.previewLaunch, launch.outcomePending, ticks(launch, state.now) { return true }
        // An event's countdown: its detail's, or a watched one's on the Favorites tab.
        if let event = state.eventDetail?.event, event.countsDown(at: state.now) { return true }
        return state.screen == .favorites && (state.favorites.items.launches.contains { $0.launch.countsDown && ticks($0.launch, state.now) }
            || state.favorites.items.events.contains { $0.event.countsDown(at: state.now) })
    }

    private static func ticks(_ launch: Launch, _ now: Date) -> Bool { Countdown.ticks(Countdown.kind(of: launch, now: now)) }

    /// How long the loop may sleep before the next reminder: never past its moment. Ticks fall
    /// on whole multiples of the interval, so any interval up to the time left wakes in time;
    /// nil when none is pending (then the screen alone decides).
    static func reminderWake(_ state: AppState, now: Date) -> Duration? {
        guard let due = Reminders.nextDue(state, now: now) else { return nil }
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

extension AppViewModel {
    /// How long typing must pause before the server is asked for the filtered list.
    public static let filterDebounce: TimeInterval = 0.3
    /// Lines the wheel scrolls per notch.
    public static let wheelLines = 3
    /// A second click on the same row this soon is a double-click.
    public static let doubleClickInterval: TimeInterval = 0.4
}
