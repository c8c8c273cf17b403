"""The scale test's checks a-h, one module per concern, each a mixin of ScaleTest."""
