// swift-format-ignore-file
// (the runtime is Swift source in string literals, kept as it is written).
extension GeneratedRuntime {
    /// Swift's continuations: the continuation a local holds (`LSContinuation`) and the calls the translator writes
    /// for `withContinuation:` and `resume:` (ScenarioTranslation+Continuations.swift).
    static let continuations = #"""
// ─── Continuations ──────────────────────────────────────────────────────────────────────────────────

/// The error a `resume:` with `throwing:` throws: the scenario's error text.
struct LSResumeError: Error { let text: String }

/// A continuation as a local or a field holds it: a resume that returns a value or throws an error.
final class LSContinuation {
    let resume: (LSValue, LSValue) -> Void
    init(_ resume: @escaping (LSValue, LSValue) -> Void) { self.resume = resume }
}

extension LS {
    /// `withCheckedContinuation { c in … }` (`checked`) or `withUnsafeContinuation`, throwing so that a
    /// `resume(throwing:)` reaches the caller: the body runs at once with the continuation, and the value and the
    /// error (nil when none) it was resumed with come back. `nonisolated(nonsending)`: the body runs and the
    /// caller resumes on the caller's executor, as Swift's `withCheckedContinuation(isolation: #isolation)`.
    nonisolated(nonsending) static func withContinuation(checked: Bool, _ body: (LSValue) -> Void) async
        -> (LSValue, LSValue)
    {
        func resumer(_ returning: @escaping (LSValue) -> Void, _ throwing: @escaping (Error) -> Void) -> LSValue {
            .object(LSContinuation { value, error in
                if case .string(let text) = error { throwing(LSResumeError(text: text)) } else { returning(value) }
            })
        }
        do {
            let value: LSValue
            if checked {
                value = try await withCheckedThrowingContinuation { (c: CheckedContinuation<LSValue, Error>) in
                    body(resumer({ c.resume(returning: $0) }, { c.resume(throwing: $0) }))
                }
            } else {
                value = try await withUnsafeThrowingContinuation { (c: UnsafeContinuation<LSValue, Error>) in
                    body(resumer({ c.resume(returning: $0) }, { c.resume(throwing: $0) }))
                }
            }
            return (value, .null)
        } catch let e as LSResumeError {
            return (.null, .string(e.text))
        } catch {
            return (.null, .null)
        }
    }

    /// `continuation.resume(returning:)` / `resume(throwing:)`; nil does nothing.
    static func resume(_ continuation: LSValue, _ value: LSValue, error: LSValue) {
        (obj(continuation) as? LSContinuation)?.resume(value, error)
    }
}
"""#
}
