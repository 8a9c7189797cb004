import Foundation
import TminusCore

/// Asks the terminal for its background colour once, at start-up, for the `auto` theme.
///
/// The question goes out after curses has the terminal and the answer comes back through
/// `KeyReader`, like the keys, not through a raw read of the tty before curses starts: that
/// way nothing is lost (keys typed meanwhile stay keys, in order), the answer never shows on
/// screen or arrives as keys (its prefixes are bound to codes of their own), a late answer is
/// still understood, and start-up does not block. What waits is only the first frame, while
/// the theme depends on the answer, and at most `patience`.
///
/// OSC 11 (`ESC ] 11 ; ? ESC \`) asks for the colour; DA1 (`ESC [ c`, which the loop sends once
/// after this and `GraphicsProbe`'s questions) follows it because every terminal answers that,
/// in order: its answer coming first means there will be no colour (tmux without a colour of
/// its own, GNU screen), so nobody waits out the timeout.
struct BackgroundProbe {
    static let question = "\u{1B}]11;?\u{1B}\\"
    /// A terminal on the same machine answers within a millisecond; over ssh, a round trip.
    static let patience: TimeInterval = 0.15

    /// The guess when the terminal does not say: `COLORFGBG`, else dark.
    let fallback: TerminalBackground
    /// Whether the question was asked (see `worthAsking`).
    let asks: Bool
    /// Until when the first frame waits; nil once settled.
    private(set) var deadline: Date?

    init(environment: [String: String], colorful: Bool, now: Date) {
        fallback = TerminalBackground(colorFGBG: environment["COLORFGBG"]) ?? .dark
        asks = colorful && Self.worthAsking(term: environment["TERM"] ?? "")
        deadline = asks ? now.addingTimeInterval(Self.patience) : nil
    }

    /// Not the Linux console: it does not know OSC 11 and would print the rest of the question.
    static func worthAsking(term: String) -> Bool {
        !term.hasPrefix("linux") && term != "dumb"
    }

    var isWaiting: Bool { deadline != nil }

    /// What an answer says of the background: the colour's (at any time: a late answer is
    /// still the truth), or the guess once DA1 says there is no colour coming. Nil when it
    /// changes nothing.
    mutating func settle(_ input: TerminalInput) -> TerminalBackground? {
        switch input {
        case .backgroundColor(let color):
            let waited = isWaiting
            deadline = nil
            return TerminalBackground(color: color) ?? (waited ? fallback : nil)
        case .deviceAttributes:
            return settleWithFallback()
        default:
            return nil
        }
    }

    /// The guess, once `patience` has passed without an answer.
    mutating func expire(now: Date) -> TerminalBackground? {
        guard let deadline, now >= deadline else { return nil }
        return settleWithFallback()
    }

    /// How long poll may sleep before the deadline (ms), while waiting.
    func millisecondsLeft(now: Date) -> Int32? {
        deadline.map { Int32(max(0, ($0.timeIntervalSince(now) * 1000).rounded(.up))) }
    }

    private mutating func settleWithFallback() -> TerminalBackground? {
        guard isWaiting else { return nil }
        deadline = nil
        return fallback
    }
}
