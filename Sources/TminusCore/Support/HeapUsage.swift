import CMemory

/// The process's heap in use: every byte malloc has handed out and not had back, Swift's and
/// the C libraries' alike (glibc's mallinfo2). Written memory can stay higher than this (freed
/// pages malloc keeps); the two together tell a leak from memory kept for reuse.
public enum HeapUsage {
    public static var bytes: Int { Int(tm_heap_in_use()) }
}
