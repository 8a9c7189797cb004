import CZlib
import Foundation

/// zlib's deflate for the replica's records: a detailed launch's JSON (about 8 KB, most of it
/// keys and repeated words) keeps in about a fifth of that. Stored as the original length
/// (4 bytes, big-endian) and zlib's stream, so inflating needs no guess at the size.
enum Deflate {
    static func compress(_ data: Data) -> Data? {
        guard data.count < Int(UInt32.max) else { return nil }
        var bound = compressBound(uLong(data.count))
        var out = Data(count: 4 + Int(bound))
        let status = out.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int32 in
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let length = UInt32(data.count)
            base[0] = UInt8(length >> 24); base[1] = UInt8((length >> 16) & 0xFF)
            base[2] = UInt8((length >> 8) & 0xFF); base[3] = UInt8(length & 0xFF)
            return data.withUnsafeBytes { input in
                compress2(base + 4, &bound, input.baseAddress!.assumingMemoryBound(to: UInt8.self), uLong(data.count), 6)
            }
        }
        guard status == Z_OK else { return nil }
        out.count = 4 + Int(bound)
        return out
    }

    /// The original bytes, or nil for anything that is not one of `compress`'s (a damaged row).
    static func decompress(_ data: Data) -> Data? {
        guard data.count > 4 else { return nil }
        let length = data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        // A record is kilobytes; a length past 16 MB is a damaged header, not a record.
        guard length > 0, length <= 16 << 20 else { return nil }
        var out = Data(count: length)
        var size = uLongf(length)
        let status = out.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int32 in
            data.withUnsafeBytes { input in
                let source = input.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4
                return uncompress(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &size, source, uLong(data.count - 4))
            }
        }
        guard status == Z_OK, Int(size) == length else { return nil }
        return out
    }
}
