import Foundation
import TminusCore
import TminusRender

/// The store: the app's state, the reducer that changes it and the runner that carries out
/// what the reducer asks for. Every change goes one way:
///
///     event ─▶ AppReducer.reduce(&state) ─▶ [Effect] ─▶ EffectRunner ─▶ (later) event
///
/// Not Sendable: it lives on the UI thread. Background work posts its result to the mailbox;
/// the loop calls `receiveMail()` on the UI thread, so state only ever changes here, in order.
public final class AppViewModel {
    /// Every change (the reducer's, or a test's own) counts up `generation`, so a frame is
    /// known to be the current state's without comparing states; `_modify` lends the state
    /// in place, so the reducer's swap copies nothing.
    public internal(set) var state: AppState {
        get { storage }
        set { generation &+= 1; storage = newValue }
        _modify { generation &+= 1; yield &storage }
    }
    private var storage: AppState
    let environment: AppEnvironment
    let mailbox: Mailbox
    let runner: EffectRunner
    private let context: ReducerContext

    /// How close to the end of a list the selection gets before the next page is asked for.
    public static let prefetchDistance = 5

    public init(environment: AppEnvironment, mailbox: Mailbox) {
        self.environment = environment
        self.mailbox = mailbox
        runner = EffectRunner(environment: environment, mailbox: mailbox)
        context = ReducerContext(environment)
        storage = AppState.initial(environment)
    }

    /// The reducer as a pure function: the state after `event` and the effects it asks for,
    /// none of them carried out. `handle` is this plus the runner; tests call it directly and
    /// compare whole states (`ReducerStore` in the test support).
    public static func reduce(_ state: AppState, _ event: AppEvent, environment: AppEnvironment,
                              now: Date) -> (state: AppState, effects: [Effect]) {
        var reducer = AppReducer(state: state, context: ReducerContext(environment), now: now)
        reducer.reduce(event)
        return (reducer.state, reducer.effects)
    }

    /// Where terminal effects (quit, bell, mouse) go: the loop carries them out.
    public func onTerminalEffect(_ handler: @escaping (Effect) -> Void) { runner.terminal = handler }

    /// Asks for the first page of the list on screen and the favorites (the ★ marks).
    @discardableResult
    public func start() -> [Effect] { handle(.started) }

    /// Applies one event and carries out what it asks for; returns those effects (tests read
    /// them). Keys and clicks act on the frame last drawn (`render`), as the user saw it.
    @discardableResult
    public func handle(_ event: AppEvent) -> [Effect] { reduce(event) }

    /// The frame of the state as it is now, for the loop to put on the screen. Drawing it is
    /// what lays it out: when its geometry differs from the last frame's (rows scrolled, a
    /// screen opened), it goes back in as `.laidOut`, so clicks, picture loading and scrolling
    /// go by what is on the screen; the pictures it then asks for draw as the placeholders they
    /// already were. Drawn once per state.
    public func render() -> Grid {
        _ = layOut()
        return drawn().grid
    }

    /// Draws the frame (once per state) and lets the reducer read its geometry if it moved.
    /// Returns the effects that asked for (picture loads).
    @discardableResult
    public func layOut() -> [Effect] {
        let frame = drawn()
        guard frame.geometry != state.lastFrame else { return [] }
        return reduce(.laidOut(frame.geometry))
    }

    private var generation = 0
    private var lastDrawn: (generation: Int, frame: Frame)?

    private func drawn() -> Frame {
        if let lastDrawn, lastDrawn.generation == generation { return lastDrawn.frame }
        let frame = Renderer.frame(state, size: state.size)
        lastDrawn = (generation, frame)
        return frame
    }

    private func reduce(_ event: AppEvent) -> [Effect] {
        if case .pictureLoaded(let key, _) = event { runner.pictureFinished(key) }
        // The state moves into the reducer and back, so its arrays are never copied.
        var working = AppState.placeholder
        swap(&working, &state)
        var reducer = AppReducer(state: consume working, context: context, now: environment.clock.now())
        reducer.reduce(event)
        let effects = reducer.effects
        state = reducer.state
        runner.run(effects)
        return effects
    }

    /// Applies what background work posted. Returns whether anything arrived.
    @discardableResult
    public func receiveMail() -> Bool {
        let events = mailbox.drain()
        for event in events { handle(event) }
        return !events.isEmpty
    }

    /// Whether the terminal should report the mouse (the loop applies it at start).
    public var mouseEnabled: Bool { state.preferences.mouse }

    /// The loop wakes this often to redraw a changing clock (see `Wakeups`).
    public var tickInterval: Duration? { Wakeups.interval(state, now: environment.clock.now()) }

    /// The soonest moment a reminder not yet set off is due.
    func nextReminderDue(now: Date) -> Date? { Reminders.nextDue(state, now: now) }
    var reminderWake: Duration? { Wakeups.reminderWake(state, now: environment.clock.now()) }

    /// At exit, after the terminal is given back: waits (at most `seconds`) for the writes
    /// still with the store or the settings file, applies their answers, and returns what is
    /// still not saved. Nothing on screen any more: terminal effects are dropped.
    public func finishWrites(within seconds: TimeInterval = 10) -> UnsavedWork {
        runner.terminal = { _ in }
        let deadline = Date().addingTimeInterval(seconds)
        while runner.writesInFlight > 0, Date() < deadline {
            usleep(10_000)
            receiveMail()
        }
        receiveMail()
        return UnsavedWork(state)
    }

    /// Waits for all work started so far and applies its results, until nothing is left.
    /// Tests use it to run a scenario to completion without sleeping.
    public func settle() async {
        // Done when nothing was running and nothing had arrived: a task that ended before it
        // was looked for left its answer in the mailbox, and applying an answer may start more.
        while true {
            // What the loop would draw now: its pictures are asked for (and waited for) too.
            layOut()
            let running = runner.runningTasks
            for task in running { await task.value }
            let arrived = receiveMail()
            if running.isEmpty && !arrived { break }
        }
    }
}

/// What a reducer knows of the world besides the state: what each source can do. Plain
/// values, no I/O.
struct ReducerContext {
    struct Source {
        var name: String
        var hasDetail: Bool
        var rocketFilterChoices: RocketFilterChoices
        /// It has more of its rocket catalogue than the first answer (`LaunchSource.moreRockets`).
        var hasMoreRockets = false
        /// It says how many requests it still allows (`Effect.fetchAllowance`).
        var reportsAllowance = false
    }
    var sources: [Source]
    /// The app can ask for news (`AppEnvironment.news`).
    var hasNews = false
    /// The run's flags fix the theme or the follow: a settings file changed by another tminus
    /// does not move them.
    var themeFixed = false
    var followFixed = false
    /// config.toml's, for a settings file that chose none.
    var configTheme: ThemeChoice?
    var configFollow = Follow()

    init(_ environment: AppEnvironment) {
        func describe(_ source: LaunchSource) -> Source {
            Source(name: source.name, hasDetail: source.launchDetail != nil,
                   rocketFilterChoices: source.rocketFilterChoices, hasMoreRockets: source.moreRockets != nil,
                   reportsAllowance: source.allowance != nil)
        }
        sources = environment.sources.map(describe)
        hasNews = environment.news != nil
        themeFixed = environment.themeFlag != nil
        followFixed = environment.followFlag != nil
        configTheme = environment.configTheme
        configFollow = environment.configFollow
    }
}
