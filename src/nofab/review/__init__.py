"""The local review page (``nofab review RUN``): label findings, see calibration move."""
