import Foundation
import TminusCore
import TminusImage
import TminusViewModel

/// Finds out, at start-up, how the terminal shows pictures (`--pictures auto`) and how big a
/// cell is in pixels, the way `BackgroundProbe` finds the background: the questions go out
/// after curses has the terminal, in the same write as the background's, behind one DA1
/// (which every terminal answers, last), and the answers come back through `KeyReader`
/// with the keys. Only the first frame waits, at most `BackgroundProbe.patience`.
///
/// - The protocol: the kitty graphics query, XTVERSION and DA1's parameters, read by
///   `GraphicsCapabilities` (never a guess from `TERM` alone). A protocol named with
///   `--pictures` is not asked about.
/// - The cell size: the kernel's window size in pixels (TIOCGWINSZ) divided by the cells,
///   else the terminal's answer to `CSI 16 t`, else 10×20. Asked again after a resize.
struct GraphicsProbe {
    /// `CSI 16 t`: the size of a cell in pixels (answered `CSI 6 ; height ; width t`).
    static let cellSizeQuery: [UInt8] = Array("\u{1B}[16t".utf8)
    static let fallbackCell = (width: 10, height: 20)

    let choice: PictureChoice
    let insideTmux: Bool
    /// Whether the protocol is asked about (auto, on a terminal worth asking).
    let asksProtocol: Bool
    /// Until when the first frame waits; nil once settled.
    private(set) var deadline: Date?
    /// What the terminal has said so far (the kitty, XTVERSION and DA1 answers).
    private(set) var answers = TerminalAnswers()
    /// From the kernel, else the terminal's answer; nil when neither said.
    private var cell: (width: Int, height: Int)?
    /// What was last handed to the view model.
    private var applied: TerminalGraphics?

    /// - Parameters:
    ///   - windowPixels: the kernel's window size in pixels (0×0 when it does not know).
    ///   - size: the window in cells.
    init(choice: PictureChoice, environment: [String: String], windowPixels: (width: Int, height: Int),
         size: Size, now: Date) {
        self.choice = choice
        insideTmux = GraphicsCapabilities.isInsideTmux(environment: environment)
        asksProtocol = choice == .auto && BackgroundProbe.worthAsking(term: environment["TERM"] ?? "")
        cell = Self.cell(windowPixels: windowPixels, size: size)
        deadline = questions().isEmpty ? nil : now.addingTimeInterval(BackgroundProbe.patience)
    }

    /// Whether pictures may be pixels, so that the cell size matters.
    private var mayDrawPixels: Bool {
        switch choice {
        case .auto: asksProtocol
        case .kitty, .sixel, .iterm: true
        case .symbols, .none: false
        }
    }

    /// What to ask (without the DA1 that closes every round of questions): the protocol's
    /// questions for `auto`, and `CSI 16 t` when pixels may be drawn and the kernel does not
    /// know the size. Empty: nothing to ask, nothing to wait for.
    func questions() -> [UInt8] {
        var out: [UInt8] = []
        if asksProtocol {
            // The kitty query and XTVERSION; DA1 is the caller's, once for every question.
            let all = GraphicsCapabilities.queries(insideTmux: insideTmux)
            out += all.dropLast(GraphicsCapabilities.deviceAttributesQuery.count)
        }
        if mayDrawPixels, cell == nil { out += Self.cellSizeQuery }
        return out
    }

    var isWaiting: Bool { deadline != nil }

    /// What the view model should be told now: the graphics when they are settled and differ
    /// from what it was last told; nil otherwise.
    var graphics: TerminalGraphics {
        let size = cell ?? Self.fallbackCell
        return TerminalGraphics(pictureProtocol: pictureProtocol, cellWidth: size.width, cellHeight: size.height)
    }

    private var pictureProtocol: PictureProtocol {
        switch choice {
        case .auto: GraphicsCapabilities.choose(answers, insideTmux: insideTmux)
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm: .iterm2
        case .symbols, .none: .symbols
        }
    }

    /// The graphics to apply when nothing is asked (a named protocol with a known cell size,
    /// symbols, none): at once. Nil while waiting for answers.
    mutating func settleWithoutAsking() -> TerminalGraphics? {
        isWaiting ? nil : newGraphics()
    }

    /// An answer: the kitty and XTVERSION answers are kept; DA1 (the last answer) settles,
    /// as does any answer once settled (a late one, or a cell size after a resize). Returns
    /// the graphics to apply, if they changed.
    mutating func settle(_ input: TerminalInput) -> TerminalGraphics? {
        switch input {
        case .graphicsReply(let bytes):
            let reply = GraphicsCapabilities.parse(bytes)
            if reply.kittyGraphics { answers.kittyGraphics = true }
            if let version = reply.version { answers.version = version }
            return isWaiting ? nil : newGraphics()
        case .cellSize(let width, let height):
            cell = (width, height)
            return isWaiting ? nil : newGraphics()
        case .deviceAttributes(let parameters):
            // Late (after `patience`, a slow link or a terminal still starting) is still the
            // truth: symbols turn into pixels then.
            answers.deviceAttributes = parameters
            deadline = nil
            return newGraphics()
        default:
            return nil
        }
    }

    /// What is known once `patience` has passed without DA1's answer.
    mutating func expire(now: Date) -> TerminalGraphics? {
        guard let deadline, now >= deadline else { return nil }
        self.deadline = nil
        return newGraphics()
    }

    /// How long poll may sleep before the deadline (ms), while waiting.
    func millisecondsLeft(now: Date) -> Int32? {
        deadline.map { Int32(max(0, ($0.timeIntervalSince(now) * 1000).rounded(.up))) }
    }

    /// After SIGWINCH: the kernel's pixel size again. Returns the graphics to apply if the
    /// cell size changed, and whether to ask `CSI 16 t` (the kernel does not know pixels).
    mutating func resized(windowPixels: (width: Int, height: Int), size: Size) -> (graphics: TerminalGraphics?, ask: Bool) {
        guard mayDrawPixels else { return (nil, false) }
        guard let fromKernel = Self.cell(windowPixels: windowPixels, size: size) else { return (nil, true) }
        cell = fromKernel
        return (isWaiting ? nil : newGraphics(), false)
    }

    private mutating func newGraphics() -> TerminalGraphics? {
        let now = graphics
        guard now != applied else { return nil }
        applied = now
        return now
    }

    /// The kernel's pixels divided by the cells; nil when it does not know them.
    static func cell(windowPixels: (width: Int, height: Int), size: Size) -> (width: Int, height: Int)? {
        guard windowPixels.width > 0, windowPixels.height > 0, size.width > 0, size.height > 0 else { return nil }
        let width = windowPixels.width / size.width, height = windowPixels.height / size.height
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
