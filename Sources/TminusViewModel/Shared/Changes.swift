import Foundation
import TminusCore
import TminusRender

/// What changed about a launch since the user last looked: its NET moved, it went on hold, it
/// was scrubbed, or it is new to them. Compared with what the previous run showed (kept in the
/// state dir by `SeenStore`), or, for a launch this run has already shown, with that.
public enum LaunchChange: Sendable, Hashable {
    case netMoved(TimeInterval)
    case hold
    case scrub
    case new

    /// The flag on a row: `NET +2 d`, `NET −3 h`, `HOLD`, `SCRUB`, `new`.
    public var text: String {
        switch self {
        case .netMoved(let delta): "NET " + (delta < 0 ? "−" : "+") + Self.amount(abs(delta))
        case .hold: "HOLD"
        case .scrub: "SCRUB"
        case .new: "new"
        }
    }

    /// Whole days, hours or minutes, the largest that is at least one.
    static func amount(_ seconds: TimeInterval) -> String {
        if seconds >= 86_400 { return "\(Int((seconds / 86_400).rounded())) d" }
        if seconds >= 3600 { return "\(Int((seconds / 3600).rounded())) h" }
        return "\(max(1, Int((seconds / 60).rounded()))) min"
    }

    /// What `launch` changed since `seen`; nil when nothing did (or it was never seen and the
    /// user had not looked at anything yet, so everything would be "new").
    static func between(_ seen: SeenLaunch?, _ launch: Launch, userHasLooked: Bool) -> LaunchChange? {
        guard let seen else { return userHasLooked && launch.upcoming ? .new : nil }
        let status = launch.statusWord.uppercased(), before = seen.status.uppercased()
        if status != before {
            if status == "HOLD" { return .hold }
            // Back to "to be decided" from a date it was going for: a scrub.
            if ["TBD", "TBC"].contains(status), ["GO", "HOLD", "IN FLIGHT", "UPCOMING"].contains(before) { return .scrub }
        }
        if let old = seen.net, let new = launch.date {
            let delta = new.timeIntervalSince(old)
            // A day-precision date moving within its day, or a clock tick of rounding, is no news.
            let threshold: TimeInterval = launch.datePrecision == .hour && seen.precision == .hour ? 60 : 86_400
            if abs(delta) >= threshold { return .netMoved(delta) }
        }
        return nil
    }
}

extension AppReducer {
    /// Launches this run remembers as shown, the most recently shown kept.
    static let shownThisRunLimit = 2_000

    /// A page arrived: each launch is compared with what the user last saw, and what it is now
    /// is remembered for the next look. The first time this run shows a launch, "last saw" is
    /// the previous run; after that it is what this run showed, so a refresh (automatic or `r`)
    /// that moves a NET or a status while the app is open is flagged at once (issue 24). Flags
    /// stay for the run; an answer that changes nothing leaves a launch's flag as it is.
    mutating func noteChanges(_ launches: [Launch]) {
        guard !launches.isEmpty else { return }
        // Looked before at this source (not at the other one: a first look flags nothing).
        let looked = Set(state.seen.values.map(\.origin))
        var remembered: [String: SeenLaunch] = [:]
        for launch in launches {
            let now = SeenLaunch(launch, seenAt: self.now)
            // Only launches to come slip; a launch that is over is compared with the last run.
            if launch.upcoming, let shown = state.shownThisRun[launch.id] {
                if let change = LaunchChange.between(shown, launch, userHasLooked: true) { state.changes[launch.id] = change }
            } else {
                state.changes[launch.id] = LaunchChange.between(state.seen[launch.id], launch,
                                                                userHasLooked: looked.contains(launch.origin))
            }
            if launch.upcoming { state.shownThisRun[launch.id] = now }
            remembered[launch.id] = now
        }
        // Bounded like seen.json: an app open for weeks meets new launches every day.
        if state.shownThisRun.count > Self.shownThisRunLimit {
            let oldest = state.shownThisRun.sorted { $0.value.seenAt < $1.value.seenAt }.prefix(state.shownThisRun.count - Self.shownThisRunLimit)
            for (id, _) in oldest { state.shownThisRun[id] = nil }
        }
        effects.append(.rememberSeen(remembered))
    }
}

extension Theme {
    /// A change since the user last looked: a hold or scrub warns, a new launch or a moved NET informs.
    static func changeStyle(_ change: LaunchChange) -> Style {
        switch change {
        case .hold, .scrub: light(.theme.warning, bold: true)
        case .netMoved, .new: light(.theme.warning, bold: false)
        }
    }
}
