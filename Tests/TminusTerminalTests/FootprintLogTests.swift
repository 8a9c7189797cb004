import Foundation
import Testing
import TminusViewModel
@testable import TminusTerminal

/// The loop's `footprint:` log lines: the first at once, then one a minute at most, and none
/// while nothing changed (an idle app writes nothing to its log).
struct FootprintLogTests {
    @Test func aLineAMinuteAtMostAndOnlyWhenSomethingChanged() {
        var log = FootprintLog()
        let start = Date(timeIntervalSince1970: 1_000_000)
        var counted = 0
        var footprint = Footprint()
        let count = { () -> Footprint in counted += 1; return footprint }

        #expect(log.line(count, at: start) != nil, "the first line at once")
        footprint.tasks = 5
        #expect(log.line(count, at: start.addingTimeInterval(59)) == nil, "not within the minute")
        #expect(counted == 1, "nothing is counted before a line may be due")
        #expect(log.line(count, at: start.addingTimeInterval(60))?.hasPrefix("tasks 5 ") == true)
        #expect(log.line(count, at: start.addingTimeInterval(600)) == nil, "unchanged: no line, however long")
        footprint.tasks = 0
        #expect(log.line(count, at: start.addingTimeInterval(601)) != nil)
    }
}
