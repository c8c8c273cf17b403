"""The scale test's checks a-e, one module per concern, each a mixin of ScaleTest."""
