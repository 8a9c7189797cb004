import Foundation

public struct Rocket: Sendable, Hashable, Codable, Identifiable {
    /// Which source's catalogue it is from: a favorite is keyed by source and id.
    public var origin: LaunchOrigin = .spacex
    public var id: String
    public var name: String
    /// Who builds or flies it (r/SpaceX `company`, Launch Library 2's manufacturer).
    public var provider: String?
    public var type: String?
    public var active: Bool?
    public var engineVersion: String?
    public var engineType: String?
    public var description: String?
    public var wikipedia: URL?
    public var flickrImages: [URL]
    /// Metric values as the API gives them; imperial is derived (see `Units`), so every
    /// figure rounds the same way.
    public var heightMeters: Double?
    public var diameterMeters: Double?
    public var massKg: Double?
    /// The `payload_weights` entry with id `leo`.
    public var payloadToLEOKg: Double?
    public var firstFlight: String?
    public var country: String?
    public var costPerLaunch: Double?
    public var successRatePct: Double?
    public var firstStage: Stage?
    public var secondStage: Stage?
    public var landingLegs: LandingLegs?
    /// The `payload_weights` entry with id `gto` (Launch Library 2: `gto_capacity`).
    public var payloadToGTOKg: Double?
    /// Thrust at liftoff, kN (Launch Library 2's `to_thrust`; see `liftoffThrustKN`).
    public var thrustKN: Double?
    /// Whether it flies again, in words: Launch Library 2's `reusable`, or r/SpaceX's stages
    /// (`first stage` for Falcon 9, whose second stage is not; issue 37: it read `-`).
    public var reusableWords: String? {
        if let reusable { return reusable ? "yes" : "no" }
        switch (firstStage?.reusable, secondStage?.reusable) {
        case (true?, true?): return "yes"
        case (true?, _): return "first stage"
        case (false?, true?): return "second stage"
        case (false?, _): return "no"
        default: return nil
        }
    }

    /// Thrust at liftoff: LL2's figure, or the r/SpaceX first stage's at sea level.
    public var liftoffThrustKN: Double? { thrustKN ?? firstStage?.thrustSeaLevel?.kN }
    public var stages: Int?
    public var reusable: Bool?
    /// The maker's or the source's page about it (LL2 `info_url`).
    public var infoURL: URL?
    /// How its launches went, where the source counts them (Launch Library 2).
    public var launchRecord: LaunchRecord?
    /// How its landings went, likewise.
    public var landingRecord: LandingRecord?

    public struct LaunchRecord: Sendable, Hashable, Codable {
        @Lenient public var total: Int?
        @Lenient public var successful: Int?
        @Lenient public var failed: Int?
        @Lenient public var pending: Int?
        public init(total: Int? = nil, successful: Int? = nil, failed: Int? = nil, pending: Int? = nil) {
            self.total = total; self.successful = successful; self.failed = failed; self.pending = pending
        }
    }

    public struct LandingRecord: Sendable, Hashable, Codable {
        @Lenient public var attempted: Int?
        @Lenient public var successful: Int?
        @Lenient public var failed: Int?
        public init(attempted: Int? = nil, successful: Int? = nil, failed: Int? = nil) {
            self.attempted = attempted; self.successful = successful; self.failed = failed
        }
    }

    public struct Stage: Sendable, Hashable, Codable {
        @Lenient public var engines: Int?
        @Lenient public var fuelAmountTons: Double?
        @Lenient public var burnTimeSec: Double?
        @Lenient public var thrustSeaLevel: Thrust?
        /// r/SpaceX's `reusable` of the stage (Falcon 9's first stage: yes; its second: no).
        @Lenient public var reusable: Bool?

        public struct Thrust: Sendable, Hashable, Codable {
            @Lenient public var kN: Double?
            public init(kN: Double?) { self.kN = kN }
        }

        public init(engines: Int? = nil, fuelAmountTons: Double? = nil, burnTimeSec: Double? = nil, thrustSeaLevelKN: Double? = nil,
                    reusable: Bool? = nil) {
            self.engines = engines; self.fuelAmountTons = fuelAmountTons; self.burnTimeSec = burnTimeSec
            self.thrustSeaLevel = thrustSeaLevelKN.map { Thrust(kN: $0) }
            self.reusable = reusable
        }

        enum CodingKeys: String, CodingKey {
            case engines, fuelAmountTons = "fuel_amount_tons", burnTimeSec = "burn_time_sec", thrustSeaLevel = "thrust_sea_level"
            case reusable
        }
    }

    public struct LandingLegs: Sendable, Hashable, Codable {
        @Lenient public var number: Int?
        @Lenient public var material: String?

        public init(number: Int? = nil, material: String? = nil) { self.number = number; self.material = material }
    }

    public init(id: String, name: String, type: String? = nil, active: Bool? = nil, engineVersion: String? = nil,
                engineType: String? = nil, description: String? = nil, wikipedia: URL? = nil, flickrImages: [URL] = [],
                heightMeters: Double? = nil, diameterMeters: Double? = nil, massKg: Double? = nil,
                payloadToLEOKg: Double? = nil, firstFlight: String? = nil, country: String? = nil,
                costPerLaunch: Double? = nil, successRatePct: Double? = nil, firstStage: Stage? = nil,
                secondStage: Stage? = nil, landingLegs: LandingLegs? = nil) {
        self.id = id; self.name = name; self.type = type; self.active = active; self.engineVersion = engineVersion
        self.engineType = engineType; self.description = description; self.wikipedia = wikipedia
        self.flickrImages = flickrImages; self.heightMeters = heightMeters; self.diameterMeters = diameterMeters
        self.massKg = massKg; self.payloadToLEOKg = payloadToLEOKg; self.firstFlight = firstFlight
        self.country = country; self.costPerLaunch = costPerLaunch; self.successRatePct = successRatePct
        self.firstStage = firstStage; self.secondStage = secondStage; self.landingLegs = landingLegs
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, active, engines, description, wikipedia, height, diameter, mass, country
        case flickrImages = "flickr_images", payloadWeights = "payload_weights", firstFlight = "first_flight"
        case costPerLaunch = "cost_per_launch", successRatePct = "success_rate_pct"
        case firstStage = "first_stage", secondStage = "second_stage", landingLegs = "landing_legs"
        case company, stages
        // Not r/SpaceX keys: what a Launch Library 2 rocket adds, kept in a stored copy.
        case origin, reusable, thrust = "to_thrust", infoURL = "info_url", launchRecord = "launches", landingRecord = "landings"
    }
    enum EngineKeys: String, CodingKey { case version, type }
    enum LengthKeys: String, CodingKey { case meters }
    enum MassKeys: String, CodingKey { case kg }
    struct PayloadWeight: Codable {
        @Lenient var id: String?
        @Lenient var kg: Double?
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = c.lenient(String.self, .name) ?? "Unnamed rocket"
        type = c.lenient(String.self, .type)
        active = c.lenient(Bool.self, .active)
        let engines = c.lenientNested(EngineKeys.self, .engines)
        // Starship's engine version is an empty string: that is "unknown", not a version.
        engineVersion = engines?.lenient(String.self, .version).flatMap { $0.isEmpty ? nil : $0 }
        engineType = engines?.lenient(String.self, .type).flatMap { $0.isEmpty ? nil : $0 }
        description = c.lenient(String.self, .description)
        wikipedia = WebURL.parse(c.lenient(String.self, .wikipedia))
        flickrImages = c.lenientArray(String.self, .flickrImages).compactMap { WebURL.parse($0) }
        heightMeters = c.lenientNested(LengthKeys.self, .height)?.lenient(Double.self, .meters)
        diameterMeters = c.lenientNested(LengthKeys.self, .diameter)?.lenient(Double.self, .meters)
        massKg = c.lenientNested(MassKeys.self, .mass)?.lenient(Double.self, .kg)
        let payloads = c.lenientArray(PayloadWeight.self, .payloadWeights)
        payloadToLEOKg = payloads.first { $0.id == "leo" }?.kg
        payloadToGTOKg = payloads.first { $0.id == "gto" }?.kg
        firstFlight = c.lenient(String.self, .firstFlight)
        country = c.lenient(String.self, .country)
        costPerLaunch = c.lenient(Double.self, .costPerLaunch)
        successRatePct = c.lenient(Double.self, .successRatePct)
        firstStage = c.lenient(Stage.self, .firstStage)
        secondStage = c.lenient(Stage.self, .secondStage)
        landingLegs = c.lenient(LandingLegs.self, .landingLegs)
        origin = c.lenient(LaunchOrigin.self, .origin) ?? .spacex
        provider = c.lenient(String.self, .company).flatMap { $0.isEmpty ? nil : $0 }
        stages = c.lenient(Int.self, .stages)
        reusable = c.lenient(Bool.self, .reusable)
        thrustKN = c.lenient(Double.self, .thrust)
        infoURL = WebURL.parse(c.lenient(String.self, .infoURL))
        launchRecord = c.lenient(LaunchRecord.self, .launchRecord)
        landingRecord = c.lenient(LandingRecord.self, .landingRecord)
    }

    /// The API's shape, nil fields left out: `engines {version, type}`, `height {meters}`,
    /// `mass {kg}`, and the LEO figure as the one `payload_weights` entry.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(active, forKey: .active)
        if engineVersion != nil || engineType != nil {
            var engines = c.nestedContainer(keyedBy: EngineKeys.self, forKey: .engines)
            try engines.encodeIfPresent(engineVersion, forKey: .version)
            try engines.encodeIfPresent(engineType, forKey: .type)
        }
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(wikipedia?.absoluteString, forKey: .wikipedia)
        try c.encode(flickrImages.map(\.absoluteString), forKey: .flickrImages)
        if let heightMeters {
            var height = c.nestedContainer(keyedBy: LengthKeys.self, forKey: .height)
            try height.encode(heightMeters, forKey: .meters)
        }
        if let diameterMeters {
            var diameter = c.nestedContainer(keyedBy: LengthKeys.self, forKey: .diameter)
            try diameter.encode(diameterMeters, forKey: .meters)
        }
        if let massKg {
            var mass = c.nestedContainer(keyedBy: MassKeys.self, forKey: .mass)
            try mass.encode(massKg, forKey: .kg)
        }
        let payloads = [("leo", payloadToLEOKg), ("gto", payloadToGTOKg)].compactMap { id, kg in kg.map { PayloadWeight(id: id, kg: $0) } }
        if !payloads.isEmpty { try c.encode(payloads, forKey: .payloadWeights) }
        try c.encodeIfPresent(firstFlight, forKey: .firstFlight)
        try c.encodeIfPresent(country, forKey: .country)
        try c.encodeIfPresent(costPerLaunch, forKey: .costPerLaunch)
        try c.encodeIfPresent(successRatePct, forKey: .successRatePct)
        try c.encodeIfPresent(firstStage, forKey: .firstStage)
        try c.encodeIfPresent(secondStage, forKey: .secondStage)
        try c.encodeIfPresent(landingLegs, forKey: .landingLegs)
        if origin != .spacex { try c.encode(origin, forKey: .origin) }
        try c.encodeIfPresent(provider, forKey: .company)
        try c.encodeIfPresent(stages, forKey: .stages)
        try c.encodeIfPresent(reusable, forKey: .reusable)
        try c.encodeIfPresent(thrustKN, forKey: .thrust)
        try c.encodeIfPresent(infoURL?.absoluteString, forKey: .infoURL)
        try c.encodeIfPresent(launchRecord, forKey: .launchRecord)
        try c.encodeIfPresent(landingRecord, forKey: .landingRecord)
    }
}

public struct Launchpad: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    @Lenient public var name: String?
    @Lenient public var fullName: String?
    @Lenient public var locality: String?
    @Lenient public var region: String?
    /// Launch Library 2's id of the location the pad is at (`12`: Cape Canaveral SFS): what a
    /// follow asks the server for (`location__ids`).
    @Lenient public var locationID: String?

    public init(id: String, name: String?, fullName: String? = nil, locality: String? = nil, region: String? = nil,
                locationID: String? = nil) {
        self.id = id; self.name = name; self.fullName = fullName; self.locality = locality; self.region = region
        self.locationID = locationID
    }

    enum CodingKeys: String, CodingKey { case id, name, locality, region, fullName = "full_name", locationID = "location_id" }
}

public struct Payload: Sendable, Hashable, Codable {
    @Lenient public var id: String?
    @Lenient public var name: String?
    @Lenient public var type: String?
    @Lenient public var orbit: String?
    @Lenient public var massKg: Double?
    /// Who it flies for (`NASA (CRS)`, `SpaceX`).
    @Lenient public var customers: [String]?

    public init(id: String? = nil, name: String? = nil, type: String? = nil, orbit: String? = nil, massKg: Double? = nil,
                customers: [String]? = nil) {
        self.id = id; self.name = name; self.type = type; self.orbit = orbit; self.massKg = massKg; self.customers = customers
    }

    enum CodingKeys: String, CodingKey { case id, name, type, orbit, massKg = "mass_kg", customers }
}
