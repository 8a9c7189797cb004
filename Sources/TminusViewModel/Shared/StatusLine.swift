import Foundation
import TminusCore
import TminusRender

/// The bottom row: a message or the key hints on the left, how old the data is on the right.
enum StatusLine {
    static func draw(_ state: AppState, into grid: inout Grid, layout: ScreenLayout) {
        let y = layout.statusRow
        grid.fill(x: 0, y: y, width: grid.width, height: 1, style: Theme.bar)
        // The right side takes no more than two fifths of the row when it can, so the key
        // hints (`m mouse`, `? help`) keep their room: the request figures keep to their
        // numbers first, then (below 100 columns) the data's age to its first part
        // (`updated 3 min ago`, not when the next refresh is).
        func rightText(compact: Bool, compactAge: Bool? = nil) -> String {
            [dataAge(state, compact: compactAge ?? compact), allowance(state, compact: compact)].filter { !$0.isEmpty }.joined(separator: " · ")
        }
        let rightRoom = grid.width * 2 / 5
        var right = rightText(compact: false)
        if TerminalText.width(right) > rightRoom { right = rightText(compact: true, compactAge: false) }
        if grid.width < 100, TerminalText.width(right) > rightRoom { right = rightText(compact: true) }
        let rightStyle = Style(foreground: .theme.muted, background: .theme.barBackground)
        if let message = message(state) {
            // Why the data is missing is said whole: the right side shortens (to `archive to
            // 2022-10`) and the words around the cause shorten (`retry in 5 s`) before the right
            // side goes; the cause is cut only when it alone is wider than the row.
            let rights = [right, rightText(compact: true), dataAge(state, compact: true), shortDataAge(state)].reduce(into: [String]()) { list, text in
                if !text.isEmpty, !list.contains(text) { list.append(text) }
            }
            let texts = Self.variants(of: message, state)
            var chosen = (text: texts.last!, right: "")
            func fits(_ text: String, _ right: String) -> Bool {
                1 + TerminalText.width(text) + 2 + TerminalText.width(right) + 1 <= grid.width
            }
            // The words shorten before the right side goes; but a standing fault whose marker
            // the tab bar has no room for keeps its words (how many changes wait) first, and
            // the right side goes before them.
            let faultFirst = StandingFault.message(state) == message && !markerShown(state)
            // The cause's fewest words (`APIError.shortMessage`) only once the right side is
            // gone: the cause in full goes first.
            let short = message.level == .error ? data(state).error.flatMap { $0.shortMessage == $0.message ? nil : $0.shortMessage } : nil
            let groups = faultFirst ? [rights + [""]] : [rights, [""]]
            search: for (g, group) in groups.enumerated() {
                for text in texts where text != short || g == groups.count - 1 || texts.count == 1 {
                    for candidate in group where fits(text, candidate) {
                        chosen = (text, candidate)
                        break search
                    }
                }
            }
            let rightX = chosen.right.isEmpty ? grid.width : grid.putRight(chosen.right + " ", right: grid.width, y: y, style: rightStyle)
            grid.put(" " + chosen.text, x: 0, y: y, maxWidth: max(0, rightX - (chosen.right.isEmpty ? 0 : 2)),
                     style: message.level == .error
                        ? Style(foreground: .theme.failure, background: .theme.barBackground, attributes: .bold)
                        : Style(background: .theme.barBackground))
            return
        }
        var hints = Keymap.statusHints(for: state)
        // From column 1, two blanks between hints (none after the last, so a line that just
        // fits is not cut to `…` for want of them).
        func width(_ list: [KeyHelp]) -> Int {
            1 + list.reduce(0) { $0 + TerminalText.width($1.keys) + 1 + TerminalText.width($1.action) + 2 } - 2
        }
        // `? help  q quit` whole at every width (issue 37: `? help  q qu…` at 50 columns): the
        // right side shortens, then goes, before they are cut.
        let essentials = width(hints.filter(Keymap.isEssential))
        let shorter = [right, rightText(compact: true), dataAge(state, compact: true), shortDataAge(state), ""]
        right = shorter.first { essentials + 2 + TerminalText.width($0) + 1 <= grid.width } ?? ""
        let rightX = right.isEmpty ? grid.width : grid.putRight(right + " ", right: grid.width, y: y, style: rightStyle)
        let room = max(0, rightX - 2)
        // The screen's own hints first, then the global ones: `? help` and `q quit` always
        // stay, then `m mouse` (its state is worth a glance); the screen's are kept in their
        // order while they fit, a long one giving way to shorter ones after it (issue 37: the
        // rocket page showed `? help q quit` alone with 30 columns free).
        let essential = hints.filter(Keymap.isEssential)
        var kept: [KeyHelp] = []
        for pass in [true, false] {
            for help in hints where !Keymap.isEssential(help) && Keymap.isGlobal(help) == pass {
                let trial = kept + [help]
                if width(hints.filter { trial.contains($0) || essential.contains($0) }) <= room { kept.append(help) }
            }
        }
        hints = hints.filter { kept.contains($0) || essential.contains($0) }
        var x = 1
        for help in hints {
            x += grid.put(help.keys, x: x, y: y, maxWidth: max(0, room - x),
                          style: Style(foreground: .theme.accent, background: .theme.barBackground, attributes: .bold))
            let words = " " + help.action
            let gap = room - x - TerminalText.width(words) >= 2 ? "  " : ""
            x += grid.put(words + gap, x: x, y: y, maxWidth: max(0, room - x),
                          style: Style(foreground: .theme.barText, background: .theme.barBackground))
        }
    }

    /// The message's words, longest first: an error's retry words shorten (`retrying in 5 s, r
    /// now` → `retry in 5 s` → nothing), its cause never does.
    static func variants(of message: Notice, _ state: AppState) -> [String] {
        if state.overlay == nil, StandingFault.message(state) == message {
            return StandingFault.variants(state, countFirst: !markerShown(state))
        }
        if !message.shorter.isEmpty { return [message.text] + message.shorter }
        let data = data(state)
        // A message's cause is its words before ` — ` (`offline: nothing cached for this yet`).
        let cause = message.text.components(separatedBy: " — ").first ?? message.text
        guard message.level == .error, state.overlay == nil, let error = data.error, message.text.hasPrefix(error.message)
        else { return cause == message.text ? [message.text] : [message.text, cause] }
        var texts = [message.text]
        if let at = data.retryAt, message.text != error.message {
            texts.append("\(error.message) — retry in \(Formatting.duration(at.timeIntervalSince(state.now)))")
        } else if message.text != error.message {
            texts.append("\(error.message) — r retries")
        }
        if message.text != error.message { texts.append(error.message) }
        if cause != texts.last! { texts.append(cause) }
        if !texts.contains(error.shortMessage) { texts.append(error.shortMessage) }
        return texts
    }

    /// Whether the tab bar shows the standing fault's marker at this width.
    static func markerShown(_ state: AppState) -> Bool {
        StandingFault.marker(state).map { TabBarGeometry.fits(marker: $0.text, width: state.size.width) } ?? true
    }

    /// The right side at its shortest: what the rows are (`archive to 2022-10`), or nothing.
    static func shortDataAge(_ state: AppState) -> String {
        data(state).archive.map { "archive to \($0)" } ?? ""
    }

    /// Something the user asked for that is not saved outranks everything (it is the user's
    /// own data at risk); then an error on the data being looked at outranks any passing notice.
    static func message(_ state: AppState) -> Notice? {
        if state.overlay == nil, let fault = StandingFault.message(state) { return fault }
        if let notice = state.notice, notice.isReply { return notice }
        let data = data(state)
        if state.overlay == nil, let error = data.error {
            switch error {
            // Retrying is pointless with `--offline`, and a 429 or the governor already says when.
            case .offline, .rateLimited, .heldBack: return Notice(error.message, level: .error)
            default:
                if let at = data.retryAt {
                    return Notice("\(error.message) — retrying in \(Formatting.duration(at.timeIntervalSince(state.now))), r now",
                                  level: .error)
                }
                return Notice("\(error.message) — press r to retry", level: .error)
            }
        }
        if let notice = state.notice { return notice }
        return nil
    }

    /// The data the screen shows (its unit says: `ScreenUnit.data`).
    static func data(_ state: AppState) -> ShownData { state.screen.unit.data(state) }

    /// Launch Library 2's requests: tminus's own pace first (what it may send now, and how fast
    /// more come: its refusals say "tminus's own pace"), then the server's count for the hour
    /// (`/api-throttle/`), each said as whose it is. `compact` keeps the figures only.
    static func allowance(_ state: AppState, compact: Bool = false) -> String {
        let own = state.ownAllowance.map { own -> String in
            let now = own.available(at: state.now)
            return compact || own.every <= 0 ? "LL2 \(now) now" : "LL2 \(now) now, then one every \(Formatting.duration(own.every))"
        }
        let server = state.allowance.map { compact ? "server \($0.left)/\($0.limit) left" : "the server: \($0.left) of \($0.limit) left" }
        guard let own else { return state.allowance.map { "LL2 \($0.left)/\($0.limit) left" } ?? "" }
        return [own, server].compactMap { $0 }.joined(separator: " · ")
    }

    /// How old the data on screen is: `updated 3 min ago`; when the network is out of reach,
    /// the moment the data is from (`offline — data from 2026-11-20 14:02`); while a refresh
    /// runs over shown rows, both. Over the built-in archive: `built-in archive, data to 2022-10`.
    static func dataAge(_ state: AppState, compact: Bool = false) -> String {
        // Frozen data whose upcoming launches are all past says so on the right, where the
        // age would be, and the key hints keep the left (issue 37: the words replaced them for
        // good on r/SpaceX Upcoming).
        if state.screen == .launchList, state.segment == .upcoming, state.upcomingIsStale, data(state).archive == nil {
            let next = state.sourceNames[(state.sourceIndex + 1) % state.sourceNames.count]
            return compact ? "data frozen in 2022" : "all past: data frozen in 2022 — S for \(next)"
        }
        let data = data(state)
        // Never an age or "offline — data from": archive rows are not the source's data at all.
        if let archive = data.archive { return LaunchArchive.label(dataTo: archive) }
        guard let updated = data.updatedAt else {
            if data.loading { return "loading…" }
            return data.error == nil ? "" : "no data"
        }
        // `--offline`: the cache's data, however fresh it looks; nothing will refresh it.
        if state.offline { return "offline — data from " + state.time.listDate(updated, precision: .hour) }
        switch data.error {
        case .offline?, .transport?, .unreached?, .timedOut?:
            return "offline — data from " + state.time.listDate(updated, precision: .hour)
        default:
            let age = "updated " + Formatting.age(from: updated, to: state.now)
            if data.loading { return age + ", refreshing…" }
            // When the list asks again by itself (never for a frozen source, never offline):
            // "refresh in", since "next in" beside the NEXT banner read as the next launch.
            guard !compact, let next = RefreshPlan.next(state), data.error == nil else { return age }
            return age + " · refresh in " + Formatting.duration(max(0, next.at.timeIntervalSince(state.now)))
        }
    }
}
