import TminusCore

/// What the user did, named for the user: a key press is looked up in the screen's bindings
/// table and becomes one of these; the reducers act on actions, never on raw keys.
public enum Action: Sendable, Hashable {
    // Anywhere.
    case quit, showHelp, switchSource, toggleMouse, toggleBanner, cycleTheme
    /// `P`: the follow chooser; `E`: everything for a moment, or the follow again.
    case chooseFollow, toggleEverything
    case selectTab(Tab), nextTab, previousTab
    case toggleFavorite, saveCalendarEvent, showUnits, copyLink
    // The Favorites tab: puts back what `x` last removed.
    case undoRemoval
    // Lists and scrolling bodies.
    case move(Movement)
    case open, back, refresh
    // The launch lists.
    case showSegment(LaunchSegment)
    case openFilter, toggleSort, cycleOutcome, cycleRocket, toggleWebcast
    case nextMatch, previousMatch
    // The launch detail.
    case nextLink, previousLink, openLink
    /// A click on the links bar's link `index`: selects it, or opens it when it is selected.
    case chooseLink(Int)
    // The rocket pager.
    case previousRocket, nextRocket, previousImage, nextImage, showRocketLaunches, openWikipedia
}

/// How a movement key moves: a row (or line), a page, or to either end.
public enum Movement: Sendable, Hashable {
    case up, down, pageUp, pageDown, top, bottom
}
