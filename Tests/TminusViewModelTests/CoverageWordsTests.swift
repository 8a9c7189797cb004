import Foundation
import Testing
import TminusCore
import TminusTestSupport
@testable import TminusViewModel

/// What a list's count says when its source holds all it knows (the replica) and the history
/// is still coming: a count of what is held, and how far back that reaches; never a bare
/// "none" while it could still change.
@Suite("Counts that say what they cover")
struct CoverageWordsTests {
    static let march2019 = ISO8601.parse("2019-03-02T03:49:03Z")!

    static func list(_ launches: [Launch], coverage: ListCoverage?, more: Bool = true) -> LaunchListState {
        var list = LaunchListState()
        let page = LaunchPage(launches: launches, page: 1, totalDocs: nil,
                              next: more ? PageCursor(page: 2) : nil, coverage: coverage)
        list.received(page, all: launches, isFirst: true, fetchedAt: Sample.reference)
        return list
    }

    @Test func aNarrowedCountWhileHistoryFillsSaysWhatItIsAmong() {
        let failures = ListQuery(outcome: .failure)
        let filling = ListCoverage(matching: 2, held: 1400, filling: true, oldest: Self.march2019)
        let list = Self.list(Sample.launches(2, upcoming: false), coverage: filling)
        #expect(LaunchListView.countText(list, query: failures)
                == "2 failures in the 1,400 launches held (history to 2019-03 — filling)")
        let one = Self.list(Sample.launches(1, upcoming: false), coverage: ListCoverage(matching: 1, held: 1, filling: true, oldest: nil))
        #expect(LaunchListView.countText(one, query: ListQuery(text: "crs")) == "1 launch in the 1 launch held (history filling)")
    }

    @Test func anEmptyAnswerWhileHistoryFillsIsNoneOfWhatIsHeld() {
        let filling = ListCoverage(matching: 0, held: 120, filling: true, oldest: Self.march2019)
        let list = Self.list([], coverage: filling)
        #expect(LaunchListView.countText(list, query: ListQuery(outcome: .success)) == "0 successes in the 120 launches held (history to 2019-03 — filling)")
        #expect(LaunchListView.fillingWords(list) == ["none in the 120 launches held (history to 2019-03 — filling)"])
    }

    /// Once the history is in, or with nothing narrowing the list, the count is the plain one.
    @Test func aWholeAnswerIsCountedPlainly() {
        let whole = ListCoverage(matching: 5, held: 188, filling: false, oldest: Self.march2019)
        let list = Self.list(Sample.launches(5, upcoming: false), coverage: whole, more: false)
        #expect(LaunchListView.countText(list, query: ListQuery(outcome: .failure)) == "5 launches")
        #expect(LaunchListView.fillingWords(list).isEmpty)
        let unfiltered = Self.list(Sample.launches(5, upcoming: false), coverage: ListCoverage(matching: 5, held: 5, filling: true))
        #expect(!LaunchListView.countText(unfiltered, query: .default).contains("held"))
        // A server's page says nothing of the kind.
        #expect(LaunchListView.fillingWords(Self.list([], coverage: nil)).isEmpty)
    }
}
