import Foundation

/// Launch Library 2's rockets: launcher configurations (2.3.0 `/launcher_configurations/`,
/// `/config/launcher/` before), every provider's, as `Rocket`s for the Rockets tab.
///
/// Requests: the detailed list carries every figure the rocket page shows, 100 to a page, so
/// the whole catalogue costs one request per 100 rockets. Asking the normal list and then a
/// detail per rocket would cost one request per rocket; the free tier allows about 15 an hour.
/// Active rockets are asked first (one page today) and the retired ones after them.
extension LaunchLibrary2 {
    /// A rocket's id in tminus: `ll2-config-` + the configuration id (a launch row names the
    /// same id for its rocket, so a launch finds its rocket and `R` filters by it).
    public static let rocketIDPrefix = "ll2-config-"

    /// The configuration id in a rocket id (`ll2-config-164` → `164`), nil for another source's.
    public static func configurationID(ofRocket id: String) -> String? {
        guard id.hasPrefix(rocketIDPrefix) else { return nil }
        let rest = String(id.dropFirst(rocketIDPrefix.count))
        return rest.isEmpty ? nil : rest
    }

    /// Rockets are asked at most this many pages of 100 deep (600 configurations; LL2 has
    /// about 480): a server that pages without end cannot make the catalogue spin.
    public static let rocketPagesMax = 6
    public static let rocketPageSize = 100

    /// `{base}/launcher_configurations/?active=true&limit=100&mode=detailed&offset=0` (2.3.0+),
    /// `{base}/config/launcher/?…` before.
    public static func rocketsURL(base: URL, active: Bool, offset: Int = 0) -> URL {
        endpoint(base, path: configurationPath(base), query: [
            URLQueryItem(name: "active", value: active ? "true" : "false"),
            URLQueryItem(name: "limit", value: String(rocketPageSize)),
            URLQueryItem(name: "mode", value: "detailed"),
            URLQueryItem(name: "offset", value: String(max(0, offset))),
        ])
    }

    static func configurationPath(_ base: URL) -> [String] {
        resource(base) == "launches" ? ["launcher_configurations"] : ["config", "launcher"]
    }

    /// One page of configurations: the rockets and whether more follow.
    public static func decodeRockets(_ data: Data) throws(APIError) -> (rockets: [Rocket], more: Bool) {
        let envelope = try JSONProblem.decode(LL2ConfigListRecord.self, from: data)
        return (envelope.results.compactMap(\.value).compactMap(rocket(from:)), envelope.next != nil)
    }

    /// One configuration (`/launcher_configurations/{id}/`).
    public static func decodeRocket(_ data: Data) throws(APIError) -> Rocket? {
        rocket(from: try JSONProblem.decode(LL2ConfigRecord.self, from: data))
    }

    /// A rocket's launches, newest first, upcoming and past together:
    /// `{base}/launches/?limit=20&offset=0&ordering=-net&rocket__configuration__id=164`.
    public static func rocketLaunchesURL(base: URL, configurationID: String, offset: Int = 0,
                                         limit: Int = LaunchSource.pageSize) -> URL {
        endpoint(base, path: [resource(base)], query: [
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "offset", value: String(max(0, offset))),
            URLQueryItem(name: "ordering", value: "-net"),
            URLQueryItem(name: "rocket__configuration__id", value: configurationID),
        ])
    }

    // MARK: - Mapping

    static func rocket(from record: LL2ConfigRecord) -> Rocket? {
        guard let id = record.id, let name = record.fullName ?? record.name else { return nil }
        var rocket = Rocket(
            id: rocketIDPrefix + id, name: name, active: record.active, description: record.description,
            wikipedia: record.wikiURL, flickrImages: record.image?.best.map { [$0] } ?? [],
            heightMeters: positive(record.length), diameterMeters: positive(record.diameter),
            // LL2 gives the launch mass in tonnes.
            massKg: positive(record.launchMass).map { $0 * 1000 },
            // 0 is how LL2 writes "not known" (and New Shepard's "suborbital"): no figure.
            payloadToLEOKg: positive(record.leoCapacity), firstFlight: record.maidenFlight,
            country: record.manufacturer?.countryCode, costPerLaunch: positive(record.launchCost),
            successRatePct: successRate(record))
        rocket.origin = .launchLibrary2
        rocket.provider = record.manufacturer?.name
        rocket.payloadToGTOKg = positive(record.gtoCapacity)
        rocket.thrustKN = positive(record.toThrust)
        rocket.stages = record.maxStage.flatMap { $0 > 0 ? $0 : nil }
        rocket.reusable = record.reusable
        rocket.infoURL = record.infoURL
        if record.totalLaunches != nil || record.successfulLaunches != nil || record.failedLaunches != nil
            || record.pendingLaunches != nil {
            rocket.launchRecord = .init(total: record.totalLaunches, successful: record.successfulLaunches,
                                        failed: record.failedLaunches, pending: record.pendingLaunches)
        }
        if record.attemptedLandings != nil || record.successfulLandings != nil || record.failedLandings != nil {
            rocket.landingRecord = .init(attempted: record.attemptedLandings, successful: record.successfulLandings,
                                         failed: record.failedLandings)
        }
        return rocket
    }

    /// Successful launches of all launches, in percent; nil before the first launch.
    static func successRate(_ record: LL2ConfigRecord) -> Double? {
        guard let total = record.totalLaunches, total > 0, let successes = record.successfulLaunches,
              (0...total).contains(successes) else { return nil }
        return (Double(successes) / Double(total) * 100).rounded()
    }

    private static func positive(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The catalogue in the order the tab shows it: active first, then by provider, then by
    /// name (a rocket of unknown status after the retired ones).
    public static func catalogueOrder(_ a: Rocket, _ b: Rocket) -> Bool {
        func rank(_ rocket: Rocket) -> Int { rocket.active == true ? 0 : rocket.active == false ? 1 : 2 }
        let keyA = (rank(a), (a.provider ?? "\u{10FFFF}").lowercased(), a.name.lowercased(), a.id)
        let keyB = (rank(b), (b.provider ?? "\u{10FFFF}").lowercased(), b.name.lowercased(), b.id)
        return keyA < keyB
    }
}

/// The configuration list envelope; a record that cannot be read is skipped.
struct LL2ConfigListRecord: Decodable {
    let next: String?
    let results: [LenientElement<LL2ConfigRecord>]

    enum CodingKeys: String, CodingKey { case next, results }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        next = c.lenient(String.self, .next).flatMap { $0.isEmpty ? nil : $0 }
        results = try c.decode([LenientElement<LL2ConfigRecord>].self, forKey: .results)
    }
}

/// A launcher configuration (2.0.0 `config/launcher`, 2.2.0 detailed, 2.3.0 with an `image`
/// object). Every field lenient; a record without an id or a name is no rocket.
struct LL2ConfigRecord: Decodable {
    @LL2ID var id: String?
    @NonBlank var name: String?
    @NonBlank var fullName: String?
    @Lenient var active: Bool?
    @Lenient var reusable: Bool?
    @Trimmed var description: String?
    @Lenient var manufacturer: Manufacturer?
    @Lenient var length: Double?
    @Lenient var diameter: Double?
    @Lenient var launchMass: Double?
    @Lenient var leoCapacity: Double?
    @Lenient var gtoCapacity: Double?
    @Lenient var toThrust: Double?
    @WholeNumber var maxStage: Int?
    @NonBlank var maidenFlight: String?
    /// A number, or a number as text (`"90000000"`).
    @LenientNumber var launchCost: Double?
    @WholeNumber var totalLaunches: Int?
    @WholeNumber var successfulLaunches: Int?
    @WholeNumber var failedLaunches: Int?
    @WholeNumber var pendingLaunches: Int?
    @WholeNumber var attemptedLandings: Int?
    @WholeNumber var successfulLandings: Int?
    @WholeNumber var failedLandings: Int?
    @WebLink var infoURL: URL?
    @WebLink var wikiURL: URL?
    @Lenient var imageURL: LL2ImageRecord?
    @Lenient var imageObject: LL2ImageRecord?

    struct Manufacturer: Decodable {
        @NonBlank var name: String?
        @NonBlank var countryCode: String?
        enum CodingKeys: String, CodingKey { case name, countryCode = "country_code" }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, active, reusable, description, manufacturer, length, diameter
        case fullName = "full_name", launchMass = "launch_mass", leoCapacity = "leo_capacity"
        case gtoCapacity = "gto_capacity", toThrust = "to_thrust", maxStage = "max_stage", maidenFlight = "maiden_flight"
        case launchCost = "launch_cost", totalLaunches = "total_launch_count", successfulLaunches = "successful_launches"
        case failedLaunches = "failed_launches", pendingLaunches = "pending_launches"
        case attemptedLandings = "attempted_landings", successfulLandings = "successful_landings"
        case failedLandings = "failed_landings", infoURL = "info_url", wikiURL = "wiki_url", imageURL = "image_url"
        case imageObject = "image"
    }

    // 2.0.0–2.2.0: `image_url` (a string); 2.3.0: `image` (an object).
    var image: LL2ImageRecord? { imageURL?.best != nil ? imageURL : imageObject }
}

/// A number, also when sent as text (LL2's `launch_cost` is `"90000000"`).
@propertyWrapper
struct LenientNumber: FieldRule {
    var wrappedValue: Double?
    static func read<K>(_ key: K, in c: KeyedDecodingContainer<K>) -> Double? {
        if let number = c.lenient(Double.self, key) { return number }
        let text = c.lenient(String.self, key)?.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        return text.flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
    }
}
