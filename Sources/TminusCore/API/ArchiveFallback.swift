import Foundation

extension LaunchSource {
    /// This source, with the built-in archive as its cache of last resort: cache → network →
    /// archive. A request the source cannot answer at all (the network failed and the cache
    /// holds nothing for it) is answered from the archive, with the failure as the `problem`
    /// and `archive` set, so the screen shows the rows, says why and says what they are. The
    /// list's retry timer and `r` keep asking the source; its answer replaces the archive's.
    ///
    /// Not for a cache-only read (start-up asks the network behind it), nor for what asking
    /// cannot change (a list the source does not have), nor for a live list's next page.
    ///
    /// - Parameter archive: read only when first needed (decoding it costs a few
    ///   milliseconds the start from the cache does not have to spend); nil when the app was
    ///   installed without it.
    public func fallingBack(on archive: @escaping @Sendable () -> LaunchArchive?) -> LaunchSource {
        var source = self
        let (launches, rockets, rocketLaunches) = (self.launches, self.rockets, self.rocketLaunches)
        // A frozen source (the r/SpaceX API) knows the archive's rockets; a live one does not.
        let asksArchiveRockets = isFrozen
        source.launches = { (segment, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
            try await Self.ask(mode, cursor, archive, { () async throws(APIError) in try await launches(segment, cursor, mode) },
                               or: { $0.page(segment, cursor) })
        }
        source.rockets = { (mode) async throws(APIError) -> Fetched<[Rocket]> in
            let fetched = try await Self.ask(mode, .first, archive, { () async throws(APIError) in try await rockets(mode) }, or: { $0.rockets })
            // r/SpaceX rockets (the API's or the archive's) with their launches and landings
            // counted from the archive. A live source's own rockets are never the archive's:
            // the archive is not read for them.
            guard asksArchiveRockets || fetched.archive != nil, let archive = archive() else { return fetched }
            var counted = fetched
            counted.value = fetched.value.map { archive.withRecords($0) }
            return counted
        }
        source.rocketLaunches = { (rocketID, cursor, mode) async throws(APIError) -> Fetched<LaunchPage> in
            // One of the archive's rockets (shown when this source's rockets failed): a live
            // source does not know it, so it is not asked (issue 37: `L` asked Launch Library 2
            // for an r/SpaceX rocket); the archive answers, labelled as the archive.
            if !asksArchiveRockets, mode != .cacheOnly, let archive = archive(), archive.rockets.contains(where: { $0.id == rocketID }) {
                return archive.answer(archive.rocketPage(rocketID, cursor), problem: nil)
            }
            return try await Self.ask(mode, cursor, archive, { () async throws(APIError) in try await rocketLaunches(rocketID, cursor, mode) },
                               or: { $0.rocketPage(rocketID, cursor) })
        }
        // An archive row opened on a source with detail records (Launch Library 2) is not
        // that source's launch: while the source cannot be reached, the archive's copy is its
        // whole record.
        if let detail = self.launchDetail {
            source.launchDetail = { (id, mode) async throws(APIError) -> Fetched<Launch> in
                try await Self.ask(mode, .first, archive, { () async throws(APIError) in try await detail(id, mode) },
                                   or: { archive in archive.launches.first { $0.id == id } })
            }
        }
        return source
    }

    /// The source's answer, else (when the archive may stand in and has one) the archive's.
    static func ask<T>(_ mode: FetchMode, _ cursor: PageCursor, _ archive: @Sendable () -> LaunchArchive?,
                       _ live: () async throws(APIError) -> Fetched<T>,
                       or fallback: (LaunchArchive) -> T?) async throws(APIError) -> Fetched<T> {
        do {
            return try await live()
        } catch {
            guard archiveAnswers(error, mode: mode, cursor: cursor), let archive = archive(),
                  let value = fallback(archive) else { throw error }
            return archive.answer(value, problem: error)
        }
    }

    /// Whether the archive stands in after `error`: the source was asked (not only its cache),
    /// for something it has, and the page is a first page or the archive's own next page.
    static func archiveAnswers(_ error: APIError, mode: FetchMode, cursor: PageCursor) -> Bool {
        guard mode != .cacheOnly, cursor.page <= 1 || cursor.archive else { return false }
        switch error {
        case .notCached, .notAvailable: return false
        default: return true
        }
    }
}
