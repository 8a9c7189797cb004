import CZlib
import Foundation

/// zlib's deflate for the replica's records: a detailed launch's JSON (about 6 KB, most of it
/// keys and repeated words) keeps in about a quarter of that. Stored as the original length
/// (4 bytes, big-endian) and zlib's stream, so inflating needs no guess at the size.
///
/// The stream starts from a preset dictionary (`recordShape`): the keys every record repeats
/// and the addresses most of its links start with, so a record does not pay for its first use
/// of each (a fifth less on the recorded detailed launches). zlib's header names the
/// dictionary by its checksum: a record deflated without it (or before it) still inflates,
/// and one made with another dictionary is refused as damaged, never misread.
enum Deflate {
    /// - Parameter dictionary: `recordShape`; another only in tests (what an older or a
    ///   foreign record is).
    static func compress(_ data: Data, dictionary: [UInt8]? = recordShapeBytes) -> Data? {
        guard data.count < Int(UInt32.max) else { return nil }
        var stream = z_stream()
        guard deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        if let dictionary {
            guard deflateSetDictionary(&stream, dictionary, uInt(dictionary.count)) == Z_OK else { return nil }
        }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var out = Data(count: 4 + bound)
        let length = UInt32(data.count)
        let status = out.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int32 in
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            base[0] = UInt8(length >> 24); base[1] = UInt8((length >> 16) & 0xFF)
            base[2] = UInt8((length >> 8) & 0xFF); base[3] = UInt8(length & 0xFF)
            return data.withUnsafeBytes { input -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
                stream.avail_in = uInt(data.count)
                stream.next_out = base + 4
                stream.avail_out = uInt(bound)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        out.count = 4 + Int(stream.total_out)
        return out
    }

    /// The original bytes, or nil for anything that is not one of `compress`'s (a damaged row).
    static func decompress(_ data: Data) -> Data? {
        guard data.count > 4 else { return nil }
        let length = data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        // A record is kilobytes; a length past 16 MB is a damaged header, not a record.
        guard length > 0, length <= 16 << 20 else { return nil }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = Data(count: length)
        let status = out.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int32 in
            data.withUnsafeBytes { input -> Int32 in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4)
                stream.avail_in = uInt(data.count - 4)
                stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
                stream.avail_out = uInt(length)
                var status = inflate(&stream, Z_FINISH)
                if status == Z_NEED_DICT {
                    guard inflateSetDictionary(&stream, recordShapeBytes, uInt(recordShapeBytes.count)) == Z_OK else { return Z_DATA_ERROR }
                    status = inflate(&stream, Z_FINISH)
                }
                return status
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == length, stream.avail_in == 0 else { return nil }
        return out
    }

    /// What every record shares: the addresses links start with, then a detailed launch's keys
    /// in the order the encoder writes them (sorted), values left out. deflate reaches back
    /// into it as into text it has already read, nearest first: the keys last.
    ///
    /// Changing it makes the records kept with it unreadable: change the replica's schema
    /// version with it (the replica is then built again).
    /// `recordShape`'s bytes, made once: every record deflated or inflated starts from them.
    static let recordShapeBytes = Array(recordShape.utf8)

    static let recordShape = """
        https://www.youtube.com/watch?v=https://x.com/https://twitter.com/https://en.wikipedia.org/wiki/\
        https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/\
        https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/mission_patch_images/\
        {"carries_detail":true,"cores":[{"core":{"id":"","serial":""},"days_since_previous_flight":0,"flight":0,\
        "flights_so_far":0,"landing_attempt":true,"landing_success":true,"landing_type":"","landpad":{"full_name":"",\
        "id":"","name":""},"reused":true,"stage":""}],"crew":[],"date_precision":"","date_utc":"","details":"",\
        "failures":[],"id":"","image":"","info_links":[{"kind":"","language":"English","publisher":"","title":"",\
        "url":""}],"last_updated":"","launchpad":{"id":"","locality":"","location_id":"","name":""},\
        "links":{"patch":{"large":"","small":""},"webcast":""},"mission_type":"","name":"","net_precision":"",\
        "orbit":"","origin":"ll2","payloads":[],"provider":"","provider_abbrev":"","provider_id":"",\
        "rocket":{"flickr_images":[],"id":"","name":"","origin":"ll2"},"source_status":{"abbrev":"",\
        "id":0,"name":""},"success":false,"timeline":[{"description":"","name":"","offset":0}],"upcoming":false,\
        "updates":[{"author":"","comment":"","infoURL":"","postedAt":0}],"videos":[{"kind":"","language":"English",\
        "publisher":"","title":"","url":""}]}
        """
}
