package cppnames

// cuteOperations are names of CuTe DSL and CuTe C++ operations that cutec
// does not have: the public functions of CuTe DSL's cutlass/cute/core.py,
// tuple.py, tensor.py, atom.py and algorithm.py at the CUTLASS snapshot
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 that are no operation of cutec,
// and CuTe C++'s tensor and atom builders. A user who writes one means that
// operation, not a misspelt name: suggesting the name nearest by spelling
// (make_layout_tv -> make_layout, prepend_ones -> prepend_to) would be
// wrong.
var cuteOperations = map[string]bool{
	"all_": true, "any_": true, "append_ones": true, "as_position_independent_swizzle_layout": true,
	"assume": true, "autovec_copy": true, "basic_copy": true, "basic_copy_if": true,
	"basis_get": true, "basis_value": true, "copy": true, "copy_atom_call": true,
	"domain_offset": true, "empty_like": true, "fast_divmod_create_divisor": true,
	"fast_divmod_create_divisor_v2": true, "filter_tuple": true, "find": true, "find_if": true,
	"flatten_to_tuple": true, "front": true, "full": true, "full_like": true, "gather": true,
	"gemm": true, "get_divisibility": true, "get_nonswizzle_portion": true,
	"get_swizzle_portion": true, "has_scaled_basis": true, "has_underscore": true,
	"is_congruent": true, "is_major": true, "is_static": true, "is_valid_leaf": true,
	"is_weakly_congruent": true, "leading_dim": true, "local_partition_tensor": true,
	"make_atom": true, "make_copy_atom": true, "make_cotiled_copy": true,
	"make_counting_tensor": true, "make_fragment_like": true, "make_gmem_ptr": true,
	"make_identity_tensor": true, "make_layout_image_mask": true, "make_layout_tv": true,
	"make_mma_atom": true, "make_ptr": true, "make_rmem_tensor": true, "make_rmem_tensor_like": true,
	"make_smem_ptr": true, "make_tensor": true, "make_tiled_copy": true, "make_tiled_copy_A": true,
	"make_tiled_copy_B": true, "make_tiled_copy_C": true, "make_tiled_copy_C_atom": true,
	"make_tiled_copy_D": true, "make_tiled_copy_S": true, "make_tiled_copy_tv": true,
	"make_tiled_mma": true, "make_tma_copy": true, "mma_atom_call": true, "nullspace": true,
	"ones_like": true, "partition_fragment_A": true, "partition_fragment_B": true,
	"partition_fragment_C": true, "prefetch": true, "prepend_ones": true, "pretty_str": true,
	"print_tensor": true, "printf": true, "product_like": true, "recast": true, "recast_ptr": true,
	"recast_tensor": true, "repeat": true, "repeat_as_tuple": true, "repeat_like": true,
	"right_inverse_tensor": true, "round_up": true, "scatter": true, "size_in_bytes": true,
	"slice_": true, "static": true, "transform_apply": true, "transform_leaf": true,
	"tuple_cat": true, "unflatten": true, "unwrap": true, "where": true, "wrap": true,
	"zeros_like": true, "zipped_divide_tensor": true,
}

// Operation reports whether name is an operation of CuTe DSL or CuTe C++
// that cutec does not have (see cuteOperations).
func Operation(name string) bool { return cuteOperations[name] }
