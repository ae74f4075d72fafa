import ArgumentParser
import Testing

@testable import LoopSimCLI

/// `loopsim conform --strict` (docs/fidelity.md, "Noise and tolerance").
@Suite struct ConformOptionsTests {
    /// The defaults are 100 ms per virtual second within 250 virtual ms; `--strict` is 1000 ms within 5 ms, and
    /// wins over `--scale-ms` and `--tolerance-ms`.
    @Test func strictComparesInRealTimeWithinFiveMilliseconds() throws {
        let plain = try ConformCommand.parse([])
        #expect(plain.timing.scaleMs == 100 && plain.timing.toleranceMs == 250)
        let strict = try ConformCommand.parse(["--strict"])
        #expect(strict.timing.scaleMs == 1000 && strict.timing.toleranceMs == 5)
        let both = try ConformCommand.parse(["--strict", "--scale-ms", "40", "--tolerance-ms", "100"])
        #expect(both.timing.scaleMs == 1000 && both.timing.toleranceMs == 5)
        let chosen = try ConformCommand.parse(["--scale-ms", "40", "--tolerance-ms", "100"])
        #expect(chosen.timing.scaleMs == 40 && chosen.timing.toleranceMs == 100)
    }
}
