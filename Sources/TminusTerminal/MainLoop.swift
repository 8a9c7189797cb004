import CNcurses
import Foundation
import Logging
import TminusCore
import TminusImage
import TminusRender
import TminusViewModel

/// The full-screen app: terminal set-up, the event loop, and putting the terminal back.
public enum TerminalApp {
    /// Runs until the user quits or a signal (INT, TERM, HUP, QUIT) ends it, and returns the
    /// process exit code. Must be called on the main thread; every curses call happens there.
    /// Whatever way it leaves (return, throw), the terminal is restored first.
    ///
    /// `onFrame`, when given, is called on the main thread right after each frame's `doupdate`
    /// with the state that frame shows; returning an exit code ends the loop with it (the
    /// terminal is restored as for any other exit). `--bench-startup` uses it.
    ///
    /// `pictures` is `--pictures`: `auto` asks the terminal which picture protocol it speaks.
    public static func run(viewModel: AppViewModel, mailbox: Mailbox,
                           logger: Logger, pictures: PictureChoice = .auto,
                           onFrame: ((AppState) -> Int32?)? = nil) throws -> Int32 {
        guard Thread.isMainThread else { throw TerminalError.notOnMainThread }
        // Defers run in reverse: curses ends, stderr comes back (and shows what was written
        // while hidden), the mailbox stops waking us, and the signal handlers go last.
        let signalFD = try SignalHandling.install()
        defer { SignalHandling.uninstall() }
        let wake = try WakePipe()
        mailbox.setWaker { wake.wake() }
        defer { mailbox.setWaker(nil) }
        // The first page is read from the disk cache by a background task: ask for it before
        // setting up the terminal, so reading and decoding it overlap with that. Its answer
        // waits in the mailbox and is applied by the loop, after the size and the colours.
        viewModel.start()
        let stderrCapture = StderrCapture()
        defer { stderrCapture.restore() }
        let terminal = try Terminal(logger: logger)
        defer { terminal.restore() }

        let colors = ColorPairs(mode: terminal.colorMode,
                                defaultColorsAvailable: terminal.defaultColorsAvailable,
                                pairLimit: Int(tm_color_pairs()), logger: logger)
        let environment = ProcessInfo.processInfo.environment
        let probe = BackgroundProbe(environment: environment,
                                    colorful: terminal.colorMode != .monochrome, now: Date())
        let graphics = GraphicsProbe(choice: pictures, environment: environment, windowPixels: terminal.windowPixels,
                                     size: terminal.size, now: Date())
        let loop = EventLoop(terminal: terminal, backend: NcursesBackend(colors: colors),
                             viewModel: viewModel, wake: wake, signalFD: signalFD, logger: logger,
                             background: probe, graphics: graphics, onFrame: onFrame)
        let code = try loop.run()
        logger.info("terminal: leaving with code \(code)")
        return code
    }
}

/// One pass per wake-up: draw if the state changed, sleep in `poll` on the keyboard, the
/// mailbox's wake pipe and the signal pipe (with the next clock tick as the timeout), then
/// feed what woke us to the view model.
final class EventLoop {
    private let terminal: Terminal
    private let backend: NcursesBackend
    private let viewModel: AppViewModel
    private let wake: WakePipe
    private let signalFD: Int32
    private let logger: Logger
    private let onFrame: ((AppState) -> Int32?)?

    private var ticks = TickSchedule()
    private var lastDrawn: AppState?
    private var needsDraw = true
    private var reportedSize = Size(width: 0, height: 0)
    /// poll said "readable" but nothing could be read: a dead terminal, not a keyboard.
    private var emptyReads = 0
    /// Set by the `quit` effect; the loop leaves at its next turn.
    private var quitRequested = false
    /// The terminal's background, asked once at start (see `BackgroundProbe`).
    private var background: BackgroundProbe
    /// How the terminal shows pictures, asked at start (see `GraphicsProbe`).
    private var graphics: GraphicsProbe
    /// When the questions went out, for the log's "answered in".
    private var asked = Date()
    /// Draws the frames' pixel pictures; nil while pictures are symbols.
    private var pictures: PicturePresenter?
    /// The last `footprint:` line logged, and when: one at most a minute, when it changed.
    private var footprint = FootprintLog()
    /// When to give malloc's free pages back: answers (pages decoded, pictures made on worker
    /// threads) leave them; once the mail has been quiet for `ReleaseFree.quiet`.
    private var releaseFree = ReleaseFree()
    private let pictureQueue = DispatchQueue(label: "tminus.picture-encoding", qos: .userInitiated)

    init(terminal: Terminal, backend: NcursesBackend, viewModel: AppViewModel, wake: WakePipe,
         signalFD: Int32, logger: Logger, background: BackgroundProbe, graphics: GraphicsProbe,
         onFrame: ((AppState) -> Int32?)? = nil) {
        self.terminal = terminal
        self.backend = backend
        self.viewModel = viewModel
        self.wake = wake
        self.signalFD = signalFD
        self.logger = logger
        self.background = background
        self.graphics = graphics
        self.onFrame = onFrame
    }

    func run() throws -> Int32 {
        reportedSize = terminal.size
        // How many colours pictures and the theme may use: chafa draws in 16 or 8 colours too,
        // and with none (monochrome, NO_COLOR) in its glyphs alone.
        let colors: Int
        switch terminal.colorMode {
        case .direct: colors = 1 << 24
        case .indexed256: colors = 256
        case .basic16: colors = 16
        case .basic8: colors = 8
        case .monochrome: colors = 0
        }
        // Quit, the bell and the mouse are effects the reducer returns; they are carried out
        // here, on the UI thread, as they come.
        viewModel.onTerminalEffect { [unowned self] effect in
            switch effect {
            case .quit: self.quitRequested = true
            case .bell: beep()
            case .setMouse(let on): self.terminal.setMouse(on)
            case .copyToClipboard(let text): self.backend.write(Clipboard.osc52(text))
            default: break
            }
        }
        terminal.setMouse(viewModel.mouseEnabled)
        viewModel.handle(.terminalColors(colors))
        viewModel.handle(.resized(width: reportedSize.width, height: reportedSize.height))
        askTerminal()
        // Leaving by any way: kitty's images go (sixels go with the screen curses leaves).
        defer { pictures?.clear() }

        while true {
            if quitRequested { return 0 }
            if let guess = background.expire(now: Date()) { applyBackground(guess, "no answer in time") }
            if let found = graphics.expire(now: Date()) { applyGraphics(found, "no answer in time") }
            if drawIfNeeded(), let onFrame, let code = onFrame(viewModel.state) { return code }

            var timeout = ticks.timeout(interval: viewModel.tickInterval, now: Date())
            for left in [background.millisecondsLeft(now: Date()), graphics.millisecondsLeft(now: Date()),
                         releaseFree.millisecondsLeft(now: Date())].compactMap({ $0 }) {
                timeout = timeout < 0 ? left : min(timeout, left)
            }
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, nfds_t(fds.count), timeout) < 0 {
                if errno == EINTR { continue }
                throw TerminalError.system("poll", errno)
            }

            if fds[2].revents != 0, let code = handleSignals() { return code }

            let input = fds[0].revents
            if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                logger.info("terminal: input closed")
                return 0
            }
            if input & Int16(POLLIN) != 0 {
                try readKeys()
            }

            if fds[1].revents != 0 {
                wake.drain()
                // An encoded picture is drawn by presenting the frame again.
                if pictures?.takeArrivals() == true { needsDraw = true }
                let arrived = viewModel.receiveMail()
                logger.trace("mail: \(arrived ? "applied" : "none")")
                if arrived { releaseFree.mailArrived(now: Date()) }
            }
            if releaseFree.isDue(now: Date()) { HeapUsage.releaseFree() }
            if ticks.isDue(now: Date()) {
                logger.trace("tick")
                viewModel.handle(.tick)
            }
            logFootprint()
        }
    }

    /// What the app holds (tasks, pictures, encodings) to the log, once a minute at most and
    /// only when it changed: an idle app writes nothing, a browsing one a line a minute.
    private func logFootprint() {
        let line = footprint.line({
            var now = viewModel.footprint
            now.encodedBytes = pictures?.encodedBytes ?? 0
            now.heapBytes = HeapUsage.bytes
            return now
        }, at: Date())
        if let line { logger.info("footprint: \(line)") }
    }

    /// Sends the start-up questions in one write (the background's, the pictures', then one
    /// DA1 that every terminal answers last; the answers come with the keys), or settles on
    /// what is known at once for what is not asked.
    private func askTerminal() {
        var questions: [UInt8] = []
        if background.asks {
            questions += Array(BackgroundProbe.question.utf8)
        } else {
            applyBackground(background.fallback, "not asked")
        }
        questions += graphics.questions()
        if let known = graphics.settleWithoutAsking() { applyGraphics(known, "--pictures \(graphics.choice.rawValue)") }
        guard !questions.isEmpty else { return }
        questions += GraphicsCapabilities.deviceAttributesQuery
        asked = Date()
        backend.write(questions)
    }

    /// The picture protocol and cell size to the view model, and a presenter for them.
    private func applyGraphics(_ found: TerminalGraphics, _ how: String) {
        let waited = Int((Date().timeIntervalSince(asked) * 1000).rounded())
        logger.info("terminal: pictures \(found.pictureProtocol.rawValue), cell \(found.cellWidth)x\(found.cellHeight) px (\(how); \(waited) ms after asking)")
        if pictures?.graphics != found {
            pictures?.clear()
            // Pictures are encoded on a queue of their own, one at a time, so that a big one
            // never holds up a frame; the wake pipe brings the loop back to draw it.
            pictures = found.drawsPixels
                ? PicturePresenter(graphics: found, insideTmux: graphics.insideTmux, screen: backend,
                                   background: pictureQueue, ready: { [wake] in wake.wake() })
                : nil
            pictures?.log = { [logger] in logger.info("\($0)") }
            backend.prepare(for: found)
        }
        viewModel.handle(.terminalGraphics(found))
        needsDraw = true
    }

    private func applyBackground(_ guess: TerminalBackground, _ how: String) {
        logger.info("terminal: \(guess.rawValue) background (\(how))")
        viewModel.handle(.terminalBackground(guess))
    }

    /// Returns whether a frame went out.
    private func drawIfNeeded() -> Bool {
        let state = viewModel.state
        // The first frame waits (briefly) for the terminal's answer when the colours depend on it.
        if background.isWaiting, state.theme.waitsForBackground { return false }
        // ... and for the picture protocol and cell size, which the pictures are made for.
        if graphics.isWaiting { return false }
        guard needsDraw || state != lastDrawn else { return false }
        // The view model's frame of this state (drawn at the state's size, which every resize
        // sets before a draw). Drawing it lays it out: the state then knows where things are
        // (`.laidOut`), so what is drawn is the state as it stands after that.
        let grid = viewModel.render()
        backend.draw(grid)
        pictures?.present(grid.placements, size: reportedSize)
        lastDrawn = viewModel.state
        needsDraw = false
        return true
    }

    private func readKeys() throws {
        let (inputs, reads) = KeyReader.readAvailable()
        if reads == 0 {
            emptyReads += 1
            if emptyReads > 100 {
                throw TerminalError.system("read(stdin)", EIO)
            }
            return
        }
        emptyReads = 0
        for input in inputs {
            switch input {
            case .key(let key):
                logger.trace("key \(key)")
                viewModel.handle(.key(key))
                if quitRequested { return }
            case .resize:
                refreshAfterDisturbance()
            case .mouse(let event):
                logger.trace("mouse \(event.kind) at \(event.x),\(event.y)")
                viewModel.handle(.mouse(event))
                if quitRequested { return }
            case .backgroundColor(let color):
                if let answer = background.settle(input) { applyBackground(answer, "answered \(color.debugDescription)") }
            case .deviceAttributes:
                if let guess = background.settle(input) { applyBackground(guess, "no colour in the answer") }
                if let found = graphics.settle(input) { applyGraphics(found, "answered") }
            case .graphicsReply, .cellSize:
                if let found = graphics.settle(input) { applyGraphics(found, "answered late") }
            }
        }
    }

    /// Returns an exit code when a signal ends the app.
    private func handleSignals() -> Int32? {
        var pending = SignalHandling.pending()
        var disturbed = false
        var index = 0
        while index < pending.count {
            let signal = pending[index]
            index += 1
            switch signal {
            case _ where SignalHandling.quitting.contains(signal):
                logger.info("terminal: signal \(signal), quitting")
                return 0
            case SIGTSTP:
                suspend()
                disturbed = true
                // The SIGCONT that woke us (and anything else meanwhile) is already queued.
                pending += SignalHandling.pending()
            case SIGCONT, SIGWINCH:
                disturbed = true
            default:
                break
            }
        }
        if disturbed { refreshAfterDisturbance() }
        return nil
    }

    /// Ctrl-Z: hand the terminal back to the shell, stop, and carry on here after `fg`.
    private func suspend() {
        logger.info("terminal: suspended")
        pictures?.clear()
        terminal.suspend()
        SignalHandling.stopForJobControl()
        logger.info("terminal: resumed")
    }

    /// After a resize or a stop, the screen may hold anything: take the new size, tell the
    /// view model if it changed, and repaint every cell.
    private func refreshAfterDisturbance() {
        terminal.resumeModes()
        let size = terminal.syncSize()
        if size != reportedSize {
            logger.debug("terminal: resized to \(size)")
            reportedSize = size
            viewModel.handle(.resized(width: size.width, height: size.height))
        }
        // The full repaint wipes every picture: they are all written again after it.
        pictures?.clear()
        let (resized, ask) = graphics.resized(windowPixels: terminal.windowPixels, size: size)
        if let resized { applyGraphics(resized, "resized") }
        if ask { backend.write(GraphicsProbe.cellSizeQuery) }
        backend.invalidate()
        needsDraw = true
    }
}
