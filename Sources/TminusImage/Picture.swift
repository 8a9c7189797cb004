import Foundation

/// One pixel, 8 bits a channel, straight (not premultiplied) alpha.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
}

/// A decoded picture: `width × height` pixels, RGBA8, row after row.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA8 needs 4 bytes a pixel")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A cheap stand-in for the pixels: the size and 256 pixels spread over the picture. Two
    /// different pictures of one size that agree on all of those are not a real risk; hashing
    /// every byte of a big photo each frame is a real cost.
    public var fingerprint: Int {
        var hasher = Hasher()
        hasher.combine(width); hasher.combine(height)
        let count = width * height
        if count > 0 {
            let step = max(1, count / 256)
            pixels.withUnsafeBufferPointer { bytes in
                for pixel in stride(from: 0, to: count, by: step) {
                    hasher.combine(bytes[pixel * 4]); hasher.combine(bytes[pixel * 4 + 1])
                    hasher.combine(bytes[pixel * 4 + 2]); hasher.combine(bytes[pixel * 4 + 3])
                }
            }
        }
        return hasher.finalize()
    }

    public subscript(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Why a picture could not be had. Always a placeholder on screen and a line in the log,
/// never a crash.
public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAnImage
    case corrupt(String)
    case tooLarge(width: Int, height: Int)
    case download(String)

    public var description: String {
        switch self {
        case .notAnImage: "not a PNG or JPEG image"
        case .corrupt(let why): "unreadable image: \(why)"
        case let .tooLarge(w, h): "image too large (\(w)x\(h))"
        case .download(let why): "download failed: \(why)"
        }
    }
}
