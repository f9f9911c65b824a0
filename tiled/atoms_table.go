// The MMA atoms of fixed shape, written from testdata/cute/atoms.tsv (CuTe's prints of
// its MMA_Traits); TestMMAAtomsAreCuTes checks every entry against those prints.

package tiled

import "sync"

// fixedMMA lists the MMA atoms of fixed shape: SM61 to SM90 (not GMMA) and
// UniversalFMA. It is built on first use, not when the package starts (a
// program that names no atom never builds it).
var fixedMMA = sync.OnceValue(func() []MMAAtom {
	lay0 := l(1, 0)
	lay1 := l(t(1, 4), t(0, 1))
	lay2 := l(t(1, 1), t(0, 0))
	lay3 := l(t(1, 2), t(0, 1))
	lay4 := l(t(4, 2), t(1, 16))
	lay5 := l(t(8, 4), t(1, 8))
	lay6 := l(t(8, 8), t(1, 8))
	lay7 := l(t(t(4, 2), 4), t(t(8, 4), 1))
	lay8 := l(t(t(2, 2, 2), t(2, 2, 2)), t(t(1, 16, 4), t(8, 2, 32)))
	lay9 := l(32, 1)
	lay10 := l(t(t(4, 8), t(2, 2)), t(t(32, 1), t(16, 8)))
	lay11 := l(t(t(4, 8), 2), t(t(16, 1), 8))
	lay12 := l(t(t(4, 8), 4), t(t(32, 1), 8))
	lay13 := l(t(t(4, 8), t(2, 2, 2)), t(t(32, 1), t(16, 8, 128)))
	lay14 := l(t(t(4, 8), t(2, 2)), t(t(16, 1), t(8, 64)))
	lay15 := l(t(t(4, 8), 1), t(t(8, 1), 0))
	lay16 := l(t(t(4, 8), 2), t(t(8, 1), 32))
	lay17 := l(t(t(4, 8), t(4, 2)), t(t(64, 1), t(16, 8)))
	lay18 := l(t(t(4, 8), t(4, 2, 2)), t(t(64, 1), t(16, 8, 256)))
	lay19 := l(t(t(4, 8), t(4, 2)), t(t(32, 1), t(8, 128)))
	lay20 := l(t(t(4, 8), t(8)), t(t(64, 1), t(8)))
	lay21 := l(t(t(4, 8), t(8, 2)), t(t(128, 1), t(16, 8)))
	lay22 := l(t(t(4, 8), t(8, 2, 2)), t(t(128, 1), t(16, 8, 512)))
	lay23 := l(t(t(4, 8), t(8, 2)), t(t(64, 1), t(8, 256)))
	lay24 := l(t(t(4, 8), t(32, 2, 2)), t(t(512, 1), t(16, 8, 2048)))
	lay25 := l(t(t(4, 8), t(32, 2)), t(t(256, 1), t(8, 1024)))
	lay26 := l(t(t(4, 8), 32), t(t(256, 1), 8))
	lay27 := l(t(t(4, 8), t(2, 4)), t(t(16, 1), t(8, 64)))
	lay28 := l(t(t(4, 8), 4), t(t(8, 1), 32))
	return []MMAAtom{
		{"SM61_DP4A", [3]int64{1, 1, 4}, lay0, lay1, lay1, lay2, [4]int{8, 8, 32, 32}},
		{"SM61_DP2A", [3]int64{1, 1, 2}, lay0, lay3, lay3, lay2, [4]int{16, 16, 32, 32}},
		{"SM70_8x8x4_F16F16F16F16_TN", [3]int64{8, 8, 4}, lay4, lay5, lay5, lay6, [4]int{16, 16, 16, 16}},
		{"SM70_8x8x4_F16F16F16F16_NT", [3]int64{8, 8, 4}, lay4, lay7, lay7, lay6, [4]int{16, 16, 16, 16}},
		{"SM70_8x8x4_F16F16F16F16_NN", [3]int64{8, 8, 4}, lay4, lay7, lay5, lay6, [4]int{16, 16, 16, 16}},
		{"SM70_8x8x4_F16F16F16F16_TT", [3]int64{8, 8, 4}, lay4, lay5, lay7, lay6, [4]int{16, 16, 16, 16}},
		{"SM70_8x8x4_F32F16F16F32_TN", [3]int64{8, 8, 4}, lay4, lay5, lay5, lay8, [4]int{16, 16, 32, 32}},
		{"SM70_8x8x4_F32F16F16F32_NT", [3]int64{8, 8, 4}, lay4, lay7, lay7, lay8, [4]int{16, 16, 32, 32}},
		{"SM70_8x8x4_F32F16F16F32_NN", [3]int64{8, 8, 4}, lay4, lay7, lay5, lay8, [4]int{16, 16, 32, 32}},
		{"SM70_8x8x4_F32F16F16F32_TT", [3]int64{8, 8, 4}, lay4, lay5, lay7, lay8, [4]int{16, 16, 32, 32}},
		{"SM75_16x8x8_F32F16F16F32_TN", [3]int64{16, 8, 8}, lay9, lay10, lay11, lay10, [4]int{16, 16, 32, 32}},
		{"SM75_16x8x8_F16F16F16F16_TN", [3]int64{16, 8, 8}, lay9, lay10, lay11, lay10, [4]int{16, 16, 16, 16}},
		{"SM75_8x8x16_S32S8S8S32_TN", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x8_F16F16F16F16_TN", [3]int64{16, 8, 8}, lay9, lay10, lay11, lay10, [4]int{16, 16, 16, 16}},
		{"SM80_16x8x16_F16F16F16F16_TN", [3]int64{16, 8, 16}, lay9, lay13, lay14, lay10, [4]int{16, 16, 16, 16}},
		{"SM80_16x8x8_F32F16F16F32_TN", [3]int64{16, 8, 8}, lay9, lay10, lay11, lay10, [4]int{16, 16, 32, 32}},
		{"SM80_16x8x16_F32F16F16F32_TN", [3]int64{16, 8, 16}, lay9, lay13, lay14, lay10, [4]int{16, 16, 32, 32}},
		{"SM80_16x8x8_F32BF16BF16F32_TN", [3]int64{16, 8, 8}, lay9, lay10, lay11, lay10, [4]int{16, 16, 32, 32}},
		{"SM80_16x8x16_F32BF16BF16F32_TN", [3]int64{16, 8, 16}, lay9, lay13, lay14, lay10, [4]int{16, 16, 32, 32}},
		{"SM80_16x8x4_F32TF32TF32F32_TN", [3]int64{16, 8, 4}, lay9, lay11, lay15, lay10, [4]int{32, 32, 32, 32}},
		{"SM80_16x8x8_F32TF32TF32F32_TN", [3]int64{16, 8, 8}, lay9, lay14, lay16, lay10, [4]int{32, 32, 32, 32}},
		{"SM80_8x8x4_F64F64F64F64_TN", [3]int64{8, 8, 4}, lay9, lay15, lay15, lay11, [4]int{64, 64, 64, 64}},
		{"SM80_8x8x4_C64C64C64C64_TN", [3]int64{8, 8, 4}, lay9, lay15, lay15, lay11, [4]int{128, 128, 128, 128}},
		{"SM80_8x8x4_GC64C64C64GC64_TN", [3]int64{8, 8, 4}, lay9, lay15, lay15, lay11, [4]int{128, 128, 192, 192}},
		{"SM80_8x8x16_S32S8S8S32_TN", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32S8S8S32_TN_SATURATE", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32S8S8S32_TN", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32S8S8S32_TN_SATURATE", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32S8S8S32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32S8S8S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32S8U8S32_TN", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32S8U8S32_TN_SATURATE", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32S8U8S32_TN", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32S8U8S32_TN_SATURATE", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32S8U8S32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32S8U8S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32U8S8S32_TN", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32U8S8S32_TN_SATURATE", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32U8S8S32_TN", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32U8S8S32_TN_SATURATE", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32U8S8S32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32U8S8S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32U8U8S32_TN", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x16_S32U8U8S32_TN_SATURATE", [3]int64{8, 8, 16}, lay9, lay12, lay12, lay11, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32U8U8S32_TN", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x16_S32U8U8S32_TN_SATURATE", [3]int64{16, 8, 16}, lay9, lay17, lay12, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32U8U8S32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_16x8x32_S32U8U8S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM80_8x8x32_S32S4S4S32_TN", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32S4S4S32_TN_SATURATE", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32S4S4S32_TN", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32S4S4S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32S4S4S32_TN", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32S4S4S32_TN_SATURATE", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32S4U4S32_TN", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32S4U4S32_TN_SATURATE", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32S4U4S32_TN", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32S4U4S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32S4U4S32_TN", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32S4U4S32_TN_SATURATE", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32U4S4S32_TN", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32U4S4S32_TN_SATURATE", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32U4S4S32_TN", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32U4S4S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32U4S4S32_TN", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32U4S4S32_TN_SATURATE", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32U4U4S32_TN", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_8x8x32_S32U4U4S32_TN_SATURATE", [3]int64{8, 8, 32}, lay9, lay20, lay20, lay11, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32U4U4S32_TN", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x32_S32U4U4S32_TN_SATURATE", [3]int64{16, 8, 32}, lay9, lay21, lay20, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32U4U4S32_TN", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x64_S32U4U4S32_TN_SATURATE", [3]int64{16, 8, 64}, lay9, lay22, lay23, lay10, [4]int{4, 4, 32, 32}},
		{"SM80_16x8x256_S32U1U1S32_TN_XORPOPC", [3]int64{16, 8, 256}, lay9, lay24, lay25, lay10, [4]int{1, 1, 32, 32}},
		{"SM80_16x8x256_S32U1U1S32_TN_ANDPOPC", [3]int64{16, 8, 256}, lay9, lay24, lay25, lay10, [4]int{1, 1, 32, 32}},
		{"SM80_8x8x128_S32U1U1S32_TN_XORPOPC", [3]int64{8, 8, 128}, lay9, lay26, lay26, lay11, [4]int{1, 1, 32, 32}},
		{"SM80_8x8x128_S32U1U1S32_TN_ANDPOPC", [3]int64{8, 8, 128}, lay9, lay26, lay26, lay11, [4]int{1, 1, 32, 32}},
		{"SM89_16x8x32_F32E4M3E4M3F32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM89_16x8x32_F32E4M3E5M2F32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM89_16x8x32_F32E5M2E5M2F32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM89_16x8x32_F32E5M2E4M3F32_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 32, 32}},
		{"SM89_16x8x32_F16E4M3E4M3F16_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 16, 16}},
		{"SM89_16x8x32_F16E4M3E5M2F16_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 16, 16}},
		{"SM89_16x8x32_F16E5M2E5M2F16_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 16, 16}},
		{"SM89_16x8x32_F16E5M2E4M3F16_TN", [3]int64{16, 8, 32}, lay9, lay18, lay19, lay10, [4]int{8, 8, 16, 16}},
		{"SM90_16x8x4_F64F64F64F64_TN", [3]int64{16, 8, 4}, lay9, lay11, lay15, lay10, [4]int{64, 64, 64, 64}},
		{"SM90_16x8x8_F64F64F64F64_TN", [3]int64{16, 8, 8}, lay9, lay14, lay16, lay10, [4]int{64, 64, 64, 64}},
		{"SM90_16x8x16_F64F64F64F64_TN", [3]int64{16, 8, 16}, lay9, lay27, lay28, lay10, [4]int{64, 64, 64, 64}},
		{"SM90_16x8x4_C64C64C64C64_TN", [3]int64{16, 8, 4}, lay9, lay11, lay15, lay10, [4]int{128, 128, 128, 128}},
		{"SM90_16x8x8_C64C64C64C64_TN", [3]int64{16, 8, 8}, lay9, lay14, lay16, lay10, [4]int{128, 128, 128, 128}},
		{"SM90_16x8x16_C64C64C64C64_TN", [3]int64{16, 8, 16}, lay9, lay27, lay28, lay10, [4]int{128, 128, 128, 128}},
		{"UniversalFMA<float>", [3]int64{1, 1, 1}, lay0, lay2, lay2, lay2, [4]int{32, 32, 32, 32}},
		{"UniversalFMA<double>", [3]int64{1, 1, 1}, lay0, lay2, lay2, lay2, [4]int{64, 64, 64, 64}},
		{"UniversalFMA<half_t>", [3]int64{1, 1, 1}, lay0, lay2, lay2, lay2, [4]int{16, 16, 16, 16}},
	}
})
