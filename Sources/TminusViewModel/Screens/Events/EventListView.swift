import TminusCore
import TminusRender

/// The Events tab: the `Upcoming │ Past` switch, then two lines an event: its picture, name and
/// type, the date (`yyyy-MM-dd HH:mm` in `--tz`, no finer than the source knows it) and, under
/// them, where it happens and `● LIVE` while its webcast is on.
enum EventListView {
    /// Two lines and a gap.
    static let rowHeight = 3
    static let dateWidth = 16

    static func draw(_ state: AppState, hasEvents: Bool, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let events = state.events, list = events.current
        LaunchListView.drawSwitch(active: events.segment, y: rect.y, into: &frame)
        let middle = rect.y + 2 + (rect.height - 2) / 2 - 1
        guard hasEvents else {
            frame.grid.putCentered("\(state.sourceName) has no events.", y: middle, style: Theme.heading)
            frame.grid.putCentered("S switches to Launch Library 2: dockings, spacewalks, static fires, landings.", y: middle + 1, style: Theme.label)
            return
        }
        let count = list.status.hasLoadedOnce ? "\(list.events.count)\(list.paging.next != nil ? "+" : "") event\(list.events.count == 1 ? "" : "s")" : ""
        LaunchListView.putFacts([state.followingWords(events: list) ?? "", count, "times in \(state.time.zoneName)"],
                                after: SegmentSwitch.endX, right: rect.right, y: rect.y, into: &frame)
        let layout = context.layout
        let textX = 2 + layout.thumbnailColumns + 2
        let dateX = rect.right - dateWidth - 2
        let header = Style(foreground: .theme.muted, attributes: .bold)
        frame.grid.put("EVENT", x: textX, y: rect.y + 1, style: header)
        frame.grid.put("DATE", x: dateX, y: rect.y + 1, style: header)

        guard !list.events.isEmpty else {
            let what = events.segment == .upcoming ? "upcoming events" : "past events"
            if !LaunchListView.sayLoadingOrError(list.status, what: what, y: middle, into: &frame), list.status.hasLoadedOnce {
                frame.grid.putCentered(list.hiddenCount > 0 ? "No \(what) of what you follow." : "No \(what).", y: middle, style: Theme.label)
                if list.hiddenCount > 0 {
                    frame.grid.putCentered("\(list.hiddenCount) hidden by the follow · E shows everything · P changes it", y: middle + 1, style: Theme.label)
                }
            }
            return
        }
        let capacity = max(1, (rect.height - 2) / rowHeight)
        let top = max(0, list.selection - capacity + 1)
        for index in top..<min(list.events.count, top + capacity) {
            let event = list.events[index]
            let y = rect.y + 2 + (index - top) * rowHeight
            ThumbnailRow.drawHead(index, picture: event.image, placeholder: Theme.eventGlyph, name: event.name,
                                  marked: context.watchedEvents.contains(event.id), note: event.type,
                                  x: textX, y: y, right: dateX, width: rect.right, context: context, into: &frame)
            // Blue says "to come", as on a launch row: an event that has passed (in the Past
            // list, or in an Upcoming list loaded before its time) is not drawn so.
            frame.grid.put(DateTextCache.listDate(event.date, precision: event.datePrecision, time: context.time), x: dateX, y: y,
                           maxWidth: dateWidth, style: event.isToCome(at: context.now) ? Style(foreground: .theme.upcoming) : Theme.label)
            var x = textX
            if event.webcastLive { x += frame.grid.put("● LIVE  ", x: x, y: y + 1, style: Style(foreground: .theme.failure, attributes: .bold)) }
            frame.grid.put(event.location ?? "-", x: x, y: y + 1, maxWidth: rect.right - x - 2, style: Theme.label)
            LaunchListView.highlight(index == list.selection, y: y, height: 2, into: &frame)
        }
        let footerY = rect.y + 2 + min(capacity, list.events.count - top) * rowHeight - 1
        if footerY < rect.bottom {
            if list.status.activity == .loadingMore {
                frame.grid.put("Loading more…", x: textX, y: footerY, style: Theme.label)
            } else if let end = list.paging.end {
                frame.grid.put(end.text, x: textX, y: footerY, style: Theme.label)
            } else if list.status.errorWasLoadMore, let error = list.status.error {
                frame.grid.put("Could not load more: \(error.message) · r retries", x: textX, y: footerY, maxWidth: rect.right - textX - 2, style: Theme.error)
            }
        }
    }
}
