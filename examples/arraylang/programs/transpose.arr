# A transpose, written the obvious way: thread (i, j) reads A[j, i], so a warp's 32 reads
# are 256 elements apart. gpu-mem-opt stages the read through a shared tile.
array A[256, 256] = random 1
array B[256, 256]
B[i, j] = A[j, i]
