import TminusCore
import SnapshotTesting
import TminusViewModel
import TminusRender

extension Grid {
    /// The frame as a reviewable text file: the characters inside a frame (so trailing blanks
    /// show), then every run of styled cells per row, e.g. `3: 1-8 fg=33 bold`.
    var snapshotText: String {
        var out = "┌" + String(repeating: "─", count: width) + "┐\n"
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            out += "│" + line + "│\n"
        }
        out += "└" + String(repeating: "─", count: width) + "┘\n"
        for y in 0..<height {
            var runs: [String] = []
            var x = 0
            let cells = Array(row(y))
            while x < cells.count {
                let style = cells[x].style
                var end = x
                while end + 1 < cells.count, cells[end + 1].style == style { end += 1 }
                if style != .plain { runs.append("\(x)-\(end) \(style.snapshotText)") }
                x = end + 1
            }
            if !runs.isEmpty { out += "\(y): " + runs.joined(separator: ", ") + "\n" }
        }
        return out
    }

    /// Where `text` starts on screen, as (x, y).
    func find(_ text: String) -> (x: Int, y: Int)? {
        for (y, line) in self.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return (line.distance(from: line.startIndex, to: range.lowerBound), y)
            }
        }
        return nil
    }
}

extension Style {
    var snapshotText: String {
        var parts: [String] = []
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"),
                                             (.underline, "underline"), (.italic, "italic")]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}

extension Snapshotting where Value == Grid, Format == String {
    /// Text and colours of a frame.
    static var frame: Snapshotting { Snapshotting<String, String>.lines.pullback(\.snapshotText) }
}

extension Size {
    /// The sizes every screen is snapshotted at: the classic terminal, a roomy one (rows with
    /// 6×3 patches, no split yet) and a wide one (the list with its live preview).
    static let snapshotSizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60)]
}
