//! Data made rather than stored: the synthetic community the benchmarks and
//! the paging tests run on, and the small fixtures of the query tests.

#[cfg(test)]
pub(crate) mod fixtures;
pub mod synthetic;
