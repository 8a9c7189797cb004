import Foundation
import Synchronization

/// What the user last saw of a launch: its NET (with how exactly it was known) and its status
/// word. Kept in the state dir between runs, so the next run can say what changed since.
public struct SeenLaunch: Sendable, Hashable, Codable {
    public var net: Date?
    public var precision: DatePrecision
    public var status: String
    /// When it was last shown (the file keeps the most recent ones).
    public var seenAt: Date
    /// The source it was seen on: a first look at a source flags nothing, whatever the user
    /// saw of the other one (issue 25: the first LL2 run after r/SpaceX flagged every row new).
    public var origin: LaunchOrigin

    public init(net: Date?, precision: DatePrecision, status: String, seenAt: Date, origin: LaunchOrigin) {
        self.net = net; self.precision = precision; self.status = status; self.seenAt = seenAt; self.origin = origin
    }

    public init(_ launch: Launch, seenAt: Date) {
        self.init(net: launch.date, precision: launch.datePrecision, status: launch.statusWord, seenAt: seenAt,
                  origin: launch.origin)
    }

    enum CodingKeys: String, CodingKey { case net, precision, status, seenAt, origin }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        net = try c.decodeIfPresent(Date.self, forKey: .net)
        precision = try c.decode(DatePrecision.self, forKey: .precision)
        status = try c.decode(String.self, forKey: .status)
        seenAt = try c.decode(Date.self, forKey: .seenAt)
        origin = try c.decodeIfPresent(LaunchOrigin.self, forKey: .origin) ?? .spacex
    }

    /// A file written before `origin` was kept: r/SpaceX ids are 24 hex digits (MongoDB's),
    /// Launch Library 2's are UUIDs.
    static func origin(ofID id: String) -> LaunchOrigin {
        id.count == 36 && id.filter { $0 == "-" }.count == 4 ? .launchLibrary2 : .spacex
    }
}

/// Where the last-seen launches live: a struct of closures (a JSON file, or memory for tests).
/// Loading never fails: a missing or unreadable file is "nothing seen yet".
public struct SeenStore: Sendable {
    public var load: @Sendable () -> [String: SeenLaunch]
    /// Merges these into what is kept (newer wins) and writes it.
    public var remember: @Sendable ([String: SeenLaunch]) async -> Void

    public init(load: @escaping @Sendable () -> [String: SeenLaunch],
                remember: @escaping @Sendable ([String: SeenLaunch]) async -> Void) {
        self.load = load; self.remember = remember
    }

    /// The most launches kept: a user's lists over months, and a bounded file.
    public static let limit = 2000

    /// `seen.json` in the state dir, written atomically.
    public static func file(_ url: URL) -> SeenStore {
        let read: @Sendable () -> [String: SeenLaunch] = {
            guard let data = try? Data(contentsOf: url),
                  var seen = try? JSONDecoder.seen.decode([String: SeenLaunch].self, from: data) else { return [:] }
            // A file from before `origin` was written (the first write after it rewrites them
            // all with one): their source, from the id's shape.
            if data.range(of: Data("\"origin\"".utf8)) == nil {
                for (id, _) in seen { seen[id]?.origin = SeenLaunch.origin(ofID: id) }
            }
            return seen
        }
        return SeenStore(load: read, remember: { fresh in
            var all = read().merging(fresh) { old, new in new.seenAt >= old.seenAt ? new : old }
            if all.count > limit {
                let kept = all.sorted { $0.value.seenAt > $1.value.seenAt }.prefix(limit)
                all = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
            guard let data = try? JSONEncoder.seen.encode(all) else { return }
            try? PrivateFiles.makeFolder(url.deletingLastPathComponent())
            try? data.write(to: url, options: .atomic)
        })
    }

    public static func inMemory(_ initial: [String: SeenLaunch] = [:]) -> SeenStore {
        let box = Mutex(initial)
        return SeenStore(load: { box.withLock { $0 } }, remember: { fresh in box.withLock { $0.merge(fresh) { _, new in new } } })
    }
}

private extension JSONDecoder {
    static var seen: JSONDecoder { let d = JSONDecoder(); d.dateDecodingStrategy = .secondsSince1970; return d }
}

private extension JSONEncoder {
    static var seen: JSONEncoder { let e = JSONEncoder(); e.dateEncodingStrategy = .secondsSince1970; e.outputFormatting = .sortedKeys; return e }
}
