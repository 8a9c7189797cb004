import TminusCore
import TminusRender

/// An event: a fixed header (picture, name, type and place, countdown, links) over its body,
/// laid out as a launch's detail is (`ScreenLayout`'s detail rows).
enum EventDetailView {
    static func draw(_ detail: EventDetailState, in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let event = detail.event
        let layout = context.layout
        let top = layout.detailHeaderTop
        PictureView.drawPatch(event.image, context: context, x: 2, y: top,
                              columns: layout.detailPatchColumns, rows: layout.detailPatchRows, into: &frame)
        let textX = layout.detailHeaderTextX
        let watched = context.watchedEvents.contains(event.id)
        let markWidth = 10  // " ★ watched"
        let used = frame.grid.put(event.name, x: textX, y: top, maxWidth: rect.right - textX - 2 - markWidth, style: Style(attributes: .bold))
        frame.grid.put(watched ? " ★ watched" : " ☆", x: textX + used, y: top, style: watched ? Theme.favoriteStyle : Theme.label)
        var facts = [event.type, event.location].compactMap { $0 }.joined(separator: " · ")
        if event.webcastLive { facts = "● LIVE  " + facts }
        frame.grid.put(facts, x: textX, y: top + 1, maxWidth: rect.right - textX - 2, style: event.webcastLive ? Theme.error : Theme.label)

        CountdownView.draw(event, context: context, x: textX, y: layout.detailCountdownTop,
                           width: rect.right - textX - 2, height: layout.detailCountdownHeight, into: &frame.grid)

        LinkBar.draw(detail.linkSlots, selected: detail.linkIndex, x: layout.detailLinksX, y: layout.detailLinksRow, into: &frame)
        frame.grid.horizontalRule(y: layout.detailRuleRow)

        let lines = EventDocument.lines(detail, time: context.time, now: context.now, width: layout.detailBodyWidth)
        DocumentView.draw(lines, context: context, scroll: detail.scroll, top: layout.detailBodyTop,
                          height: max(1, rect.bottom - layout.detailBodyTop), into: &frame)
    }
}
