import CImageCodecs

/// RGBA pixels as a PNG file, through the system's libpng: what iTerm2's inline images take
/// (they carry a file, never raw pixels), and fewer bytes than raw RGBA for kitty's `f=100`.
public enum PNGEncoder {
    /// The file's bytes; nil when libpng fails (out of memory).
    public static func encode(_ image: RGBAImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0 else { return nil }
        var size = 0
        let file = image.pixels.withUnsafeBufferPointer {
            tm_image_encode_png($0.baseAddress, UInt32(image.width), UInt32(image.height), &size)
        }
        guard let file else { return nil }
        defer { tm_image_free_pixels(file) }
        return Array(UnsafeBufferPointer(start: file, count: size))
    }
}
