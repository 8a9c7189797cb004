import Foundation

/// What the local replica asks Launch Library 2: what changed since it last looked, and the
/// history, newest first. Both 100 records a request (LL2's most), in the detailed mode (a
/// listed launch's detail is then held, and opening it costs nothing).
extension LaunchLibrary2 {
    /// The most LL2 sends in one answer.
    public static let syncPageSize = 100

    /// `{base}/launches/?last_updated__gte=<since>&ordering=last_updated&limit=100&mode=detailed`:
    /// every launch, upcoming or past, whose record changed at or after `since` (the newest
    /// `last_updated` the replica holds: the server's own clock, never this machine's), oldest
    /// change first, so that a page cut short still leaves a mark to go on from.
    public static func changesURL(base: URL, since: Date, limit: Int = syncPageSize) -> URL {
        endpoint(base, path: [resource(base)], query: [
            URLQueryItem(name: "last_updated__gte", value: ISO8601.format(since)),
            URLQueryItem(name: "ordering", value: "last_updated"),
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "offset", value: "0"),
            URLQueryItem(name: "mode", value: "detailed"),
        ])
    }

    /// `{base}/launches/previous/?limit=100&offset=<n>&mode=detailed`: the past, newest first.
    /// Launches that fly while history fills join at the top, so an offset kept from an
    /// earlier request can only read a record twice, never skip one.
    public static func historyURL(base: URL, offset: Int, limit: Int = syncPageSize) -> URL {
        listURL(base: base, segment: .past, limit: limit, offset: offset)
    }
}
