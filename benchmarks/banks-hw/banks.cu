// banks.cu executes the shared-memory instructions of banks-hw's cases, one
// warp and one instruction per kernel launch, for Nsight Compute to count
// (run.sh). Each line of its input is "KIND SMEM_BYTES A0 ... A31": the
// instruction, the dynamic shared memory the kernel needs, and the byte
// address of each lane (-1: the lane takes no part). Each lane reads its
// address from global memory, then executes the one instruction; loads
// write what they read to global memory so that nothing is optimized away.
// cp.async lane t copies from global address base + 16 t.
//
//   nvcc -O2 -arch=sm_90 -o banks-hw banks.cu && ./banks-hw lanes.txt
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(x)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

enum Kind {
  LD8, LD16, LD32, LD64, LD128, ST8, ST16, ST32, ST64, ST128,
  LDSM1, LDSM2, LDSM4, LDSM1T, LDSM2T, LDSM4T,
  STSM1, STSM2, STSM4, STSM1T, STSM2T, STSM4T,
  CP4, CP8, CP16CA, CP16CG, NKINDS
};

static const char* kindNames[NKINDS] = {
  "ld8", "ld16", "ld32", "ld64", "ld128", "st8", "st16", "st32", "st64", "st128",
  "ldmatrix_x1", "ldmatrix_x2", "ldmatrix_x4", "ldmatrix_x1_t", "ldmatrix_x2_t", "ldmatrix_x4_t",
  "stmatrix_x1", "stmatrix_x2", "stmatrix_x4", "stmatrix_x1_t", "stmatrix_x2_t", "stmatrix_x4_t",
  "cp4", "cp8", "cp16ca", "cp16",
};

extern __shared__ __align__(1024) unsigned char smem[];

template <int K>
__global__ void access(const long long* addr, const uint4* src, uint4* out) {
  const int lane = threadIdx.x;
  const long long a = addr[lane];
  uint4 r = make_uint4(0, 0, 0, 0);
  const bool matrix = K >= LDSM1 && K <= STSM4T;  // .sync.aligned: every lane executes it
  if (a >= 0 || matrix) {
    const uint32_t s = static_cast<uint32_t>(__cvta_generic_to_shared(smem + (a >= 0 ? a : 0)));
    const unsigned v = lane + 1;
    if constexpr (K == LD8) asm volatile("ld.shared.u8 %0, [%1];" : "=r"(r.x) : "r"(s));
    if constexpr (K == LD16) asm volatile("ld.shared.u16 %0, [%1];" : "=r"(r.x) : "r"(s));
    if constexpr (K == LD32) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(r.x) : "r"(s));
    if constexpr (K == LD64) asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"(s));
    if constexpr (K == LD128)
      asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(s));
    if constexpr (K == ST8) asm volatile("st.shared.u8 [%0], %1;" ::"r"(s), "r"(v));
    if constexpr (K == ST16) asm volatile("st.shared.u16 [%0], %1;" ::"r"(s), "r"(v));
    if constexpr (K == ST32) asm volatile("st.shared.u32 [%0], %1;" ::"r"(s), "r"(v));
    if constexpr (K == ST64) asm volatile("st.shared.v2.u32 [%0], {%1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == ST128) asm volatile("st.shared.v4.u32 [%0], {%1, %1, %1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == LDSM1) asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r.x) : "r"(s));
    if constexpr (K == LDSM2)
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"(s));
    if constexpr (K == LDSM4)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(s));
    if constexpr (K == LDSM1T) asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r.x) : "r"(s));
    if constexpr (K == LDSM2T)
      asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"(s));
    if constexpr (K == LDSM4T)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                   : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "r"(s));
    if constexpr (K == STSM1) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(s), "r"(v));
    if constexpr (K == STSM2) asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == STSM4) asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %1, %1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == STSM1T) asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(s), "r"(v));
    if constexpr (K == STSM2T) asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == STSM4T)
      asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %1, %1, %1};" ::"r"(s), "r"(v));
    if constexpr (K == CP4 || K == CP8 || K == CP16CA || K == CP16CG) {
      const void* g = src + lane;
      if constexpr (K == CP4) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(s), "l"(g));
      if constexpr (K == CP8) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(s), "l"(g));
      if constexpr (K == CP16CA) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g));
      if constexpr (K == CP16CG) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g));
      asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
    }
  }
  out[lane] = r;
}

typedef void (*kernel)(const long long*, const uint4*, uint4*);

template <int K>
static void table(kernel* t) {
  t[K] = access<K>;
  if constexpr (K + 1 < NKINDS) table<K + 1>(t);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s LANES.txt\n", argv[0]);
    return 2;
  }
  kernel kernels[NKINDS];
  table<0>(kernels);
  std::ifstream in(argv[1]);
  if (!in) {
    fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 2;
  }
  long long* dAddr;
  uint4 *dSrc, *dOut;
  CHECK(cudaMalloc(&dAddr, 32 * sizeof(long long)));
  CHECK(cudaMalloc(&dSrc, 32 * sizeof(uint4)));
  CHECK(cudaMalloc(&dOut, 32 * sizeof(uint4)));
  CHECK(cudaMemset(dSrc, 1, 32 * sizeof(uint4)));
  int maxSmem = 0;
  CHECK(cudaDeviceGetAttribute(&maxSmem, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::istringstream ls(line);
    std::string kind;
    long long bytes;
    long long addr[32];
    ls >> kind >> bytes;
    for (int i = 0; i < 32; i++) ls >> addr[i];
    if (!ls) {
      fprintf(stderr, "%s: line %d: expected KIND SMEM_BYTES and 32 addresses\n", argv[1], n + 1);
      return 2;
    }
    int k = 0;
    while (k < NKINDS && kind != kindNames[k]) k++;
    if (k == NKINDS) {
      fprintf(stderr, "%s: line %d: unknown kind %s\n", argv[1], n + 1, kind.c_str());
      return 2;
    }
    if (bytes > maxSmem) {
      fprintf(stderr, "%s: line %d: %lld bytes of shared memory, more than the %d of this GPU\n", argv[1], n + 1, bytes, maxSmem);
      return 2;
    }
    CHECK(cudaFuncSetAttribute(kernels[k], cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
    CHECK(cudaMemcpy(dAddr, addr, sizeof(addr), cudaMemcpyHostToDevice));
    kernels[k]<<<1, 32, bytes>>>(dAddr, dSrc, dOut);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    n++;
  }
  fprintf(stderr, "banks-hw: %d launches\n", n);
  return 0;
}
