// swift-format-ignore-file
// (the runtime is Swift source in string literals, kept as it is written).
extension GeneratedRuntime {
    /// Swift concurrency: a task's closure that awaits (`LSTaskBody`), task handles (`LSTask`), and the calls
    /// the translator writes for `task:`, `Task.sleep`, `cancelTask:` and `MainActor.run`
    /// (ScenarioTranslation+Concurrency.swift).
    static let concurrency = #"""
// ─── Swift concurrency ──────────────────────────────────────────────────────────────────────────────

/// A task's closure that awaits. `nonisolated(nonsending)` (SE-0461): it runs on the executor of the task that
/// calls it, the main actor for `Task { @MainActor in }`, the global executor for `Task.detached`, as the
/// scenario's closure runs on the task's executor.
final class LSTaskBody {
    let body: nonisolated(nonsending) () async throws -> Void
    init(_ body: nonisolated(nonsending) @escaping () async throws -> Void) { self.body = body }
}

/// An actor class's executor: each instance holds one, and its isolated methods take it as their `isolated`
/// parameter, so that they run on it one job at a time, as a Swift `actor`'s do.
final actor LSActor {}

/// A task handle a field or a local holds (`self.task = Task { … }`).
final class LSTask {
    let task: Task<Void, Never>
    init(_ task: Task<Void, Never>) { self.task = task }
}

extension LS {
    /// `Task { @MainActor in }` (`main`) or `Task.detached { }`: the closure, sync or async, runs in the task.
    static func task(_ closure: LSValue, main: Bool) -> LSValue {
        let object = obj(closure)
        let run: nonisolated(nonsending) () async -> Void = {
            if let b = object as? LSTaskBody { try? await b.body() } else { (object as? LSBlock)?.run() }
        }
        let task = main ? Task { @MainActor in await run() } : Task.detached { await run() }
        return .object(LSTask(task))
    }

    /// `Task { }`: inherits the actor of where it is made, as the model does: the main actor on the main thread
    /// (inside a main-actor task, or the app's main-thread code), the global executor elsewhere.
    static func task(_ closure: LSValue) -> LSValue { task(closure, main: Thread.isMainThread) }

    /// `task.cancel()`; nil does nothing.
    static func cancelTask(_ v: LSValue) { (obj(v) as? LSTask)?.task.cancel() }

    /// `Task.sleep(nanoseconds:)` for a virtual duration, scaled to real time.
    static func taskSleep(_ virtualNs: Int64) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, (Double(virtualNs) * scale).rounded())))
    }

    /// A child task's body (`group.addTask { }`): the closure, sync or async, on the global executor.
    static func runTaskBody(_ closure: LSValue) async {
        let object = obj(closure)
        if let b = object as? LSTaskBody { try? await b.body() } else { (object as? LSBlock)?.run() }
    }

    /// `await task.value`: suspends until the task finishes; `nonisolated(nonsending)`, so that the caller resumes
    /// where it was without a hop to the global executor and back.
    nonisolated(nonsending) static func awaitTask(_ v: LSValue) async { await (obj(v) as? LSTask)?.task.value }

    /// `await MainActor.run { }`: the body runs on the main actor.
    @MainActor static func mainActorRun(_ body: () throws -> Void) rethrows { try body() }
}
"""#
}
