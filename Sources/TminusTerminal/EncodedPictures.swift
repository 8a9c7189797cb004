import Dispatch
import Synchronization
import TminusImage

/// Encoded pictures, by picture and size, so that each is encoded once: a sixel of a big
/// photo takes tens of milliseconds, too long to spend on every frame. Bounded by bytes; the
/// least recently used goes first. With a `background` queue a missing picture is encoded
/// there while `bytes` answers nil; it is kept when done, and `ready` is called.
struct EncodedPictures {
    struct Key: Hashable {
        var id: UInt32
        var columns: Int
        var rows: Range<Int>
        /// The pixels' fingerprint: an id shown again with other pixels is another picture.
        var image: Int
        var graphics: TerminalGraphics

        init(id: UInt32, columns: Int, rows: Range<Int>, image: Int, graphics: TerminalGraphics) {
            self.id = id; self.columns = columns; self.rows = rows; self.image = image; self.graphics = graphics
        }

        init(spot: PicturePresenter.Spot, image: RGBAImage, graphics: TerminalGraphics) {
            self.init(id: spot.id, columns: spot.columns, rows: spot.boxRows, image: image.fingerprint, graphics: graphics)
        }
    }

    static let byteLimit = 32 << 20

    private var entries: [Key: [UInt8]] = [:]
    private var order: [Key] = []
    private var total = 0
    /// Bytes of encodings kept (the app's footprint line).
    var heldBytes: Int { total }
    /// How many times something was encoded (tests: once per picture and size).
    private(set) var encodings = 0

    private let background: DispatchQueue?
    private let ready: @Sendable () -> Void
    /// Sent to the background queue and not yet taken in.
    private var pending: Set<Key> = []
    /// Finished in the background, waiting to be taken in on the UI thread.
    private let arrivals = ArrivedEncodings()

    init(background: DispatchQueue? = nil, ready: @escaping @Sendable () -> Void = {}) {
        self.background = background
        self.ready = ready
    }

    /// The bytes for `key`, encoding them if need be: at once without a background queue,
    /// else there (nil until they are ready).
    mutating func bytes(for key: Key, encode: @escaping @Sendable () -> [UInt8]) -> [UInt8]? {
        takeIn()
        if let known = entries[key] {
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return known
        }
        guard let background else {
            let made = encode()
            keep(made, for: key)
            return made
        }
        if pending.insert(key).inserted {
            let arrivals = arrivals, ready = ready
            background.async {
                arrivals.add(key, encode())
                ready()
            }
        }
        return nil
    }

    /// Whether encodings arrived since the last call (they are kept).
    mutating func takeArrivals() -> Bool { takeIn() }

    @discardableResult
    private mutating func takeIn() -> Bool {
        let arrived = arrivals.take()
        for (key, made) in arrived {
            pending.remove(key)
            keep(made, for: key)
        }
        return !arrived.isEmpty
    }

    private mutating func keep(_ made: [UInt8], for key: Key) {
        encodings += 1
        entries[key] = made
        order.append(key)
        total += made.count
        while total > Self.byteLimit, order.count > 1 {
            let oldest = order.removeFirst()
            total -= entries.removeValue(forKey: oldest)?.count ?? 0
        }
    }
}

/// Encodings finished on the background queue, handed to the UI thread.
final class ArrivedEncodings: Sendable {
    private let list = Mutex<[(EncodedPictures.Key, [UInt8])]>([])

    func add(_ key: EncodedPictures.Key, _ bytes: [UInt8]) { list.withLock { $0.append((key, bytes)) } }

    func take() -> [(EncodedPictures.Key, [UInt8])] {
        list.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }
}
