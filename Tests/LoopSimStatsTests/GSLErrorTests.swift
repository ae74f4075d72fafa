import CGSL
import Testing

@testable import LoopSimStats

@Suite("GSLError")
struct GSLErrorTests {
    @Test func messagesComeFromGSL() {
        #expect(GSLError(code: GSLError.domainCode).message == "input domain error")
        #expect(GSLError(code: GSLError.invalidArgumentCode).message == "invalid argument supplied by user")
        let e = GSLError.domain("bad")
        #expect(e.code == 1 && e.description == "GSL error 1: bad")
    }

    /// Out-of-range increments return GSL_EDOM; the status helper maps it.
    @Test func domainErrorFromGSLCall() throws {
        let h = try #require(gsl_histogram_alloc(2))
        defer { gsl_histogram_free(h) }
        try GSL.call { gsl_histogram_set_ranges_uniform(h, 0, 1) }
        do {
            try GSL.call { gsl_histogram_increment(h, 5) }
            Issue.record("expected a throw")
        } catch {
            #expect(error == GSLError(code: GSLError.domainCode))
            #expect(error.message == "input domain error")
        }
    }

    /// xmin >= xmax goes through GSL's error handler, which would abort()
    /// unless LoopSimStats has switched it off.
    @Test func errorHandlerIsOff() throws {
        let h = try #require(gsl_histogram_alloc(2))
        defer { gsl_histogram_free(h) }
        #expect(throws: GSLError(code: GSLError.invalidArgumentCode)) {
            try GSL.call { gsl_histogram_set_ranges_uniform(h, 1, 0) }
        }
        #expect(throws: Never.self) { try GSL.check(0) }
    }
}
