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
    /// tminus's own pace for the source's server (the governor's bucket), read at once.
    case readOwnAllowance(source: Int)
    // Pictures the screen shows; ones that left it are cancelled.
    case loadPicture(PictureRequest)
    case cancelPicture(PictureRequest)
    // Writes, each kind in the order asked.
    case savePreferences(Preferences)
    /// The settings file read again (another tminus may have changed it), after the writes
    /// asked before; `edits` is how many changes the app had made when it asked.
    case reloadPreferences(edits: Int)
    /// The settings written for what the app learned by itself (a follow's server ids): a
    /// failure is logged, not reported as something the user asked for that was lost.
    case rememberFollowIDs(Preferences)
    /// A call to the favorites database; its answer comes back as `.favoritesAnswered`.
    case favorites(FavoritesCall)
    case saveExport(fileName: String, contents: Data)
    /// Copies of unsaved changes whose changes are all saved now.
    case forgetRescueCopies([URL])
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

/// A call to the favorites store, as the reducer asks it and gets it back with the answer.
public enum FavoritesCall: Sendable, Hashable {
    case load
    /// A change the user asked for: said once committed, kept and tried again when it fails.
    case write(FavoritesWrite)
    /// A change of the app's own (fresher copies of stored favorites): a failure is said,
    /// but nothing is kept (the next fresh data writes them again).
    case refresh(FavoritesChange)
}

/// A change the user asked for, with its words: what the status line says once the database
/// holds it (`Falcon 9 saved · in Favorites (key 3)`), and what it was, for when it could not be
/// saved (`save Falcon 9` → `could not save Falcon 9: disk full`).
public struct FavoritesWrite: Sendable, Hashable, Codable {
    public var change: FavoritesChange
    public var done: String
    public var what: String
    public init(_ change: FavoritesChange, done: String, what: String) {
        self.change = change; self.done = done; self.what = what
    }
}

/// Which favorite a change is about: a later change to the same one replaces a waiting one.
public enum FavoriteKey: Sendable, Hashable {
    case rocket(String), launch(String), event(String)
}

/// A change to the favorites database.
public enum FavoritesChange: Sendable, Hashable, Codable {
    case saveRocket(Rocket), removeRocket(String), saveLaunch(Launch), removeLaunch(String)
    case saveEvent(SpaceEvent), removeEvent(String)
    /// Fresh copies of stored favorites (from a list or a detail that just arrived).
    case refresh([Launch], [Rocket])

    var isRemoval: Bool {
        switch self {
        case .removeRocket, .removeLaunch, .removeEvent: true
        default: false
        }
    }

    /// The favorite it is about (nil for a refresh, which is about many).
    public var key: FavoriteKey? {
        switch self {
        case .saveRocket(let rocket): .rocket(rocket.id)
        case .removeRocket(let id): .rocket(id)
        case .saveLaunch(let launch): .launch(launch.id)
        case .removeLaunch(let id): .launch(id)
        case .saveEvent(let event): .event(event.id)
        case .removeEvent(let id): .event(id)
        case .refresh: nil
        }
    }

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
