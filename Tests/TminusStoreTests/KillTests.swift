import Foundation
import TminusTestSupport
import GRDB
import Testing
import TminusCore
@testable import TminusStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every change is one transaction and durable: a writer killed with SIGKILL at a random
/// moment leaves a sound file holding every save it reported as committed.
@Suite struct KillTests {
    static let rounds = 10
    /// Change it to replay a different schedule; a failure message names the seed.
    static let seed: UInt64 = 0x7_41AA_2022

    @Test(.enabled(if: Torture.binary != nil, "\(Torture.missing)"), .timeLimit(.minutes(1)))
    func killedWritersLoseNoCommittedSave() async throws {
        let binary = try #require(Torture.binary)
        let dir = try TempDir("kill"); defer { dir.remove() }
        var random = SeededGenerator(seed: Self.seed)
        var expectedTotal = 0
        var totalPrinted = 0
        var maxExtra = 0
        var delays: [Int] = []

        for round in 1...Self.rounds {
            let prefix = "r\(round)"
            let child = try Child(binary, [dir.database.path, "save-forever", "0", prefix],
                                  stdout: dir.file("\(prefix).out"), stderr: dir.file("\(prefix).err"))
            // Wait until it has the database open (the rounds are about writes), then a bit.
            let opened = child.waitForLine("opened", timeout: 20)
            let delay = Int.random(in: 20...300, using: &random)
            delays.append(delay)
            if opened { usleep(UInt32(delay) * 1_000) }
            let exit = child.killAndReap()
            try #require(opened, "round \(round): the child never opened the database (\(exit)): \(child.errorOutput)")
            try #require(exit == .signaled(SIGKILL), "round \(round): \(exit), not killed: \(child.errorOutput)")

            // The file as the killed process left it (the read-only connection recovers the
            // WAL without checkpointing it, so the next child recovers it again).
            let integrity = try integrityCheck(dir.database)
            #expect(integrity == ["ok"], "round \(round) (seed \(Self.seed))")
            let printed = child.committed
            let expected = (0..<printed.count).map { "\(prefix)-\($0 + 1)" }
            #expect(printed == expected, "round \(round): commits printed out of order")
            let stored = try launchIDs(dir.database)
            let storedThisRound = stored.filter { $0.hasPrefix(prefix + "-") }
            let missing = Set(printed).subtracting(storedThisRound)
            #expect(missing.isEmpty, "round \(round) (seed \(Self.seed), \(delay) ms): committed but lost: \(missing.sorted())")
            // At most one more than printed: the commit landed, the kill came before the print.
            let extra = storedThisRound.subtracting(printed)
            #expect(extra.isSubset(of: ["\(prefix)-\(printed.count + 1)"]),
                    "round \(round): unexpected rows \(extra.sorted())")
            maxExtra = max(maxExtra, extra.count)
            totalPrinted += printed.count
            expectedTotal += storedThisRound.count
            // Earlier rounds' rows are all still there.
            #expect(stored.count == expectedTotal, "round \(round)")
        }

        // Each round should have got some commits in before the kill, or it tested little.
        #expect(totalPrinted >= Self.rounds, "only \(totalPrinted) commits in \(Self.rounds) rounds")
        // And the app itself opens the file without complaint and sees it all.
        let store = FavoritesStore.sqlite(at: dir.database)
        #expect(store.openProblem == nil)
        #expect(try await store.load().launches.count == expectedTotal)
        #expect(!dir.contents.contains { $0.contains(".corrupt-") })
        print("kill test: \(Self.rounds) rounds, delays \(delays) ms, \(totalPrinted) commits printed, "
              + "\(expectedTotal) rows stored, at most \(maxExtra) extra row(s) in a round")
    }
}
