import Foundation
import Synchronization
import TminusCore
import TminusImage

/// Carries out effects: the one place that creates tasks, cancels picture loads and keeps
/// writes in order. Background work posts its answer to the mailbox as an event; terminal
/// effects go to the loop's handler on the calling (UI) thread.
///
/// Not Sendable: it lives on the UI thread beside the view model.
final class EffectRunner {
    private let environment: AppEnvironment
    private let mailbox: Mailbox
    /// Work in flight, so tests can wait for it (`AppViewModel.settle`); a task leaves it as
    /// it ends.
    private let tasks = RunningTasks()
    /// Picture loads in flight, so ones scrolled away can be cancelled; a load leaves it when
    /// its answer is applied (`pictureFinished`) or it is cancelled.
    private var pictureTasks: [PictureRequest: Task<Void, Never>] = [:]
    /// The last write of each kind, so the next one waits for it: two quick toggles must not
    /// race, or the older choice could land last and be what the disk keeps.
    private var lastWrite: [WriteQueue: Task<Void, Never>] = [:]
    /// Where terminal effects go; the loop installs it (tests record them).
    var terminal: (Effect) -> Void = { _ in }

    private enum WriteQueue: Hashable { case preferences, favorites, exports, seen }

    init(environment: AppEnvironment, mailbox: Mailbox) {
        self.environment = environment
        self.mailbox = mailbox
    }

    func run(_ effects: [Effect]) {
        for effect in effects { run(effect) }
    }

    func run(_ effect: Effect) {
        let env = environment
        switch effect {
        case let .fetchLaunches(asked, cursor):
            guard env.sources.indices.contains(asked.source) else { return }
            let source = env.sources[asked.source]
            start { () async -> AppEvent in
                await RequestOrigin.$current.withValue(asked.origin) { () async -> AppEvent in
                    do throws(APIError) {
                        switch asked.id {
                        case .segment(let segment): return .launchesLoaded(asked, .success(try await source.launches(segment, cursor, asked.mode)))
                        case .rocket(let rocketID): return .launchesLoaded(asked, .success(try await source.rocketLaunches(rocketID, cursor, asked.mode)))
                        }
                    } catch { return .launchesLoaded(asked, .failure(error)) }
                }
            }
        case let .fetchRockets(index, mode):
            guard env.sources.indices.contains(index) else { return }
            let source = env.sources[index]
            start { () async -> AppEvent in
                do throws(APIError) { return .rocketsLoaded(source: index, mode, .success(try await source.rockets(mode))) } catch {
                    return .rocketsLoaded(source: index, mode, .failure(error))
                }
            }
        case let .fetchMoreRockets(index, page, mode):
            guard env.sources.indices.contains(index), let more = env.sources[index].moreRockets else { return }
            start { () async -> AppEvent in
                do throws(APIError) { return .moreRocketsLoaded(source: index, page: page, .success(try await more(page, mode))) } catch {
                    return .moreRocketsLoaded(source: index, page: page, .failure(error))
                }
            }
        case let .fetchLaunchDetail(id, index, mode):
            guard env.sources.indices.contains(index), let fetch = env.sources[index].launchDetail else { return }
            start { () async -> AppEvent in
                do throws(APIError) { return .launchDetailLoaded(id: id, .success(try await fetch(id, mode))) } catch { return .launchDetailLoaded(id: id, .failure(error)) }
            }
        case let .fetchEvents(asked, cursor):
            guard env.sources.indices.contains(asked.source), let events = env.sources[asked.source].events else { return }
            start { () async -> AppEvent in
                do throws(APIError) { return .eventsLoaded(asked, .success(try await events(asked.segment, cursor, asked.mode))) } catch {
                    return .eventsLoaded(asked, .failure(error))
                }
            }
        case let .fetchNews(subject, mode):
            guard let news = env.news else { return }
            start { () async -> AppEvent in
                do throws(APIError) { return .newsLoaded(subject, .success(try await news.articles(subject, mode))) } catch {
                    return .newsLoaded(subject, .failure(error))
                }
            }
        case .fetchAllowance(let index):
            guard env.sources.indices.contains(index), let ask = env.sources[index].allowance else { return }
            start { () async -> AppEvent in
                do throws(APIError) { return .allowanceLoaded(.success(try await ask())) } catch { return .allowanceLoaded(.failure(error)) }
            }
        case .readOwnAllowance(let index):
            guard env.sources.indices.contains(index), let read = env.sources[index].ownAllowance else { return }
            start { () async -> AppEvent in .ownAllowanceRead(source: index, read()) }
        case .loadPicture(let request):
            guard let loader = env.pictures, pictureTasks[request] == nil else { return }
            let mailbox = self.mailbox
            pictureTasks[request] = tasks.start {
                // The app's own logo is made here; every other picture comes from the loader.
                let result = request.url == Logo.url ? .success(Logo.loaded(for: request)) : await loader.picture(request)
                if Task.isCancelled { return }
                mailbox.post(.pictureLoaded(request, result))
            }
        case .cancelPicture(let key):
            pictureTasks.removeValue(forKey: key)?.cancel()
        case .savePreferences(let preferences):
            let store = env.preferences
            startInOrder(.preferences) { .preferencesSaved(await store.save(preferences)) }
        case .reloadPreferences(let edits):
            let store = env.preferences
            startInOrder(.preferences) { .preferencesReloaded(store.load(), edits: edits) }
        case .rememberFollowIDs(let preferences):
            let store = env.preferences, log = env.log
            startInOrder(.preferences) { () async -> AppEvent? in
                if case .failure(let error) = await store.save(preferences) {
                    log("settings: the follow's server ids were not kept: \(error.message)")
                }
                return nil  // nothing for the screen: the next run reads them
            }
        case .favorites(let call):
            let store = env.favorites
            startInOrder(.favorites) { () async -> AppEvent in
                let result: Result<Favorites, StoreError>
                do throws(StoreError) {
                    switch call {
                    case .load: result = .success(try await store.load())
                    case .write(let write): result = .success(try await write.change.apply(to: store))
                    case .refresh(let change): result = .success(try await change.apply(to: store))
                    }
                } catch { result = .failure(error) }
                return .favoritesAnswered(call, result, store.status())
            }
        case let .saveExport(name, contents):
            let save = env.saveExport
            startInOrder(.exports) { .exportSaved(await save(name, contents)) }
        case .forgetRescueCopies(let files):
            for file in files { env.removeFile(file) }
        case .rememberSeen(let seen):
            let store = env.seen
            startInOrder(.seen) { () async -> AppEvent? in
                await store.remember(seen)
                return nil  // nothing for the screen: the next run reads it
            }
        case .openURL(let url):
            let open = env.openURL
            start { .linkOpened(url, await open(url)) }
        case .notify(let reminder):
            let alert = env.alert
            tasks.start { await alert(reminder) }
        case .log(let line):
            env.log(line)
        case .bell, .setMouse, .copyToClipboard, .quit:
            terminal(effect)
        }
    }

    /// A picture answer arrived: its task is done.
    func pictureFinished(_ request: PictureRequest) { pictureTasks[request] = nil }

    /// Runs `work` off the UI thread and posts the event it returns.
    private func start(_ work: @escaping @Sendable () async -> AppEvent) {
        let mailbox = self.mailbox
        tasks.start { mailbox.post(await work()) }
    }

    /// Like `start`, but one at a time per queue and in the order asked.
    private func startInOrder(_ queue: WriteQueue, _ work: @escaping @Sendable () async -> AppEvent?) {
        let previous = lastWrite[queue]
        let mailbox = self.mailbox
        let writes = self.writes
        writes.count.add(1, ordering: .sequentiallyConsistent)
        lastWrite[queue] = tasks.start {
            await previous?.value
            let event = await work()
            // Counted out before its answer is posted: whoever sees the count at zero and then
            // reads the mailbox has every answer.
            writes.count.subtract(1, ordering: .sequentiallyConsistent)
            if let event { mailbox.post(event) }
        }
    }

    /// Store calls and file writes started and not answered yet (the exit waits for them).
    private let writes = WritesInFlight()
    var writesInFlight: Int { writes.count.load(ordering: .sequentiallyConsistent) }

    /// The tasks running now (for `settle`).
    var runningTasks: [Task<Void, Never>] { tasks.running }

    /// What the runner holds now: tasks running, picture loads among them.
    var liveTasks: Int { tasks.count }
    var pictureLoads: Int { pictureTasks.count }
}

final class WritesInFlight: Sendable {
    let count = Atomic<Int>(0)
}

extension ListID {
    var isSegment: Bool { if case .segment = self { true } else { false } }
}
