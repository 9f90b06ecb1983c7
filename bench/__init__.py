"""The benchmarks (docs/benchmarks.md): `shared` holds what they have in common, one module per
benchmark holds what it measures; `scripts/bench_*` run them."""
