import Foundation

extension LaunchLibrary2 {
    /// Launch Library 2 as a `LaunchSource`: the Upcoming and Previous lists (paged by
    /// following `next`) and each launch's detail, every answer through the fetcher's disk
    /// cache. No rockets: the Rockets tab keeps the r/SpaceX API's catalogue.
    public static func launchSource(baseURL: URL, fetcher: CachedFetcher) -> LaunchSource {
        let fresh = LaunchSource.freshFor
        var source = LaunchSource(
            name: name,
            launches: { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
                let url = url(for: cursor, base: baseURL, segment: segment)
                return try await fetcher.fetch(.init(url: url, kind: .apiList), maxAge: fresh, mode: mode) { (data) throws(APIError) in
                    try decodeList(data, page: cursor.page)
                }
            },
            launchDetail: { (id, mode) async throws(APIError) -> Fetched<Launch> in
                try await fetcher.fetch(.init(url: detailURL(base: baseURL, id: id), kind: .apiDetail), maxAge: fresh, mode: mode,
                                        decode: decodeLaunch)
            })
        // List rows carry no videos and only Launch Library's own rocket configurations.
        source.filtersByRocketAndWebcast = false
        return source
    }
}
