/// A reference to another document that the API sends either as its id (a 24-hex string) or,
/// when the query asked to `populate` it, as the whole object. An unknown id populates as
/// null, which decodes as a missing reference.
public enum Ref<Object: Decodable & Sendable & Hashable>: Sendable, Hashable, Decodable {
    case id(String)
    case object(Object)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(Object.self))
        }
    }

    public var object: Object? {
        if case .object(let o) = self { return o }
        return nil
    }
}

extension Ref where Object: Identifiable, Object.ID == String {
    /// The object's id, whether the document names it or carries it.
    public var id: String {
        switch self {
        case .id(let id): id
        case .object(let object): object.id
        }
    }
}

/// Encodes the way the API sends it: an id as a bare string, a populated object as the object.
extension Ref: Encodable where Object: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .object(let object): try container.encode(object)
        }
    }
}
