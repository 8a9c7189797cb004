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

/// One entry of a launch's links bar: a name and the pages behind it. A webcast may be
/// published on several sites and in several languages: then `o` offers a menu.
public struct LinkSlot: Sendable, Hashable {
    public var title: String
    public var targets: [ExternalLink]
    public init(title: String, targets: [ExternalLink]) { self.title = title; self.targets = targets }
}

public enum LaunchLinkKind: String, Sendable, Hashable, CaseIterable {
    case webcast, presskit, wikipedia, article, reddit

    public var title: String {
        switch self {
        case .webcast: "Webcast"
        case .presskit: "Press kit"
        case .wikipedia: "Wikipedia"
        case .article: "Article"
        case .reddit: "Reddit"
        }
    }
}

extension LaunchLinks {
    public func url(for kind: LaunchLinkKind) -> URL? {
        switch kind {
        case .webcast: webcast
        case .presskit: presskit
        case .wikipedia: wikipedia
        case .article: article
        case .reddit: reddit
        }
    }
}

extension Launch {
    /// The links bar: the r/SpaceX API's five fixed links, or Launch Library 2's videos and
    /// info pages. Every slot is listed, empty or not, so the bar reads the same on every launch.
    public var linkSlots: [LinkSlot] {
        switch origin {
        case .spacex:
            return LaunchLinkKind.allCases.map { kind in
                LinkSlot(title: kind.title, targets: links.url(for: kind).map { [ExternalLink(url: $0)] } ?? [])
            }
        case .launchLibrary2:
            return [LinkSlot(title: "Video", targets: videos), LinkSlot(title: "Info", targets: infoLinks)]
        }
    }
}
