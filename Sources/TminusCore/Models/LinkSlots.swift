import Foundation

// A launch's links, one model for every screen and subcommand: the detail's links bar, `y`,
// `o`, the list's `W`, and `tminus list --json`'s `webcast` all read `linkSlots` (issue 37: `y`
// said "no link to copy here" where the JSON gave a webcast).

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

extension Launch {
    /// The first page of its first video slot (r/SpaceX's webcast, Launch Library 2's first
    /// video): what `tminus next {webcast}` and the JSON's `webcast` say.
    public var webcastURL: URL? {
        linkSlots.first { $0.title == LaunchLinkKind.webcast.title || $0.title == "Video" }?.targets.first?.url
            ?? links.webcast
    }
}
