import Foundation
import TminusCore
import TminusImage

/// What a reducer asks the outside world to do, as a value. Reducers only return these; the
/// one `EffectRunner` turns them into tasks, store calls and terminal actions, so a test can
/// assert what a key press *would* do without doing it, and no feature starts work of its own.
public enum Effect: Sendable, Hashable {
    // Data from the launch sources (answers come back as events).
    case fetchLaunches(ListRequest, PageCursor)
    case fetchRockets(source: Int, FetchMode)
    case fetchMoreRockets(source: Int, page: Int, FetchMode)
    case fetchLaunchDetail(id: String, source: Int, FetchMode)
    /// A page of the source's events (the Events tab).
    case fetchEvents(EventRequest, PageCursor)
    /// The articles about a launch or an event (the Spaceflight News API).
    case fetchNews(NewsSubject, FetchMode)
    /// How many requests the source still allows (Launch Library 2's `/api-throttle/`).
    case fetchAllowance(source: Int)
    // Pictures the screen shows; ones that left it are cancelled.
    case loadPicture(PictureRequest)
    case cancelPicture(PictureRequest)
    // Writes, each kind in the order asked.
    case savePreferences(Preferences)
    case loadFavorites
    case changeFavorites(FavoritesChange)
    case saveExport(fileName: String, contents: Data)
    /// What the user has now seen of these launches (for "what changed" next time).
    case rememberSeen([String: SeenLaunch])
    // The user's desktop.
    case openURL(URL)
    case notify(Reminder)
    case log(String)
    // The terminal (carried out on the UI thread by the loop).
    case bell
    case setMouse(Bool)
    /// Puts the text on the clipboard through the terminal (OSC 52; tmux with
    /// `set-clipboard on` takes it too).
    case copyToClipboard(String)
    case quit

    /// Whether the terminal loop carries it out (rather than a background task).
    public var isTerminal: Bool {
        switch self {
        case .bell, .setMouse, .copyToClipboard, .quit: true
        default: false
        }
    }
}

/// A change to the favorites database.
public enum FavoritesChange: Sendable, Hashable {
    case saveRocket(Rocket), removeRocket(String), saveLaunch(Launch), removeLaunch(String)
    case saveEvent(SpaceEvent), removeEvent(String)
    /// Fresh copies of stored favorites (from a list or a detail that just arrived).
    case refresh([Launch], [Rocket])

    func apply(to store: FavoritesStore) async throws(StoreError) -> Favorites {
        switch self {
        case .saveRocket(let rocket): try await store.saveRocket(rocket)
        case .removeRocket(let id): try await store.removeRocket(id)
        case .saveLaunch(let launch): try await store.saveLaunch(launch)
        case .removeLaunch(let id): try await store.removeLaunch(id)
        case .saveEvent(let event): try await store.saveEvent(event)
        case .removeEvent(let id): try await store.removeEvent(id)
        case let .refresh(launches, rockets): try await store.refresh(launches, rockets)
        }
    }
}
