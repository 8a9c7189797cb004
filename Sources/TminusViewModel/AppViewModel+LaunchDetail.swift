import Foundation
import TminusCore

/// A launch's detail: its whole record, links, scrolling, opening links in the browser.
extension AppViewModel {
    func handleDetailKey(_ key: Key) {
        guard var detail = state.detail else { return }
        let layout = ScreenLayout(state.size)
        let bodyLines = state.detailBody(detail.launch).count
        let slots = detail.launch.linkSlots
        let available = slots.indices.filter { !slots[$0].targets.isEmpty }
        switch key {
        case .escape, .backspace:
            goBack()
            return
        case .right, .character("l"):
            if let next = available.first(where: { $0 > detail.linkIndex }) ?? available.first { detail.linkIndex = next }
        case .left, .character("h"):
            if let prev = available.last(where: { $0 < detail.linkIndex }) ?? available.last { detail.linkIndex = prev }
        case .character("o"), .enter:
            guard slots.indices.contains(detail.linkIndex), !slots[detail.linkIndex].targets.isEmpty else {
                show(Notice("this launch has no links", level: .error))
                return
            }
            userChoseLinkSlot(slots[detail.linkIndex])
            return
        case .character("r"):
            requestLaunchDetail(mode: .reload)
            return
        default:
            detail.scroll = scrolled(detail.scroll, by: key, lines: bodyLines, height: layout.detailBodyHeight)
        }
        replaceTop(.launchDetail(detail))
    }

    /// One page behind the link: open it. Several (a webcast on two sites): ask which.
    func userChoseLinkSlot(_ slot: LinkSlot) {
        if slot.targets.count == 1, let only = slot.targets.first {
            userOpenedLink(only.url, named: slot.title.lowercased(), missing: "this launch has no links")
        } else {
            state.overlay = .links(LinkMenu(title: slot.title, targets: slot.targets))
        }
    }

    func handleLinkMenuKey(_ key: Key, menu: LinkMenu) {
        var menu = menu
        switch key {
        case .escape, .backspace, .character("q"):
            state.overlay = nil
            return
        case .enter, .character("o"):
            state.overlay = nil
            let target = menu.targets[min(menu.selection, menu.targets.count - 1)]
            userOpenedLink(target.url, named: menu.title.lowercased(), missing: "this launch has no links")
            return
        case .down, .character("j"): menu.selection = min(menu.selection + 1, menu.targets.count - 1)
        case .up, .character("k"): menu.selection = max(menu.selection - 1, 0)
        case .character(let c) where c.isNumber:
            // 1–9 pick a row directly.
            if let n = c.wholeNumberValue, (1...menu.targets.count).contains(n) { menu.selection = n - 1 }
        default: break
        }
        state.overlay = .links(menu)
    }

    /// Asks the source the open detail came from for the launch's whole record, when it has
    /// such a request (Launch Library 2: the list rows carry no videos).
    func requestLaunchDetail(mode: FetchMode) {
        guard var detail = state.detail, let index = detail.sourceIndex,
              environment.sources.indices.contains(index),
              let fetch = environment.sources[index].launchDetail else { return }
        detail.isLoading = true
        detail.error = nil
        replaceTop(.launchDetail(detail))
        let id = detail.launch.id
        run { () async -> AppEvent in
            do throws(APIError) {
                return .launchDetailLoaded(id: id, .success(try await fetch(id, mode)))
            } catch {
                return .launchDetailLoaded(id: id, .failure(error))
            }
        }
    }

    /// The whole record arrived: every open detail of that launch takes it (the user may
    /// have moved on; the screen they come back to is then complete).
    func receivedLaunchDetail(_ id: String, _ result: Result<Fetched<Launch>, APIError>) {
        let now = environment.clock.now()
        for tab in Array(state.stacks.keys) {
            state.stacks[tab] = state.stacks[tab]?.map { route in
                guard case .launchDetail(var detail) = route, detail.launch.id == id else { return route }
                detail.isLoading = false
                switch result {
                case .success(let fetched):
                    detail.update(fetched.value)
                    detail.updatedAt = fetched.fetchedAt ?? now
                    detail.error = fetched.problem
                case .failure(let error):
                    detail.error = error
                }
                return .launchDetail(detail)
            }
        }
        if case .success(let fetched) = result { refreshStoredFavorites(launches: [fetched.value]) }
        state.now = now
    }

    /// Scroll keys shared by every scrolling body (launch detail, rocket page).
    func scrolled(_ scroll: Int, by key: Key, lines: Int, height: Int) -> Int {
        let maxScroll = max(0, lines - height)
        var s = scroll
        switch key {
        case .down, .character("j"): s += 1
        case .up, .character("k"): s -= 1
        case .pageDown, .character(" "), .control("f"): s += height
        case .pageUp, .control("b"): s -= height
        case .home, .character("g"): s = 0
        case .end, .character("G"): s = maxScroll
        default: break
        }
        return min(max(0, s), maxScroll)
    }

    func userOpenedLink(_ url: URL?, named name: String, missing: String) {
        guard let url else {
            show(Notice(missing, level: .error))
            return
        }
        show(Notice("opening \(name)…"))
        let open = environment.openURL
        run { .linkOpened(url, await open(url)) }
    }
}
