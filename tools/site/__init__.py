"""The classroom as a static site (``make site``): :mod:`.build` builds it, :mod:`.notebooks`
makes the notebooks' copies for it."""
