/// How pictures are drawn (`--pictures`, `TMINUS_PICTURES`, `pictures` in config.toml):
/// `auto` asks the terminal at start-up which protocol it speaks; `kitty`, `sixel` and `iterm`
/// use that one without asking; `symbols` draws every picture as coloured text cells; `none`
/// draws no picture at all (the placeholder glyphs; what `--no-images` says).
public enum PictureChoice: String, Sendable, Hashable, CaseIterable {
    case auto, kitty, sixel, iterm, symbols, none

    /// The words, for messages: "auto, kitty, sixel, iterm, symbols or none".
    public static let wordList = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
}
