import LoopSimStats
import Testing

@Suite("Histogram")
struct HistogramTests {
    @Test func maximumLandsInLastBin() throws {
        let h = try Histogram(values: [0, 1, 2, 3, 4], binCount: 4)
        #expect(h.edges == [0, 1, 2, 3, 4])
        #expect(h.counts == [1, 1, 1, 2])
        #expect(h.underflow == 0 && h.overflow == 0 && h.total == 5 && h.binCount == 4)
    }

    @Test func explicitEdgesAreHalfOpenExceptTop() throws {
        let values: [Double] = [-1, 0, 0.5, 1, 2, 2, 3, -.infinity, .infinity]
        let h = try Histogram(values: values, edges: [0, 1, 2])
        #expect(h.edges == [0, 1, 2])
        #expect(h.counts == [2, 3])  // [0,1): 0, 0.5   [1,2]: 1, 2, 2
        #expect(h.underflow == 2 && h.overflow == 2)
    }

    @Test func unevenEdges() throws {
        let h = try Histogram(values: [0.1, 0.9, 1, 9.99, 10, 100], edges: [0, 1, 10, 100])
        #expect(h.counts == [2, 2, 2])
    }

    @Test func identicalValuesGetAWidenedRange() throws {
        let h = try Histogram(values: [3, 3, 3], binCount: 2)
        #expect(h.edges == [2.5, 3, 3.5])
        #expect(h.counts == [0, 3])
    }

    @Test func deterministic() throws {
        let r = RandomSource(seed: 11)
        let values = (0..<1000).map { _ in r.gamma(shape: 2, scale: 1) }
        let a = try Histogram(values: values, binCount: 17)
        #expect(try a == Histogram(values: values, binCount: 17))
        #expect(a.total == 1000 && a.edges.count == 18)
        #expect(a.edges.first == values.min() && a.edges.last == values.max())
    }

    @Test func invalidInputIsRejected() {
        #expect(throws: GSLError.self) { try Histogram(values: [], binCount: 3) }
        #expect(throws: GSLError.self) { try Histogram(values: [1], binCount: 0) }
        #expect(throws: GSLError.self) { try Histogram(values: [1, .infinity], binCount: 2) }
        #expect(throws: GSLError.self) { try Histogram(values: [1], edges: [0]) }
        #expect(throws: GSLError.self) { try Histogram(values: [1], edges: [0, 2, 1]) }
        #expect(throws: GSLError.self) { try Histogram(values: [1], edges: [0, 0, 1]) }
        #expect(throws: GSLError.self) { try Histogram(values: [.nan], edges: [0, 1]) }
        #expect(throws: GSLError.self) { try Histogram(values: [1], edges: [-1e308, 1e308]) }
    }
}
