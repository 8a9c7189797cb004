import Foundation

/// A JSON request body (the r/SpaceX API's `query`), written with sorted keys and the escaping
/// of Foundation's `JSONSerialization` (`/` as `\/`, control characters as `\u00XX`), but not by
/// it: its sorted keys are compared by ICU's collator, which pages ICU's collation tables (a
/// megabyte of the binary) into every r/SpaceX session for one request (issue 28).
indirect enum RequestJSON: Equatable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
    case array([RequestJSON])
    case object([String: RequestJSON])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }

    var data: Data {
        var out = ""
        write(into: &out)
        return Data(out.utf8)
    }

    private func write(into out: inout String) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            // Byte order: the same request is the same bytes (caching, test logs).
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                members[key]!.write(into: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
