import TminusCore

/// A launch, opened from any list: a fixed header (patch, name, countdown, links) over its
/// whole record, scrolling.
enum LaunchDetailScreen: ScreenUnit {
    static let kind = ScreenKind("launch detail")
    static let mouseHint = true
    static let keys: [KeyHelp] = [
        KeyHelp("←→ h l", "select link", status: true,
                bind((.right, .nextLink), (char("l"), .nextLink), (.left, .previousLink), (char("h"), .previousLink))),
        KeyHelp("o Enter", "open link in browser", status: true, bind((char("o"), .openLink), (.enter, .openLink))),
        Keymap.watch("watch / unwatch", status: true),
        Keymap.calendar,
        Keymap.scroll,
        Keymap.scrollPagesHelp,
        KeyHelp("r", "reload the launch and its news (Launch Library 2)", bind((char("r"), .refresh))),
        KeyHelp("Esc Backspace", "back", status: true, Keymap.back),
    ]

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnDetail(action) }

    /// A Launch Library 2 launch's news is asked as its detail opens.
    static func opened(_ reducer: inout AppReducer) {
        guard let detail = reducer.state.detail, detail.hasNews else { return }
        reducer.requestNews(.launch(detail.launch.id))
    }

    static func launchInFocus(_ state: AppState) -> Launch? { state.detail?.launch }
    static func data(_ state: AppState) -> ShownData {
        let detail = state.detail
        // Until its own record comes, a detail shows the row it was opened from.
        let shown = detail?.status.updatedAt != nil ? detail?.status : state.currentList.status
        return ShownData(loading: detail?.status.isLoading ?? false, updatedAt: shown?.updatedAt, error: detail?.status.error,
                         archive: shown?.archive)
    }

    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        guard var detail = reducer.state.detail else { return }
        detail.scroll = reducer.scrolled(detail.scroll, by: lines)
        reducer.replaceTop(.launchDetail(detail))
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        guard let detail = state.detail else { return }
        var body = state.detailBody(detail.launch)
        if detail.hasNews { body += NewsDocument.lines(detail.news, now: state.now, width: state.layout.detailBodyWidth) }
        LaunchDetailView.draw(detail, body: body, in: rect, context: context, into: &frame)
    }
}
