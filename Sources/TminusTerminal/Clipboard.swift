import Foundation

/// `y`: text to the clipboard the terminal's way, OSC 52 (`ESC ] 52 ; c ; base64 BEL`), which
/// xterm (with `allowWindowOps`), kitty, iTerm2, WezTerm and foot take, and tmux with
/// `set-clipboard on` (it keeps a buffer and passes it on). No terminal answers it; one that
/// does not know it ignores it.
enum Clipboard {
    /// The text is a URL the app put together, but it is cut at a bound all the same: some
    /// terminals refuse long OSC 52 sequences (xterm's default is about 100 kB).
    static let maxBytes = 64 * 1024

    static func osc52(_ text: String) -> [UInt8] {
        let payload = Data(text.utf8.prefix(maxBytes)).base64EncodedString()
        return Array("\u{1B}]52;c;\(payload)\u{07}".utf8)
    }
}
