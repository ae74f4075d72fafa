/// A handle to a heap object: a slot index plus the slot's generation, so a stale handle never aliases a
/// newer object that reuses the slot.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: UInt32
    public var generation: UInt32
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        (a.index, a.generation) < (b.index, b.generation)
    }
    public var description: String { "#\(index).\(generation)" }
}
