"""Fast exact search over bitboards. No I/O, no VPython, no Board: plain ints in, plain values out."""
