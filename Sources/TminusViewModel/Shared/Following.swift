import Foundation
import TminusCore

/// The follow at work (issue 38): the Upcoming and Past lists stand on it (their `ground`),
/// so the rows, the banner, the preview, the reminders and the what-changed flags all follow
/// it; `E` shows everything for a moment; the server's ids for its names are learned from
/// the launches that arrive.
extension AppReducer {
    /// `E`: everything, or the follow again. Each is a list of its own, kept: going back and
    /// forth asks the server at most once for each.
    mutating func userToggledEverything() {
        guard !state.follow.isEmpty else {
            show(Notice("nothing is followed: every launch shows (P chooses what to follow)"))
            return
        }
        changeFollow { $0.showsEverything.toggle() }
        show(Notice(state.showsEverything ? "everything for now — E follows again (\(state.follow.words))"
                                          : "following: " + state.follow.words))
    }

    /// Changes what the lists stand on: each segment keeps its filters and order over the new
    /// ground, the lists of the old one are kept aside (going back costs nothing).
    mutating func changeFollow(_ change: (inout AppState) -> Void) {
        let ids = LaunchSegment.allCases.map { ListID.segment($0) }
        // Each list's query written out, so it is the old ground's until switched.
        for id in ids { state.queries[id] = state.query(id) }
        change(&state)
        for id in ids {
            var query = state.query(id)
            let ground = state.ground(id)
            query.follow = ground.follow
            query.server = ground.server
            switchQuery(to: query, in: id)
            if state.queries[id] == ground { state.queries[id] = nil }
        }
        let follow = state.activeFollow
        for segment in LaunchSegment.allCases { state.events.lists[segment]?.show(following: follow) }
        // The list on screen, and Upcoming (the banner and the reminders read it).
        loadFirstPageIfNeeded(.segment(state.segment))
        loadFirstPageIfNeeded(.segment(.upcoming))
    }

    /// Launches arrived: the ids of the followed names they show are kept (settings.json), so
    /// the next run asks the server for the followed launches only.
    mutating func learnFollowIDs(from launches: [Launch]) {
        guard !state.follow.isEmpty else { return }
        var ids = state.preferences.followIDs
        guard ids.learn(from: launches, for: state.follow) else { return }
        state.preferences.followIDs = ids
        // Not over a settings file that could not be read (the user's, to mend), nor while a
        // save of the user's waits (that one writes these too).
        guard !state.settingsFileProblem, state.settingsSaving.fault == nil else { return }
        effects.append(.rememberFollowIDs(state.preferences))
    }
}

extension AppState {
    /// Every launch a segment's lists hold (each once), whatever their follow or filters,
    /// with those the follow left out of them: what `P` offers, what the header counts, what
    /// reminders look through.
    public func launchesAtHand(_ segment: LaunchSegment) -> [Launch] {
        let id = ListID.segment(segment)
        var seen = Set<String>()
        let lists = [list(id)] + (otherQueryLists[id]?.values.map { $0 } ?? [])
        return lists.flatMap { $0.launches + $0.hiddenByFollow }.filter { seen.insert($0.id).inserted }
    }

    /// The header's words while a follow applies: `following: SpaceX · Florida · crewed ·
    /// 63 hidden` (the launches at hand of this list the follow leaves out; none said when
    /// none is at hand, as when the server left them out), or while `E` shows everything,
    /// `everything (E follows SpaceX again)`. Nil when nothing is followed.
    public func followingWords(_ segment: LaunchSegment) -> String? {
        // The launches at hand the follow leaves out: in the lists of other follows (`E`), and
        // those the server sent for this one and the rows here left out.
        // The replica counts all it holds; otherwise, the launches at hand.
        followingWords(hidden: {
            list(.segment(segment)).coverage?.hiddenByFollow ?? launchesAtHand(segment).filter { !follow.follows($0) }.count
        })
    }

    /// The header's words, `hidden` counted only when a follow applies.
    func followingWords(hidden: () -> Int) -> String? {
        guard !follow.isEmpty else { return nil }
        if showsEverything { return "everything · E follows again" }
        let count = hidden()
        return "following: " + follow.words + (count > 0 ? " · \(count) hidden" : "")
    }

    /// What an empty Launches list says while a follow applies: that the follow left nothing,
    /// and on the r/SpaceX archive (SpaceX's launches only) that it follows other providers;
    /// a name that matches none of the launches loaded (a typo in `--provider`) is said with
    /// the nearest names, as the subcommands say it before they exit 64.
    public var emptyFollowWords: [String]? {
        guard !activeFollow.isEmpty else { return nil }
        let hint = "E shows everything · P changes what you follow"
        if frozenSources.contains(sourceIndex), !follow.providers.isEmpty,
           !follow.providers.contains(where: { Follow.names($0, provider: "SpaceX", abbrev: "SpX") }) {
            return ["\(sourceName) has SpaceX's launches only: you follow \(follow.providers.joined(separator: ", ")).", hint]
        }
        let atHand = launchesAtHand(segment)
        if !atHand.isEmpty, let unknown = Follow.unknown(activeFollow, in: atHand, known: preferences.followIDs) {
            return [unknown.message.prefix(1).uppercased() + unknown.message.dropFirst() + ".", hint]
        }
        return ["Nothing here of what you follow (\(follow.words)).", hint]
    }

    /// The same for an event list: the events that arrived and the follow leaves out.
    public func followingWords(events list: EventListState) -> String? {
        followingWords(hidden: { list.hiddenCount })
    }
}
