"""The operations on records: the pipeline (orchestration), resolution, normalisation."""
