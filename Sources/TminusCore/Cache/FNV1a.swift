/// FNV-1a, 64 bits: names `DiskCache`'s files and checks their contents. Not a cryptographic
/// hash, and the cache needs none: every entry holds its own key and a read compares it, so
/// two keys with one hash (even chosen by a hostile server's picture URLs) only push each
/// other out, never answer each other's bytes; and whoever can write the cache directory can
/// write any entry anyway.
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`, continuing from `seed` (a previous part's hash): hashing "foo",
    /// then "bar" from it, gives the hash of "foobar".
    static func hash64(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var h = seed
        for byte in bytes {
            h ^= UInt64(byte)
            h &*= prime
        }
        return h
    }

    /// The hash as 16 lowercase hex digits, leading zeros kept: a file name of fixed length.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(hash64(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
