/// Where things go on screen. The view model needs it (a page of rows is as tall as the list
/// area) and the renderer draws by it, so it lives here, once.
public struct ScreenLayout: Sendable, Hashable {
    public static let minimumWidth = 50
    public static let minimumHeight = 12

    public let width: Int
    public let height: Int

    public init(_ size: Size) { width = size.width; height = size.height }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    public let tabBarRow = 0
    /// The Upcoming | Past switch (launch lists) or the detail's title line.
    public let subheaderRow = 1
    public let columnHeaderRow = 2
    public let listTop = 3
    public var statusRow: Int { height - 1 }
    /// Rows of launches visible at once.
    public var listHeight: Int { max(1, height - 4) }

    /// The detail screen: a fixed header (name, clock, links) over a scrolling body.
    public let detailHeaderTop = 1
    public let detailHeaderHeight = 6
    public var detailBodyTop: Int { detailHeaderTop + detailHeaderHeight }
    public var detailBodyHeight: Int { max(1, height - detailBodyTop - 1) }
    /// The detail header's links bar (`Links  Webcast  Press kit …`): drawn and clicked here.
    public var detailLinksRow: Int { detailHeaderTop + 4 }
    /// Where its `Links` label starts (`LinkBar.layout` places the links from there).
    public var detailLinksX: Int { detailHeaderTextX }
    /// The rocket page: name row, image area, the four figures, then a scrolling body.
    public let rocketImageTop = 2
    public var rocketImageHeight: Int { height >= 40 ? 12 : 5 }
    public var rocketFiguresTop: Int { rocketImageTop + rocketImageHeight + 1 }
    public let rocketFiguresHeight = 3
    public var rocketBodyTop: Int { rocketFiguresTop + rocketFiguresHeight + 1 }
    public var rocketBodyHeight: Int { max(1, height - rocketBodyTop - 1) }

    /// The rocket page's picture box: twice as wide as tall in cells, which is square in
    /// half-block pixels (a cell is one pixel wide, two tall), so a portrait photo or a
    /// patch fits without distortion.
    public var rocketImageWidth: Int { min(width / 3, rocketImageHeight * 2) }

    /// The launch detail's patch, left of the header lines.
    public var detailPatchRows: Int { detailHeaderHeight - 2 }
    public var detailPatchColumns: Int { detailPatchRows * 2 }
    /// Where the detail header's text starts, right of the patch.
    public var detailHeaderTextX: Int { 2 + detailPatchColumns + 2 }

    /// A launch's patch on a list row (two lines).
    public let rowPatchColumns = 4
    public let rowPatchRows = 2

    /// A rocket's thumbnail on the rockets list (its two lines).
    public let thumbnailColumns = 4
    public let thumbnailRows = 2

    /// Text width of the detail body (a margin of two columns each side).
    public var detailBodyWidth: Int { max(10, width - 4) }
}
