import Foundation

public struct Rocket: Sendable, Hashable, Decodable, Identifiable {
    public var id: String
    public var name: String
    public var type: String?
    public var active: Bool?
    public var engineVersion: String?
    public var engineType: String?
    public var description: String?
    public var wikipedia: URL?
    public var flickrImages: [URL]

    public init(id: String, name: String, type: String? = nil, active: Bool? = nil, engineVersion: String? = nil,
                engineType: String? = nil, description: String? = nil, wikipedia: URL? = nil, flickrImages: [URL] = []) {
        self.id = id; self.name = name; self.type = type; self.active = active; self.engineVersion = engineVersion
        self.engineType = engineType; self.description = description; self.wikipedia = wikipedia
        self.flickrImages = flickrImages
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, active, engines, description, wikipedia
        case flickrImages = "flickr_images"
    }
    enum EngineKeys: String, CodingKey { case version, type }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = c.lenient(String.self, .name) ?? "Unnamed rocket"
        type = c.lenient(String.self, .type)
        active = c.lenient(Bool.self, .active)
        let engines = try? c.nestedContainer(keyedBy: EngineKeys.self, forKey: .engines)
        // Starship's engine version is an empty string: that is "unknown", not a version.
        engineVersion = engines?.lenient(String.self, .version).flatMap { $0.isEmpty ? nil : $0 }
        engineType = engines?.lenient(String.self, .type).flatMap { $0.isEmpty ? nil : $0 }
        description = c.lenient(String.self, .description)
        wikipedia = WebURL.parse(c.lenient(String.self, .wikipedia))
        flickrImages = c.lenientArray(String.self, .flickrImages).compactMap { WebURL.parse($0) }
    }
}

public struct Launchpad: Sendable, Hashable, Decodable, Identifiable {
    public var id: String
    public var name: String?
    public var fullName: String?
    public var locality: String?
    public var region: String?

    public init(id: String, name: String?, fullName: String? = nil, locality: String? = nil, region: String? = nil) {
        self.id = id; self.name = name; self.fullName = fullName; self.locality = locality; self.region = region
    }

    enum CodingKeys: String, CodingKey { case id, name, locality, region, fullName = "full_name" }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = c.lenient(String.self, .name); fullName = c.lenient(String.self, .fullName)
        locality = c.lenient(String.self, .locality); region = c.lenient(String.self, .region)
    }
}

public struct Landpad: Sendable, Hashable, Decodable {
    public var id: String?
    public var name: String?
    public var fullName: String?

    enum CodingKeys: String, CodingKey { case id, name, fullName = "full_name" }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id); name = c.lenient(String.self, .name); fullName = c.lenient(String.self, .fullName)
    }
}

public struct Payload: Sendable, Hashable, Decodable {
    public var id: String?
    public var name: String?
    public var type: String?
    public var orbit: String?
    public var massKg: Double?

    public init(id: String? = nil, name: String? = nil, type: String? = nil, orbit: String? = nil, massKg: Double? = nil) {
        self.id = id; self.name = name; self.type = type; self.orbit = orbit; self.massKg = massKg
    }

    enum CodingKeys: String, CodingKey { case id, name, type, orbit, massKg = "mass_kg" }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id); name = c.lenient(String.self, .name); type = c.lenient(String.self, .type)
        orbit = c.lenient(String.self, .orbit); massKg = c.lenient(Double.self, .massKg)
    }
}
