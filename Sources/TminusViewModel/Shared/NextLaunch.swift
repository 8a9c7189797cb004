import Foundation
import TminusCore

/// What the next-launch banner (`b`) pins under the tab bar, decided here once for the
/// renderer (what it draws) and the wake-up schedule (whether it ticks).
public enum NextLaunch: Sendable, Hashable {
    /// The upcoming list has not loaded yet.
    case loading
    /// Loaded, but no launch in it has a countdown worth pinning.
    case none(loaded: Int)
    case launch(Launch)
}

extension AppState {
    /// The banner's launch: the soonest loaded upcoming launch (of the source shown) whose time
    /// is known to the hour and whose countdown still means something: counting down, on hold,
    /// lifting off or in flight, but not one whose outcome is overdue (`Countdown.outcomeOverdue`)
    /// nor one whose outcome is in. Watched launches are not preferred: the banner answers
    /// "what goes up next", the same for everyone; a watched one shows its ★.
    ///
    /// The list is the unfiltered, soonest-first Upcoming list when it is loaded, so a `/`
    /// filter or `s` order on the tab does not change what "next" means; it is the followed
    /// one (issue 38): "next" is the next launch of what the user follows.
    public var nextLaunch: NextLaunch {
        let id = ListID.segment(.upcoming)
        let ground = ground(id)
        let list = query(id) == ground ? list(id) : (otherQueryLists[id]?[ground] ?? list(id))
        guard list.status.hasLoadedOnce else { return .loading }
        return Launch.next(in: list.launches, now: now).map(NextLaunch.launch) ?? .none(loaded: list.launches.count)
    }
}
