import Foundation
import TminusCore

/// How a source says where the next page is.
public enum PagingStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The r/SpaceX API: page numbers, `hasNextPage` and `nextPage` (a cursor without a URL).
    case numbered = "SpaceX-like"
    /// Launch Library 2: `next` is the URL of the next page (its `offset`), followed as given.
    case linked = "LL2-like"

    public var description: String { rawValue }

    /// Which page a cursor asks for: its number, or the one its URL's offset falls on.
    func pageNumber(of cursor: PageCursor, size: Int) -> Int {
        guard self == .linked, let url = cursor.url else { return cursor.page }
        let offset = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "offset" }?.value.flatMap(Int.init) ?? 0
        return offset / size + 1
    }

    /// The cursor this style hands out for `page` of `list` (the link names the list so two
    /// lists never share a URL).
    func cursor(to page: Int, of list: String, size: Int, numbered number: Int? = nil) -> PageCursor {
        switch self {
        case .numbered:
            return PageCursor(page: page)
        case .linked:
            let path = list.replacingOccurrences(of: " ", with: "-")
            return PageCursor(page: number ?? page, url: URL(string: "https://ll.test/\(path)/?limit=\(size)&offset=\((page - 1) * size)")!)
        }
    }
}

/// One page as a server with `habit` answers it, slipping as `slip` says. Pure: every fault
/// is a function of what was asked, so a seed replays it.
struct PageShape {
    var style: PagingStyle
    var list: String
    var size: Int
    var all: [Launch]

    func page(_ number: Int, habit: ListHabit, slip: Slip) -> LaunchPage {
        var docs = slice(number)
        var total = all.count
        var next = number * size < all.count ? cursor(to: number + 1) : nil
        switch habit {
        case .honest, .flaky:
            break
        case .repeatsFirstPage:
            if number > 1 { docs = slice(1) }
            next = cursor(to: number + 1)
        case .emptyPagesForever:
            if number > 1 { docs = [] }
            next = cursor(to: number + 1)
        case .neverEnds:
            total = 1_000_000
            next = cursor(to: number + 1)
        case .repeatsNextURL:
            // The page just asked again: by its number, or by its URL (numbered as the next
            // one, as Launch Library 2's decoder numbers whatever `next` says).
            next = style.cursor(to: number, of: list, size: size, numbered: number + 1)
        }
        switch slip {
        case .duplicatesWithin: docs += docs.prefix(3)
        case .overlapsPrevious: docs = slice(number - 1).suffix(3) + docs
        case .lyingTotal:
            total = 1_000_000
            next = cursor(to: number + 1)
        case .none, .staleFallback, .failure: break
        }
        return LaunchPage(launches: docs, page: number, totalDocs: total, next: next)
    }

    private func cursor(to page: Int) -> PageCursor { style.cursor(to: page, of: list, size: size) }

    private func slice(_ number: Int) -> [Launch] {
        let start = (number - 1) * size
        guard number >= 1, start < all.count else { return [] }
        return Array(all[start..<min(all.count, start + size)])
    }
}
