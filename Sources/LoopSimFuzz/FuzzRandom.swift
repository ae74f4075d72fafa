import LoopSimStats

/// The fuzzer's source of choices: a GSL mt19937 stream (``RandomSource``) behind small helpers.
///
/// Every case gets its own generator seeded from the campaign seed and the case index
/// (``RandomSource/derivedSeed(base:stream:index:)``), so one case can be replayed on its own.
public final class FuzzRandom {
    private let source: RandomSource

    /// Creates a generator for one case.
    /// - Parameter seed: The case's seed.
    public init(seed: UInt64) {
        source = RandomSource(seed: seed)
    }

    /// A uniform integer in `0..<n` (`n` ≥ 1).
    public func int(below n: Int) -> Int {
        Int(source.uniformInt(below: UInt64(max(1, n))))
    }

    /// A uniform integer in `range`.
    public func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    /// True with probability `p`.
    public func chance(_ p: Double) -> Bool {
        source.uniform() < p
    }

    /// A uniformly chosen element of a non-empty array.
    public func pick<T>(_ items: [T]) -> T {
        items[int(below: items.count)]
    }

    /// Picks one of `choices` with probability proportional to its weight.
    public func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.weight }
        var x = int(below: total)
        for choice in choices {
            if x < choice.weight { return choice.value }
            x -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}

/// Random streams of the fuzzer (see ``RandomSource/derivedSeed(base:stream:index:)``).
enum FuzzStream {
    static let generated: UInt64 = 101
    static let mutated: UInt64 = 102
}
