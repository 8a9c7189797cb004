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
