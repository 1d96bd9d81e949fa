# Element-wise maps: a scaled sum, then a product with an offset. Every access is coalesced;
# the inputs are read-only and the host's gpu.allocs prove them distinct (ld.global.nc).
array X[128, 512] = random 1
array Y[128, 512] = random 2
array Z[128, 512]
array W[128, 512]
Z[i, j] = 2.5 * X[i, j] + Y[i, j]
W[i, j] = Z[i, j] * X[i, j] - 1
