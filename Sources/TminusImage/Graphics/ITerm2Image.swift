import Foundation

/// iTerm2's inline image (OSC 1337 `File=`), as bytes to write at the cursor (no I/O here).
///
/// `ESC ] 1337 ; File=inline=1;size=S;width=Nc;height=Mc;preserveAspectRatio=1 : <base64> BEL`
/// The payload is the encoded file itself (PNG, JPEG, GIF: iTerm2 decodes it, and takes no raw
/// pixels); `size` is its length in bytes. Width and height without a unit count cells (`N`),
/// with `px` pixels, with `%` a share of the window; tminus gives cells. WezTerm and Konsole
/// read the same sequence.
public enum ITerm2Image {
    public static func inline(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        let arguments = "inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=1"
        var out: [UInt8] = [0x1B, UInt8(ascii: "]")]
        out += Array("1337;File=\(arguments):".utf8)
        out += Array(Data(file).base64EncodedString().utf8)
        out.append(0x07)
        return out
    }
}
