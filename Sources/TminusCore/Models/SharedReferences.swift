import Synchronization

/// One copy of a rocket or a pad for all the launches that name it (issue 28). A populated
/// r/SpaceX page and a Launch Library 2 list carry the whole rocket and pad in each launch: decoded, the 187 past launches
/// held 187 copies of Falcon 9's description, photo links and specs. A rocket or pad decoded
/// again that equals the copy kept here is replaced by it, and shares its strings and arrays
/// (a Swift value copied shares its storage); the new one is freed. One copy is kept per id,
/// so the table is as big as the API's list of rockets and pads, whatever the browsing.
enum SharedReferences {
    private static let rockets = Mutex<[String: Rocket]>([:])
    private static let pads = Mutex<[String: Launchpad]>([:])

    static func share(_ launches: [Launch]) -> [Launch] {
        launches.map { launch in
            var launch = launch
            if case .object(let rocket)? = launch.rocket { launch.rocket = .object(kept(rocket, in: rockets)) }
            if case .object(let pad)? = launch.launchpad { launch.launchpad = .object(kept(pad, in: pads)) }
            return launch
        }
    }

    private static func kept<Value: Hashable & Identifiable & Sendable>(_ value: Value, in table: borrowing Mutex<[String: Value]>) -> Value
    where Value.ID == String {
        table.withLock { kept in
            if let same = kept[value.id], same == value { return same }
            kept[value.id] = value  // new, or changed since: this copy from now on
            return value
        }
    }
}
