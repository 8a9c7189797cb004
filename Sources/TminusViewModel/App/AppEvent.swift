import Foundation
import TminusCore
import TminusImage

/// Everything that can change the app's state. Keys, clock ticks and resizes come from the
/// terminal loop; the rest are results of work the view model started, posted to its mailbox.
public enum AppEvent: Sendable {
    /// The app is up: the first list and the favorites are asked for.
    case started
    case key(Key)
    /// A click or a wheel notch (only while the mouse is on).
    case mouse(MouseEvent)
    /// The clock moved (the loop sends one a second while a countdown is on screen).
    case tick
    /// The terminal's size, in cells.
    case resized(width: Int, height: Int)
    /// A page of a list arrived, for the request described.
    case launchesLoaded(ListRequest, Result<Fetched<LaunchPage>, APIError>)
    /// The Rockets tab's catalogue from the source at that index (dropped after `S` moved on).
    case rocketsLoaded(source: Int, FetchMode, Result<Fetched<[Rocket]>, APIError>)
    /// A further page of it (`LaunchSource.moreRockets`).
    case moreRocketsLoaded(source: Int, page: Int, Result<Fetched<RocketPage>, APIError>)
    /// A launch's whole record (sources whose rows leave things out).
    case launchDetailLoaded(id: String, Result<Fetched<Launch>, APIError>)
    /// A page of the source's events.
    case eventsLoaded(EventRequest, Result<Fetched<EventPage>, APIError>)
    /// The articles about a launch or an event.
    case newsLoaded(NewsSubject, Result<Fetched<[NewsArticle]>, APIError>)
    /// What a source said of its request budget.
    case allowanceLoaded(Result<RequestAllowance, APIError>)
    case ownAllowanceRead(source: Int, OwnAllowance)
    case linkOpened(URL, Result<Void, LinkOpenError>)
    /// A calendar file was written (where), or could not be.
    case exportSaved(Result<URL, ExportError>)
    case preferencesSaved(Result<Void, PreferencesStore.SaveError>)
    /// The settings file as read again, and how many changes the app had made when it asked.
    case preferencesReloaded(PreferencesStore.Loaded, edits: Int)
    /// A picture arrived, or could not be had.
    case pictureLoaded(PictureRequest, Result<LoadedPicture, PictureError>)
    /// How many colours the terminal has (sent once the screen is set up).
    case terminalColors(Int)
    /// How the terminal shows pictures (the start-up probe, or `--pictures`).
    case terminalGraphics(TerminalGraphics)
    /// The terminal's background: its answer to OSC 11, or the guess when it gave none.
    case terminalBackground(TerminalBackground)
    /// What the favorites database holds after a load or a change (or why it failed).
    /// The favorites store's answer to a call, and what it says of itself (read-only, a file
    /// set aside and salvaged).
    case favoritesAnswered(FavoritesCall, Result<Favorites, StoreError>, StoreStatus)
    /// A frame was drawn, and its geometry differs from the last one's (`AppViewModel.render`):
    /// where its click regions, picture boxes and scroll limit are.
    case laidOut(FrameGeometry)
}

public struct LinkOpenError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a list request asked, carried back with its answer so the answer can be judged.
public struct ListRequest: Sendable, Hashable {
    public var id: ListID
    public var page: Int
    /// The list's generation when asked: a refresh since makes the answer old.
    public var generation: Int
    /// The index of the Launches source asked (an answer after `S` switched away is dropped).
    public var source: Int
    public var mode: FetchMode
    /// The list's filter and order when asked: an answer for another one is dropped.
    public var query: ListQuery
    /// Who asks: the user, or the refresh schedule (which may spend what is kept for a launch
    /// near T-0), and the launch near T-0 the budget keeps requests for, if any.
    public var origin: RequestOrigin

    public init(id: ListID, page: Int, generation: Int, source: Int, mode: FetchMode, query: ListQuery = .default,
                origin: RequestOrigin = .user) {
        self.id = id; self.page = page; self.generation = generation; self.source = source; self.mode = mode
        self.query = query; self.origin = origin
    }
}
