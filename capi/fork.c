// The entry points of the C ABI, written in C so that a call in a process
// forked from the one that loaded the library is refused before it enters
// Go: the child of fork() has only the thread that called fork, and the Go
// runtime's other threads (its scheduler, its collector) are gone, so a
// call into Go there can wait forever on a lock or a thread that no longer
// exists. Such a call returns a result with status CUTEC_FAILED and one
// E0808 diagnostic that says so; everything here uses only malloc and
// getpid, which are safe after fork. cutec_result_free is C as well (the
// results are malloc'd), so a child can free what its parent made.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CUTEC_NO_PROTOTYPES
#include "cutec.h"
#include "_cgo_export.h"

// loaded is the process that loaded the library.
static pid_t loaded;

__attribute__((constructor)) static void cutec_record_loader(void) { loaded = getpid(); }

// forked returns a refusal when the calling process is not the one that
// loaded the library, and NULL otherwise.
static cutec_result *forked(const char *fn) {
	pid_t now = getpid();
	if (now == loaded) {
		return NULL;
	}
	char msg[512];
	int n = snprintf(msg, sizeof msg,
		"[{\"file\":\"<input>\",\"line\":1,\"col\":1,\"end_line\":1,\"end_col\":1,\"offset\":0,\"end_offset\":0,"
		"\"severity\":\"error\",\"code\":\"E0808\",\"message\":\"%s called in process %d, forked from process %d "
		"that loaded libcutec: the Go runtime does not survive fork; load the library after the fork "
		"(exec, or Python multiprocessing's spawn or forkserver start method)\"}]",
		fn, (int)now, (int)loaded);
	cutec_result *r = calloc(1, sizeof *r);
	if (r == NULL || n < 0 || (size_t)n >= sizeof msg) {
		free(r);
		return NULL;
	}
	r->diagnostics = malloc((size_t)n + 1);
	if (r->diagnostics == NULL) {
		free(r);
		return NULL;
	}
	memcpy(r->diagnostics, msg, (size_t)n + 1);
	r->diagnostics_len = (size_t)n;
	/* obligations and notes are never NULL (cutec.h). */
	r->obligations = malloc(3);
	r->notes = malloc(1);
	if (r->obligations == NULL || r->notes == NULL) {
		free(r->obligations);
		free(r->notes);
		free(r->diagnostics);
		free(r);
		return NULL;
	}
	memcpy(r->obligations, "[]", 3);
	r->obligations_len = 2;
	r->notes[0] = '\0';
	r->status = CUTEC_FAILED;
	return r;
}

cutec_result *cutec_eval(const char *expr, size_t len) {
	cutec_result *r = forked("cutec_eval");
	return r ? r : cutecgo_eval((char *)expr, len);
}

cutec_result *cutec_verify(const char *expr, size_t len) {
	cutec_result *r = forked("cutec_verify");
	return r ? r : cutecgo_verify((char *)expr, len);
}

cutec_result *cutec_lint(const char *name, const char *src, size_t len, int kind) {
	cutec_result *r = forked("cutec_lint");
	return r ? r : cutecgo_lint((char *)name, (char *)src, len, kind);
}

cutec_result *cutec_format(const char *name, const char *src, size_t len, int kind) {
	cutec_result *r = forked("cutec_format");
	return r ? r : cutecgo_format((char *)name, (char *)src, len, kind);
}

cutec_result *cutec_draw(const char *expr, size_t len, int format) {
	cutec_result *r = forked("cutec_draw");
	return r ? r : cutecgo_draw((char *)expr, len, format);
}

cutec_result *cutec_explain(const char *expr, size_t len) {
	cutec_result *r = forked("cutec_explain");
	return r ? r : cutecgo_explain((char *)expr, len);
}

cutec_result *cutec_inspect(const char *expr, size_t len) {
	cutec_result *r = forked("cutec_inspect");
	return r ? r : cutecgo_inspect((char *)expr, len);
}

void cutec_result_free(cutec_result *r) {
	if (r == NULL) {
		return;
	}
	free(r->value);
	free(r->kind);
	free(r->diagnostics);
	free(r->obligations);
	free(r->notes);
	free(r);
}
