import Testing

@testable import LoopSimStats

@Suite("RandomSource")
struct RandomSourceTests {
    /// Draws a mixed sequence exercising every method once.
    private func trace(_ r: RandomSource) -> [Double] {
        [
            Double(r.nextUInt64() >> 11), r.uniform(), Double(r.uniformInt(below: 1000)),
            Double(r.uniformInt(below: 1 << 40)), r.exponential(mean: 2), r.lognormal(zeta: 0, sigma: 1),
            r.gamma(shape: 0.7, scale: 3), r.flat(lower: -1, upper: 1), r.gaussian(sigma: 5),
        ]
    }

    @Test func sameSeedGivesIdenticalDraws() {
        for seed: UInt64 in [0, 1, 42, 1 << 40, .max] {
            let a = RandomSource(seed: seed), b = RandomSource(seed: seed)
            for _ in 0..<50 { #expect(trace(a) == trace(b)) }
        }
    }

    @Test func differentSeedsGiveDifferentDraws() {
        let seeds: [UInt64] = [1, 2, 42, 43, 1 << 32, 2 << 32, 42 << 32 | 7, 7 << 32 | 42]
        let firsts = seeds.map { RandomSource(seed: $0).nextUInt64() }
        #expect(Set(firsts).count == seeds.count)
    }

    /// Reference values from C++ `std::mt19937` (g++/libstdc++), which uses
    /// the same 2002 seeding as GSL's mt19937; 4123659995 is the C++
    /// standard's required 10000th output for the default seed 5489.
    @Test func matchesReferenceMT19937() {
        let r = RandomSource(seed: 42)
        #expect(r.nextUInt64() == (1_608_637_542 as UInt64) << 32 | 3_421_126_067)
        let d = RandomSource(seed: 5489)
        var last: UInt64 = 0
        for _ in 0..<5000 { last = d.nextUInt64() }
        #expect(last & 0xFFFF_FFFF == 4_123_659_995)
        // GSL's own rng/test.c vector: seed 4357, 1000th gsl_rng_get.
        let g = RandomSource(seed: 4357)
        for _ in 0..<499 { _ = g.nextUInt64() }
        #expect(g.nextUInt64() & 0xFFFF_FFFF == 1_186_927_261)
    }

    @Test func seedReduction() {
        #expect(RandomSource.fold(42) == 42)
        #expect(RandomSource.fold(UInt64(UInt32.max)) == UInt32.max)
        #expect(RandomSource.fold(42 << 32 | 7) != RandomSource.fold(7 << 32 | 42))
        #expect(RandomSource.fold(1 << 32) != RandomSource.fold(0))
    }

    @Test func rangesOfUniformDraws() {
        let r = RandomSource(seed: 7)
        for _ in 0..<10_000 {
            let u = r.uniform()
            #expect(u >= 0 && u < 1)
            #expect(r.uniformInt(below: 10) < 10)
            #expect(r.uniformInt(below: 3 << 40) < 3 << 40)
            #expect(r.uniformInt(below: 1) == 0)
            let f = r.flat(lower: 2, upper: 3)
            #expect(f >= 2 && f < 3)
        }
        #expect(r.uniformInt(below: 1 << 32) <= UInt64(UInt32.max))
    }

    @Test func distributionMomentsAreRoughlyRight() {
        let r = RandomSource(seed: 2024)
        let n = 20_000
        func mean(_ draw: () -> Double) -> Double { (0..<n).map { _ in draw() }.reduce(0, +) / Double(n) }
        #expect(isClose(mean { r.exponential(mean: 3) }, 3, tolerance: 0.1))
        #expect(isClose(mean { r.gamma(shape: 2, scale: 1.5) }, 3, tolerance: 0.1))
        #expect(isClose(mean { r.gaussian(sigma: 2) }, 0, tolerance: 0.1))
        #expect(isClose(mean { r.flat(lower: 10, upper: 20) }, 15, tolerance: 0.1))
        #expect(isClose(mean { r.lognormal(zeta: 0, sigma: 0.5) }, 1.1331484530668263, tolerance: 0.05))
    }

    /// SplitMix64 from state 0 first outputs 0xE220A8397B1DCDAF (Vigna's reference).
    @Test func splitMixReferenceValue() {
        #expect(RandomSource.splitMix64(0) == 0xE220_A839_7B1D_CDAF)
    }

    @Test func derivedSeedsAreDeterministicAndDistinct() {
        var seen = Set<UInt64>()
        for stream: UInt64 in 0..<16 {
            for index: UInt64 in 0..<256 {
                let s = RandomSource.derivedSeed(base: 99, stream: stream, index: index)
                #expect(s == RandomSource.derivedSeed(base: 99, stream: stream, index: index))
                seen.insert(s)
            }
        }
        #expect(seen.count == 16 * 256)
        // Swapping roles or changing the base changes the seed.
        #expect(
            RandomSource.derivedSeed(base: 1, stream: 2, index: 3)
                != RandomSource.derivedSeed(base: 1, stream: 3, index: 2))
        #expect(
            RandomSource.derivedSeed(base: 1, stream: 2, index: 3)
                != RandomSource.derivedSeed(base: 2, stream: 2, index: 3))
        // Reduced 32-bit MT seeds stay distinct for this grid too.
        #expect(Set(seen.map(RandomSource.fold)).count == seen.count)
    }
}
