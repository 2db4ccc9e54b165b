//! The C math library's `pow`, `log2` and `log10`, the only three of its functions the
//! program calls (the plots' ticks, the progress bar's rate, the linear-program solver's
//! scaling), defined here from the `libm` crate's pure Rust. With them in the binary the linker
//! records no need of `libm.so`, and the loader does not open, map and bind a fourth shared
//! library at every start: about a tenth of a `hus decide` (docs/performance.md, Start-up).

/// `x` to the power `y`, as C's `pow`.
#[no_mangle]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// The base-2 logarithm, as C's `log2`.
#[no_mangle]
pub extern "C" fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// The base-10 logarithm, as C's `log10`.
#[no_mangle]
pub extern "C" fn log10(x: f64) -> f64 {
    libm::log10(x)
}
