import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// tminus's own folders and files, kept as ssh and gpg keep theirs: folders made 0700 whatever
/// the umask (`umask 000` made them 0777), files opened without following a link (one another
/// user planted in a shared `--data-dir /tmp/…` would have had the log appended to, or the
/// ledger truncated, in a file of the user's), and a folder that another user owns or anyone
/// may write to refused with the reason.
public enum PrivateFiles {
    /// Makes `folder` and the folders above it that are missing, each 0700.
    public static func makeFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// `open(2)` of a file of ours: never through a symbolic link, new files 0600.
    public static func open(_ url: URL, _ flags: Int32) -> Int32 {
        Glibc.open(url.path, flags | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }

    /// Makes the file empty and 0600 when it is not there yet (a database, before SQLite opens
    /// it: SQLite makes its file, and the WAL and shm after it, 0644).
    public static func makeFile(_ url: URL) {
        let fd = open(url, O_WRONLY | O_CREAT)
        if fd >= 0 { close(fd) }
    }

    /// Why `folder` must not hold tminus's files, or nil: it is owned by another user, or
    /// others may write to it (another user could then swap its files for links). A folder
    /// that does not exist yet is fine (it is made 0700).
    public static func problem(with folder: URL) -> String? {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // A link the user made to a folder of theirs is theirs to make: the folder it
            // points at is checked.
            guard stat(folder.path, &info) == 0 else { return nil }
        }
        if info.st_uid != getuid() {
            return "\(folder.path) belongs to another user (uid \(info.st_uid)): tminus keeps its files only in folders of your own"
        }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return "\(folder.path) can be written by others (mode \(mode)): make it yours alone (chmod 700 \(folder.path)) or choose another --data-dir"
        }
        return nil
    }
}
