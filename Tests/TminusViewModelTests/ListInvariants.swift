import TminusCore
import TminusTestSupport
import TminusViewModel

// What must hold of the launch lists whatever the server does. The two questions that
// depend on the state machine's shape are asked here only.

/// Nothing is under way: the list is idle — complete, exhausted (`end`) or failed (an error,
/// maybe with a retry time).
func isSettled(_ list: LaunchListState) -> Bool {
    !list.status.isLoading
}

/// The list says it has no more to load (no "Loading more…" row, no further request): the
/// server's own end, or the list ended it (`end`, said under the last row).
func showsItsEnd(_ list: LaunchListState) -> Bool {
    list.next == nil || list.end != nil
}

/// The properties the random tests check, each reported by its own test.
enum Invariant: String, CaseIterable, Sendable {
    /// Requests follow keys and timers: a list asks because of a key, a due retry or a due
    /// filter, a few times each, never again and again because its own answer arrived.
    case requestsFollowPrompts
    /// After the last key only ticks come: a list asks only when a retry is due.
    case quietAfterTheLastKey
    case oneRequestPerListAtATime
    case uniqueRows
    case selectionInRange
    case settles
    case answersKeys
}

struct Violation: Sendable, CustomStringConvertible {
    var invariant: Invariant
    var message: String
    var description: String { "\(invariant.rawValue): \(message)" }
}

/// The checks that read only the screen state.
enum StateChecks {
    /// Every list on screen or kept aside (other queries, the other source).
    static func allLists(_ state: AppState) -> [(name: String, list: LaunchListState)] {
        var lists = state.lists.map { ("\($0.key.testName) (\(state.query($0.key).testName))", $0.value) }
        for (id, kept) in state.otherQueryLists {
            lists += kept.map { ("\(id.testName) kept aside (\($0.key.testName))", $0.value) }
        }
        for (source, kept) in state.otherSourcesLists {
            lists += kept.map { ("\($0.key) of \(state.sourceNames[source])", $0.value) }
        }
        return lists
    }

    static func uniqueRows(_ state: AppState) -> String? {
        for (name, list) in allLists(state) {
            var seen = Set<String>()
            if let twice = list.launches.first(where: { !seen.insert($0.id).inserted }) {
                return "\(name) shows \(twice.id) twice (\(list.launches.count) rows)"
            }
        }
        return nil
    }

    /// The selection is on a row (0 when there are none) and the scroll shows rows that
    /// exist; on the list on screen, the selected row is among the visible ones.
    static func selectionInRange(_ state: AppState) -> String? {
        for (name, list) in allLists(state) {
            let count = list.launches.count
            if count == 0 {
                if list.selection != 0 || list.scrollTop != 0 {
                    return "\(name) is empty but has selection \(list.selection), scrollTop \(list.scrollTop)"
                }
                continue
            }
            guard (0..<count).contains(list.selection) else {
                return "\(name) has selection \(list.selection) of \(count) rows"
            }
            guard 0 <= list.scrollTop, list.scrollTop <= list.selection else {
                return "\(name) has scrollTop \(list.scrollTop) with selection \(list.selection) of \(count) rows"
            }
        }
        if let id = state.activeListID {
            let list = state.list(id)
            let rows = state.visibleLaunchRows
            if !list.launches.isEmpty, list.selection >= list.scrollTop + rows {
                return "\(id.testName) on screen has selection \(list.selection) below its \(rows) visible rows from \(list.scrollTop)"
            }
        }
        return nil
    }

    static func settled(_ state: AppState) -> String? {
        for (name, list) in allLists(state) where !isSettled(list) {
            return "\(name) is still \(list.status.activity) with nothing left to answer it"
        }
        return nil
    }
}
