import Foundation
import TminusCore

extension ArchiveLists {
    /// Launches held whole (the built-in r/SpaceX archive) in a replica of their own, in
    /// memory, asked by the same `ReplicaQuery` as Launch Library 2's replica: one query path
    /// for both sources' filters, follows and orders. The replica is filled on the first
    /// question (a start from the cache never needs the archive's lists).
    public static func replica(of launches: [Launch]) -> ArchiveLists {
        let held = FilledOnFirstUse(launches)
        return ArchiveLists { list, cursor in
            let size = LaunchSource.pageSize
            let page = max(1, cursor.page)
            let scope: ReplicaQuery.Scope = switch list {
            case .segment(let segment): .segment(segment)
            case .rocket(let id): .rocket(id)
            }
            // In memory, filled from values that decoded: a question cannot fail short of a
            // broken SQLite, when the archive has nothing to show.
            let answer = (try? held.replica.answer(ReplicaQuery(scope, filters: cursor.query, offset: (page - 1) * size, limit: size)))
                ?? ReplicaAnswer(launches: [], total: 0)
            let next = page * size < answer.total ? PageCursor(page: page + 1, query: cursor.query, archive: true) : nil
            return LaunchPage(launches: answer.launches, page: page, totalDocs: answer.total, next: next)
        }
    }
}

/// A replica in memory holding `launches`, made when first asked for.
private final class FilledOnFirstUse: @unchecked Sendable {
    private let launches: [Launch]
    private let lock = NSLock()
    private var made: LaunchReplica?

    init(_ launches: [Launch]) { self.launches = launches }

    var replica: LaunchReplica {
        lock.withLock {
            if let made { return made }
            let replica = LaunchReplica(memoryBecause: nil)
            try? replica.upsert(launches)
            made = replica
            return replica
        }
    }
}
