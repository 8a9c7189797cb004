import TminusCore

/// An event, opened from the Events tab or Favorites: a fixed header (picture, name,
/// countdown, links) over its record, the launches it names (Enter opens one) and its news.
enum EventDetailScreen: ScreenUnit {
    static let kind = ScreenKind("event detail")
    static let mouseHint = true
    static let keys: [KeyHelp] = [
        KeyHelp("↑↓ j k", "choose launch", status: true,
                bind((.down, .move(.down)), (char("j"), .move(.down)), (.up, .move(.up)), (char("k"), .move(.up)))),
        KeyHelp("Enter", "open launch", status: true, bind((.enter, .open))),
        KeyHelp("←→ h l", "select link (Video, Info, News)", status: true,
                bind((.right, .nextLink), (char("l"), .nextLink), (.left, .previousLink), (char("h"), .previousLink))),
        KeyHelp("o", "open link in browser", status: true, bind((char("o"), .openLink))),
        Keymap.watch("watch / unwatch the event", status: true),
        Keymap.scrollPagesHelp,
        KeyHelp("r", "reload the news", bind((char("r"), .refresh))),
        KeyHelp("Esc Backspace", "back", status: true, Keymap.back),
    ]

    static func perform(_ action: Action, _ reducer: inout AppReducer) { reducer.performOnEventDetail(action) }

    /// Its news is asked as it opens.
    static func opened(_ reducer: inout AppReducer) {
        guard let detail = reducer.state.eventDetail else { return }
        reducer.requestNews(.event(detail.event.id))
    }

    static func data(_ state: AppState) -> ShownData {
        // The event is the list's row: as old as the list it came from.
        let status = state.events.current.status
        return ShownData(loading: state.eventDetail?.news.status.isLoading ?? false, updatedAt: status.updatedAt)
    }

    static func wheel(_ lines: Int, _ reducer: inout AppReducer) {
        guard var detail = reducer.state.eventDetail else { return }
        detail.scroll = reducer.scrolled(detail.scroll, by: lines)
        reducer.replaceTop(.eventDetail(detail))
    }

    static func view(_ state: AppState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        guard let detail = state.eventDetail else { return }
        EventDetailView.draw(detail, in: rect, context: context, into: &frame)
    }
}

extension AppReducer {
    mutating func performOnEventDetail(_ action: Action) {
        guard var detail = state.eventDetail else { return }
        if performOnLinks(action, detail.linkSlots, selected: &detail.linkIndex, of: "this event") {
            return replaceTop(.eventDetail(detail))
        }
        let launches = detail.event.launches.count
        switch action {
        case .back: return goBack()
        case .move(.down) where launches > 0: detail.launchIndex = min(launches - 1, detail.launchIndex + 1)
        case .move(.up) where launches > 0: detail.launchIndex = max(0, detail.launchIndex - 1)
        case .move(let movement): detail.scroll = scrolled(detail.scroll, by: movement)
        case .open:
            guard let launch = detail.selectedLaunch else {
                return show(Notice("this event names no launch", level: .error))
            }
            // Its whole record from the source the events came from (the row an event carries
            // is a short one).
            var opened = LaunchDetailState(launch: launch)
            opened.sourceIndex = state.sourceIndex
            push(.launchDetail(opened))
            return requestLaunchDetail(mode: .normal)
        case .toggleFavorite: return toggleWatch(detail.event)
        case .refresh: return requestNews(.event(detail.event.id), mode: .reload)
        default: return
        }
        replaceTop(.eventDetail(detail))
    }
}
