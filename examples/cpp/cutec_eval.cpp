// cutec_eval: "cutec eval" in C++ against the C ABI (capi/cutec.h), with
// the result owned by a std::unique_ptr so it is freed on every path.
//
// Same protocol as examples/c/cutec_eval.c: one expression a line in, one
// line out (the canonical result, or "error " and the diagnostics as a JSON
// array). The expressions are evaluated by a pool of threads, since every
// call of the C ABI is thread-safe, and printed in input order.
//
//     c++ -std=c++17 -I capi examples/cpp/cutec_eval.cpp -L build -lcutec -pthread -o build/cutec_eval_cpp
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cutec.h"

namespace cutec {

// Result owns a cutec_result.
using Result = std::unique_ptr<cutec_result, decltype(&cutec_result_free)>;

// eval evaluates one expression; throws std::bad_alloc when the library is
// out of memory.
Result eval(std::string_view expr) {
	Result r(cutec_eval(expr.data(), expr.size()), &cutec_result_free);
	if (!r) throw std::bad_alloc();
	return r;
}

// line returns the output line of a result.
std::string line(const cutec_result &r) {
	if (r.status == CUTEC_OK) return std::string(r.value, r.value_len) + r.notes;
	return "error " + std::string(r.diagnostics, r.diagnostics_len);
}

}  // namespace cutec

int main() {
	std::vector<std::string> exprs;
	for (std::string s; std::getline(std::cin, s);) {
		if (!s.empty() && s[0] != '#') exprs.push_back(s);
	}
	std::vector<std::string> out(exprs.size());
	std::vector<bool> ok(exprs.size());
	unsigned workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
	std::vector<std::thread> pool;
	for (unsigned w = 0; w < workers; w++) {
		pool.emplace_back([&, w] {
			for (size_t i = w; i < exprs.size(); i += workers) {
				cutec::Result r = cutec::eval(exprs[i]);
				out[i] = cutec::line(*r);
				ok[i] = r->status == CUTEC_OK;
			}
		});
	}
	for (auto &t : pool) t.join();
	int failed = 0;
	for (size_t i = 0; i < out.size(); i++) {
		std::cout << out[i] << '\n';
		if (!ok[i]) failed = 1;
	}
	return failed;
}
