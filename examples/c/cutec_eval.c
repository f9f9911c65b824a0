/*
 * cutec_eval: "cutec eval" written against the C ABI (capi/cutec.h).
 *
 * Reads one expression a line from standard input and prints one line for
 * each: the canonical result (with the conditions of a symbolic result, as
 * "cutec eval" prints them), or "error " and the diagnostics as a JSON
 * array. Blank lines and lines starting with # are skipped. Exits 1 when an
 * expression failed.
 *
 *     cc -I capi examples/c/cutec_eval.c -L build -lcutec -o build/cutec_eval_c
 *     echo 'composition(8:2, 4:1)' | LD_LIBRARY_PATH=build build/cutec_eval_c
 *     4:2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutec.h"

int main(void) {
	if (strncmp(cutec_version(), CUTEC_VERSION, 2) != 0) {
		fprintf(stderr, "libcutec %s does not match cutec.h %s\n", cutec_version(), CUTEC_VERSION);
		return 2;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int failed = 0;
	while ((n = getline(&line, &cap, stdin)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			n--;
		if (n == 0 || line[0] == '#')
			continue;
		/* The input is a pointer and a length: no NUL needed. */
		cutec_result *r = cutec_eval(line, (size_t)n);
		if (r == NULL) {
			fprintf(stderr, "out of memory\n");
			return 2;
		}
		if (r->status == CUTEC_OK) {
			/* notes: the conditions of a symbolic result, as "cutec eval"
			 * prints them after the value ("  # if 128 | M"), or "". */
			printf("%s%s\n", r->value, r->notes);
		} else {
			printf("error %s\n", r->diagnostics);
			failed = 1;
		}
		cutec_result_free(r); /* frees value, kind and diagnostics too */
	}
	free(line);
	return failed;
}
