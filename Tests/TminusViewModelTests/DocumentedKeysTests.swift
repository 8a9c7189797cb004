import Foundation
import Testing
@testable import TminusViewModel

/// docs/keys.md and the README's "Keys at a glance" against the bindings tables the app
/// dispatches from: a letter, digit or sign the docs give as a key is bound on some screen, and
/// every key the app lists in `?` is in docs/keys.md.
struct DocumentedKeysTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The single-character keys of a page's key tables: backticked in a table row's keys
    /// column (the second cell, or the first in a two-column table).
    static func documentedKeys(_ page: String, column: Int) throws -> Set<Character> {
        let text = try String(contentsOf: repo.appending(path: page), encoding: .utf8)
        var keys = Set<Character>()
        for line in text.split(separator: "\n") where line.hasPrefix("|") && !line.hasPrefix("|---") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > column + 1 else { continue }
            for match in cells[column + 1].matches(of: /`([^`]+)`/) {
                let token = String(match.1)
                if token.count == 1, let c = token.first, !c.isWhitespace { keys.insert(c) }
            }
        }
        return keys
    }

    /// The arrows as the docs write them.
    static let arrows: [Key: Character] = [.up: "↑", .down: "↓", .left: "←", .right: "→"]

    /// Every key any screen binds (the arrows as the docs write them).
    static var boundKeys: Set<Character> {
        var keys = Set<Character>()
        for unit in Screens.all {
            for row in unit.keys + Keymap.global {
                for binding in row.bindings {
                    if case .character(let c) = binding.key { keys.insert(c) }
                    if let arrow = arrows[binding.key] { keys.insert(arrow) }
                }
            }
        }
        return keys
    }

    static var listedKeys: Set<Character> {
        var keys = Set<Character>()
        for unit in Screens.all {
            for row in (unit.keys + Keymap.global) where row.listed {
                for binding in row.bindings { if case .character(let c) = binding.key { keys.insert(c) } }
            }
        }
        return keys
    }

    @Test func everyDocumentedKeyIsBound() throws {
        let bound = Self.boundKeys
        let docs = try Self.documentedKeys("docs/keys.md", column: 1)
        #expect(docs.count > 20, "the table was read: \(docs)")
        #expect(docs.subtracting(bound).isEmpty, "documented, not bound: \(docs.subtracting(bound).sorted())")
        let glance = try Self.documentedKeys("README.md", column: 0)
        #expect(glance.subtracting(bound).isEmpty, "in the README, not bound: \(glance.subtracting(bound).sorted())")
    }

    @Test func everyKeyTheHelpListsIsDocumented() throws {
        let docs = try String(contentsOf: Self.repo.appending(path: "docs/keys.md"), encoding: .utf8)
        let missing = Self.listedKeys.filter { !docs.contains("`\($0)`") }
        #expect(missing.isEmpty, "listed in ?, not in docs/keys.md: \(missing.sorted())")
    }
}
