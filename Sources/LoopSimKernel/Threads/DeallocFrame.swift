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
