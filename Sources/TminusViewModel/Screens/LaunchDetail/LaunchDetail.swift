import Foundation
import TminusCore

/// A launch's detail: its whole record, links, scrolling, opening links in the browser.
extension AppReducer {
    mutating func performOnDetail(_ action: Action) {
        guard var detail = state.detail else { return }
        if performOnLinks(action, detail.linkSlots, selected: &detail.linkIndex, of: "this launch") {
            return replaceTop(.launchDetail(detail))
        }
        switch action {
        case .back:
            goBack()
            return
        case .refresh:
            requestLaunchDetail(mode: .reload)
            if detail.hasNews { requestNews(.launch(detail.launch.id), mode: .reload) }
            return
        case .move(let movement):
            detail.scroll = scrolled(detail.scroll, by: movement)
        case .toggleFavorite:
            userToggledFavorite()
            return
        default: return
        }
        replaceTop(.launchDetail(detail))
    }

    /// A links bar's keys and clicks, on any detail (`of` names what the links are of, for
    /// "this launch has no links"): ←→ select an available link, `o` opens the selected one
    /// (a menu when several pages are behind it), a click selects one and a click on the
    /// selected one opens it. Returns whether the action was one of these.
    mutating func performOnLinks(_ action: Action, _ slots: [LinkSlot], selected: inout Int, of what: String) -> Bool {
        let available = slots.indices.filter { !slots[$0].targets.isEmpty }
        switch action {
        case .nextLink, .previousLink:
            // With one link or none there is nothing to move to: said, not silent (issue 37).
            guard available.count > 1 || available.first.map({ $0 != selected }) == true else {
                show(Notice(available.isEmpty ? "\(what) has no links" : "\(what) has one link: o opens it"))
                break
            }
            if action == .nextLink {
                if let next = available.first(where: { $0 > selected }) ?? available.first { selected = next }
            } else {
                if let prev = available.last(where: { $0 < selected }) ?? available.last { selected = prev }
            }
        case .openLink:
            guard slots.indices.contains(selected), !slots[selected].targets.isEmpty else {
                show(Notice("\(what) has no links", level: .error))
                return true
            }
            userChoseLinkSlot(slots[selected])
        case .chooseLink(let index):
            // A link not yet selected is selected; the selected one opens, as `o` does (so a
            // double-click, or a second click, opens).
            guard slots.indices.contains(index) else { return true }
            guard !slots[index].targets.isEmpty else {
                show(Notice("\(what) has no \(slots[index].title.lowercased()) link", level: .error))
                return true
            }
            if index == selected { userChoseLinkSlot(slots[index]) } else { selected = index }
        default: return false
        }
        return true
    }

    /// One page behind the link: open it. Several (a webcast on two sites): ask which.
    mutating func userChoseLinkSlot(_ slot: LinkSlot) {
        if slot.targets.count == 1, let only = slot.targets.first {
            userOpenedLink(only.url, named: slot.title.lowercased(), missing: "this launch has no links")
        } else {
            state.overlay = .links(LinkMenu(title: slot.title, targets: slot.targets))
        }
    }

    /// Asks the source the open detail came from for the launch's whole record, when it has
    /// such a request (Launch Library 2: the list rows carry no videos). One at a time.
    mutating func requestLaunchDetail(mode: FetchMode) {
        guard var detail = state.detail, let index = detail.sourceIndex,
              context.sources.indices.contains(index), context.sources[index].hasDetail,
              !detail.status.isLoading else { return }
        detail.status.begin(.loadingFirst, mode: mode)
        replaceTop(.launchDetail(detail))
        effects.append(.fetchLaunchDetail(id: detail.launch.id, source: index, mode))
    }

    /// The whole record arrived: every open detail of that launch takes it (the user may
    /// have moved on; the screen they come back to is then complete).
    mutating func receivedLaunchDetail(_ id: String, _ result: Result<Fetched<Launch>, APIError>) {
        let now = self.now
        var result = result
        if case .success(var fetched) = result, fetched.archive != nil {
            fetched.value = fetched.value.frozen(at: now, dataTo: fetched.archive)
            result = .success(fetched)
        }
        updateRoutes { (detail: LaunchDetailState) in
            guard detail.launch.id == id else { return .launchDetail(detail) }
            var detail = detail
            switch result {
            case .success(let fetched):
                detail.update(fetched.value)
                let fetchedAt = fetched.fetchedAt ?? now
                detail.status.updatedAt = fetchedAt
                _ = detail.status.succeeded(fetchedAt: fetchedAt, problem: fetched.problem, mode: .normal, now: now,
                                           archive: fetched.archive)
            case .failure(let error):
                detail.status.failed(error, mode: .normal, now: now)
            }
            // A detail asks again only when the user presses `r`.
            detail.status.retryAt = nil
            return .launchDetail(detail)
        }
        if let held = APIError.heldBack(in: result), state.detail?.launch.id == id, state.detail?.status.deferredUntil != nil {
            sayNotRefreshed(held, refreshesAt: nil)
        }
        if case .success(let fetched) = result {
            fillRows(from: fetched.value)
            refreshStoredFavorites(launches: [fetched.value])
            noteChanges([fetched.value])
        }
    }

    /// `y`: the link the user is looking at goes to the clipboard (OSC 52), and the status
    /// line says which. On a detail the selected link (its first page), else the launch's
    /// first link; on a list or the Favorites tab the selected launch's first link; on a
    /// rocket its Wikipedia page.
    mutating func userCopiedLink() {
        let url: URL?
        if let rocket = state.rocketInFocus {
            url = rocket.wikipedia
        } else if let launch = state.launchInFocus {
            let slots = state.detail?.linkSlots ?? launch.linkSlots
            url = state.detail.flatMap { slots.indices.contains($0.linkIndex) ? slots[$0.linkIndex].targets.first?.url : nil }
                ?? slots.lazy.compactMap(\.targets.first?.url).first
            // A row that leaves its links out (Launch Library 2's past list): say where they are.
            if url == nil, state.detail == nil, launch.origin == .launchLibrary2, !launch.carriesDetail {
                show(Notice("no link on this row yet — Enter opens its detail, which lists its videos", level: .error))
                return
            }
        } else {
            url = nil
        }
        guard let url else {
            show(Notice("no link to copy here", level: .error))
            return
        }
        effects.append(.copyToClipboard(url.absoluteString))
        show(Notice("copied \(url.absoluteString)"))
    }

    mutating func userOpenedLink(_ url: URL?, named name: String, missing: String) {
        guard let url else {
            show(Notice(missing, level: .error))
            return
        }
        show(Notice("opening \(name)…"))
        effects.append(.openURL(url))
    }
}
