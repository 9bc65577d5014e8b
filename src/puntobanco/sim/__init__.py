"""Monte Carlo simulation: the reference simulator, numba, CUDA and Dask backends."""
