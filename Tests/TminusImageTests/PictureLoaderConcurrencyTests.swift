import Foundation
import Synchronization
import Testing
import TminusCore
@testable import TminusImage

/// The loader under concurrent loads and cancellations (part of `PictureLoaderTests`).
extension PictureLoaderTests {
    // MARK: Concurrency

    @Test func atMostFourDownloadsAreInFlight() async {
        let server = FakePictureServer()
        for i in 0..<10 { server.route(url("p\(i)"), body: FakePicture.bytes("p\(i)")) }
        server.hold() // the first ones pile up until the queue has formed
        let pictures = loader(server, cache: nil)
        async let results = withTaskGroup(of: Result<LoadedPicture, PictureError>.self) { group in
            for i in 0..<10 { group.addTask { await pictures.picture(request(url("p\(i)"), 3, 1)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        try? await server.wait { $0.inFlight == 4 }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(server.inFlight == 4, "the other six wait their turn")
        server.letGo()
        let all = await results
        #expect(all.allSatisfy { if case .success = $0 { true } else { false } })
        #expect(server.requests.count == 10)
        #expect(server.maxInFlight == 4)
    }

    @Test func theBoundIsConfigurable() async {
        let server = FakePictureServer()
        for i in 0..<6 { server.route(url("p\(i)"), body: FakePicture.bytes("p\(i)")) }
        let pictures = loader(server, cache: nil, maxConcurrentDownloads: 2)
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<6 { group.addTask { _ = await pictures.picture(request(url("p\(i)"), 3, 1)) } }
        }
        #expect(server.requests.count == 6)
        #expect(server.maxInFlight <= 2)
    }

    @Test func aCancelledQueuedLoadNeverReachesTheServer() async throws {
        let server = FakePictureServer()
        server.route(url("first"), body: FakePicture.bytes("first"))
        server.route(url("queued"), body: FakePicture.bytes("queued"))
        server.hold()
        let pictures = loader(server, cache: nil, maxConcurrentDownloads: 1)
        let first = Task { await pictures.picture(request(url("first"), 3, 1)) }
        try await server.wait { $0.inFlight == 1 }
        let queued = Task { await pictures.picture(request(url("queued"), 3, 1)) }
        try await Task.sleep(for: .milliseconds(50)) // in line behind `first`
        queued.cancel()
        // It leaves at once, while `first` still holds the only slot.
        #expect(await queued.value == .failure(PictureLoader.cancelled))
        #expect(server.inFlight == 1)
        server.letGo()
        #expect(await first.value == .success(FakePicture.expected("first", 3, 1)))
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests == [url("first").absoluteString])
        // And the slot it would have taken is free for the next load.
        #expect(await pictures.picture(request(url("queued"), 3, 1)) == .success(FakePicture.expected("queued", 3, 1)))
    }

    @Test func aLoadCancelledBeforeItStartsDoesNothing() async {
        let server = FakePictureServer([url("a").absoluteString: FakePicture.bytes("a")])
        let pictures = loader(server, cache: nil)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await pictures.picture(request(url("a"), 3, 1))
        }
        #expect(await task.value == .failure(PictureLoader.cancelled))
        #expect(server.requests.isEmpty)
    }

    @Test func concurrentLoadsOfOneURLShareOneDownload() async throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let decodes = Counter()
        let pictures = loader(server, cache: dir, decodes: decodes)
        let small = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let large = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        try await Task.sleep(for: .milliseconds(100))
        server.letGo()
        #expect(await small.value == .success(FakePicture.expected("patch", 4, 2)))
        #expect(await large.value == .success(FakePicture.expected("patch", 8, 4)))
        #expect(server.requests.count == 1)
        #expect(decodes.count == 1, "decoded once, fitted twice")
    }

    @Test func oneSharerLeavingDoesNotStopTheDownloadForTheOther() async throws {
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let pictures = loader(server, cache: nil)
        let leaving = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let staying = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        try await Task.sleep(for: .milliseconds(100))
        leaving.cancel()
        #expect(await leaving.value == .failure(PictureLoader.cancelled))
        server.letGo()
        #expect(await staying.value == .success(FakePicture.expected("patch", 8, 4)))
        #expect(server.requests.count == 1)
    }

    @Test func whenEverySharerLeavesTheDownloadIsCancelled() async throws {
        let dir = makeTemporaryDirectory(); defer { try? FileManager.default.removeItem(at: dir) }
        let server = FakePictureServer([url("patch").absoluteString: FakePicture.bytes("patch")])
        server.hold()
        let pictures = loader(server, cache: dir)
        let a = Task { await pictures.picture(request(url("patch"), 4, 2)) }
        let b = Task { await pictures.picture(request(url("patch"), 8, 4)) }
        try await server.wait { $0.inFlight == 1 }
        a.cancel(); b.cancel()
        #expect(await a.value == .failure(PictureLoader.cancelled))
        #expect(await b.value == .failure(PictureLoader.cancelled))
        try await server.wait { $0.inFlight == 0 } // the fake saw the cancellation, still held
        #expect(entries(dir).isEmpty)
        server.letGo()
        // A later load starts afresh.
        #expect(await pictures.picture(request(url("patch"), 4, 2)) == .success(FakePicture.expected("patch", 4, 2)))
        #expect(server.requests.count == 2)
    }

    @Test func semaphoreHandsSlotsOutInOrderAndSkipsTheCancelled() async throws {
        let semaphore = AsyncSemaphore(permits: 1)
        #expect(await semaphore.acquire())
        let order = Locked<[String]>([])
        let second = Task { if await semaphore.acquire() { order.withLock { $0.append("second") }; await semaphore.release() } }
        try await Task.sleep(for: .milliseconds(30))
        let cancelled = Task { await semaphore.acquire() }
        try await Task.sleep(for: .milliseconds(30))
        let third = Task { if await semaphore.acquire() { order.withLock { $0.append("third") }; await semaphore.release() } }
        try await Task.sleep(for: .milliseconds(30))
        #expect(await semaphore.waiting == 3)
        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(await semaphore.waiting == 2)
        await semaphore.release()
        await second.value; await third.value
        #expect(order.withLock { $0 } == ["second", "third"])
        #expect(await semaphore.acquire(), "every permit came back")
    }
}
