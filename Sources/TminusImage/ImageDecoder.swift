import CImageCodecs
import Foundation

/// Turns downloaded bytes (PNG or JPEG, told apart by their magic bytes) into RGBA8 pixels,
/// through the system's libpng and libjpeg. Safe to call from several threads at once.
public enum ImageDecoder {
    /// The most pixels a picture may have (4096 × 4096): a header claiming more is refused
    /// before anything is allocated for it.
    public static let maxPixels = 16_777_216

    /// Decodes `data`.
    ///
    /// - Throws: `.notAnImage` for bytes that are neither PNG nor JPEG (an HTML error page,
    ///   an empty body), `.corrupt` with libpng's or libjpeg's reason for a broken or
    ///   truncated file, `.tooLarge` when the header claims more than `maxPixels` pixels.
    public static func decode(_ data: Data, maxPixels: Int = maxPixels) throws(PictureError) -> RGBAImage {
        var image = tm_image()
        let capacity = 256
        var message = [CChar](repeating: 0, count: capacity)
        let limit = UInt64(max(0, maxPixels))
        let status = data.withUnsafeBytes { raw in
            message.withUnsafeMutableBufferPointer { text in
                tm_image_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, limit,
                                &image, text.baseAddress, capacity)
            }
        }
        defer { tm_image_release(&image) }

        switch status {
        case TM_IMAGE_OK:
            guard let source = image.pixels else { throw .corrupt("decoder returned no pixels") }
            let width = Int(image.width), height = Int(image.height)
            let count = width * height * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress!.initialize(from: source, count: count)
                initialized = count
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        case TM_IMAGE_TOO_LARGE:
            throw .tooLarge(width: Int(image.width), height: Int(image.height))
        case TM_IMAGE_NOT_AN_IMAGE:
            throw .notAnImage
        default:
            let why = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .corrupt(why.isEmpty ? "unreadable image" : why)
        }
    }
}
