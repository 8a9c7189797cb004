import Synchronization

/// The Unicode placeholders of the kitty graphics protocol: text that stands for a picture.
///
/// A cell holding U+10EEEE, with combining diacritics for its row and column, and the image id
/// in its foreground colour, shows that part of the image's virtual placement (`U=1`). Because
/// it is ordinary text, it scrolls with the screen and survives tmux, which redraws it like any
/// other character; only the transmit and placement commands need the passthrough.
public enum KittyPlaceholder {
    /// The placeholder character, in Supplementary Private Use Area-B.
    public static let character: Unicode.Scalar = "\u{10EEEE}"

    /// The diacritic for 0, 1, 2, ... (row, column or the id's high byte), in kitty's order:
    /// gen/rowcolumn-diacritics.txt (combining class 230 marks of Unicode 6.0 without a
    /// decomposition, less those that normalisation fuses with a base letter). 297 of them, so
    /// a placement is at most 297 columns by 297 rows.
    public static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
        0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
        0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
        0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
        0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8,
        0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
        0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
        0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
        0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822,
        0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C, 0x082D, 0x0951, 0x0953, 0x0954,
        0x0F82, 0x0F83, 0x0F86, 0x0F87, 0x135D, 0x135E, 0x135F, 0x17DD, 0x193A, 0x1A17, 0x1A75, 0x1A76,
        0x1A77, 0x1A78, 0x1A79, 0x1A7A, 0x1A7B, 0x1A7C, 0x1B6B, 0x1B6D, 0x1B6E, 0x1B6F, 0x1B70, 0x1B71,
        0x1B72, 0x1B73, 0x1CD0, 0x1CD1, 0x1CD2, 0x1CDA, 0x1CDB, 0x1CE0, 0x1DC0, 0x1DC1, 0x1DC3, 0x1DC4,
        0x1DC5, 0x1DC6, 0x1DC7, 0x1DC8, 0x1DC9, 0x1DCB, 0x1DCC, 0x1DD1, 0x1DD2, 0x1DD3, 0x1DD4, 0x1DD5,
        0x1DD6, 0x1DD7, 0x1DD8, 0x1DD9, 0x1DDA, 0x1DDB, 0x1DDC, 0x1DDD, 0x1DDE, 0x1DDF, 0x1DE0, 0x1DE1,
        0x1DE2, 0x1DE3, 0x1DE4, 0x1DE5, 0x1DE6, 0x1DFE, 0x20D0, 0x20D1, 0x20D4, 0x20D5, 0x20D6, 0x20D7,
        0x20DB, 0x20DC, 0x20E1, 0x20E7, 0x20E9, 0x20F0, 0x2CEF, 0x2CF0, 0x2CF1, 0x2DE0, 0x2DE1, 0x2DE2,
        0x2DE3, 0x2DE4, 0x2DE5, 0x2DE6, 0x2DE7, 0x2DE8, 0x2DE9, 0x2DEA, 0x2DEB, 0x2DEC, 0x2DED, 0x2DEE,
        0x2DEF, 0x2DF0, 0x2DF1, 0x2DF2, 0x2DF3, 0x2DF4, 0x2DF5, 0x2DF6, 0x2DF7, 0x2DF8, 0x2DF9, 0x2DFA,
        0x2DFB, 0x2DFC, 0x2DFD, 0x2DFE, 0x2DFF, 0xA66F, 0xA67C, 0xA67D, 0xA6F0, 0xA6F1, 0xA8E0, 0xA8E1,
        0xA8E2, 0xA8E3, 0xA8E4, 0xA8E5, 0xA8E6, 0xA8E7, 0xA8E8, 0xA8E9, 0xA8EA, 0xA8EB, 0xA8EC, 0xA8ED,
        0xA8EE, 0xA8EF, 0xA8F0, 0xA8F1, 0xAAB0, 0xAAB2, 0xAAB3, 0xAAB7, 0xAAB8, 0xAABE, 0xAABF, 0xAAC1,
        0xFE20, 0xFE21, 0xFE22, 0xFE23, 0xFE24, 0xFE25, 0xFE26, 0x10A0F, 0x10A38, 0x1D185, 0x1D186, 0x1D187,
        0x1D188, 0x1D189, 0x1D1AA, 0x1D1AB, 0x1D1AC, 0x1D1AD, 0x1D242, 0x1D243, 0x1D244,
    ]

    /// The largest row or column count a placement can have.
    public static var maxSpan: Int { diacritics.count }

    /// One placeholder cell: the character, the row and column diacritics, and the image id's
    /// most significant byte as a third diacritic when it is not zero (the lower 24 bits travel
    /// in the foreground colour).
    public static func cell(row: Int, column: Int, imageID: UInt32) -> String {
        precondition(row >= 0 && row < maxSpan && column >= 0 && column < maxSpan, "outside the diacritics table")
        var text = String.UnicodeScalarView()
        text.append(character)
        text.append(Unicode.Scalar(diacritics[row])!)
        text.append(Unicode.Scalar(diacritics[column])!)
        let high = Int(imageID >> 24)
        if high != 0 { text.append(Unicode.Scalar(diacritics[high])!) }
        return String(text)
    }

    /// Row `row` of a placement as characters, one for each column (`maxSpan` of them): what
    /// `cell` gives, as the grid's `Character`s. Building one cell (a string of three or four
    /// scalars, checked to be one grapheme) costs far more than looking it up, and a big
    /// picture has thousands, so each row of the usual ids (24 bits, no third diacritic) is
    /// built once, on first use, and kept (297 rows of 297 at most).
    public static func characters(row: Int, imageID: UInt32) -> [Character] {
        precondition(row >= 0 && row < maxSpan, "outside the diacritics table")
        func build() -> [Character] { (0..<maxSpan).map { Character(cell(row: row, column: $0, imageID: imageID)) } }
        guard imageID >> 24 == 0 else { return build() }
        if let characters = rows.withLock({ $0[row] }) { return characters }
        let characters = build()
        rows.withLock { $0[row] = characters }
        return characters
    }

    private static let rows = Mutex<[[Character]?]>(Array(repeating: nil, count: diacritics.count))

    /// The foreground colour that names `imageID` (its lower 24 bits) as red, green, blue.
    public static func foreground(imageID: UInt32) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8((imageID >> 16) & 0xFF), UInt8((imageID >> 8) & 0xFF), UInt8(imageID & 0xFF))
    }

    /// The SGR that sets that foreground: the 256-colour form when the id's lower 24 bits fit
    /// in a byte (it survives terminals and tmux set-ups without truecolor), else 24-bit.
    public static func foregroundSGR(imageID: UInt32) -> String {
        let low = imageID & 0xFF_FFFF
        if low < 256 { return "\u{1B}[38;5;\(low)m" }
        let (r, g, b) = foreground(imageID: imageID)
        return "\u{1B}[38;2;\(r);\(g);\(b)m"
    }

    /// One row of a placement, ready to write at the cursor: the colour, `columns` cells, and
    /// the default foreground back. Every cell carries its row and column, so the row still
    /// shows right when only part of it is redrawn.
    public static func row(_ row: Int, columns: Int, imageID: UInt32) -> String {
        var text = foregroundSGR(imageID: imageID)
        for column in 0..<columns { text += cell(row: row, column: column, imageID: imageID) }
        return text + "\u{1B}[39m"
    }
}
