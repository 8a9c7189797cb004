// favorites-torture: a child process for the favorites database's durability tests.
//
//     favorites-torture <db path> save-forever [count-ignored] [prefix]
//     favorites-torture <db path> save <count> [prefix]
//
// Opens the database through `FavoritesStore.sqlite(at:)` (exactly as the app does), prints
// `opened` once it is usable, then saves launches `<prefix>-1`, `<prefix>-2`, … one change
// (one transaction) each. After each save has returned, so its transaction is committed,
// it prints `committed <id>` with one unbuffered write(2). `save-forever` never stops (the test
// kills it with SIGKILL); `save <count>` stops after `count` saves and exits 0. A save that
// found the database locked by the other process past the busy timeout is tried again (up to 20
// times), as the app tries a waiting change again.
//
// Exit codes: 0 done, 2 bad arguments, 3 the database could not be opened cleanly (its
// `openProblem`), 4 a save failed.
import Foundation
import TminusCore
import TminusStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One write(2) per line, straight to the file descriptor: nothing sits in a buffer that a
/// SIGKILL could throw away after the line was "printed".
func emit(_ line: String, to fd: Int32 = STDOUT_FILENO) {
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { buf in
            write(fd, buf.baseAddress! + offset, buf.count - offset)
        }
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
    }
}

func fail(_ message: String, code: Int32) -> Never {
    emit("favorites-torture: \(message)", to: STDERR_FILENO)
    exit(code)
}

let args = CommandLine.arguments
guard args.count >= 3 else {
    fail("usage: favorites-torture <db path> (save-forever | save <count>) [count] [prefix]", code: 2)
}
let path = args[1]
let mode = args[2]
let limit: Int?
switch mode {
case "save-forever":
    limit = nil
case "save":
    guard args.count >= 4, let n = Int(args[3]), n >= 0 else { fail("save needs a count", code: 2) }
    limit = n
default:
    fail("unknown mode \(mode)", code: 2)
}
let prefix = args.count >= 5 ? args[4] : "torture"

let store = FavoritesStore.sqlite(at: URL(fileURLWithPath: path))
if let problem = store.openProblem {
    // The durability tests want to know the moment a file they consider good was not.
    fail("open problem: \(problem)", code: 3)
}
emit("opened")

/// A launch with enough in it to make each snapshot a few hundred bytes.
func launch(_ i: Int) -> Launch {
    Launch(id: "\(prefix)-\(i)", name: "Torture \(prefix) \(i)", flightNumber: i,
           date: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 60), upcoming: true,
           details: String(repeating: "payload \(i) ", count: 8),
           rocket: .object(Rocket(id: "rocket-torture", name: "Torture Rocket", type: "rocket", active: true)),
           payloads: [.object(Payload(id: "p-\(i)", name: "Payload \(i)", type: "Satellite", orbit: "LEO", massKg: Double(i)))])
}

var i = 1
while limit.map({ i <= $0 }) ?? true {
    let item = launch(i)
    // A save that found the other process holding the lock past the busy timeout is tried
    // again, as the app keeps a waiting change and tries it again; any other failure is one.
    var tries = 0
    while true {
        do {
            _ = try await store.saveLaunch(item)
            break
        } catch where error.message.contains("locked") && tries < 20 {
            tries += 1
        } catch {
            fail("save \(item.id) failed: \(error)", code: 4)
        }
    }
    emit("committed \(item.id)")
    i += 1
}
exit(0)
