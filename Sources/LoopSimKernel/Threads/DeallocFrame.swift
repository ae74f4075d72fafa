/// Runs an object's `dealloc` on the releasing thread, then releases its strong slots (`.cxx_destruct`).
final class DeallocFrame: Frame {
    let object: HeapObject
    var ranBody = false

    init(object: HeapObject) { self.object = object }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !ranBody {
            ranBody = true
            kernel.record(thread, .deallocBegin(object: kernel.name(object)))
            if case .timer = object.kind {
                kernel.runLoops.invalidateTimer(object.id, on: thread, reason: "dealloc")
            }
            if case .dispatchSource = object.kind {
                kernel.dispatch.sources.deallocating(object, on: thread)
                if kernel.crash != nil { return .next }
            }
            if let s = object.semaphore, !s.isGroup, !object.isInternal, s.value < s.original {
                // libdispatch semaphore.c, `_dispatch_semaphore_dispose`: `if (dsema->dsema_value <
                // dsema->dsema_orig) DISPATCH_CLIENT_CRASH(…, "Semaphore object deallocated while in use")` — a
                // unit taken by a wait and never signalled back when the last reference goes.
                kernel.halt.appCrashed(
                    "BUG IN CLIENT OF LIBDISPATCH: Semaphore object deallocated while in use (its value \(s.value) "
                        + "is below the \(s.original) it was made with: a wait not balanced by a signal)", on: thread)
                return .next
            }
            // An AsyncStream's storage: its deinit calls a handler still set with `.cancelled` (AsyncStreamBuffer.swift
            // `deinit { state.onTermination?(.cancelled) }`); the slot's reference passes to the call.
            if case .asyncStream = object.kind, let handler = kernel.tasks.streams.takeHandler(object.id) {
                return .push(
                    kernel.interpreter.blockFrame(handler, edge: "onTermination", arguments: [.string("cancelled")]))
            }
            if case .instance(let c) = object.kind, let body = kernel.program.classes[c].dealloc {
                let env = Environment(names: body.localNames, selfValue: .object(object.id), block: nil)
                return .push(
                    ProgramFrame(
                        steps: body.steps, env: env, ownsEnvironment: true,
                        label: "-[\(object.className) dealloc]"))
            }
            return .next
        }
        kernel.objects.destroy(object, on: thread, kernel)
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
