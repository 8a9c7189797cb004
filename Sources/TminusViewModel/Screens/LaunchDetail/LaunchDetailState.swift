import Foundation
import TminusCore

public struct LaunchDetailState: Sendable, Hashable {
    public var launch: Launch
    /// Lines scrolled off the top of the detail body.
    public var scroll = 0
    /// Which entry of `launch.linkSlots` `o` opens.
    public var linkIndex = 0
    /// The launch's whole record from the source (Launch Library 2 lists leave out the
    /// videos): loading, failed (the row's data stays), or when it left the server.
    public var status = RemoteStatus()
    /// Which Launches source it was opened from (for `r`); nil from a rocket's list or Favorites.
    public var sourceIndex: Int?
    /// The articles about it (a Launch Library 2 launch: the Spaceflight News API names those).
    public var news = NewsState()

    public init(launch: Launch) {
        self.launch = launch
        linkIndex = launch.linkSlots.firstIndex { !$0.targets.isEmpty } ?? 0
    }

    /// Whether it has a News section: the news names Launch Library 2 launches only.
    public var hasNews: Bool { launch.origin == .launchLibrary2 }

    /// The links bar: the launch's links, then its news.
    public var linkSlots: [LinkSlot] { launch.linkSlots + (hasNews ? [news.slot] : []) }

    /// Takes a newer copy of the launch, keeping the selected link when it still exists.
    public mutating func update(_ newer: Launch) {
        let title = linkSlots.indices.contains(linkIndex) ? linkSlots[linkIndex].title : nil
        launch = newer
        let slots = linkSlots
        if let title, let same = slots.firstIndex(where: { $0.title == title && !$0.targets.isEmpty }) {
            linkIndex = same
        } else {
            linkIndex = slots.firstIndex { !$0.targets.isEmpty } ?? 0
        }
    }
}
