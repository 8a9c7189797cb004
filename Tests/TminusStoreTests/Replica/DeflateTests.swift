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
