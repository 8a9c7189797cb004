import Foundation

/// v5 sends `{crew, role}`; v4 sends a bare id. Both decode.
public struct CrewAssignment: Sendable, Hashable, Codable {
    public var crew: Ref<CrewMember>?
    public var role: String?

    public init(crew: Ref<CrewMember>?, role: String?) { self.crew = crew; self.role = role }

    enum CodingKeys: String, CodingKey { case crew, role }
    public init(from decoder: Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            crew = .id(id); role = nil
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        crew = c.lenient(Ref<CrewMember>.self, .crew)
        role = c.lenient(String.self, .role)
    }

    /// Always the v5 object, even for an assignment that came in as a v4 bare id.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(crew, forKey: .crew)
        try c.encodeIfPresent(role, forKey: .role)
    }
}

public struct CrewMember: Sendable, Hashable, Codable {
    @Lenient public var id: String?
    @Lenient public var name: String?
    @Lenient public var agency: String?

    public init(id: String? = nil, name: String? = nil, agency: String? = nil) {
        self.id = id; self.name = name; self.agency = agency
    }
}

public struct LaunchFailure: Sendable, Hashable, Codable {
    @Lenient public var time: Int?
    @Lenient public var altitude: Int?
    @Lenient public var reason: String?

    public init(time: Int? = nil, altitude: Int? = nil, reason: String? = nil) {
        self.time = time; self.altitude = altitude; self.reason = reason
    }
}

/// One booster on a launch, with how its landing went: an r/SpaceX core, or a Launch Library 2
/// stage (`rocket.launcher_stage`), whose landing type and place are LL2's abbreviations
/// (`ASDS` on `OCISLY`, `RTLS` on `LZ-1`).
public struct LaunchCore: Sendable, Hashable, Codable {
    @Lenient public var core: Ref<CoreRecord>?
    /// Which flight of this booster the launch is.
    @Lenient public var flight: Int?
    @Lenient public var reused: Bool?
    @Lenient public var landingAttempt: Bool?
    @Lenient public var landingSuccess: Bool?
    @Lenient public var landingType: String?
    @Lenient public var landpad: Ref<Landpad>?
    /// Launch Library 2: the stage's kind (`Core`, `Strap-On Booster`), the booster's flights
    /// as the source last counted them, and the days since its previous flight.
    @Lenient public var stage: String?
    @Lenient public var flightsSoFar: Int?
    @Lenient public var daysSincePreviousFlight: Int?

    public init(core: Ref<CoreRecord>? = nil, flight: Int? = nil, reused: Bool? = nil, landingAttempt: Bool? = nil,
                landingSuccess: Bool? = nil, landingType: String? = nil, landpad: Ref<Landpad>? = nil,
                stage: String? = nil, flightsSoFar: Int? = nil, daysSincePreviousFlight: Int? = nil) {
        self.core = core; self.flight = flight; self.reused = reused; self.landingAttempt = landingAttempt
        self.landingSuccess = landingSuccess; self.landingType = landingType; self.landpad = landpad
        self.stage = stage; self.flightsSoFar = flightsSoFar; self.daysSincePreviousFlight = daysSincePreviousFlight
    }

    enum CodingKeys: String, CodingKey {
        case core, flight, reused, landpad, stage
        case landingAttempt = "landing_attempt", landingSuccess = "landing_success", landingType = "landing_type"
        case flightsSoFar = "flights_so_far", daysSincePreviousFlight = "days_since_previous_flight"
    }
}

/// A booster's own record (`/v4/cores`): its serial and block.
public struct CoreRecord: Sendable, Hashable, Codable {
    @Lenient public var id: String?
    @Lenient public var serial: String?
    @Lenient public var block: Int?
    @Lenient public var reuseCount: Int?

    public init(id: String? = nil, serial: String? = nil, block: Int? = nil, reuseCount: Int? = nil) {
        self.id = id; self.serial = serial; self.block = block; self.reuseCount = reuseCount
    }

    enum CodingKeys: String, CodingKey { case id, serial, block, reuseCount = "reuse_count" }
}

/// Where a booster lands: a drone ship or a landing zone (`OCISLY`, `LZ-1`; r/SpaceX's
/// `/v4/landpads`, or Launch Library 2's landing location).
public struct Landpad: Sendable, Hashable, Codable {
    @Lenient public var id: String?
    @Lenient public var name: String?
    @Lenient public var fullName: String?

    public init(id: String? = nil, name: String? = nil, fullName: String? = nil) {
        self.id = id; self.name = name; self.fullName = fullName
    }

    enum CodingKeys: String, CodingKey { case id, name, fullName = "full_name" }
}
