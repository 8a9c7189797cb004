import Foundation
import TminusCore
import TminusRender

/// What a launch's and an event's detail share (`ScreenLayout`'s detail rows): the picture at
/// the left of a fixed header, the name (on two lines when long) with its watched mark, the
/// links bar under the header, a rule, and the scrolling body. The rest of the header (facts,
/// status, countdown) each view draws beside the picture, from `layout.detailHeaderTextX`.
enum DetailChrome {
    /// The frame around the header's own text.
    static func draw(picture: URL?, links: [LinkSlot], selected: Int, body: [DetailLine], scroll: Int,
                     in rect: Rect, context: RenderContext, into frame: inout Frame) {
        let layout = context.layout
        // The picture on the left, down to the links bar.
        PictureView.drawPatch(picture, context: context, x: 2, y: layout.detailHeaderTop,
                              columns: layout.detailPatchColumns, rows: layout.detailPatchRows, into: &frame)
        // The selected link is what `o` opens; a click chooses one.
        LinkBar.draw(links, selected: selected, x: layout.detailLinksX, y: layout.detailLinksRow, into: &frame)
        frame.grid.horizontalRule(y: layout.detailRuleRow)
        DocumentView.draw(body, context: context, scroll: scroll, top: layout.detailBodyTop,
                          height: max(1, rect.bottom - layout.detailBodyTop), into: &frame)
    }

    /// The name in bold from (x, y) within `width` columns, then ` ★ watched` or ` ☆`. A name
    /// too long for one row goes on over the second (issue 25: it was cut, and nowhere on the
    /// screen was it whole). Returns the rows it took.
    @discardableResult
    static func drawTitle(_ name: String, watched: Bool, x: Int, y: Int, width: Int, into grid: inout Grid) -> Int {
        let markWidth = 10  // " ★ watched"
        let room = max(2, width - markWidth)
        let wrapped = LaunchDetailDocument.wrap(name, width: room, maxLines: 2)
        let lines = wrapped.isEmpty ? [""] : wrapped
        var used = 0
        for (i, line) in lines.enumerated() {
            used = grid.put(line, x: x, y: y + i, maxWidth: room, style: Style(attributes: .bold))
        }
        grid.put(watched ? " ★ watched" : " ☆", x: x + used, y: y + lines.count - 1, style: watched ? Theme.favoriteStyle : Theme.label)
        return lines.count
    }
}
