import Foundation

/// The kitty graphics protocol's commands, as bytes to write to the terminal (no I/O here).
///
/// The way tminus uses it: transmit a picture once under an id, quietly (`q=2`, so no reply
/// lands in the key input), create a virtual placement (`U=1`) of the size in cells, then draw
/// `KittyPlaceholder` text where the picture goes; delete the id when the picture leaves.
/// Every command is an APC: `ESC _ G <key=value,...> [; <base64 payload>] ESC \`.
public enum KittyGraphics {
    /// The base64 payload of one escape code is at most this long (the protocol's limit; a
    /// multiple of 4, as every chunk but the last must be).
    public static let chunkSize = 4096

    /// The detection query: a 1x1 RGB picture sent with `a=q`, which the terminal checks and
    /// answers (`ESC _ G i=31;OK ESC \`) without storing it. A terminal without the protocol
    /// ignores the APC, so the answer's absence (before the DA1 answer that follows it) says no.
    public static let query: [UInt8] = command("i=31,s=1,v=1,a=q,t=d,f=24", payload: Array("AAAA".utf8))

    /// Transmits RGBA8 pixels (`f=32`) under `id` without showing them.
    public static func transmit(_ image: RGBAImage, id: UInt32) -> [UInt8] {
        transmit(data: image.pixels, keys: "a=t,f=32,s=\(image.width),v=\(image.height),i=\(id),q=2")
    }

    /// Transmits an encoded PNG file (`f=100`; the terminal reads the size from it) under `id`
    /// without showing it. Fewer bytes than RGBA when the picture came as a PNG.
    public static func transmitPNG(_ png: [UInt8], id: UInt32) -> [UInt8] {
        transmit(data: png, keys: "a=t,f=100,i=\(id),q=2")
    }

    /// The virtual placement that placeholder cells show: the picture fitted (aspect kept)
    /// into `columns` x `rows` cells.
    public static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        command("a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2")
    }

    /// Deletes the picture with `id`, its placements and its stored data (`d=I`: the capital
    /// frees the data; virtual placements go only with `d=i/I`).
    public static func delete(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2")
    }

    /// Deletes every placement on the screen and frees the images no placement uses any more
    /// (`d=A`): the clean slate before a full repaint, a stop or leaving.
    public static let deleteAllPlacements: [UInt8] = command("a=d,d=A,q=2")

    /// The data base64-encoded and cut into chunks: the first escape code carries `keys`, the
    /// others only `q=2` (which the protocol allows on continuations, and which keeps a failure
    /// of a later chunk quiet too); `m=1` on all but the last, `m=0` on the last.
    private static func transmit(data: [UInt8], keys: String) -> [UInt8] {
        let encoded = Array(Data(data).base64EncodedString().utf8)
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, encoded.count)
            let more = end < encoded.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "q=2,m=\(more)"
            out += command(control, payload: encoded[start..<end])
            start = end
        } while start < encoded.count
        return out
    }

    private static func command(_ control: String, payload: ArraySlice<UInt8>? = nil) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        out += Array(control.utf8)
        if let payload {
            out.append(UInt8(ascii: ";"))
            out += payload
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    private static func command(_ control: String, payload: [UInt8]) -> [UInt8] {
        command(control, payload: payload[...])
    }
}
