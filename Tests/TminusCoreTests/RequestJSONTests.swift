import Foundation
import Testing
@testable import TminusCore

/// The r/SpaceX query body is written by `RequestJSON`, not `JSONSerialization` (whose sorted
/// keys go through ICU's collator, issue 28): the bytes must be what JSONSerialization wrote.
@Suite struct RequestJSONTests {
    /// The body as the app wrote it before issue 28, for the same query.
    static func serialized(upcoming: Bool, page: Int, query q: ListQuery, limit: Int = 20) -> Data {
        let order = upcoming != q.reversed ? "asc" : "desc"
        var filter: [String: Any] = ["upcoming": upcoming]
        if q.isFiltered { filter["name"] = ["$regex": SpaceXAPI.regexLiteral(q.text), "$options": "i"] }
        switch q.outcome {
        case .any: break
        case .success: filter["success"] = true
        case .failure: filter["success"] = false
        }
        if let rocket = q.rocket { filter["rocket"] = rocket.id }
        if q.hasWebcast { filter["links.webcast"] = ["$ne": NSNull()] }
        let body: [String: Any] = [
            "query": filter,
            "options": ["page": page, "limit": limit, "sort": ["date_utc": order, "flight_number": order],
                        "populate": SpaceXAPI.populate] as [String: Any],
        ]
        return try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    static let texts = ["", "starlink", "Crew-5 / \"Endurance\"", "a\\b\tc\nd\u{1}e\u{1F}", "Łódź 打 🚀", "$regex.*[x]{2}"]

    @Test(arguments: texts)
    func theBodyIsTheBytesJSONSerializationWrote(text: String) {
        let rocket = ListQuery.RocketChoice(id: "5e9d0d95eda69973a809d1ec", name: "Falcon 9")
        for upcoming in [true, false] {
            for outcome in ListQuery.Outcome.allCases {
                for (reversed, webcast) in [(false, false), (true, true)] {
                    let q = ListQuery(text: text, reversed: reversed, outcome: outcome, rocket: webcast ? rocket : nil, hasWebcast: webcast)
                    let written = SpaceXAPI.launchQuery(segment: upcoming ? .upcoming : .past, page: 3, query: q)
                    let expected = Self.serialized(upcoming: upcoming, page: 3, query: q)
                    #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                }
            }
        }
    }

    @Test func controlCharactersAndSlashesAreEscapedAsJSONSerializationDoes() {
        let body = RequestJSON.object(["k/": .string("\u{0}\u{8}\u{C}\u{7F}/\"")]).data
        #expect(String(decoding: body, as: UTF8.self) == #"{"k\/":"\u0000\b\f\#u{7F}\/\""}"#)
        #expect(try! JSONSerialization.jsonObject(with: body) as? [String: String] == ["k/": "\u{0}\u{8}\u{C}\u{7F}/\""])
    }
}
