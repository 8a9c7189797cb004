/// How pictures reach the screen.
public enum PictureProtocol: String, Sendable, Hashable {
    /// Kitty graphics with Unicode placeholders (kitty, Ghostty).
    case kitty
    /// iTerm2's OSC 1337 inline images (iTerm2, WezTerm).
    case iterm2
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, tmux >= 3.4).
    case sixel
    /// Coloured half blocks in the text grid: works everywhere.
    case symbols
}

/// What the terminal said to the detection queries, read from its answer bytes.
public struct TerminalAnswers: Sendable, Hashable {
    /// The kitty graphics query came back `OK`.
    public var kittyGraphics: Bool
    /// DA1's parameters (`ESC [ ? 62;4;22 c` → [62, 4, 22]); nil when it did not answer.
    public var deviceAttributes: [Int]?
    /// XTVERSION's text (`ESC P > | kitty(0.31.0) ESC \` → "kitty(0.31.0)").
    public var version: String?

    public init(kittyGraphics: Bool = false, deviceAttributes: [Int]? = nil, version: String? = nil) {
        self.kittyGraphics = kittyGraphics; self.deviceAttributes = deviceAttributes; self.version = version
    }

    /// DA1 lists 4 when the terminal draws sixels.
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }
}

/// `--pictures auto`: ask the terminal, never guess from the environment alone.
///
/// The caller writes `queries(insideTmux:)`, reads whatever comes back until
/// `answersComplete` (the DA1 answer, which every terminal gives and which comes last because
/// terminals answer in order) or a short timeout, and passes the bytes to `parse` then
/// `choose`. Everything here is pure; the terminal I/O belongs to the backend.
public enum GraphicsCapabilities {
    /// XTVERSION: the terminal's name and version.
    public static let versionQuery: [UInt8] = Array("\u{1B}[>0q".utf8)
    /// DA1 (primary device attributes).
    public static let deviceAttributesQuery: [UInt8] = Array("\u{1B}[c".utf8)

    /// The three queries, DA1 last. Inside tmux the kitty query goes through the passthrough
    /// (tmux itself does not speak the protocol; the outer terminal answers), while XTVERSION
    /// and DA1 are answered by tmux, which is what draws sixels there.
    public static func queries(insideTmux: Bool) -> [UInt8] {
        let kitty = insideTmux ? tmuxPassthrough(KittyGraphics.query) : KittyGraphics.query
        return kitty + versionQuery + deviceAttributesQuery
    }

    /// Inside tmux (or GNU screen, whose TERM looks the same): `$TMUX` set, or TERM starting
    /// with `tmux` or `screen`. Wrapping by mistake costs nothing: an unanswered kitty query
    /// just means no kitty.
    public static func isInsideTmux(environment: [String: String]) -> Bool {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("tmux") || term.hasPrefix("screen")
    }

    /// tmux's DCS passthrough: `ESC P tmux; <sequence with every ESC doubled> ESC \`. tmux
    /// passes it to the outer terminal when `allow-passthrough` is on (tmux 3.3 and later).
    public static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            out.append(byte)
            if byte == 0x1B { out.append(0x1B) }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// Whether the DA1 answer has arrived, so that reading can stop before the timeout.
    public static func answersComplete(_ bytes: [UInt8]) -> Bool {
        parse(bytes).deviceAttributes != nil
    }

    /// Picks the answers out of `bytes` (which may hold other input, such as a key pressed
    /// meanwhile, and answers in any order).
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var answers = TerminalAnswers()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { i += 1; continue }
            switch bytes[i + 1] {
            case UInt8(ascii: "_"):   // APC: a kitty graphics answer `G i=31;OK`
                guard let end = stringTerminator(bytes, from: i + 2) else { return answers }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix("G"), let semicolon = body.firstIndex(of: ";") {
                    let keys = body[body.index(after: body.startIndex)..<semicolon].split(separator: ",")
                    if keys.contains("i=31") && body[body.index(after: semicolon)...] == "OK" {
                        answers.kittyGraphics = true
                    }
                }
                i = end + 2
            case UInt8(ascii: "P"):   // DCS: XTVERSION `>|name`
                guard let end = stringTerminator(bytes, from: i + 2) else { return answers }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix(">|") { answers.version = String(body.dropFirst(2)) }
                i = end + 2
            case UInt8(ascii: "["):   // CSI: DA1 is `? params c`
                var j = i + 2
                while j < bytes.count, (0x30...0x3F).contains(bytes[j]) || (0x20...0x2F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return answers }
                let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                if bytes[j] == UInt8(ascii: "c"), parameters.hasPrefix("?") {
                    answers.deviceAttributes = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
                }
                i = j + 1
            default:
                i += 1
            }
        }
        return answers
    }

    /// The protocol for `--pictures auto`: kitty > iTerm2 > sixel > symbols, with two
    /// exceptions learnt from the terminals themselves:
    /// - WezTerm and Konsole answer the kitty query but do not draw Unicode placeholders,
    ///   which is how tminus places kitty pictures, so they get their next best;
    /// - inside tmux an iTerm2 picture, sent through the passthrough, is wiped by tmux's next
    ///   redraw of those cells (tmux does not know it is there), so tmux goes to sixel, which
    ///   tmux 3.4 draws itself, or to kitty placeholders, which are text to tmux.
    public static func choose(_ answers: TerminalAnswers, insideTmux: Bool) -> PictureProtocol {
        let name = (answers.version ?? "").lowercased()
        let noPlaceholders = name.hasPrefix("wezterm") || name.hasPrefix("konsole")
        if answers.kittyGraphics && !noPlaceholders { return .kitty }
        if !insideTmux && (name.hasPrefix("iterm2") || name.hasPrefix("wezterm")) { return .iterm2 }
        if answers.sixel { return .sixel }
        return .symbols
    }

    /// The index of the ESC of the next `ESC \` at or after `start`.
    private static func stringTerminator(_ bytes: [UInt8], from start: Int) -> Int? {
        var j = start
        while j + 1 < bytes.count {
            if bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\") { return j }
            j += 1
        }
        return nil
    }
}
