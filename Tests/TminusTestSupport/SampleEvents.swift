import Foundation
import TminusCore

extension Sample {
    /// `count` Launch Library 2 events `Docking 1` …, a day apart after `reference` (before it
    /// for past ones), types in turn, the first naming `ll2-1` and the ISS; the second one's
    /// webcast live.
    public static func events(_ count: Int, upcoming: Bool = true) -> [SpaceEvent] {
        guard count > 0 else { return [] }
        let types = ["Docking", "EVA", "Static Fire", "Landing"]
        return (1...count).map { i in
            let type = types[(i - 1) % types.count]
            let days = Double(upcoming ? i : -i)
            var event = SpaceEvent(id: "\(upcoming ? 100 + i : 900 + i)", name: "\(type) \(i)", date: reference.addingTimeInterval(days * 86_400))
            event.type = type
            event.description = "Event number \(i)."
            event.location = "International Space Station"
            event.webcastLive = i == 2
            event.image = URL(string: "https://example.com/event-\(i).jpg")
            event.videos = [ExternalLink(url: URL(string: "https://www.youtube.com/watch?v=ev\(i)")!, title: "Coverage")]
            if i == 1 {
                event.launches = ll2Launches(1)
                event.stations = ["International Space Station"]
            }
            return event
        }
    }

    /// An article about `subject`'s launch or event.
    public static func article(_ id: Int, title: String, site: String = "NASA", hoursAgo: Double = 3) -> NewsArticle {
        NewsArticle(id: id, title: title, url: URL(string: "https://example.com/news/\(id)")!, site: site,
                    publishedAt: reference.addingTimeInterval(-hoursAgo * 3600))
    }
}
