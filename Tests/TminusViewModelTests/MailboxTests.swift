import Synchronization
import Testing
@testable import TminusViewModel

/// The mailbox is posted to for every answer the app ever gets (tens of thousands in a day of
/// browsing): posting must cost the same the ten-thousandth time as the first.
struct MailboxTests {
    /// Where the waker ran, as an address on its thread's stack.
    final class StackProbe: Sendable {
        let deepest = Atomic<Int>(0)
        func record() { deepest.store(stackAddress(), ordering: .relaxed) }
    }

    /// An address in the caller's frame (stacks grow down: a deeper call has a lower one).
    @inline(never)
    static func stackAddress() -> Int {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
    }

    /// Issue 23: the waker was kept in a `Mutex<(@Sendable () -> Void)?>`, and every
    /// `withLock { $0 }` wrapped it in two more reabstraction thunks. Each post then called
    /// through all the earlier ones: the UI wake-up took one more stack frame pair and 32 bytes of heap
    /// per answer, for good (heaptrack and the executor threads' stacks, growing 170 KB a minute
    /// while browsing, until a stack would overflow).
    @Test func wakingTheLoopCostsTheSameAfterThousandsOfPosts() {
        let mailbox = Mailbox()
        let probe = StackProbe()
        mailbox.setWaker { probe.record() }

        let base = Self.stackAddress()
        mailbox.post(.tick)
        let first = base - probe.deepest.load(ordering: .relaxed)
        for _ in 0..<2_000 { mailbox.post(.tick) }
        #expect(mailbox.drain().count == 2_001)
        mailbox.post(.tick)
        let later = base - probe.deepest.load(ordering: .relaxed)
        // Two thousand posts with the old nesting went about 250 KB deeper.
        #expect(later - first < 4_096, "the waker ran \(later - first) bytes deeper after 2,000 posts")
    }

    @Test func drainingHandsOverEveryEventOnceInOrder() {
        let mailbox = Mailbox()
        mailbox.post(.tick)
        mailbox.post(.resized(width: 80, height: 24))
        let events = mailbox.drain()
        #expect(events.count == 2)
        if case .tick = events[0] {} else { Issue.record("first is not the tick: \(events[0])") }
        #expect(mailbox.drain().isEmpty)
    }
}

/// The footprint line the loop writes to the log (`make soak` prints it).
struct FootprintLineTests {
    @Test func sizesReadAsKilobytesAndMegabytes() {
        #expect(Footprint.size(0) == "0 KB")
        #expect(Footprint.size(973 * 1024) == "973 KB")
        #expect(Footprint.size(5 << 20) == "5.0 MB")
        #expect(Footprint.size((5 << 20) + (1 << 20) / 10 + 1) == "5.1 MB")
        #expect(Footprint.size(43 << 20) == "43.0 MB")
    }

    @Test func theLineNamesEveryCount() {
        var footprint = Footprint()
        footprint.tasks = 3; footprint.pictureLoads = 2; footprint.pictureSlots = 64; footprint.pictureSlotBytes = 75 * 1024
        footprint.loaderPictures = 41; footprint.loaderBytes = 139 * 1024; footprint.heapBytes = 5 << 20
        #expect(footprint.description == "tasks 3 (picture loads 2), picture slots 64 (75 KB), loader 41 pictures (139 KB), "
                + "encoded pictures 0 KB, heap 5.0 MB")
    }
}
