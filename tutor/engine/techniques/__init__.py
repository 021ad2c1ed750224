"""The technique families, one module each: finders that yield Steps, with their texts and ratings."""
