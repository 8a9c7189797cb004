import Foundation
import GRDB
import TminusCore

/// Rows read back from a damaged favorites file (set aside) into the new one. SQLite often
/// still reads most of a file whose `quick_check` fails: each table is read row by row, from
/// the front until a damaged page stops the scan, then from the back, and every row read is
/// copied as it is (its snapshot is the whole favorite). A row that cannot be read is counted
/// as lost when the table's count can still be had.
enum FavoritesSalvage {
    struct Outcome: Sendable, Equatable {
        var recovered = 0
        /// How many rows the damaged file said it had; nil when even that could not be read.
        var total: Int?

        var lost: Bool { total.map { recovered < $0 } ?? (recovered == 0) }

        /// `recovered 7 of 7 favorites from the damaged database`, `… 5 of 7 … (2 lost)`.
        var words: String {
            switch total {
            case let total? where total == 0 && recovered == 0: return "the damaged favorites database held no favorites"
            case let total? where recovered >= total: return "recovered \(recovered) of \(recovered) favorites from the damaged database"
            case let total?: return "recovered \(recovered) of \(total) favorites from the damaged database (\(total - recovered) lost)"
            case nil where recovered == 0: return "nothing could be read from the damaged favorites database"
            case nil: return "recovered \(recovered) favorites from the damaged database (some may be lost)"
            }
        }
    }

    static let tables = ["favoriteRocket", "watchedLaunch", "watchedEvent"]

    static func copy(from damaged: URL, into database: FavoritesDatabase) -> Outcome {
        var outcome = Outcome()
        var config = Configuration()
        config.readonly = true
        guard let source = try? DatabaseQueue(path: damaged.path, configuration: config) else { return outcome }
        var total = 0
        var totalKnown = true
        for table in tables {
            let rows = readRows(of: table, in: source)
            if let count = rows.count { total += max(count, rows.rows.count) } else { totalKnown = false; total += rows.rows.count }
            guard !rows.rows.isEmpty else { continue }
            let copied = (try? database.pool.write { db -> Int in
                let columns = Set(try db.columns(in: table).map(\.name))
                var copied = 0
                for row in rows.rows {
                    var values: [String: DatabaseValue] = [:]
                    for name in row.columnNames where columns.contains(name) { values[name] = row[name] }
                    // Rockets saved before they were keyed by source were all the r/SpaceX API's.
                    if table == "favoriteRocket", values["source"] == nil { values["source"] = "spacex".databaseValue }
                    let names = Array(values.keys)
                    let sql = "INSERT OR IGNORE INTO \(table) (\(names.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
                    do {
                        try db.execute(sql: sql, arguments: StatementArguments(names.map { values[$0]! }))
                        if db.changesCount > 0 { copied += 1 }
                    } catch {
                        continue  // a row missing a required column: lost
                    }
                }
                return copied
            }) ?? 0
            outcome.recovered += copied
        }
        outcome.total = totalKnown ? total : nil
        return outcome
    }

    /// Every row of `table` that can be read, by rowid, and the table's count if it can be had.
    static func readRows(of table: String, in source: DatabaseQueue) -> (rows: [Row], count: Int?) {
        var found: [Int64: Row] = [:]
        let count: Int? = (try? source.read { db in try db.tableExists(table) ? Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") : 0 }) ?? nil
        for order in ["ASC", "DESC"] {
            try? source.read { db in
                guard try db.tableExists(table) else { return }
                let cursor = try Row.fetchCursor(db, sql: "SELECT rowid AS _salvageRowID, * FROM \(table) ORDER BY rowid \(order)")
                while let row = try? cursor.next() {
                    let id: Int64 = row["_salvageRowID"]
                    if found[id] != nil { break }  // the other scan already read from here on
                    found[id] = row.copy()
                }
            }
        }
        let rows = found.sorted { $0.key < $1.key }.map { entry -> Row in
            var values: [String: DatabaseValueConvertible?] = [:]
            for (name, value) in entry.value where name != "_salvageRowID" { values[name] = value }
            return Row(values)
        }
        return (rows, count)
    }
}
