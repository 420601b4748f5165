"""Encodings: percent-encoding sets, encoding and decoding, and the Encoding Standard's
labels and legacy encoders."""
