/// SplitMix64: a tiny deterministic generator, so a failing random case reproduces from its
/// seed. One for every test target (fuzzing text, damaging images, killing the store).
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes (garbage files, damaged pictures).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}

extension SeededGenerator {
    /// A generator for one named thing under a seed (a request, a list): the same name draws
    /// the same numbers whatever else was drawn first, so answers do not depend on the order
    /// concurrent requests happen to arrive in. FNV-1a, because `Hasher` changes every run.
    public init(seed: UInt64, label: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        self.init(seed: seed ^ hash)
    }
}
