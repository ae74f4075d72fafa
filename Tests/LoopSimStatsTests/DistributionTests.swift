import LoopSimStats
import Testing

@Suite("Distribution")
struct DistributionTests {
    @Test func means() {
        #expect(Distribution.fixed(2.5).mean == 2.5)
        #expect(Distribution.uniform(lower: 2, upper: 6).mean == 4)
        #expect(Distribution.exponential(mean: 3).mean == 3)
        #expect(isClose(Distribution.lognormal(mu: 1, sigma: 0.5).mean, 3.080216848918031))  // e^1.125
        #expect(Distribution.gamma(shape: 2, scale: 1.5).mean == 3)
        #expect(Distribution.normal(mean: -1, sd: 2).mean == -1)
    }

    @Test func samplingIsDeterministicAndMatchesRandomSource() {
        let dists: [Distribution] = [
            .fixed(1), .uniform(lower: 0, upper: 2), .exponential(mean: 1),
            .lognormal(mu: 0, sigma: 1), .gamma(shape: 3, scale: 2), .normal(mean: 10, sd: 1),
        ]
        let a = RandomSource(seed: 5), b = RandomSource(seed: 5)
        for d in dists { #expect(d.sample(using: a) == d.sample(using: b)) }
        let c = RandomSource(seed: 9), ref = RandomSource(seed: 9)
        #expect(Distribution.normal(mean: 10, sd: 2).sample(using: c) == 10 + ref.gaussian(sigma: 2))
        #expect(Distribution.gamma(shape: 3, scale: 2).sample(using: c) == ref.gamma(shape: 3, scale: 2))
    }

    @Test func fixedConsumesNoRandomness() {
        let a = RandomSource(seed: 3), b = RandomSource(seed: 3)
        #expect(Distribution.fixed(7).sample(using: a) == 7)
        #expect(a.uniform() == b.uniform())
    }

    @Test func sampleMeanApproachesMean() {
        let r = RandomSource(seed: 77)
        let d = Distribution.lognormal(mu: 0.5, sigma: 0.4)
        let n = 20_000
        let m = (0..<n).map { _ in d.sample(using: r) }.reduce(0, +) / Double(n)
        #expect(isClose(m, d.mean, tolerance: 0.05))
    }

    @Test(arguments: [
        Distribution.fixed(.nan), .uniform(lower: 2, upper: 1), .uniform(lower: 0, upper: .infinity),
        .exponential(mean: 0), .exponential(mean: -1), .lognormal(mu: .nan, sigma: 1),
        .lognormal(mu: 0, sigma: -0.1), .gamma(shape: 0, scale: 1), .gamma(shape: 1, scale: -1),
        .gamma(shape: .nan, scale: 1), .normal(mean: 0, sd: -1), .normal(mean: .infinity, sd: 1),
    ])
    func invalidParametersAreRejected(_ d: Distribution) {
        #expect(!d.isValid)
        #expect(d.validationMessage != nil)
        #expect(throws: GSLError.self) { try d.validate() }
    }

    @Test func validParametersPass() throws {
        for d: Distribution in [
            .fixed(0), .uniform(lower: 1, upper: 1), .normal(mean: 0, sd: 0),
            .lognormal(mu: -3, sigma: 0), .gamma(shape: 0.1, scale: 10),
        ] {
            try d.validate()
            #expect(d.isValid)
        }
    }

    @Test func validationErrorCarriesMessage() {
        do {
            try Distribution.normal(mean: 0, sd: -1).validate()
            Issue.record("expected a throw")
        } catch {
            #expect(error.code == GSLError.domainCode)
            #expect(error.message.contains("sd"))
        }
    }
}
