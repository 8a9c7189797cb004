import Foundation
import TminusCore

/// A launch's detail: links, scrolling, opening links in the browser.
extension AppViewModel {
    func handleDetailKey(_ key: Key) {
        guard var detail = state.detail else { return }
        let layout = ScreenLayout(state.size)
        let bodyLines = LaunchDetailDocument.lines(for: detail.launch, time: state.time,
                                                   width: layout.detailBodyWidth).count
        let available = LaunchLinkKind.allCases.indices.filter {
            detail.launch.links.url(for: LaunchLinkKind.allCases[$0]) != nil
        }
        switch key {
        case .escape, .backspace:
            goBack()
            return
        case .right, .character("l"):
            if let next = available.first(where: { $0 > detail.linkIndex }) ?? available.first { detail.linkIndex = next }
        case .left, .character("h"):
            if let prev = available.last(where: { $0 < detail.linkIndex }) ?? available.last { detail.linkIndex = prev }
        case .character("o"), .enter:
            let kind = LaunchLinkKind.allCases[detail.linkIndex]
            userOpenedLink(detail.launch.links.url(for: kind), named: kind.title.lowercased(), missing: "this launch has no links")
        default:
            detail.scroll = scrolled(detail.scroll, by: key, lines: bodyLines, height: layout.detailBodyHeight)
        }
        replaceTop(.launchDetail(detail))
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
