/*
 * stress: calls every function of the C ABI from 8 threads for a bounded
 * time, with good, bad and random input, and checks that
 *   - every call returns a well-formed result (status, value and
 *     diagnostics agree; diagnostics is a JSON array),
 *   - known inputs give their known answers under concurrency,
 *   - malformed input (invalid UTF-8, NUL bytes, random bytes, NULL with a
 *     length, unknown kinds) gives diagnostics, never a crash,
 *   - the resident set size stays flat once warmed up (no leak).
 *
 *     stress [SECONDS]      default 3; "python3 python/build.py test --long" runs 60
 *
 * Exits 0 when all holds, 1 otherwise.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cutec.h"

#define THREADS 8

static atomic_int failures;
static atomic_long calls;
static atomic_int stop;

static void fail(const char *what, const char *input) {
	if (atomic_fetch_add(&failures, 1) < 20)
		fprintf(stderr, "FAIL: %s (input %.60s)\n", what, input ? input : "(null)");
}

/* check takes ownership of r and checks its shape; want is the expected
 * value, or NULL for "any", or "" for "must fail"; code, when not NULL,
 * must appear in the diagnostics. */
static void check(cutec_result *r, const char *input, const char *want, const char *code) {
	atomic_fetch_add(&calls, 1);
	if (r == NULL) {
		fail("NULL result", input);
		return;
	}
	if (r->diagnostics == NULL || r->diagnostics[0] != '[' || r->diagnostics[r->diagnostics_len - 1] != ']' ||
	    strlen(r->diagnostics) != r->diagnostics_len)
		fail("diagnostics are not a JSON array", input);
	if (r->obligations == NULL || r->obligations[0] != '[' || r->obligations[r->obligations_len - 1] != ']' ||
	    strlen(r->obligations) != r->obligations_len || r->notes == NULL)
		fail("obligations are not a JSON array, or notes are NULL", input);
	if (r->status != CUTEC_OK && r->status != CUTEC_FAILED)
		fail("status is neither CUTEC_OK nor CUTEC_FAILED", input);
	if (r->status == CUTEC_FAILED && r->value != NULL)
		fail("a failed call has a value", input);
	if (r->status == CUTEC_FAILED && strstr(r->diagnostics, "\"severity\":\"error\"") == NULL)
		fail("a failed call has no error diagnostic", input);
	if (want != NULL && want[0] == '\0' && r->status != CUTEC_FAILED)
		fail("bad input did not fail", input);
	if (want != NULL && want[0] != '\0' && (r->status != CUTEC_OK || r->value == NULL || strcmp(r->value, want) != 0))
		fail("wrong value", input);
	if (code != NULL && strstr(r->diagnostics, code) == NULL)
		fail("expected code missing", input);
	if (strstr(r->diagnostics, "E0808") != NULL && (code == NULL || strcmp(code, "E0808") != 0))
		fail("internal failure (E0808)", input);
	cutec_result_free(r);
}

/* check_conditions checks that each condition of an eval's obligations
 * (the JSON array of "cutec eval -json") is in its notes, the text "cutec
 * eval" prints after the value ("  # if 128 | M, 32 | K"), and that notes is
 * empty of conditions when obligations is "[]". */
static void check_conditions(cutec_result *r, const char *input) {
	if (r == NULL) {
		fail("NULL result", input);
		return;
	}
	const char *key = "\"condition\":\"";
	int n = 0;
	for (const char *p = strstr(r->obligations, key); p != NULL; p = strstr(p, key)) {
		p += strlen(key);
		const char *end = strchr(p, '"');
		if (end == NULL) {
			fail("obligations: an unterminated condition", input);
			break;
		}
		char cond[128];
		size_t len = (size_t)(end - p) < sizeof cond - 1 ? (size_t)(end - p) : sizeof cond - 1;
		memcpy(cond, p, len);
		cond[len] = 0;
		if (strstr(r->notes, cond) == NULL || strstr(r->notes, "  # ") != r->notes)
			fail("a condition of obligations is not in notes", input);
		n++;
	}
	if (n == 0 && strstr(r->notes, "if ") != NULL)
		fail("notes hold conditions that obligations lack", input);
	cutec_result_free(r);
}

static uint64_t next(uint64_t *s) { /* xorshift64 */
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static const char mlir[] =
    "%0 = cute.make_layout() : !cute.layout<\"(4,8):(1,4)\">\n"
    "%1 = cute.make_layout() : !cute.layout<\"(4,8):(1,4,2)\">\n";

static void *worker(void *arg) {
	uint64_t seed = 0x9e3779b97f4a7c15ull * (uint64_t)(uintptr_t)arg + 1;
	char junk[256];
	while (!atomic_load(&stop)) {
		/* Known answers: composition(8:2, 4:1) is 4:2 (every 2nd offset of
		 * 4); (4,8):(1,4) has 32 coordinates; the E0400 and E0300 cases are
		 * the paper's divisibility and congruence rules. */
		check(cutec_eval("composition(8:2, 4:1)", 21), "composition(8:2, 4:1)", "4:2", NULL);
		check(cutec_eval("size((4,8):(1,4))", 17), "size((4,8):(1,4))", "32", NULL);
		check(cutec_verify("composition((4,6):(1,5), 6:3)", 29), "verify E0400", "", "E0400");
		check(cutec_lint("t.mlir", mlir, sizeof mlir - 1, CUTEC_MLIR), "lint mlir", NULL, "E0300");
		check(cutec_lint(NULL, "A = 8:1\nassert size(A) == 8\n", 29, CUTEC_CUTE), "lint cute", NULL, NULL);
		check(cutec_format("t.cute", "A = (4, 2) : (1, 4)\n", 20, CUTEC_CUTE), "format", "A = (4,2):(1,4)\n", NULL);
		check(cutec_draw("(4,8):(1,4)", 11, CUTEC_DRAW_SVG), "draw svg", NULL, NULL);
		/* A symbolic result and its conditions, in both forms. */
		check_conditions(cutec_eval("logical_divide((M,K):(1,lda), (128,32))", 39), "eval conditions");
		check_conditions(cutec_eval("complement(4:M, 64)", 19), "eval conditions (complement)");
		/* Malformed input across the boundary. */
		check(cutec_eval("(4,8):(1,\xff)", 11), "invalid UTF-8", "", "E0107");
		check(cutec_eval("(4,8)\0:(1,4)", 12), "NUL byte", "", "E0106");
		check(cutec_eval(NULL, 5), "NULL with a length", "", "E0808");
		check(cutec_eval(NULL, 0), "NULL, empty", "", "E0100");
		check(cutec_lint("x", "8:1", 3, 42), "unknown kind", "", "E0808");
		check(cutec_draw("8:1", 3, -1), "unknown format", "", "E0808");
		size_t n = next(&seed) % sizeof junk;
		for (size_t i = 0; i < n; i++) junk[i] = (char)next(&seed);
		check(cutec_eval(junk, n), "random bytes", NULL, NULL);
		check(cutec_lint("junk", junk, n, CUTEC_MLIR), "random bytes (mlir)", NULL, NULL);
		check(cutec_format("junk", junk, n, CUTEC_CUTE), "random bytes (fmt)", NULL, NULL);
	}
	return NULL;
}

/* rss_kib returns the resident set size in KiB, from /proc/self/status. */
static long rss_kib(void) {
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kib = -1;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
	if (f) fclose(f);
	return kib;
}

static void sleep_ms(long ms) {
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

int main(int argc, char **argv) {
	double seconds = argc > 1 ? atof(argv[1]) : 3;
	if (seconds <= 0) seconds = 3;
	pthread_t threads[THREADS];
	for (long i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, worker, (void *)(i + 1));
	/* Warm up for a fifth of the time (at least half a second): the Go
	 * heap and the caches grow to their working size, then must stay. */
	long total_ms = (long)(seconds * 1000);
	long warm_ms = total_ms / 5 > 500 ? total_ms / 5 : 500;
	sleep_ms(warm_ms);
	long base = rss_kib(), peak_late = 0;
	long samples = 10, step = (total_ms - warm_ms) / samples;
	for (long i = 0; i < samples; i++) {
		sleep_ms(step > 0 ? step : 1);
		long r = rss_kib();
		if (i >= samples / 2 && r > peak_late) peak_late = r;
	}
	atomic_store(&stop, 1);
	for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
	/* Flat: the second half of the run stays within 32 MiB and 50% of the
	 * size after warm-up. A leak of one result per call (hundreds of
	 * thousands of calls) would break that bound many times over. */
	long limit = base + (base / 2 > 32768 ? base / 2 : 32768);
	printf("stress: %ld calls from %d threads in %.1fs; RSS %ld KiB after warm-up, at most %ld KiB in the second half (limit %ld KiB)\n",
	       atomic_load(&calls), THREADS, seconds, base, peak_late, limit);
	if (peak_late > limit) {
		fprintf(stderr, "FAIL: RSS grew from %ld KiB to %ld KiB: a leak\n", base, peak_late);
		return 1;
	}
	if (atomic_load(&failures) > 0) {
		fprintf(stderr, "FAIL: %d failed checks\n", atomic_load(&failures));
		return 1;
	}
	return 0;
}
