"""Monte Carlo simulation: the reference simulator, numba, CUDA and Dask backends.

* :mod:`~puntobanco.sim.api`: ``simulate()``, the entry point (validate, run, decode).
* :mod:`~puntobanco.sim.tallies`: the tally layout every backend produces.
* :mod:`~puntobanco.sim.encode`: rules and cards as the kernels' arrays.
* :mod:`~puntobanco.sim.kernels`: the numba kernels (``@njit`` only).
* :mod:`~puntobanco.sim.engines`: whole-shoe engines and the exactly-N-rounds loop.
* :mod:`~puntobanco.sim.reference`: the core engine as a simulator (the oracle).
* :mod:`~puntobanco.sim.cluster`: the Dask backend.
* :mod:`~puntobanco.sim.stats`: frequencies and bet results with error bars and z-scores.
"""
