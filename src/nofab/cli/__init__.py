"""The ``nofab`` command line (one module per subcommand)."""
