/// The live entries' sequence numbers and their payload slots: open addressing with linear probing and a
/// multiplicative hash (sequences are distinct counters, so Fibonacci hashing spreads them), deletion by
/// backward shift. What `[UInt64: Int32]` did, without SipHash on every schedule, pop and cancel: 237 fewer
/// instructions per timer-storm fire (callgrind, BENCHMARKS.md's storm), every trace unchanged.
struct SequenceTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private var shift: UInt64
    private(set) var count = 0
    private static let empty = UInt64.max

    init() {
        keys = Array(repeating: Self.empty, count: 16)
        values = Array(repeating: 0, count: 16)
        shift = 64 - 4
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func home(_ key: UInt64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inline(__always)
    func contains(_ key: UInt64) -> Bool { find(key) >= 0 }

    @inline(__always)
    private func find(_ key: UInt64) -> Int {
        let mask = keys.count &- 1
        var i = Self.home(key, shift)
        while true {
            let found = keys[i]
            if found == key { return i }
            if found == Self.empty { return -1 }
            i = (i &+ 1) & mask
        }
    }

    mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(key != Self.empty)
        if (count &+ 1) &* 4 > keys.count &* 3 { grow() }
        let mask = keys.count &- 1
        var i = Self.home(key, shift)
        while keys[i] != Self.empty && keys[i] != key { i = (i &+ 1) & mask }
        if keys[i] == Self.empty { count &+= 1 }
        keys[i] = key
        values[i] = value
    }

    mutating func remove(_ key: UInt64) -> Int32? {
        let i = find(key)
        guard i >= 0 else { return nil }
        let value = values[i]
        count &-= 1
        let mask = keys.count &- 1
        var hole = i
        var j = (i &+ 1) & mask
        while keys[j] != Self.empty {
            let h = Self.home(keys[j], shift)
            // Move j into the hole unless its home lies cyclically in (hole, j].
            if (j &- h) & mask >= (j &- hole) & mask {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
            j = (j &+ 1) & mask
        }
        keys[hole] = Self.empty
        return value
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != Self.empty { insert(k, v) }
    }
}
