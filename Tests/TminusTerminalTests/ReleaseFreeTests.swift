import Foundation
import Testing
@testable import TminusTerminal

/// The loop gives malloc's free pages back once after a burst of answers, never while idle.
@Suite struct ReleaseFreeTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func nothingIsPendingUntilMailArrives() {
        var release = ReleaseFree()
        #expect(release.millisecondsLeft(now: t0) == nil, "an idle loop sleeps as long as it likes")
        do { let due = release.isDue(now: t0.addingTimeInterval(3600)); #expect(!due) }
    }

    @Test func oneReleaseAfterTheMailHasBeenQuiet() {
        var release = ReleaseFree()
        release.mailArrived(now: t0)
        release.mailArrived(now: t0.addingTimeInterval(1))   // a burst: the quiet spell starts again
        #expect(release.millisecondsLeft(now: t0.addingTimeInterval(1)) == 2000)
        do { let due = release.isDue(now: t0.addingTimeInterval(2.5)); #expect(!due) }
        do { let due = release.isDue(now: t0.addingTimeInterval(3)); #expect(due) }
        do { let due = release.isDue(now: t0.addingTimeInterval(4)); #expect(!due, "once per quiet spell") }
        #expect(release.millisecondsLeft(now: t0.addingTimeInterval(4)) == nil)
    }

    @Test func theLoopIsWokenNoLaterThanItIsDue() {
        var release = ReleaseFree()
        release.mailArrived(now: t0)
        #expect(release.millisecondsLeft(now: t0.addingTimeInterval(5)) == 0)
        do { let due = release.isDue(now: t0.addingTimeInterval(5)); #expect(due) }
    }
}
