/// Which colours the app draws with. `dark` and `light` are 256-colour palettes, each for one
/// kind of terminal background; `ansi16` uses only the terminal's own 16 colours (so it follows
/// the user's palette); `auto` is one of those, picked from the terminal's background.
/// Chosen by `--theme`/`TMINUS_THEME`, else `t` in the app (saved), else config.toml, else auto.
/// Encodable as its word, for the settings file; read back only through `init(word:)`.
public enum ThemeChoice: String, Sendable, Hashable, CaseIterable, Encodable {
    case auto, dark, light, ansi16

    /// A word from the command line, the environment, config.toml or the settings file, in any
    /// case; `default` (the name before there were light and dark themes) is `auto`.
    public init?(word: String) {
        let word = word.lowercased()
        if word == "default" { self = .auto; return }
        self.init(rawValue: word)
    }

    /// The words `init(word:)` takes, for messages: "auto, dark, light or ansi16".
    public static let wordList = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue

    /// `t` in the app: auto → dark → light → ansi16 → auto.
    public var next: ThemeChoice {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The palette drawn (never `auto`): `auto` is `ansi16` on a terminal with fewer than 256
    /// colours (the 256-colour palettes' greys would quantise to black or white there), else
    /// `light` on a light background and `dark` on a dark one or while the background is unknown.
    public func resolved(background: TerminalBackground?, colors: Int) -> ThemeChoice {
        guard self == .auto else { return self }
        if colors < 256 { return .ansi16 }
        return background == .light ? .light : .dark
    }
}
