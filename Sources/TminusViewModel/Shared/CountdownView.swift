import TminusCore
import TminusRender

/// A launch's countdown in a rectangle, for any view that shows one (the detail header, a
/// preview pane): the clock in big block letters when the rectangle has room for them (and
/// the two lines under them) with its exact text as their caption, else on one line; beside the
/// text what the clock means, under it the NET.
/// A launch with an outcome shows its date and the outcome instead.
enum CountdownView {
    /// Rows the big form takes: the letters, what they mean, the NET.
    static let bigHeight = BlockFont.height + 2

    /// Draws `launch`'s countdown at (x, y) within `width` × `height` cells and returns the
    /// rows it used (0 when the rectangle has none).
    @discardableResult
    static func draw(_ launch: Launch, context: RenderContext, x: Int, y: Int, width: Int, height: Int, into grid: inout Grid) -> Int {
        guard width > 0, height > 0 else { return 0 }
        guard launch.outcomePending else {
            drawOutcome(launch, context: context, x: x, y: y, width: width, into: &grid)
            return 1
        }
        let countdown = Countdown(launch, now: context.now, time: context.time)
        // The NET under the clock; a bare date was the clock's own text, and is not said twice.
        let net = countdown.kind != .noExactTime && countdown.kind != .noDate
            ? context.time.netLine(launch.date, precision: launch.datePrecision) : nil
        let change = context.changes[launch.id].map { ("\($0.text) since you last looked", Theme.changeStyle($0)) }
        return drawClock(countdown, net: net, note: change, x: x, y: y, width: width, height: height, into: &grid)
    }

    /// An event's countdown (a docking, a spacewalk) as a launch's, until it begins; then its
    /// date and how long ago it began.
    @discardableResult
    static func draw(_ event: SpaceEvent, context: RenderContext, x: Int, y: Int, width: Int, height: Int, into grid: inout Grid) -> Int {
        guard width > 0, height > 0 else { return 0 }
        if let date = event.date, date <= context.now {
            let used = grid.put(context.time.detailDate(date, precision: event.datePrecision), x: x, y: y, maxWidth: width, style: .bold)
            // "began 3 h ago" while it may still be on (a spacewalk takes hours), then only that it is past.
            let recent = event.datePrecision == .hour && context.now.timeIntervalSince(date) < 48 * 3600
            let began = recent ? "began " + Formatting.age(from: date, to: context.now) : "past event"
            grid.put("  " + began, x: x + used, y: y, maxWidth: width - used, style: Theme.label)
            return 1
        }
        var countdown = Countdown(to: event.date, precision: event.datePrecision, now: context.now, time: context.time)
        if countdown.kind == .counting { countdown.label = "until the event" }
        let net = countdown.kind == .counting ? context.time.netLine(event.date, precision: event.datePrecision) : nil
        return drawClock(countdown, net: net, note: nil, x: x, y: y, width: width, height: height, into: &grid)
    }

    /// The clock in big letters when there is room (and its exact text as their caption), else
    /// on one line; what it means beside the text; the date and a note (what changed) under it.
    private static func drawClock(_ countdown: Countdown, net: String?, note: (String, Style)?,
                                  x: Int, y: Int, width: Int, height: Int, into grid: inout Grid) -> Int {
        let style = Theme.style(tone(countdown.kind))
        var row = y
        if countdown.isLive, height >= bigHeight, let letters = BlockFont.rows(countdown.text),
           let lettersWidth = BlockFont.width(of: countdown.text), lettersWidth <= width {
            for line in letters {
                grid.put(line, x: x, y: row, maxWidth: width, style: style)
                row += 1
            }
        }
        // The exact text, alone or as the letters' caption (`T-00d 03:04:52  until launch`): it
        // is the interface that scripts, tmux captures and screen readers read (issue 24).
        let used = grid.put(countdown.text, x: x, y: row, maxWidth: width, style: style)
        putWhole(["  " + countdown.label], x: x + used, y: row, width: width - used, style: Theme.label, into: &grid)
        row += 1
        guard row < y + height else { return row - y }
        var netX = x
        if let net { netX += grid.put(net, x: x, y: row, maxWidth: width, style: .dim) }
        if let (text, noteStyle) = note {
            let text = (netX == x ? "" : "  ") + text
            netX += grid.put(text, x: netX, y: row, maxWidth: x + width - netX, style: noteStyle)
        }
        return netX == x ? row - y : row - y + 1
    }

    /// A launch that is over: its date and how it went, on one line.
    private static func drawOutcome(_ launch: Launch, context: RenderContext, x: Int, y: Int, width: Int, into grid: inout Grid) {
        let used = grid.put(context.time.detailDate(launch.date, precision: launch.datePrecision), x: x, y: y, maxWidth: width, style: .bold)
        let outcome = switch launch.status {
        case .success: "launched successfully"
        case .failure: "launch failed"
        // Frozen data past its date (`Launch.frozen`): say what is known, "no data since 2022-10".
        default: launch.sourceStatus.flatMap { $0.kind == .noData ? $0.name.lowercased() : nil } ?? "outcome unknown"
        }
        // Whole or in a word, never cut (issue 37: `(UTC+02:00) launched successfu…` at 80x24).
        putWhole(["  " + outcome, "  " + launch.statusWord.lowercased()], x: x + used, y: y, width: width - used,
                 style: Theme.label, into: &grid)
    }

    /// The first of `variants` that fits whole in `width`; none when none does.
    private static func putWhole(_ variants: [String], x: Int, y: Int, width: Int, style: Style, into grid: inout Grid) {
        guard let text = variants.first(where: { TerminalText.width($0) <= width }) else { return }
        grid.put(text, x: x, y: y, maxWidth: width, style: style)
    }

    /// Green while it counts down, the success colour at liftoff, a warning otherwise (on
    /// hold, past NET, no exact time): a clock that is not simply counting wants a look.
    static func tone(_ kind: Countdown.Kind) -> Tone {
        switch kind {
        case .counting: .upcoming
        case .liftoff: .success
        case .hold, .sinceNET, .awaitingOutcome, .noExactTime, .noDate: .warning
        }
    }
}
