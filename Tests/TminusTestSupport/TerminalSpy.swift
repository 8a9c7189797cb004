import Synchronization
import TminusViewModel

/// Records the effects the terminal loop would carry out (quit, bell, mouse), in order.
public final class TerminalSpy: Sendable {
    private let effects = Mutex<[Effect]>([])

    public init() {}

    /// Installs the spy as the view model's terminal.
    public func attach(to viewModel: AppViewModel) {
        viewModel.onTerminalEffect { effect in self.effects.withLock { $0.append(effect) } }
    }

    public var all: [Effect] { effects.withLock { $0 } }
    public var quitRequested: Bool { all.contains(.quit) }
    public var bells: Int { all.filter { $0 == .bell }.count }
    public var mouse: Bool? {
        all.reversed().lazy.compactMap { if case .setMouse(let on) = $0 { on } else { nil } }.first
    }
}
