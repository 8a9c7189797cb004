import Foundation
import Testing
@testable import TminusStore

/// The replica's records are kept deflated: what goes in comes out, a damaged one is no record
/// (never a trap, never a huge allocation), and a record kept before deflating still reads.
@Suite("Replica: deflated records")
struct DeflateTests {
    @Test func whatGoesInComesOutSmaller() throws {
        let json = Data(String(repeating: #"{"name":"Falcon 9 Block 5 | Starlink Group 6-3","status":"Go"},"#, count: 100).utf8)
        let deflated = try #require(Deflate.compress(json))
        #expect(deflated.count < json.count / 5)
        #expect(Deflate.decompress(deflated) == json)
        #expect(Deflate.decompress(try #require(Deflate.compress(Data("x".utf8)))) == Data("x".utf8))
    }

    /// The preset dictionary (the keys every record repeats) makes a record smaller; a record
    /// deflated without it (kept before it) still reads, and one deflated with another
    /// dictionary is no record rather than a misread one.
    @Test func theRecordShapeDictionaryIsUsedAndOthersAreRefused() throws {
        let record = Data(#"{"carries_detail":true,"date_precision":"hour","date_utc":"2026-08-26T09:26:54Z","id":"f0e1","links":{"webcast":"https://www.youtube.com/watch?v=abc"},"name":"Falcon 9 Block 5 | Starlink Group 15-22","provider":"SpaceX","provider_id":"121","upcoming":true}"#.utf8)
        let shaped = try #require(Deflate.compress(record))
        let plain = try #require(Deflate.compress(record, dictionary: nil))
        #expect(shaped.count < plain.count * 3 / 4, "\(shaped.count) bytes with the dictionary, \(plain.count) without")
        #expect(Deflate.decompress(shaped) == record)
        #expect(Deflate.decompress(plain) == record)
        let foreign = try #require(Deflate.compress(record, dictionary: Array("another dictionary altogether".utf8)))
        #expect(Deflate.decompress(foreign) == nil)
    }

    @Test func aDamagedRecordIsNone() throws {
        let deflated = try #require(Deflate.compress(Data(String(repeating: "launch ", count: 200).utf8)))
        #expect(Deflate.decompress(deflated.prefix(deflated.count / 2)) == nil, "cut short")
        var wrongLength = deflated
        wrongLength[3] ^= 0x01
        #expect(Deflate.decompress(wrongLength) == nil, "a length the stream does not have")
        #expect(Deflate.decompress(Data([0x7F, 0xFF, 0xFF, 0xFF, 0x78, 0x9C])) == nil, "a length of 2 GB is not allocated")
        #expect(Deflate.decompress(Data()) == nil)
        // A record kept as JSON: `{"` reads as a length past any record's, so it is not inflated.
        #expect(Deflate.decompress(Data(#"{"id":"a"}"#.utf8)) == nil)
    }
}
