import TminusCore
import TminusRender

/// An event: a fixed header (picture, name, type and place, countdown, links) over its body,
/// laid out as a launch's detail is (`ScreenLayout`'s detail rows).
enum EventDetailView {
    static func draw(_ detail: EventDetailState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let event = detail.event
        let layout = context.layout
        let top = layout.detailHeaderTop, textX = layout.detailHeaderTextX
        DetailChrome.draw(picture: event.image, links: detail.linkSlots, selected: detail.linkIndex,
                          body: EventDocument.lines(detail, time: context.time, now: context.now, width: layout.detailBodyWidth),
                          scroll: detail.scroll, in: rect, context: context, into: &frame)
        let nameLines = DetailChrome.drawTitle(event.name, watched: context.watchedEvents.contains(event.id), x: textX, y: top,
                                               width: rect.right - textX - 2, into: &frame.grid)
        // The second row (unless the name took it): what and where; `● LIVE` while its webcast is on.
        if nameLines < 2 {
            var facts = [event.type, event.location].compactMap { $0 }.joined(separator: " · ")
            if event.webcastLive { facts = "● LIVE  " + facts }
            frame.grid.put(facts, x: textX, y: top + 1, maxWidth: rect.right - textX - 2, style: event.webcastLive ? Theme.error : Theme.label)
        }
        CountdownView.draw(event, context: context, x: textX, y: layout.detailCountdownTop,
                           width: rect.right - textX - 2, height: layout.detailCountdownHeight, into: &frame.grid)
    }
}
