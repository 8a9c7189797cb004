import CMemory

/// The process's heap in use: every byte malloc has handed out and not had back, Swift's and
/// the C libraries' alike (glibc's mallinfo2). Written memory can stay higher than this (freed
/// pages malloc keeps); the two together tell a leak from memory kept for reuse.
public enum HeapUsage {
    public static var bytes: Int { Int(tm_heap_in_use()) }

    /// Hands the pages malloc keeps free back to the system. glibc keeps what a thread frees in
    /// that thread's arena for its next allocation; after a page of launches is decoded on a
    /// worker thread, that is the decoding's whole working set, counted in Private_Dirty while
    /// nothing uses it (issue 28).
    public static func releaseFree() { tm_release_free_memory() }
}
