import Foundation
import TminusCore

/// `/` filters a launch list by name, `F` by outcome, `R` by rocket, `W` to launches with a
/// webcast, and `s` reverses its order. Each changes the list's
/// `ListQuery`; each query is a list of its own (pages, cursor, cache entries), and the one
/// left is kept aside, so going back to it costs no request.
extension AppReducer {
    mutating func userOpenedFilter(_ id: ListID) {
        state.filterInput = FilterInput(list: id, text: state.query(id).text)
    }

    /// The keys while the input is open: text, Backspace, Enter (keep), Esc (clear).
    mutating func handleFilterKey(_ key: Key, input: FilterInput) {
        var input = input
        let id = input.list
        switch key {
        case .escape:
            state.filterInput = nil
            switchQuery(to: state.query(id).withoutText, in: id)
            loadFirstPageIfNeeded(id)
            return
        case .enter:
            state.filterInput = nil
            var query = state.query(id)
            query.text = input.text.trimmingCharacters(in: .whitespaces)
            switchQuery(to: query, in: id)
            loadFirstPageIfNeeded(id)
            return
        case .backspace:
            guard !input.text.isEmpty else { return }
            input.text.removeLast()
        case .character(let character) where !character.isNewline && character != "\t":
            input.text.append(character)
        default:
            return
        }
        input.askAt = now.addingTimeInterval(AppViewModel.filterDebounce)
        state.filterInput = input
        // The rows already here are filtered at once; the server is asked after the pause.
        var query = state.query(id)
        query.text = input.text.trimmingCharacters(in: .whitespaces)
        switchQuery(to: query, in: id)
    }

    /// The clock moved: a filter typed and left alone for the pause is asked for.
    mutating func askForFilterIfDue() {
        guard let input = state.filterInput, let at = input.askAt, at <= now else { return }
        state.filterInput?.askAt = nil
        loadFirstPageIfNeeded(input.list)
    }

    /// `s`: the other order, asked for at once (or shown from what was kept).
    mutating func userToggledSort(_ id: ListID) {
        var query = state.query(id)
        query.reversed.toggle()
        switchQuery(to: query, in: id)
        loadFirstPageIfNeeded(id)
    }

    /// `F`: any outcome → successes → failures → any. Upcoming launches have none yet.
    mutating func userCycledOutcome(_ id: ListID) {
        if id == .segment(.upcoming) {
            show(Notice("upcoming launches have no outcome yet: F filters Past"))
            return
        }
        var query = state.query(id)
        query.outcome = query.outcome.next
        switchQuery(to: query, in: id)
        loadFirstPageIfNeeded(id)
    }

    /// `W`: only launches with a webcast, or all again. What a source can know: the r/SpaceX
    /// API lists a launch's webcast; Launch Library 2 lists the videos it knows of (usually
    /// days before launch) and marks a webcast that is live now.
    mutating func userToggledWebcast(_ id: ListID) {
        var query = state.query(id)
        query.hasWebcast.toggle()
        switchQuery(to: query, in: id)
        loadFirstPageIfNeeded(id)
        if query.hasWebcast, source(for: id).rocketFilterChoices == .rowsAtHand {
            show(Notice("webcast: a video listed or live now (as \(source(for: id).name) knows)"))
        }
    }

    /// `R`: any rocket → each rocket in turn → any. The rockets are the Rockets tab's (asked
    /// the first time `R` needs them), or on a source with a long catalogue (Launch Library 2)
    /// the ones the rows at hand fly, most launches first.
    mutating func userCycledRocket(_ id: ListID) {
        guard case .segment = id else {
            show(Notice("this list is one rocket's already"))
            return
        }
        if source(for: id).rocketFilterChoices == .rowsAtHand {
            return cycleRocket(in: id, through: rocketsAtHand())
        }
        let rockets = state.rockets.catalogue
        guard !rockets.isEmpty else {
            // Asked for now (or again, after a failure); `R` takes effect when they arrive.
            if !state.rockets.status.hasLoadedOnce {
                state.rocketFilterWaiting = id
                if !state.rockets.status.isLoading { requestRockets(mode: .normal) }
                show(Self.loadingRocketsToFilter)
            } else {
                show(Notice("no rockets to filter by (see the Rockets tab)"))
            }
            return
        }
        cycleRocket(in: id, through: rockets.map { ListQuery.RocketChoice(id: $0.id, name: $0.name) })
    }

    /// Said while `R` waits for the rockets; gone once they came (the filter says the rest).
    static let loadingRocketsToFilter = Notice("loading the rockets to filter by…")

    mutating func cycleRocket(in id: ListID, through choices: [ListQuery.RocketChoice]) {
        var query = state.query(id)
        guard !choices.isEmpty || query.rocket != nil else {
            show(Notice("no rockets to filter by yet: the rows name none"))
            return
        }
        let index = query.rocket.flatMap { chosen in choices.firstIndex { $0.id == chosen.id } }
        let next = index.map { $0 + 1 } ?? 0
        query.rocket = next < choices.count ? choices[next] : nil
        switchQuery(to: query, in: id)
        loadFirstPageIfNeeded(id)
    }

    /// The rockets the Launches tab's rows fly (both segments, every query's rows at hand),
    /// most launches first, then by name.
    func rocketsAtHand() -> [ListQuery.RocketChoice] {
        var counts: [String: (choice: ListQuery.RocketChoice, count: Int)] = [:]
        let lists = LaunchSegment.allCases.flatMap { segment -> [LaunchListState] in
            let id = ListID.segment(segment)
            return [state.list(id)] + (state.otherQueryLists[id]?.values.map { $0 } ?? [])
        }
        for launch in lists.flatMap(\.launches) {
            guard case .object(let rocket)? = launch.rocket else { continue }
            counts[rocket.id, default: (ListQuery.RocketChoice(id: rocket.id, name: rocket.name), 0)].count += 1
        }
        return counts.values.sorted { ($1.count, $0.choice.name) < ($0.count, $1.choice.name) }.map(\.choice)
    }

    /// Esc on a list: a filter kept from before is cleared (the usual order stays as chosen).
    mutating func userClearedFilters(_ id: ListID) {
        let query = state.query(id)
        guard query.narrows else { return }
        switchQuery(to: query.ground(reversed: query.reversed), in: id)
        loadFirstPageIfNeeded(id)
    }

    /// The source a list comes from: the Launches tab's current one (a rocket's launches too:
    /// the Rockets tab shows that source's catalogue).
    func source(for id: ListID) -> ReducerContext.Source {
        context.sources[state.sourceIndex]
    }

    /// Makes `query` the list's query: the list shown so far is put aside (when it holds a
    /// server's answer) and the new query's list is the one kept for it, or one filled for
    /// now from the rows at hand. The selection stays on the same launch when it is there.
    mutating func switchQuery(to query: ListQuery, in id: ListID) {
        let old = state.query(id)
        guard query != old else { return }
        var current = state.list(id)
        let selectedID = current.selectedLaunch?.id
        var kept = state.otherQueryLists[id] ?? [:]
        if current.status.hasLoadedOnce {
            // Its answers in flight are dropped (they name the query); `r` or coming back asks again.
            current.status.activity = .idle
            kept[old] = current
        }
        var list: LaunchListState
        if let keptList = kept.removeValue(forKey: query) {
            list = keptList
        } else if let whole = Self.wholeList(id, for: query, old: old, current: current, kept: kept) {
            // Every upcoming launch the source has is already here: the filter and the order
            // are made from it, and no request is spent (issue 36: a few searches emptied the
            // hour's budget).
            list = LaunchListState()
            list.generation = current.generation + 1
            let rows = whole.list.launches.filter { query.matches($0) }
            list.launches = whole.reversed == query.reversed ? rows : rows.reversed()
            _ = list.paging.received(ids: list.launches.map(\.id), next: nil, totalDocs: list.launches.count, isFirst: true)
            list.status = whole.list.status
        } else {
            list = LaunchListState()
            list.generation = current.generation + 1
            if query.reversed == old.reversed {
                // Rows that match at once: from the list without filters, or from the list
                // shown so far (it may hold pages the unfiltered one has not loaded); all its
                // rows that pass the new filters are right, if maybe not all of them.
                // (Under another follow, the rows both follows take.)
                let grounds = [query.ground(reversed: query.reversed), old.ground(reversed: query.reversed)]
                let candidates = grounds.compactMap { kept[$0]?.launches } + [current.launches]
                list.launches = candidates.map { $0.filter { query.matches($0) } }.max { $0.count < $1.count } ?? []
            } else {
                // The other order: the rows stay until its first page replaces them.
                list.launches = current.launches
            }
        }
        state.otherQueryLists[id] = kept.isEmpty ? nil : kept
        state.queries[id] = query == state.ground(id) ? nil : query
        list.selection = selectedID.flatMap { id in list.launches.firstIndex { $0.id == id } }
            ?? min(list.selection, max(0, list.launches.count - 1))
        keepSelectionVisible(&list)
        state.lists[id] = list
    }

    /// The upcoming list without filters when it is the whole of what the source has (its
    /// last page in, nothing failed, nothing loading), and the order it was asked in
    /// (`reversed`): under the same follow as `query`, or under none (every launch, which any
    /// follow is made from). Nil for the past (thousands long: the server is asked) and for a
    /// list still paging.
    static func wholeList(_ id: ListID, for query: ListQuery, old: ListQuery, current: LaunchListState,
                          kept: [ListQuery: LaunchListState]) -> (list: LaunchListState, reversed: Bool)? {
        guard id == .segment(.upcoming) else { return nil }
        let lists = [(old, current)] + kept.map { ($0.key, $0.value) }
        // The same follow first, then the same order: one answer whatever the order kept.
        let candidates = lists
            .filter { !$0.0.narrows && ($0.0.follow == query.follow && $0.0.server == query.server || $0.0.follow.isEmpty && $0.0.server == .none) }
            .sorted { ($0.0.follow == query.follow ? 0 : 1, $0.0.reversed == old.reversed ? 0 : 1) < ($1.0.follow == query.follow ? 0 : 1, $1.0.reversed == old.reversed ? 0 : 1) }
        // A replica's answer (it says what it covers) is asked again instead: it costs no
        // request, and it counts among all it holds, history that came since included.
        for (asked, list) in candidates
        where list.status.hasLoadedOnce && !list.isLoading && list.status.error == nil && list.next == nil && list.end == nil
            && list.coverage == nil {
            return (list, asked.reversed)
        }
        return nil
    }

    /// Before the Launches tab changes source: its lists go back to no filter and the usual
    /// order (the other source's lists are its own).
    mutating func clearSegmentQueries() {
        if case .segment? = state.filterInput?.list { state.filterInput = nil }
        for segment in LaunchSegment.allCases {
            let id = ListID.segment(segment)
            switchQuery(to: state.ground(id), in: id)
            state.otherQueryLists[id] = nil
        }
    }
}
