/// A property of a thread read in an expression (`current thread.name`, `main thread.isMainThread`).
public enum ThreadProperty: String, Sendable, CaseIterable {
    /// `-[NSThread name]`, nil where the thread has none. How it is answered is the variant's `threadNames`:
    ///
    /// - `nsthread` (Darwin): the receiver's own name. The main thread's is `main` (what `-[NSThread
    ///   description]` prints for it, `{number = 1, name = main}`); a `thread:` step's thread is named before it
    ///   starts (`setName:`), so it reads its name; a GCD pool thread has none (`name = (null)`).
    /// - `pthread` (swift-corelibs-foundation): `Thread.name` reads the *calling* thread's OS name, whatever the
    ///   receiver (`pthread_getname_np(pthread_self(), …)` in `Thread._name`, Sources/Foundation/Thread.swift at
    ///   761b621). The main thread's OS name is the process's (``Program/processName``, at most 15 bytes: Linux's
    ///   `TASK_COMM_LEN`); a thread inherits it, and a name set before `start()` is lost (`_thread` is not yet
    ///   set), so a `thread:` thread reads the process's name too; libdispatch names its workers after their root
    ///   queue's label, keeping the last 15 bytes: `-qos.overcommit` for a serial queue's drain (serial queues
    ///   target the overcommit root queue), `oot.default-qos` for anything else. Measured on this machine
    ///   (docs/fidelity.md, conformance c59).
    case name
    /// `-[NSThread isMainThread]`.
    case isMainThread
    /// `-[NSThread isCancelled]`: true once `cancel` was sent to the thread (``CancelThreadStep``).
    case isCancelled

    /// Whether the property is a string (else a boolean).
    public var isString: Bool { self == .name }

    /// The value for `thread`, read on `reader`.
    func value(of thread: SimThread, readOn reader: SimThread, _ k: Kernel) -> Value {
        switch self {
        case .isMainThread:
            return .bool(thread.isMain)
        case .isCancelled:
            return .bool(thread.isCancelled)
        case .name:
            switch k.profile.threadNames {
            case .nsthread:
                switch thread.kind {
                case .main: return .string("main")
                case .thread: return .string(thread.name)
                case .poolWorker: return .null
                }
            case .pthread:
                switch reader.kind {
                case .main, .thread: return Self.commName(k.program.processName)
                case .poolWorker:
                    let servesSerial = reader.frames.contains { frame in
                        guard let drain = frame as? SerialDrainFrame else { return false }
                        return k.dispatch.serial[drain.queue].width == 1
                    }
                    return .string(servesSerial ? "-qos.overcommit" : "oot.default-qos")
                }
            }
        }
    }

    /// What Linux keeps of `name` as a thread's name: its first 15 bytes (`TASK_COMM_LEN` is 16 with the
    /// terminator). Foundation decodes them with `String(validating:as:)`, so a cut through a character reads nil.
    static func commName(_ name: String) -> Value {
        let bytes = Array(name.utf8.prefix(15))
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? .string(text) : .null
    }
}
