import Foundation
import TminusCore

/// An event, opened from the Events tab or Favorites: its record, which of the launches it
/// names is selected, its links and its news.
public struct EventDetailState: Sendable, Hashable {
    public var event: SpaceEvent
    /// Lines scrolled off the top of the body.
    public var scroll = 0
    /// Which entry of `linkSlots` `o` opens.
    public var linkIndex = 0
    /// Which of `event.launches` Enter opens.
    public var launchIndex = 0
    public var news = NewsState()

    public init(event: SpaceEvent) {
        self.event = event
        linkIndex = linkSlots.firstIndex { !$0.targets.isEmpty } ?? 0
    }

    /// The links bar: the webcasts, the pages to read, the news. Every slot is listed, empty
    /// or not, as on a launch.
    public var linkSlots: [LinkSlot] {
        [LinkSlot(title: "Video", targets: event.videos), LinkSlot(title: "Info", targets: event.infoLinks), news.slot]
    }

    public var selectedLaunch: Launch? {
        event.launches.indices.contains(launchIndex) ? event.launches[launchIndex] : nil
    }
}
