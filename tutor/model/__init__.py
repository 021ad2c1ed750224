"""The model layer: board geometry, the immutable Grid, text formats, errors and the user's files."""
