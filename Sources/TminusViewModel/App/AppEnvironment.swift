import Foundation
import TminusCore
import TminusImage

/// What the view models may reach outside themselves: the data source, the clock, the user's
/// browser, the preferences file and how dates read. Live values are wired by the executable;
/// tests pass fakes.
public struct AppEnvironment: Sendable {
    /// Where the Launches and Rockets tabs' lists come from, in the order `S` cycles through
    /// them; the first is the one at start.
    public var sources: [LaunchSource]
    public var clock: AppClock
    /// The articles about a launch or an event (the Spaceflight News API); nil asks for none.
    public var news: NewsClient?
    public var openURL: @Sendable (URL) async -> Result<Void, LinkOpenError>
    public var time: LaunchTime
    public var preferences: PreferencesStore
    public var favorites: FavoritesStore
    /// Fetches, decodes and fits pictures; nil draws glyph art only (`--no-images`).
    public var pictures: PictureLoader?
    /// Writes a line to the log file (never the screen); tests leave it silent.
    public var log: @Sendable (String) -> Void
    /// Writes an export for the user (an `.ics` file) under this name in their download
    /// folder and says where it went.
    public var saveExport: @Sendable (_ fileName: String, _ contents: Data) async -> Result<URL, ExportError>
    /// A reminder is due (a watched launch is near): the desktop notification. The bell goes
    /// through the screen (`AppState.bellCount`), not here.
    public var alert: @Sendable (Reminder) async -> Void = { _ in }
    /// `--offline`: no request will be made, so no refresh is ever due and data is never "updated".
    public var offline = false
    /// A note for the status line at start-up (e.g. why `--offline` shows nothing yet).
    public var startupNotice: String?
    /// What is wrong with `config.toml`: shown at startup as an error, with the others.
    public var configProblem: String?
    /// The keys `config.toml` moved.
    public var keys = KeyBindings()
    /// The theme `--theme`/`TMINUS_THEME` asked for (it wins over the saved one for this run),
    /// config.toml's (the saved one wins over it), and config.toml's `[colors]`.
    public var themeFlag: ThemeChoice?
    public var configTheme: ThemeChoice?
    public var colorOverrides: [String: Int] = [:]
    /// config.toml's `[follow]`, and the follow the command line asked for this run (nil when
    /// it named none; `--everything` is the empty follow): the flags win for this run, not saved.
    public var configFollow = Follow.everything
    public var followFlag: Follow?
    /// What the user last saw of each launch, between runs ("what changed").
    public var seen = SeenStore.inMemory()
    /// Changes an earlier run could not save, read from the copies it left (`RescueCopy`):
    /// they wait like any other and go first; their files are removed once all are saved.
    public var leftover = Leftover()
    /// Removes a file the app no longer needs (a rescue copy whose changes are all saved).
    public var removeFile: @Sendable (URL) -> Void = { _ in }

    public init(source: LaunchSource, alternatives: [LaunchSource] = [],
                clock: AppClock, time: LaunchTime,
                openURL: @escaping @Sendable (URL) async -> Result<Void, LinkOpenError>,
                preferences: PreferencesStore = .inMemory(),
                favorites: FavoritesStore = .inMemory(),
                pictures: PictureLoader? = nil,
                log: @escaping @Sendable (String) -> Void = { _ in },
                saveExport: @escaping @Sendable (String, Data) async -> Result<URL, ExportError> = { _, _ in
                    .failure(ExportError("exports are not set up"))
                },
                startupNotice: String? = nil) {
        self.sources = [source] + alternatives; self.clock = clock; self.time = time; self.openURL = openURL
        self.preferences = preferences; self.favorites = favorites; self.pictures = pictures; self.log = log; self.saveExport = saveExport; self.startupNotice = startupNotice
    }
}
