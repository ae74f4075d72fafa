#ifndef LOOPSIM_CGSL_SHIM_H
#define LOOPSIM_CGSL_SHIM_H

/*
 * Umbrella header for the GSL subset used by LoopSimStats.
 *
 * Swift 6 rejects direct references to mutable C globals (they are not
 * concurrency-safe), so every GSL global the Swift side needs is exposed
 * through a `static inline` accessor with a `cgsl_` prefix.
 *
 * Never call gsl_rng_env_setup(): it reads GSL_RNG_TYPE / GSL_RNG_SEED from
 * the environment, which would break determinism.
 */

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_histogram.h>
#include <gsl/gsl_rstat.h>

/* The MT19937 generator type (Matsumoto & Nishimura, 2002 seeding). */
static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }

#endif /* LOOPSIM_CGSL_SHIM_H */
