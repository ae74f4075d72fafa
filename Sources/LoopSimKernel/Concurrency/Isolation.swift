/// Swift concurrency's isolation of the scenario's classes and methods (docs/scenario-format.md §4 and §7.13):
/// where an `await` of a method runs it.

/// A class's isolation: none, the main actor (`@MainActor class`), or each instance its own actor (`actor`).
public enum ClassIsolation: Sendable, Equatable {
    /// A plain class: its sync methods run where they are called, its async ones on the global executor.
    case nonisolated
    /// `@MainActor class`: every method is main-actor isolated. Its `deinit` is not (SE-0327: a deinit is
    /// nonisolated; SE-0371's `isolated deinit` is opt-in), so `dealloc:` runs on the releasing thread.
    case mainActor
    /// `actor`: every method is isolated to the instance's default-actor executor (``Actors``).
    case actor
}

/// What a method's declaration says beyond its steps.
public struct MethodTraits: Sendable, Equatable {
    /// `async: true`: `func m() async`; called only with `await:`, its body may suspend.
    public var isAsync: Bool
    /// `mainActor: true`: `@MainActor func m()`.
    public var isMainActor: Bool
    /// `nonisolated: true`: `nonisolated func m()` of an actor or `@MainActor` class, or an actor's synchronous
    /// `init` (SE-0327: "a non-async initializer of an actor is nonisolated"): a sync one runs where it is called,
    /// an async one on the global executor.
    public var isNonisolated: Bool

    public init(isAsync: Bool = false, isMainActor: Bool = false, isNonisolated: Bool = false) {
        self.isAsync = isAsync
        self.isMainActor = isMainActor
        self.isNonisolated = isNonisolated
    }
}

extension ClassInfo {
    /// Method `m`'s traits (none for a method declared without them).
    public func traits(of m: Int) -> MethodTraits { m < methodTraits.count ? methodTraits[m] : MethodTraits() }

    /// Where an `await` of method `m` runs it: the main actor (a `@MainActor` method or class), the instance's
    /// actor, or — a nonisolated async method — the global executor (SE-0338: "async functions that are not
    /// actor-isolated should formally run on a generic executor associated with no actor"; measured on this
    /// machine's Swift 6.3.1 in the Swift 5 language mode: the body runs on a pool thread when a main-actor task
    /// awaits it). nil: a nonisolated sync method, which cannot be awaited.
    public func isolation(of m: Int) -> CalleeIsolation? {
        if traits(of: m).isNonisolated { return traits(of: m).isAsync ? .global : nil }
        if isolation == .actor { return .instanceActor }
        if isolation == .mainActor || traits(of: m).isMainActor { return .mainActor }
        return traits(of: m).isAsync ? .global : nil
    }
}

/// Where an awaited method runs (``ClassInfo/isolation(of:)``).
public enum CalleeIsolation: Sendable, Equatable {
    /// The main actor: a hop to the main queue.
    case mainActor
    /// The receiver's own actor.
    case instanceActor
    /// The global concurrent executor (a nonisolated async method).
    case global
}
