import TminusImage

/// What the app holds that grows with use, counted where it is held: tasks in flight, picture
/// slots in the state, pictures kept by the loader. The terminal loop writes it to the log
/// (`footprint:`) when it changed, at most once a minute; `make soak` reads that line beside
/// the process's written memory, so a count that climbs while memory does names the cause.
public struct Footprint: Sendable, Hashable, CustomStringConvertible {
    /// Tasks the effect runner started that have not ended.
    public var tasks = 0
    /// Picture loads among them.
    public var pictureLoads = 0
    /// Picture slots in the state (loading, ready or failed), and the bytes the ready ones hold.
    public var pictureSlots = 0
    public var pictureSlotBytes = 0
    /// Ready pictures the loader keeps in memory, and their bytes.
    public var loaderPictures = 0
    public var loaderBytes = 0
    /// Bytes of encoded pictures (kitty, sixel, iTerm2) the terminal side keeps.
    public var encodedBytes = 0
    /// The whole process's heap in use (`HeapUsage`), the terminal side fills it in.
    public var heapBytes = 0

    public init() {}

    public var description: String {
        "tasks \(tasks) (picture loads \(pictureLoads)), picture slots \(pictureSlots) (\(Self.size(pictureSlotBytes))), "
            + "loader \(loaderPictures) pictures (\(Self.size(loaderBytes))), encoded pictures \(Self.size(encodedBytes)), "
            + "heap \(Self.size(heapBytes))"
    }

    /// `973 KB`, `5.1 MB` (tenths rounded down).
    static func size(_ bytes: Int) -> String {
        guard bytes >= 1 << 20 else { return "\(bytes / 1024) KB" }
        let tenths = (bytes * 10) >> 20  // (Swift's >> binds tighter than *)
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

extension AppViewModel {
    /// What the view model and its runner hold now (the terminal side adds `encodedBytes`).
    public var footprint: Footprint {
        var footprint = Footprint()
        footprint.tasks = runner.liveTasks
        footprint.pictureLoads = runner.pictureLoads
        footprint.pictureSlots = state.pictures.count
        footprint.pictureSlotBytes = state.pictureBytes
        if let held = environment.pictures?.held() {
            footprint.loaderPictures = held.pictures
            footprint.loaderBytes = held.bytes
        }
        return footprint
    }
}
