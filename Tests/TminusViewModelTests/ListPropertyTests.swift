import PropertyBased
import Testing
import TminusTestSupport

/// Random keys, ticks, resizes and late answers against a server that misbehaves at random
/// (`Temperament.chaotic`): each test checks one of the `Invariant`s over the same kind of
/// sessions, so one broken invariant does not hide another. A failure prints the session
/// and a `.fixedSeed` that replays it.
///
/// The time limit is a backstop only: the server refuses runaway requests, so a looping app
/// ends its `settle()` and the property fails with a message instead of hanging. It is far
/// above the run time: 15 s alone, but 128 s and 161 s in CI's full run, where every suite and
/// the end-to-end tests' processes share two cores (two minutes failed there).
@Suite("Launch lists against a misbehaving server (properties)", .timeLimit(.minutes(8)))
struct ListPropertyTests {
    static let cases = 150

    @Test func listsAskOnlyWhenAKeyOrATimerSaysSo() async {
        await propertyCheck(count: Self.cases, input: ListScenario.generator()) { scenario in
            await ListScenarioRun(scenario).run().expect(.requestsFollowPrompts)
        }
    }

    @Test func afterTheLastKeyOnlyDueRetriesAsk() async {
        await propertyCheck(count: Self.cases, input: ListScenario.generator()) { scenario in
            await ListScenarioRun(scenario).run().expect(.quietAfterTheLastKey)
        }
    }

    @Test func neverTwoRequestsForOneListAtOnce() async {
        await propertyCheck(count: Self.cases, input: ListScenario.generator()) { scenario in
            await ListScenarioRun(scenario).run().expect(.oneRequestPerListAtATime)
        }
    }

    @Test func rowsStayUniqueAndTheSelectionOnARow() async {
        await propertyCheck(count: Self.cases, input: ListScenario.generator()) { scenario in
            await ListScenarioRun(scenario).run().expect(.uniqueRows, .selectionInRange)
        }
    }

    @Test func everyListSettlesAndKeysKeepWorking() async {
        await propertyCheck(count: Self.cases, input: ListScenario.generator()) { scenario in
            await ListScenarioRun(scenario).run().expect(.settles, .answersKeys)
        }
    }
}
